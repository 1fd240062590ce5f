// Accounts, transactions, categories and payees bodies and events (svc-ledger).
//
// Conventions of this file:
// - HTTP bodies speak money as decimal numbers with at most 2 decimals (`12.34`, `-5`), as the
//   spec's client expects; svc-ledger converts to integer cents at the edge.
// - EVENTS carry money as integer cents (fields named `*_cents`), so consumers never parse decimals.
// - Dates are calendar strings `YYYY-MM-DD`; `created_at` / `updated_at` are ISO instants with
//   microseconds (`2025-01-31T12:00:00.123456Z`); send `updated_at` back unchanged on PUT.
// - Ids are positive integers. A foreign or unknown id answers 404 `{ message }`.
import Type, { type Static } from 'typebox';
import { Amount, CalendarDateString, Id, Text } from './common';
import { Name } from './names';
import { LEDGER_LIMITS } from './ledger-limits';

/** `integer | null` as one JSON-schema type (fast to serialise, unlike anyOf). */
const NullableId = Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1, maximum: 2147483647 });
const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] });
/** What a blank (or invisible) account / category name answers with. */
export const ACCOUNT_NAME_REQUIRED = 'Account name is required.';
export const CATEGORY_NAME_REQUIRED = 'Category name cannot be empty.';

export { LEDGER_LIMITS, TRANSFER_CATEGORY_NAME } from './ledger-limits';

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

/** GET /api/accounts/ (array, by sort_order), GET /api/accounts/:id, POST/PUT answers. */
export const Account = Type.Object({
  id: Id,
  name: Type.String(),
  starting_balance: Type.Number(),
  /** The account preselected in pickers: the first account created (moves on when it is deleted). */
  is_default: Type.Boolean(),
  sort_order: Type.Integer(),
  /** starting_balance + every non-deleted row (actual and budgeted, any date). */
  balance: Type.Number(),
  /** starting_balance + rows with status x. */
  cleared_balance: Type.Number(),
  /** starting_balance + rows with status p or x. */
  pending_balance: Type.Number(),
  /**
   * Only when asked with `?today=YYYY-MM-DD` (the caller's local date): starting_balance + rows
   * dated today or earlier, i.e. the balance without the planned (future) rows.
   */
  balance_today: Type.Optional(Type.Number()),
});
export type Account = Static<typeof Account>;
/** `?today=YYYY-MM-DD` on GET /api/accounts/ and /api/accounts/:id adds `balance_today`. */
export const AccountBalanceQuery = Type.Object(
  { today: Type.Optional(CalendarDateString) },
  { additionalProperties: false },
);
export type AccountBalanceQuery = Static<typeof AccountBalanceQuery>;
export const AccountList = Type.Array(Account);
export type AccountList = Static<typeof AccountList>;

/** POST /api/accounts/. Names are unique per household, case-insensitively (409 with message). */
export const CreateAccountBody = Type.Object(
  { name: Name(LEDGER_LIMITS.accountName, ACCOUNT_NAME_REQUIRED), starting_balance: Amount },
  { additionalProperties: false },
);
export type CreateAccountBody = Static<typeof CreateAccountBody>;

/** PUT /api/accounts/:id */
export const RenameAccountBody = Type.Object(
  { name: Name(LEDGER_LIMITS.accountName, ACCOUNT_NAME_REQUIRED) },
  { additionalProperties: false },
);
export type RenameAccountBody = Static<typeof RenameAccountBody>;

/** POST /api/accounts/reorder: every account of the household exactly once, in the new order. */
export const ReorderAccountsBody = Type.Object({ account_ids: Type.Array(Id) }, { additionalProperties: false });
export type ReorderAccountsBody = Static<typeof ReorderAccountsBody>;

/**
 * POST /api/accounts/transfer. `amount` > 0 moves money from `from_account_id` to `to_account_id`.
 * `payee` and `category` are accepted for the client's convenience and ignored: a leg's payee is
 * always the other account's name and its category `-- Transfer --`.
 */
export const CreateTransferBody = Type.Object(
  {
    from_account_id: Id,
    to_account_id: Id,
    amount: Amount,
    date: CalendarDateString,
    notes: Type.Optional(Text(LEDGER_LIMITS.notes)),
    status: Type.Optional(Type.String({ pattern: '^[pPxX]?$', maxLength: 1 })),
    payee: Type.Optional(Text(LEDGER_LIMITS.payee)),
    category: Type.Optional(Text(LEDGER_LIMITS.categoryName * 2 + 2)),
  },
  { additionalProperties: false },
);
export type CreateTransferBody = Static<typeof CreateTransferBody>;

