// The public HTTP API of svc-ledger: accounts, transactions, categories and payees, as the
// gateway routes them under /api. Service-to-service routes are in ledger-internal.ts, event
// payloads in ledger-events.ts.
//
// Conventions of this file:
// - HTTP bodies speak money as decimal numbers with at most 2 decimals (`12.34`, `-5`), as the
//   spec's client expects; svc-ledger converts to integer cents at the edge.
// - Dates are calendar strings `YYYY-MM-DD`; `created_at` / `updated_at` are ISO instants with
//   microseconds (`2025-01-31T12:00:00.123456Z`); send `updated_at` back unchanged on PUT.
// - Ids are positive integers. A foreign or unknown id answers 404 `{ message }`.
import Type, { type Static } from 'typebox';
import { Amount, CalendarDateString, Id, NullableId, NullableString, Text } from './common';
import { Name, Payee } from './names';
import { ACCOUNT_KINDS, LEDGER_LIMITS, type AccountKind as Kind } from './ledger-limits';

/** What a blank (or invisible) account / category name answers with. */
export const ACCOUNT_NAME_REQUIRED = 'Account name is required.';
export const CATEGORY_NAME_REQUIRED = 'Category name cannot be empty.';

export {
  ACCOUNT_KIND_LABELS,
  ACCOUNT_KIND_MESSAGES,
  ACCOUNT_KINDS,
  isLiability,
  LEDGER_LIMITS,
  LIABILITY_KINDS,
  SPLIT_CATEGORY_NAME,
  TRANSFER_CATEGORY_NAME,
  type AccountKind,
} from './ledger-limits';

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

/** An account's kind (docs/rules/ledger.md): credit_card and loan are liabilities. */
export const AccountKindSchema = Type.Unsafe<Kind>({ type: 'string', enum: [...ACCOUNT_KINDS] });
/** A money amount or null (none). */
const NullableAmount = Type.Union([Amount, Type.Null()]);

