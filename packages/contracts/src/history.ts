// svc-ledger's change history: a row's history, the household's activity, recently deleted rows
// and undo (docs/decisions/0127-member-names-in-the-ledger.md, 0128-undo-the-latest-change.md).
import Type, { type Static } from 'typebox';
import { TransactionRecord } from './ledger';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const NullableId = Type.Union([Id, Type.Null()]);

/**
 * The kinds of change (`action`) the ledger records. Shared agreement: whoever adds a kind writes
 * its entries; every kind has words in `CHANGE_KIND_LABELS`.
 */
export const CHANGE_KINDS = [
  'created',
  'edited',
  'status',
  'moved',
  'deleted',
  'restored',
  'imported',
  'reconciled',
  'unreconciled',
  'rule',
  'payee_renamed',
  'categorized',
  'cleared',
  'detached',
  'undone',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The filter's words for each kind (Activity page). */
export const CHANGE_KIND_LABELS: Record<ChangeKind, string> = {
  created: 'Added',
  edited: 'Edited',
  status: 'Status',
  moved: 'Moved',
  deleted: 'Deleted',
  restored: 'Restored',
  imported: 'Imported',
  reconciled: 'Reconciled',
  unreconciled: 'Unreconciled',
  rule: 'By rule',
  payee_renamed: 'Payee renamed',
  categorized: 'Categorized',
  cleared: 'Cleared by import',
  detached: 'Transfer detached',
  undone: 'Undone',
};

/** One change of a row: who (`user_name`: null when unknown or a service's own change), when, what from what to what. */
export const HistoryEntry = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  transaction_id: Id,
  action: Type.String(),
  user_id: NullableId,
  user_name: Type.Union([Type.String(), Type.Null()]),
  changed_at: Type.String(),
  /** Values in API form (amounts as decimals); only the fields that changed. */
  old_values: Type.Record(Type.String(), Type.Unknown()),
  new_values: Type.Record(Type.String(), Type.Unknown()),
});
export type HistoryEntry = Static<typeof HistoryEntry>;

/** GET /api/transactions/:id/history: newest first. */
export const RowHistory = Type.Array(HistoryEntry);
export type RowHistory = Static<typeof RowHistory>;

/** A change on the activity page, with the row as it is now (its account, payee, date, amount). */
export const ActivityEntry = Type.Object({
  ...HistoryEntry.properties,
  account_id: Id,
  account_name: Type.String(),
  payee: Type.String(),
  date: Type.String(),
  amount: Type.Number(),
  deleted: Type.Boolean(),
});
export type ActivityEntry = Static<typeof ActivityEntry>;

export const ACTIVITY_PAGE_SIZE = 100;
export const ACTIVITY_PAGE_MAX = 500;

/**
 * GET /api/history?account_id=&user_id=&kind=&since=&before=&limit=: the household's changes,
 * newest first. `since` a date (YYYY-MM-DD) or an ISO time; `before` the `next_before` of the
 * previous page (a change id).
 */
export const ActivityQuery = Type.Object(
  {
    account_id: Type.Optional(Id),
    user_id: Type.Optional(Id),
    kind: Type.Optional(Type.String({ maxLength: 40 })),
    since: Type.Optional(Type.String({ maxLength: 40 })),
    before: Type.Optional(Type.Integer({ minimum: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ACTIVITY_PAGE_MAX })),
  },
  { additionalProperties: false },
);
export type ActivityQuery = Static<typeof ActivityQuery>;
export const ActivityPage = Type.Object({
  changes: Type.Array(ActivityEntry),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: Type.Union([Type.Integer(), Type.Null()]),
  /** The members named in the household's history (the person filter). */
  members: Type.Array(Type.Object({ user_id: Id, name: Type.String() })),
});
export type ActivityPage = Static<typeof ActivityPage>;

/** GET /api/accounts/:id/deleted: the account's deleted rows, latest deleted first. */
export const DeletedRow = Type.Object({
  ...TransactionRecord.properties,
  deleted_at: Type.String(),
  deleted_by: Type.Union([Type.String(), Type.Null()]),
});
export type DeletedRow = Static<typeof DeletedRow>;
export const DeletedRows = Type.Object({ rows: Type.Array(DeletedRow) });
export type DeletedRows = Static<typeof DeletedRows>;
export const RECENTLY_DELETED_LIMIT = 200;

/** POST /api/transactions/:id/undo: undoes the caller's latest change of the row (`change_id` pins which). */
export const UndoBody = Type.Object(
  { change_id: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);
export type UndoBody = Static<typeof UndoBody>;
/** POST /api/transactions/undo: the caller's latest change of each row, all or nothing (a bulk categorize). */
export const UndoManyBody = Type.Object(
  { transaction_ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);
export type UndoManyBody = Static<typeof UndoManyBody>;
export const UndoResponse = Type.Object({
  message: Type.String(),
  transactions: Type.Array(TransactionRecord),
});
export type UndoResponse = Static<typeof UndoResponse>;

export const HISTORY_MESSAGES = {
  notDeleted: 'This transaction is not deleted, so there is nothing to restore.',
  nothingToUndo: 'There is no change of yours to undo on this transaction.',
  cannotUndo: 'This kind of change cannot be undone.',
  changedSince: 'This row was changed again after your change, so it cannot be undone.',
  unknownKind: 'Unknown kind of change.',
  badSince: 'The field "since" must be a date (YYYY-MM-DD) or a time.',
} as const;

/** 409 when another member changed the row after the caller. */
export const changedByOther = (name: string | null) =>
  `${name ?? 'Another member'} changed this row after you, so your change cannot be undone.`;

/** 409 when a deleted transfer leg's other account was deleted since. */
export const otherAccountDeleted = (accountName: string) =>
  `This transfer cannot be restored: its other account "${accountName}" was deleted.`;