// ---------------------------------------------------------------------------------------------
// Transactions
// ---------------------------------------------------------------------------------------------

/** Stored status: '' none, 'p' pending, 'x' cleared. Requests may send P / X (stored lower-case). */
export const TransactionStatus = Type.Union([Type.Literal(''), Type.Literal('p'), Type.Literal('x')]);
export type TransactionStatus = Static<typeof TransactionStatus>;
/** What requests may send: '', p, P, x, X. */
export const TransactionStatusInput = Type.String({ pattern: '^[pPxX]?$', maxLength: 1 });

/** One transaction as every write answers it (no running balances). */
export const TransactionRecord = Type.Object({
  id: Id,
  account_id: Id,
  account_name: Type.String(),
  date: Type.String(),
  /** For a transfer leg: the other account's current name. */
  payee: Type.String(),
  /** Negative = payment, positive = deposit. */
  amount: Type.Number(),
  status: TransactionStatus,
  notes: Type.String(),
  category_id: NullableId,
  /** `Parent: Child`, `Name`, `-- Transfer --` for a transfer leg, null when uncategorised. */
  category_name: NullableString,
  /** Same text as category_name (the spec's client reads both). */
  category: NullableString,
  is_budgeted: Type.Boolean(),
  /** Shared by both legs of a transfer; null otherwise. */
  transfer_id: NullableId,
  /** The account of the other leg; null otherwise. */
  transfer_account_id: NullableId,
  /** The id of the other leg; null otherwise. */
  transfer_transaction_id: NullableId,
  created_at: Type.String(),
  /** Send it back on PUT to get 409 instead of overwriting someone else's change. */
  updated_at: Type.String(),
});
export type TransactionRecord = Static<typeof TransactionRecord>;

/** One register row: the record plus balances after this row (all start from starting_balance). */
export const RegisterRow = Type.Object({
  ...TransactionRecord.properties,
  running: Type.Number(),
  pending: Type.Number(),
  cleared: Type.Number(),
});
export type RegisterRow = Static<typeof RegisterRow>;
export const RegisterRows = Type.Array(RegisterRow);
export type RegisterRows = Static<typeof RegisterRows>;

/**
 * GET /api/accounts/:id/transactions query. Without any of these the answer is the plain array
 * of every row in register order (date, created_at, id).
 * With `limit`: a page (`RegisterPage`). `before=<cursor>`: the `limit` rows just before that
 * row; `after=<cursor>`: the `limit` rows just after it; neither: the LAST `limit` rows (the
 * newest end of the register). Rows of a page are always in register order.
 */
export const RegisterQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LEDGER_LIMITS.pageSize })),
    before: Type.Optional(Type.String({ maxLength: 200 })),
    after: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type RegisterQuery = Static<typeof RegisterQuery>;

export const Balances = Type.Object({ running: Type.Number(), pending: Type.Number(), cleared: Type.Number() });
export type Balances = Static<typeof Balances>;

export const RegisterPage = Type.Object({
  rows: RegisterRows,
  /** Balances just before the first row of the page (starting balance + all earlier rows). */
  balance_before: Balances,
  /** Cursor of the first row when earlier rows exist (pass as `before`), else null. */
  prev_cursor: NullableString,
  /** Cursor of the last row when later rows exist (pass as `after`), else null. */
  next_cursor: NullableString,
  /** Number of non-deleted rows in the account. */
  total: Type.Integer(),
});
export type RegisterPage = Static<typeof RegisterPage>;

/** The fields of a new row, shared by the register's create call and the internal bulk create. */
const NEW_TRANSACTION_FIELDS = {
  date: CalendarDateString,
  payee: Text(LEDGER_LIMITS.payee, 1),
  amount: Amount,
  status: Type.Optional(TransactionStatusInput),
  notes: Type.Optional(Text(LEDGER_LIMITS.notes)),
  category_id: Type.Optional(NullableId),
  /** Category by name (`Parent: Child` or `Name`), used when category_id is absent; unknown -> 400. */
  category: Type.Optional(
    Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: LEDGER_LIMITS.categoryName * 2 + 2 }),
  ),
};