/** GET /api/accounts/ (array, by sort_order), GET /api/accounts/:id, POST/PUT answers. */
export const Account = Type.Object({
  id: Id,
  name: Type.String(),
  starting_balance: Type.Number(),
  kind: AccountKindSchema,
  /** Credit cards only (else null): the balance may go down to -credit_limit. */
  credit_limit: Type.Union([Type.Number(), Type.Null()]),
  /** Asset kinds only (else null): the dashboard warns when the projection goes below it. */
  low_balance_threshold: Type.Union([Type.Number(), Type.Null()]),
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
  /**
   * The latest finished statement reconciliation (svc-ledger always sends it; null when none):
   * its statement date and balance, and `broken` when a later change made the cleared balance as
   * of that date differ from the statement balance.
   */
  last_reconciliation: Type.Optional(
    Type.Union([
      Type.Object({ id: Id, statement_date: Type.String(), statement_balance: Type.Number(), broken: Type.Boolean() }),
      Type.Null(),
    ]),
  ),
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

/**
 * The kind fields of a create or update: `kind` (create: checking when absent), `credit_limit`
 * (credit cards only, >= 0) and `low_balance_threshold` (asset kinds only, any amount); null
 * clears one. A field that does not fit the kind answers 400.
 */
const kindFields = {
  kind: Type.Optional(AccountKindSchema),
  credit_limit: Type.Optional(NullableAmount),
  low_balance_threshold: Type.Optional(NullableAmount),
};

/** POST /api/accounts/. Names are unique per household, case-insensitively (409 with message). */
export const CreateAccountBody = Type.Object(
  { name: Name(LEDGER_LIMITS.accountName, ACCOUNT_NAME_REQUIRED), starting_balance: Amount, ...kindFields },
  { additionalProperties: false },
);
export type CreateAccountBody = Static<typeof CreateAccountBody>;

/**
 * PUT /api/accounts/:id: the name, and any kind field to change (an absent one stays; a kind
 * change drops a limit or threshold the new kind cannot have).
 */
export const RenameAccountBody = Type.Object(
  { name: Name(LEDGER_LIMITS.accountName, ACCOUNT_NAME_REQUIRED), ...kindFields },
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

/**
 * One line of a split row as requests send it: a category (null: uncategorised), an amount
 * (2 decimals at most; zero only while a client edits, never saved) and notes. A row's lines sum
 * exactly to its amount (docs/rules in domain.md "Split transactions").
 */
export const SPLIT_LINE_FIELDS = {
  category_id: NullableId,
  amount: Amount,
  notes: Type.Optional(Text(LEDGER_LIMITS.notes)),
};
export const SplitLineInput = Type.Object(SPLIT_LINE_FIELDS, { additionalProperties: false });
export type SplitLineInput = Static<typeof SplitLineInput>;
/**
 * Most lines a request's schema takes: the count rules (2..100, LEDGER_LIMITS) are the domain's,
 * answered with their own message; this bound only keeps a body from holding millions.
 */
export const SPLIT_LINES_SCHEMA_MAX = 1000;
/**
 * `splits` on a create or PUT (and on an import's new row): 2..100 lines; `[]` or null removes
 * the split (the row becomes uncategorised); absent leaves the lines as they are.
 */
export const SplitLinesInput = Type.Union([
  Type.Array(SplitLineInput, { maxItems: SPLIT_LINES_SCHEMA_MAX }),
  Type.Null(),
]);

/** One line of a split row as answers carry it, in the order it was saved. */
export const SplitLine = Type.Object({
  category_id: NullableId,
  /** `Parent: Child` or `Name`; null when the line is uncategorised. */
  category_name: NullableString,
  amount: Type.Number(),
  notes: Type.String(),
});
export type SplitLine = Static<typeof SplitLine>;

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
  /** Part of a finished statement reconciliation (svc-ledger always sends it). */
  reconciled: Type.Optional(Type.Boolean()),
  /**
   * A split row's lines (svc-ledger always sends it: [] when the row is not split). A split row
   * has category_id null and category_name "Split".
   */
  splits: Type.Optional(Type.Array(SplitLine)),
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
export const NEW_TRANSACTION_FIELDS = {
  date: CalendarDateString,
  payee: Payee(LEDGER_LIMITS.payee),
  amount: Amount,
  status: Type.Optional(TransactionStatusInput),
  notes: Type.Optional(Text(LEDGER_LIMITS.notes)),
  category_id: Type.Optional(NullableId),
  /** Category by name (`Parent: Child` or `Name`), used when category_id is absent; unknown -> 400. */
  category: Type.Optional(
    Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: LEDGER_LIMITS.categoryName * 2 + 2 }),
  ),
  /** Split lines (2..100, summing exactly to `amount`); the row's category then is none. Not on a transfer. */
  splits: Type.Optional(SplitLinesInput),
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
    payee: Type.Optional(Payee(LEDGER_LIMITS.payee)),
    amount: Type.Optional(Amount),
    status: Type.Optional(TransactionStatusInput),
    notes: Type.Optional(Text(LEDGER_LIMITS.notes)),
    category_id: Type.Optional(NullableId),
    category: Type.Optional(
      Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: LEDGER_LIMITS.categoryName * 2 + 2 }),
    ),
    /**
     * New lines (they replace the old ones; [] or null unsplits). A split row's new `amount`
     * needs lines that sum to it (send both), else 400. A category given with no `splits`
     * unsplits the row into that category.
     */
    splits: Type.Optional(SplitLinesInput),
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
  /** A split row's lines ([] when not split; svc-ledger always sends it). */
  splits: Type.Optional(Type.Array(SplitLine)),
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
/**
 * The bulk categorize answer: how many rows were asked for, how many actually changed and how
 * many split rows were left as they are (svc-ledger always sends `skipped_split`).
 */
