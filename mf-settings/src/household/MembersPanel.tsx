import { useState } from 'react';
import { errorMessage } from '@hf/app-kit';
import { ConfirmDialog, StatusMessage, useTimedMessage } from '@hf/ui';
import { useRemoveMember, type HouseholdMember } from './household-api';
import { INVITE_MESSAGES } from './invitation-link';

export interface MembersPanelProps {
  members: HouseholdMember[];
  /** The signed-in member's id; marks "(you)" and keeps Remove off their own row. */
  currentUserId: number | null;
  /** Whether the signed-in member may remove others (an admin): Remove is shown only then. */
  canRemove: boolean;
}

/** "Current Members": email, name and role of everyone in the household, with Remove on the others for an admin. */
export function MembersPanel({ members, currentUserId, canRemove }: MembersPanelProps) {
  const status = useTimedMessage();
  const removeMember = useRemoveMember();
  const [pendingRemoval, setPendingRemoval] = useState<HouseholdMember | null>(null);

  return (
    <section className="hf-settings__panel" aria-labelledby="household-members-heading">
      <h2 id="household-members-heading">Current Members</h2>
      <StatusMessage message={status.message} />
      <ul className="hf-settings__list" aria-label="Household members">
        {members.map((member) => {
          const isYou = member.id === currentUserId;
          return (
            <li key={member.id} className="hf-settings__item">
              <div className="hf-settings__item-main">
                <span className="hf-settings__item-title">
                  {member.name || member.email}
                  {isYou && <span className="hf-settings__tag"> (you)</span>}
                </span>
                {member.name && <span className="hf-settings__item-detail">{member.email}</span>}
              </div>
              <span className={`hf-settings__role hf-settings__role--${member.role}`}>{member.role}</span>
              {canRemove && currentUserId !== null && !isYou && (
                <button
                  type="button"
                  className="hf-button hf-button--danger"
                  disabled={removeMember.isPending && removeMember.variables === member.id}
                  onClick={() => setPendingRemoval(member)}
                >
                  Remove
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {pendingRemoval && (
        <ConfirmDialog
          title="Remove Member"
          message={INVITE_MESSAGES.removeConfirm}
          confirmLabel="Remove"
          cancelLabel="Cancel"
          destructive
          onConfirm={() => {
            setPendingRemoval(null);
            removeMember.mutate(pendingRemoval.id, {
              onError: (err) => status.show(errorMessage(err, INVITE_MESSAGES.removeFailed), 'error'),
            });
          }}
          onCancel={() => setPendingRemoval(null)}
        >
          <p className="hf-settings__confirm-subject">{pendingRemoval.email}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