/**
 * POST /api/accounts/:id/transactions. Becomes a transfer when `isTransfer` with
 * `destination_account_id`, or when `payee` equals another account's name (case-insensitive).
 * For a transfer the net `amount` decides the direction (negative: money leaves this account).
 * `category` is a name (`Parent: Child` or `Name`, case-insensitive) used when `category_id`
 * is absent; an unknown name answers 400.
 */
export const CreateTransactionBody = Type.Object(
  {
    ...NEW_TRANSACTION_FIELDS,
    isTransfer: Type.Optional(Type.Boolean()),
    destination_account_id: Type.Optional(NullableId),
  },
  { additionalProperties: false },
);
export type CreateTransactionBody = Static<typeof CreateTransactionBody>;

/** The created row of the account in the path (for a transfer: this account's leg). */
export const CreateTransactionResponse = TransactionRecord;
export type CreateTransactionResponse = TransactionRecord;

/**
 * PUT /api/transactions/:id: any subset of the fields. For a transfer leg, amount and date are
 * mirrored on the other leg (amount negated); payee and category of a leg are fixed and ignored.
 * Editing a budgeted row makes it actual. `updated_at` (as last read) -> 409 if the row changed.
 */
export const UpdateTransactionBody = Type.Object(
  {
    date: Type.Optional(CalendarDateString),
    payee: Type.Optional(Text(LEDGER_LIMITS.payee, 1)),
    amount: Type.Optional(Amount),
    status: Type.Optional(TransactionStatusInput),
    notes: Type.Optional(Text(LEDGER_LIMITS.notes)),
    category_id: Type.Optional(NullableId),
    category: Type.Optional(
      Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: LEDGER_LIMITS.categoryName * 2 + 2 }),
    ),
    updated_at: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type UpdateTransactionBody = Static<typeof UpdateTransactionBody>;

/** PATCH /api/transactions/:id/move */
export const MoveTransactionBody = Type.Object({ destination_account_id: Id }, { additionalProperties: false });
export type MoveTransactionBody = Static<typeof MoveTransactionBody>;

/** PATCH /api/transactions/:id/status */
export const SetStatusBody = Type.Object({ status: TransactionStatusInput }, { additionalProperties: false });
export type SetStatusBody = Static<typeof SetStatusBody>;

