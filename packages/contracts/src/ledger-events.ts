// Payloads of svc-ledger's events (the `data` of the envelope; type names in EVENTS).
// Money in integer CENTS (fields named `*_cents`), so consumers never parse decimals.
// A consumer can apply every event without calling svc-ledger back.
import Type, { type Static } from 'typebox';
import { AccountKindSchema, TransactionStatus } from './ledger';

export const LedgerAccountSnapshot = Type.Object({
  id: Type.Integer(),
  household_id: Type.Integer(),
  name: Type.String(),
  starting_balance_cents: Type.Integer(),
  is_default: Type.Boolean(),
  sort_order: Type.Integer(),
});
export type LedgerAccountSnapshot = Static<typeof LedgerAccountSnapshot>;

/** An account with its kind (ledger.account.opened.v2, ledger.account.changed.v1, the replay). */
export const LedgerAccountSnapshotV2 = Type.Object({
  ...LedgerAccountSnapshot.properties,
  kind: AccountKindSchema,
  /** Credit cards only, else null. */
  credit_limit_cents: Type.Union([Type.Integer(), Type.Null()]),
  /** Asset kinds only, else null. */
  low_balance_threshold_cents: Type.Union([Type.Integer(), Type.Null()]),
});
export type LedgerAccountSnapshotV2 = Static<typeof LedgerAccountSnapshotV2>;

/** One line of a split row (cents). */
export const SplitLineSnapshot = Type.Object({
  category_id: Type.Union([Type.Integer(), Type.Null()]),
  amount_cents: Type.Integer(),
  notes: Type.String(),
});
export type SplitLineSnapshot = Static<typeof SplitLineSnapshot>;

export const LedgerTransactionSnapshot = Type.Object({
  id: Type.Integer(),
  household_id: Type.Integer(),
  account_id: Type.Integer(),
  date: Type.String(),
  /** Stored payee (for a transfer leg: the other account's name when the leg was written). */
  payee: Type.String(),
  amount_cents: Type.Integer(),
  status: TransactionStatus,
  notes: Type.String(),
  category_id: Type.Union([Type.Integer(), Type.Null()]),
  is_budgeted: Type.Boolean(),
  /** The Predictable and month (`YYYY-MM`) a budgeted row was generated for (kept after it became actual). */
  schedule_id: Type.Union([Type.Integer(), Type.Null()]),
  schedule_month: Type.Union([Type.String(), Type.Null()]),
  transfer_id: Type.Union([Type.Integer(), Type.Null()]),
  transfer_account_id: Type.Union([Type.Integer(), Type.Null()]),
  transfer_transaction_id: Type.Union([Type.Integer(), Type.Null()]),
  deleted: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
  /**
   * A split row's lines (2..100, summing to amount_cents; the row's category_id is null). Only
   * on a split row, and only in the events' split versions (SPLIT_EVENT_VERSIONS in events.ts):
   * an event holding a split row is written under that version, so a consumer that does not
   * know lines never counts a split row as uncategorised without noticing.
   */
  splits: Type.Optional(Type.Array(SplitLineSnapshot)),
});
export type LedgerTransactionSnapshot = Static<typeof LedgerTransactionSnapshot>;

