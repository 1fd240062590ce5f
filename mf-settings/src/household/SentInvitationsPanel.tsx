import { useState } from 'react';
import { errorMessage } from '@hf/app-kit';
import { ConfirmDialog, StatusMessage, useTimedMessage } from '@hf/ui';
import { useCancelInvitation, type PendingInvitation } from './household-api';
import { INVITE_MESSAGES, invitationLink } from './invitation-link';
import { useCopyLink } from './use-copy-link';

/** "Sent Invitations" (admins only): each pending invitation with Copy Link and Cancel. */
export function SentInvitationsPanel({ invitations }: { invitations: PendingInvitation[] }) {
  const status = useTimedMessage();
  const { copiedKey, copy } = useCopyLink(status.show);
  const cancelInvitation = useCancelInvitation();
  const [pendingCancel, setPendingCancel] = useState<PendingInvitation | null>(null);

  return (
    <section className="hf-settings__panel" aria-labelledby="household-sent-heading">
      <h2 id="household-sent-heading">Sent Invitations</h2>
      <StatusMessage message={status.message} />
      {invitations.length === 0 ? (
        <p className="hf-settings__empty">{INVITE_MESSAGES.noPendingInvitations}</p>
      ) : (
        <ul className="hf-settings__list" aria-label="Pending invitations">
          {invitations.map((invitation) => {
            const key = `invitation-${invitation.id}`;
            return (
              <li key={invitation.id} className="hf-settings__item">
                <div className="hf-settings__item-main">
                  <span className="hf-settings__item-title">{invitation.email}</span>
                  <span className="hf-settings__item-detail">Pending</span>
                </div>
                <div className="hf-settings__actions">
                  <button
                    type="button"
                    className="hf-button"
                    disabled={!invitation.token}
                    title={
                      invitation.token ? undefined : 'This link can no longer be shown; cancel it and invite again.'
                    }
                    onClick={() => invitation.token && copy(key, invitationLink(invitation.token))}
                  >
                    {copiedKey === key ? 'Copied!' : 'Copy Link'}
                  </button>
                  <button
                    type="button"
                    className="hf-button hf-button--danger"
                    disabled={cancelInvitation.isPending && cancelInvitation.variables === invitation.id}
                    onClick={() => setPendingCancel(invitation)}
                  >
                    Cancel
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {pendingCancel && (
        <ConfirmDialog
          title="Cancel Invitation"
          message={INVITE_MESSAGES.cancelConfirm}
          confirmLabel="Cancel Invitation"
          cancelLabel="Keep Invitation"
          destructive
          onConfirm={() => {
            setPendingCancel(null);
            cancelInvitation.mutate(pendingCancel.id, {
              onError: (err) => status.show(errorMessage(err, INVITE_MESSAGES.cancelFailed), 'error'),
            });
          }}
          onCancel={() => setPendingCancel(null)}
        >
          <p className="hf-settings__confirm-subject">{pendingCancel.email}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
