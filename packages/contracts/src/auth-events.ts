// Payloads of svc-auth's events (the `data` of the envelope; type names in EVENTS).
import Type, { type Static } from 'typebox';

/**
 * Sessions that stopped being valid. Access tokens carrying one of `session_ids` as `sid` must be
 * refused from `revoked_at` on; they expire by themselves at most one access-token lifetime
 * (15 min by default) later, and never after `expires_at` (the session's 24 h cap).
 * `reason`: 'logout' | 'password_reset' | 'member_removed' | 'refresh_token_reuse'.
 */
export const SessionRevokedV1 = Type.Object({
  session_ids: Type.Array(Type.String()),
  user_id: Type.Integer(),
  reason: Type.String(),
  revoked_at: Type.String(),
  expires_at: Type.String(),
});
export type SessionRevokedV1 = Static<typeof SessionRevokedV1>;

/** A member left a household (`household_id`, also the envelope's) and now owns `new_household_id` as its admin. */
export const MemberRemovedV1 = Type.Object({
  user_id: Type.Integer(),
  household_id: Type.Integer(),
  new_household_id: Type.Integer(),
});
export type MemberRemovedV1 = Static<typeof MemberRemovedV1>;