/** POST /api/transactions/search: payee contains any term (case-insensitive); no terms = all rows. */
export const SearchTransactionsBody = Type.Object(
  {
    account_id: Id,
    search_terms: Type.Array(Type.String({ maxLength: LEDGER_LIMITS.searchTermLength })),
    uncategorized_only: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SearchTransactionsBody = Static<typeof SearchTransactionsBody>;
export const SearchResult = Type.Object({
  id: Id,
  date: Type.String(),
  payee: Type.String(),
  amount: Type.Number(),
  category_id: NullableId,
  category_name: NullableString,
});
export type SearchResult = Static<typeof SearchResult>;
export const SearchResults = Type.Array(SearchResult);
export type SearchResults = Static<typeof SearchResults>;

/** PATCH /api/transactions/bulk_categorize (at most 1000 ids). Answers { message }. */
export const BulkCategorizeBody = Type.Object(
  { transaction_ids: Type.Array(Id), category_id: Id },
  { additionalProperties: false },
);
export type BulkCategorizeBody = Static<typeof BulkCategorizeBody>;
/** The bulk categorize answer: how many rows were asked for and how many actually changed. */
export const BulkCategorizeResponse = Type.Object({
  message: Type.String(),
  selected: Type.Integer(),
  changed: Type.Integer(),
});
export type BulkCategorizeResponse = Static<typeof BulkCategorizeResponse>;

/** POST /api/accounts/transfer answer. */
export const TransferResponse = Type.Object({
  message: Type.String(),
  transfer_id: Id,
  from_transaction: TransactionRecord,
  to_transaction: TransactionRecord,
});
export type TransferResponse = Static<typeof TransferResponse>;

/** GET /api/transactions/:id/history, newest first. Values use API amounts (decimals). */
export const TransactionChange = Type.Object({
  id: Id,
  transaction_id: Id,
  /** created | edited | status | moved | deleted | restored | categorized | cleared | detached */
  action: Type.String(),
  /** Who did it (null for service-internal changes such as an import). */
  user_id: NullableId,
  changed_at: Type.String(),
  old_values: Type.Record(Type.String(), Type.Unknown()),
  new_values: Type.Record(Type.String(), Type.Unknown()),
});
export type TransactionChange = Static<typeof TransactionChange>;
export const TransactionHistory = Type.Array(TransactionChange);
export type TransactionHistory = Static<typeof TransactionHistory>;

// ---------------------------------------------------------------------------------------------
// Categories and payees
// ---------------------------------------------------------------------------------------------

export const CategoryChild = Type.Object({ id: Id, name: Type.String(), parent_id: NullableId });
export type CategoryChild = Static<typeof CategoryChild>;
/** GET /api/categories/: top-level nodes sorted by name (case-insensitive), children likewise. */
export const CategoryNode = Type.Object({
  id: Id,
  name: Type.String(),
  parent_id: NullableId,
  children: Type.Array(CategoryChild),
});
export type CategoryNode = Static<typeof CategoryNode>;
export const CategoryTree = Type.Array(CategoryNode);
export type CategoryTree = Static<typeof CategoryTree>;

/** POST /api/categories/. Blank -> 400; sibling name taken -> 409; parent must be top-level. */
export const CreateCategoryBody = Type.Object(
  { name: Name(LEDGER_LIMITS.categoryName, CATEGORY_NAME_REQUIRED), parent_id: Type.Optional(NullableId) },
  { additionalProperties: false },
);
export type CreateCategoryBody = Static<typeof CreateCategoryBody>;
export const CategoryResponse = Type.Object({ id: Id, name: Type.String(), parent_id: NullableId });
export type CategoryResponse = Static<typeof CategoryResponse>;

/** PUT /api/categories/:id with {name} or {parent_id} (null = top level), or both. */
export const UpdateCategoryBody = Type.Object(
  {
    name: Type.Optional(Name(LEDGER_LIMITS.categoryName, CATEGORY_NAME_REQUIRED)),
    parent_id: Type.Optional(NullableId),
  },
  { additionalProperties: false },
);
export type UpdateCategoryBody = Static<typeof UpdateCategoryBody>;

/** POST /api/categories/merge. Answers { message }. */
export const MergeCategoriesBody = Type.Object({ source_id: Id, destination_id: Id }, { additionalProperties: false });
export type MergeCategoriesBody = Static<typeof MergeCategoriesBody>;

/** GET /api/payees/: payee names of actual (non-budgeted, non-transfer) rows, most used first. */
export const PayeeList = Type.Array(Type.String());
export type PayeeList = Static<typeof PayeeList>;

// ---------------------------------------------------------------------------------------------
// Internal routes (service to service, header x-internal-token; never routed by the gateway)
// ---------------------------------------------------------------------------------------------

/** POST /internal/candidates: non-deleted rows of the account dated from..to (inclusive). */
export const CandidatesBody = Type.Object(
  { household_id: Id, account_id: Id, from: CalendarDateString, to: CalendarDateString },
  { additionalProperties: false },
);
export type CandidatesBody = Static<typeof CandidatesBody>;
export const Candidate = Type.Object({
  id: Id,
  date: Type.String(),
  payee: Type.String(),
  amount: Type.Number(),
  status: TransactionStatus,
  is_budgeted: Type.Boolean(),
  category_id: NullableId,
  transfer_id: NullableId,
});
export type Candidate = Static<typeof Candidate>;
export const CandidateList = Type.Array(Candidate);
export type CandidateList = Static<typeof CandidateList>;

export const BulkTransactionInput = Type.Object(
  {
    ...NEW_TRANSACTION_FIELDS,
  },
  { additionalProperties: false },
);
export type BulkTransactionInput = Static<typeof BulkTransactionInput>;
/**
 * POST /internal/transactions/bulk: all rows in one database transaction (all or none).
 * A repeated idempotency_key (per household) creates nothing and answers the first result.
 */
export const BulkCreateBody = Type.Object(
  {
    household_id: Id,
    account_id: Id,
    idempotency_key: Type.String({ minLength: 1, maxLength: 200 }),
    transactions: Type.Array(BulkTransactionInput),
    /** Recorded as the author in the change history. */
    user_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type BulkCreateBody = Static<typeof BulkCreateBody>;
export const BulkCreateResponse = Type.Object({
  created: Type.Integer(),
  /** Ids in input order. */
  transaction_ids: Type.Array(Id),
  /** True when this answer is the stored result of an earlier call with the same key. */
  replayed: Type.Boolean(),
});
export type BulkCreateResponse = Static<typeof BulkCreateResponse>;

/**
 * POST /internal/transactions/clear: status x for every id; a budgeted row becomes actual and,
 * when `updates` names it, takes the imported amount/date. Answers { message, cleared }.
 */
export const ClearTransactionsBody = Type.Object(
  {
    household_id: Id,
    transaction_ids: Type.Array(Id),
    updates: Type.Optional(
      Type.Array(
        Type.Object(
          { id: Id, date: Type.Optional(CalendarDateString), amount: Type.Optional(Amount) },
          { additionalProperties: false },
        ),
      ),
    ),
    user_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type ClearTransactionsBody = Static<typeof ClearTransactionsBody>;
export const ClearTransactionsResponse = Type.Object({ message: Type.String(), cleared: Type.Integer() });
export type ClearTransactionsResponse = Static<typeof ClearTransactionsResponse>;

/**
 * PUT /internal/budgeted-rows: upsert the budgeted row of (schedule_id, month). When the payee
 * is another account's name the row is a budgeted transfer pair. A month whose row became actual
 * (edited, cleared, deleted by the user) is not re-created: answer `{ state: 'detached' }`.
 */
export const UpsertBudgetedRowBody = Type.Object(
  {
    household_id: Id,
    account_id: Id,
    schedule_id: Id,
    /** `YYYY-MM` */
    month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
    date: CalendarDateString,
    payee: Text(LEDGER_LIMITS.payee, 1),
    /** Signed: negative for a planned payment. */
    amount: Amount,
    category_id: Type.Optional(NullableId),
    notes: Type.Optional(Text(LEDGER_LIMITS.notes)),
  },
  { additionalProperties: false },
);
export type UpsertBudgetedRowBody = Static<typeof UpsertBudgetedRowBody>;
export const UpsertBudgetedRowResponse = Type.Object({
  state: Type.Union([
    Type.Literal('created'),
    Type.Literal('updated'),
    Type.Literal('unchanged'),
    Type.Literal('detached'),
  ]),
  transaction_id: NullableId,
});
export type UpsertBudgetedRowResponse = Static<typeof UpsertBudgetedRowResponse>;

/** DELETE /internal/budgeted-rows: removes still-budgeted rows of the schedule (one month or all). */
export const DeleteBudgetedRowsBody = Type.Object(
  { household_id: Id, schedule_id: Id, month: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}$' })) },
  { additionalProperties: false },
);
export type DeleteBudgetedRowsBody = Static<typeof DeleteBudgetedRowsBody>;
export const DeleteBudgetedRowsResponse = Type.Object({ deleted: Type.Integer() });
export type DeleteBudgetedRowsResponse = Static<typeof DeleteBudgetedRowsResponse>;

// ---------------------------------------------------------------------------------------------
// Events (payload `data` of the envelope; type names in EVENTS). Money in integer CENTS.
// A consumer can apply every event without calling svc-ledger back.
// ---------------------------------------------------------------------------------------------

export const LedgerAccountSnapshot = Type.Object({
  id: Type.Integer(),
  household_id: Type.Integer(),
  name: Type.String(),
  starting_balance_cents: Type.Integer(),
  is_default: Type.Boolean(),
  sort_order: Type.Integer(),
});
export type LedgerAccountSnapshot = Static<typeof LedgerAccountSnapshot>;

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
  /** The Predictables item and month (`YYYY-MM`) a budgeted row was generated for (kept after it became actual). */
  schedule_id: Type.Union([Type.Integer(), Type.Null()]),
  schedule_month: Type.Union([Type.String(), Type.Null()]),
  transfer_id: Type.Union([Type.Integer(), Type.Null()]),
  transfer_account_id: Type.Union([Type.Integer(), Type.Null()]),
  transfer_transaction_id: Type.Union([Type.Integer(), Type.Null()]),
  deleted: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type LedgerTransactionSnapshot = Static<typeof LedgerTransactionSnapshot>;

export const LedgerCategorySnapshot = Type.Object({
  id: Type.Integer(),
  household_id: Type.Integer(),
  name: Type.String(),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type LedgerCategorySnapshot = Static<typeof LedgerCategorySnapshot>;

/** ledger.account.opened.v1 */
export const AccountOpenedV1 = Type.Object({ account: LedgerAccountSnapshot });
export type AccountOpenedV1 = Static<typeof AccountOpenedV1>;
/** ledger.account.renamed.v1 (transfer legs pointing at it now show the new name as payee). */
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
 * (compact-rows.ts writes and reads it). ~4x smaller than v1 for an import: ~90 bytes a row.
 */
export const TransactionRecordedV2 = Type.Object({
  shared: Type.Partial(LedgerTransactionSnapshot),
  transactions: Type.Array(Type.Partial(LedgerTransactionSnapshot)),
  /** import */
  origin: Type.String(),
});
export type TransactionRecordedV2 = Static<typeof TransactionRecordedV2>;

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
/** ledger.transaction.moved.v1: `after.account_id` is the new account (a moved leg's peer also changes). */
export const TransactionMovedV1 = Type.Object({
  changes: Type.Array(TransactionChangePair),
  from_account_id: Type.Integer(),
  to_account_id: Type.Integer(),
});
export type TransactionMovedV1 = Static<typeof TransactionMovedV1>;
/** ledger.transaction.deleted.v1: rows as they were before deletion. */
export const TransactionDeletedV1 = Type.Object({
  transactions: Type.Array(LedgerTransactionSnapshot),
  /** user | account_closed | budgeted_removed (hard delete of a generated budgeted row) */
  reason: Type.String(),
});
export type TransactionDeletedV1 = Static<typeof TransactionDeletedV1>;
/** ledger.transaction.restored.v1: rows as they are after restoring. */
export const TransactionRestoredV1 = Type.Object({ transactions: Type.Array(LedgerTransactionSnapshot) });
export type TransactionRestoredV1 = Static<typeof TransactionRestoredV1>;

/** ledger.category.created.v1 */
export const CategoryCreatedV1 = Type.Object({ category: LedgerCategorySnapshot });
export type CategoryCreatedV1 = Static<typeof CategoryCreatedV1>;
/** ledger.category.changed.v1 (rename and/or re-parent). */
export const CategoryChangedV1 = Type.Object({ before: LedgerCategorySnapshot, after: LedgerCategorySnapshot });
export type CategoryChangedV1 = Static<typeof CategoryChangedV1>;
/**
 * ledger.category.deleted.v1: rows, scheduled items and envelopes of `category.id` become
 * uncategorised; `promoted_children` became top-level (renamed when a top-level name was taken).
 */
export const CategoryDeletedV1 = Type.Object({
  category: LedgerCategorySnapshot,
  promoted_children: Type.Array(LedgerCategorySnapshot),
});
export type CategoryDeletedV1 = Static<typeof CategoryDeletedV1>;
/**
 * ledger.category.merged.v1: apply `reassigned` (every reference to from_category_id now points
 * to to_category_id: rows, scheduled items, envelopes summed per account and month), then
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

// ---------------------------------------------------------------------------------------------
// Internal: replay of one household (svc-ledger), for rebuilding a read model (svc-reports, svc-budget) of one household, for rebuilding a read model.
// ---------------------------------------------------------------------------------------------

/**
 * POST /internal/replay (svc-ledger): one page of a household's current state. The first page
 * (no `after_id`) also carries `sequence`, the ledger's event sequence the state is at least as
 * new as, plus the accounts and categories; rows come in id order, `next_after_id` null at the end.
 */
export const ReplayBody = Type.Object(
  {
    household_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    after_id: Type.Optional(Type.Integer({ minimum: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50_000 })),
  },
  { additionalProperties: false },
);
export type ReplayBody = Static<typeof ReplayBody>;

/** POST /internal/replay/households (svc-ledger): every household with an account, ever. */
export const ReplayHouseholds = Type.Object({ household_ids: Type.Array(Type.Integer()), sequence: Type.Integer() });
export type ReplayHouseholds = Static<typeof ReplayHouseholds>;

export const ReplayPage = Type.Object({
  /** First page only (else null): the outbox sequence this state includes every event up to. */
  sequence: Type.Union([Type.Integer(), Type.Null()]),
  /** First page only (else empty): live accounts and categories. */
  accounts: Type.Array(LedgerAccountSnapshot),
  categories: Type.Array(LedgerCategorySnapshot),
  /** Non-deleted rows with id > after_id, in id order. */
  transactions: Type.Array(LedgerTransactionSnapshot),
  next_after_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type ReplayPage = Static<typeof ReplayPage>;