export const BulkCategorizeResponse = Type.Object({
  message: Type.String(),
  selected: Type.Integer(),
  changed: Type.Integer(),
  skipped_split: Type.Optional(Type.Integer()),
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

/**
 * GET /api/payees/usage: every payee of the household's actual rows (not budgeted, not transfer
 * legs, not an account's name) with its row count and last date, most used first.
 */
export const PayeeUsage = Type.Object({ payee: Type.String(), count: Type.Integer(), last_date: Type.String() });
export type PayeeUsage = Static<typeof PayeeUsage>;
export const PayeeUsageList = Type.Array(PayeeUsage);
export type PayeeUsageList = Static<typeof PayeeUsageList>;

/**
 * POST /api/payees/rename: `from` (a payee exactly as listed) becomes `to` (the Name rule) on every
 * actual row of the household; onto an existing name it merges them. `dry_run: true` answers the
 * same counts and changes nothing. A transfer payee (an account's name), a payee with no rows and
 * the same name answer 400.
 */
export const RenamePayeeBody = Type.Object(
  {
    from: Text(LEDGER_LIMITS.payee, 1),
    to: Payee(LEDGER_LIMITS.payee),
    dry_run: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type RenamePayeeBody = Static<typeof RenamePayeeBody>;
export const RenamePayeeResponse = Type.Object({
  message: Type.String(),
  from: Type.String(),
  to: Type.String(),
  /** Rows that change (or would, on a dry run). */
  renamed: Type.Integer(),
  /** Rows that already had the name `to` before the rename (> 0: a merge). */
  existing: Type.Integer(),
  dry_run: Type.Boolean(),
});
export type RenamePayeeResponse = Static<typeof RenamePayeeResponse>;

/**
 * GET /api/payees/suggestion?payee=&amount=&account_id=&today=: the category for a new row with that
 * payee. From history: the category most used with the payee (case-insensitive) on actual rows
 * dated in the 12 months up to `today` (the caller's local date; default the server's), ties to
 * the most recent. All fields null when there is none.
 */
export const PayeeSuggestionQuery = Type.Object(
  {
    payee: Text(LEDGER_LIMITS.payee),
    amount: Type.Optional(Amount),
    account_id: Type.Optional(Id),
    today: Type.Optional(CalendarDateString),
  },
  { additionalProperties: false },
);
export type PayeeSuggestionQuery = Static<typeof PayeeSuggestionQuery>;
export const SUGGESTION_SOURCES = ['rule', 'history'] as const;
export const PayeeSuggestion = Type.Object({
  category_id: NullableId,
  category_name: NullableString,
  source: Type.Unsafe<(typeof SUGGESTION_SOURCES)[number] | null>({
    type: ['string', 'null'],
    enum: [...SUGGESTION_SOURCES, null],
  }),
  rule_id: NullableId,
});
export type PayeeSuggestion = Static<typeof PayeeSuggestion>;

// ---------------------------------------------------------------------------------------------
// Statement reconciliation (docs/decisions/0125-statement-reconciliation.md)
// ---------------------------------------------------------------------------------------------

/** POST /api/accounts/:id/reconciliations: opens one (or answers the open one, with these values). */
export const OpenReconciliationBody = Type.Object(
  { statement_date: CalendarDateString, statement_balance: Amount },
  { additionalProperties: false },
);
export type OpenReconciliationBody = Static<typeof OpenReconciliationBody>;

/** POST /api/accounts/:id/reconciliations/:rid/finish */
export const FinishReconciliationBody = Type.Object(
  { adjust: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type FinishReconciliationBody = Static<typeof FinishReconciliationBody>;

export const ReconciliationParams = Type.Object({ id: Id, rid: Id }, { additionalProperties: false });
export type ReconciliationParams = Static<typeof ReconciliationParams>;

/** A statement reconciliation; money in the register's units. */
export const Reconciliation = Type.Object({
  id: Id,
  account_id: Id,
  statement_date: Type.String(),
  statement_balance: Type.Number(),
  /** open | finished */
  status: Type.Union([Type.Literal('open'), Type.Literal('finished')]),
  /** starting_balance + cleared rows dated on or before statement_date, now. */
  cleared_balance: Type.Number(),
  /** statement_balance - cleared_balance: what an adjustment would add. */
  difference: Type.Number(),
  /** Rows it marked reconciled (finished only, else 0). */
  reconciled_count: Type.Integer(),
  /** The "Reconciliation adjustment" row it added, or null. */
  adjustment_transaction_id: NullableId,
  finished_at: NullableString,
});
export type Reconciliation = Static<typeof Reconciliation>;

/** GET /api/accounts/:id/reconciliations: the open one and the finished ones, newest first. */
export const ReconciliationList = Type.Object({
  open: Type.Union([Reconciliation, Type.Null()]),
  finished: Type.Array(Reconciliation),
});
export type ReconciliationList = Static<typeof ReconciliationList>;

export const RECONCILIATION_ADJUSTMENT_PAYEE = 'Reconciliation adjustment';