export const LedgerCategorySnapshot = Type.Object({
  id: Type.Integer(),
  household_id: Type.Integer(),
  name: Type.String(),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type LedgerCategorySnapshot = Static<typeof LedgerCategorySnapshot>;

/** ledger.account.opened.v1 (written before accounts had kinds: the account is checking). */
export const AccountOpenedV1 = Type.Object({ account: LedgerAccountSnapshot });
export type AccountOpenedV1 = Static<typeof AccountOpenedV1>;
/** ledger.account.opened.v2: the account with its kind, limit and threshold. */
export const AccountOpenedV2 = Type.Object({ account: LedgerAccountSnapshotV2 });
export type AccountOpenedV2 = Static<typeof AccountOpenedV2>;
/**
 * ledger.account.changed.v1: the name, kind, credit limit or threshold changed (a new name:
 * transfer legs pointing at it now show it as payee). Replaces renamed.v1, which older outboxes
 * may still hold.
 */
export const AccountChangedV1 = Type.Object({ before: LedgerAccountSnapshotV2, after: LedgerAccountSnapshotV2 });
export type AccountChangedV1 = Static<typeof AccountChangedV1>;
/** ledger.account.renamed.v1 (no longer written; transfer legs pointing at it now show the new name as payee). */
export const AccountRenamedV1 = Type.Object({ account: LedgerAccountSnapshot, previous_name: Type.String() });
export type AccountRenamedV1 = Static<typeof AccountRenamedV1>;
/** ledger.account.reordered.v1: every account of the household, in order. */
export const AccountsReorderedV1 = Type.Object({ account_ids: Type.Array(Type.Integer()) });
export type AccountsReorderedV1 = Static<typeof AccountsReorderedV1>;
/**
 * ledger.account.closed.v1: the account is gone. Its rows were deleted (announced by
 * ledger.transaction.deleted.v1 events with reason `account_closed`, written before this one)
 * and the other legs of its transfers became ordinary rows (ledger.transaction.changed.v1).
 */
export const AccountClosedV1 = Type.Object({
  account: LedgerAccountSnapshot,
  /** The account that became default, when the closed one was. */
  new_default_account_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type AccountClosedV1 = Static<typeof AccountClosedV1>;

/** ledger.transaction.recorded.v1: new rows (a transfer: both legs; a bulk import: up to 500 per event). */
export const TransactionRecordedV1 = Type.Object({
  transactions: Type.Array(LedgerTransactionSnapshot),
  /** api | transfer | import | budgeted */
  origin: Type.String(),
});
export type TransactionRecordedV1 = Static<typeof TransactionRecordedV1>;

/**
 * ledger.transaction.recorded.v2: new rows, as v1, written compactly for a bulk import:
 * `shared` holds the fields every row of the event has (an import's household, account, status,
 * category, timestamps and empty plan and transfer fields), each entry of `transactions` the
 * rest. A row is `{ ...shared, ...entry }` with every field of LedgerTransactionSnapshot
 * (compact-rows.ts writes and reads it). Several times smaller than v1 for an import.
 */
export const TransactionRecordedV2 = Type.Object({
  shared: Type.Partial(LedgerTransactionSnapshot),
  transactions: Type.Array(Type.Partial(LedgerTransactionSnapshot)),
  /** import */
  origin: Type.String(),
});
export type TransactionRecordedV2 = Static<typeof TransactionRecordedV2>;

/** ledger.transaction.recorded.v3: recorded.v1 holding at least one split row (its `splits`). */
export const TransactionRecordedV3 = TransactionRecordedV1;
export type TransactionRecordedV3 = TransactionRecordedV1;

export const TransactionChangePair = Type.Object({
  before: LedgerTransactionSnapshot,
  after: LedgerTransactionSnapshot,
});
export type TransactionChangePair = Static<typeof TransactionChangePair>;
/** ledger.transaction.changed.v1: full rows before and after (a transfer edit: both legs). */
export const TransactionChangedV1 = Type.Object({
  changes: Type.Array(TransactionChangePair),
  /** edited | status | categorized | cleared | budgeted_sync | transfer_detached */
  reason: Type.String(),
});
export type TransactionChangedV1 = Static<typeof TransactionChangedV1>;
/** ledger.transaction.changed.v2: changed.v1 where a row before or after is split (its `splits`). */
export const TransactionChangedV2 = TransactionChangedV1;
export type TransactionChangedV2 = TransactionChangedV1;
/** ledger.transaction.moved.v1: `after.account_id` is the new account (a moved leg's peer also changes). */
export const TransactionMovedV1 = Type.Object({
  changes: Type.Array(TransactionChangePair),
  from_account_id: Type.Integer(),
  to_account_id: Type.Integer(),
});
export type TransactionMovedV1 = Static<typeof TransactionMovedV1>;
/** ledger.transaction.moved.v2: moved.v1 of a split row (its lines move with it). */
export const TransactionMovedV2 = TransactionMovedV1;
export type TransactionMovedV2 = TransactionMovedV1;
/** ledger.transaction.deleted.v1: rows as they were before deletion. */
export const TransactionDeletedV1 = Type.Object({
  transactions: Type.Array(LedgerTransactionSnapshot),
  /** user | account_closed | budgeted_removed (hard delete of a generated budgeted row) */
  reason: Type.String(),
});
export type TransactionDeletedV1 = Static<typeof TransactionDeletedV1>;
/** ledger.transaction.deleted.v2: deleted.v1 holding a split row. */
export const TransactionDeletedV2 = TransactionDeletedV1;
export type TransactionDeletedV2 = TransactionDeletedV1;
/** ledger.transaction.restored.v1: rows as they are after restoring. */
export const TransactionRestoredV1 = Type.Object({ transactions: Type.Array(LedgerTransactionSnapshot) });
export type TransactionRestoredV1 = Static<typeof TransactionRestoredV1>;
/** ledger.transaction.restored.v2: restored.v1 holding a split row. */
export const TransactionRestoredV2 = TransactionRestoredV1;
export type TransactionRestoredV2 = TransactionRestoredV1;

/** ledger.category.created.v1 */
export const CategoryCreatedV1 = Type.Object({ category: LedgerCategorySnapshot });
export type CategoryCreatedV1 = Static<typeof CategoryCreatedV1>;
/** ledger.category.changed.v1 (rename and/or re-parent). */
export const CategoryChangedV1 = Type.Object({ before: LedgerCategorySnapshot, after: LedgerCategorySnapshot });
export type CategoryChangedV1 = Static<typeof CategoryChangedV1>;
/**
 * ledger.category.deleted.v1: rows, Predictables and envelopes of `category.id` become
 * uncategorised; `promoted_children` became top-level (renamed when a top-level name was taken).
 */
export const CategoryDeletedV1 = Type.Object({
  category: LedgerCategorySnapshot,
  promoted_children: Type.Array(LedgerCategorySnapshot),
});
export type CategoryDeletedV1 = Static<typeof CategoryDeletedV1>;
/**
 * ledger.category.merged.v1: apply `reassigned` (every reference to from_category_id now points
 * to to_category_id: rows, Predictables, envelopes summed per account and month), then
 * `reparented`, then delete `deleted_category_ids`.
 */
export const CategoriesMergedV1 = Type.Object({
  source: LedgerCategorySnapshot,
  destination: LedgerCategorySnapshot,
  reassigned: Type.Array(Type.Object({ from_category_id: Type.Integer(), to_category_id: Type.Integer() })),
  reparented: Type.Array(LedgerCategorySnapshot),
  deleted_category_ids: Type.Array(Type.Integer()),
});
export type CategoriesMergedV1 = Static<typeof CategoriesMergedV1>;

/**
 * ledger.statement.reconciled.v1 / ledger.statement.unreconciled.v1: the rows of an account's
 * statement reconciliation became (or stopped being) reconciled. Amounts, dates and statuses did
 * not change (an adjustment row comes with its own recorded / deleted event), so read models that
 * do not show reconciliation ignore it. A large one is split into several events of one
 * reconciliation, each with part of `transaction_ids`.
 */
export const StatementReconciledV1 = Type.Object({
  account_id: Type.Integer(),
  reconciliation_id: Type.Integer(),
  statement_date: Type.String(),
  statement_balance_cents: Type.Integer(),
  transaction_ids: Type.Array(Type.Integer()),
});
export type StatementReconciledV1 = Static<typeof StatementReconciledV1>;
