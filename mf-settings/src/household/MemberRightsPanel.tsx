import type { HouseholdMember } from './household-api';

/** What a member (not an admin) can do here, and whom to ask for the rest (docs/rules/households.md). */
export function MemberRightsPanel({ members }: { members: HouseholdMember[] }) {
  const admins = members.filter((m) => m.role === 'admin').map((m) => m.name || m.email);
  return (
    <section className="hf-settings__panel" aria-labelledby="household-rights-heading">
      <h2 id="household-rights-heading">Your Membership</h2>
      <p>
        You share this household&apos;s accounts, budget and reports with everyone listed. Only an admin can invite
        people or remove members{admins.length > 0 ? `: ask ${admins.join(' or ')}.` : '.'}
      </p>
    </section>
  );
}
