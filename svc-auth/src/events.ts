import { EVENTS } from '@hf/contracts/events';
import type { MemberRemovedV1, SessionRevokedV1 } from '@hf/contracts/auth-events';
import { writeEvent } from '@hf/messaging';
import type { PoolClient } from '@hf/service-kit';
import type { RevokedRow } from './repositories/sessions';

export const SOURCE = 'svc-auth';

export type RevocationReason = 'logout' | 'password_reset' | 'member_removed' | 'refresh_token_reuse';

/** Records `auth.session.revoked.v1` in the outbox, inside the caller's transaction. Nothing when no session was revoked. */
export async function recordSessionsRevoked(
  client: PoolClient,
  e: { userId: number; householdId: number; reason: RevocationReason; revoked: RevokedRow[] },
): Promise<void> {
  if (e.revoked.length === 0) return;
  const latest = (pick: (r: RevokedRow) => Date) =>
    new Date(Math.max(...e.revoked.map((r) => pick(r).getTime()))).toISOString();
  const data: SessionRevokedV1 = {
    session_ids: e.revoked.map((r) => r.id),
    user_id: e.userId,
    reason: e.reason,
    revoked_at: latest((r) => r.revoked_at),
    expires_at: latest((r) => r.expires_at),
  };
  await writeUserEvent(client, EVENTS.sessionRevoked, e.userId, e.householdId, data);
}

/** Records `auth.member.removed.v1`; the envelope's household is the one the member left. */
export async function recordMemberRemoved(client: PoolClient, data: MemberRemovedV1): Promise<void> {
  await writeUserEvent(client, EVENTS.memberRemoved, data.user_id, data.household_id, data);
}

/** An event of svc-auth about one user, under the household the envelope names. */
async function writeUserEvent<T>(
  client: PoolClient,
  type: string,
  userId: number,
  householdId: number,
  data: T,
): Promise<void> {
  await writeEvent(client, { type, source: SOURCE, subject: `user/${userId}`, household_id: householdId, data });
}
