import Type, { type Static } from 'typebox';

/** Event types: versioned past-tense facts. The bus subject is the type. */
export const EVENTS = {
  sessionRevoked: 'auth.session.revoked.v1',
  memberRemoved: 'auth.member.removed.v1',
  accountOpened: 'ledger.account.opened.v1',
  accountRenamed: 'ledger.account.renamed.v1',
  accountsReordered: 'ledger.account.reordered.v1',
  accountClosed: 'ledger.account.closed.v1',
  transactionRecorded: 'ledger.transaction.recorded.v1',
  /** The same fact for many rows, their shared fields written once (a bulk import). */
  transactionRecordedCompact: 'ledger.transaction.recorded.v2',
  transactionChanged: 'ledger.transaction.changed.v1',
  transactionMoved: 'ledger.transaction.moved.v1',
  transactionDeleted: 'ledger.transaction.deleted.v1',
  transactionRestored: 'ledger.transaction.restored.v1',
  categoryCreated: 'ledger.category.created.v1',
  categoryChanged: 'ledger.category.changed.v1',
  categoryDeleted: 'ledger.category.deleted.v1',
  categoriesMerged: 'ledger.category.merged.v1',
} as const;

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
