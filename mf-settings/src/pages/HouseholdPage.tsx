import { errorMessage } from '@hf/app-kit';
import { StatusMessage } from '@hf/ui';
import { useCurrentUser, useHousehold } from '../household/household-api';
import { INVITE_MESSAGES } from '../household/invitation-link';
import { InvitePanel } from '../household/InvitePanel';
import { MemberRightsPanel } from '../household/MemberRightsPanel';
import { MembersPanel } from '../household/MembersPanel';
import { SentInvitationsPanel } from '../household/SentInvitationsPanel';
import '../settings.css';

/**
 * /settings/household: the members; an admin also invites by link, removes members and sees the
 * invitations sent. A member sees the members and who can do those (docs/rules/households.md).
 */
export default function HouseholdPage() {
  const household = useHousehold();
  const me = useCurrentUser();
  const loadError = household.error ?? me.error;
  const isAdmin = me.data?.role === 'admin';

  return (
    <div className="hf-settings">
      <h1>Household</h1>
      {household.data?.name && <p className="hf-settings__subtitle">{household.data.name}</p>}
      <StatusMessage
        message={loadError && { text: errorMessage(loadError, INVITE_MESSAGES.loadFailed), kind: 'error' }}
      />
      {household.isPending && !loadError && <p className="hf-settings__loading">Loading household…</p>}
      <div className="hf-settings__grid">
        {household.data && (
          <MembersPanel members={household.data.members} currentUserId={me.data?.id ?? null} canRemove={isAdmin} />
        )}
        {isAdmin && <InvitePanel />}
        {household.data && isAdmin && <SentInvitationsPanel invitations={household.data.pending_invitations} />}
        {household.data && me.data?.role === 'member' && <MemberRightsPanel members={household.data.members} />}
      </div>
    </div>
  );
}
