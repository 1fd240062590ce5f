// svc-ledger's internal API: service to service (header x-internal-token), never routed by the
// gateway. Money is integer cents (`amount_cents`), as the ledger stores it: the services convert
// at their own public edges, never on the way between them. `@hf/ledger-client` calls it.
import Type, { type Static } from 'typebox';
import { CalendarDateString, Id, NullableId, Text } from './common';
import { LEDGER_LIMITS } from './ledger-limits';
import { Payee } from './names';
import { NEW_TRANSACTION_FIELDS, SPLIT_LINE_FIELDS, SPLIT_LINES_SCHEMA_MAX, TransactionStatus } from './ledger';
import { LedgerAccountSnapshotV2, LedgerCategorySnapshot, LedgerTransactionSnapshot } from './ledger-events';

/** Most occurrences a schedule has in a month (weekly: 5; the schema allows a daily one). */
export const BUDGETED_DATES_PER_MONTH = 31;
/** Most months one schedule-wide call writes (the horizon is 12). */
export const BUDGETED_MONTHS_PER_CALL = 36;

/** Money on the internal API: integer cents, bounded like the public amounts (10^12 dollars either way). */
export const AmountCents = Type.Integer({ minimum: -100_000_000_000_000, maximum: 100_000_000_000_000 });

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
  amount_cents: Type.Integer(),
  status: TransactionStatus,
  is_budgeted: Type.Boolean(),
  category_id: NullableId,
  transfer_id: NullableId,
});
export type Candidate = Static<typeof Candidate>;
export const CandidateList = Type.Array(Candidate);
export type CandidateList = Static<typeof CandidateList>;

const { amount: _dollars, splits: _splits, ...NEW_ROW_FIELDS } = NEW_TRANSACTION_FIELDS;
const { amount: _lineDollars, ...SPLIT_LINE_REST } = SPLIT_LINE_FIELDS;

/** One line of a bulk row's split: the public create's line, the amount in cents. */
export const BulkSplitLine = Type.Object(
  { ...SPLIT_LINE_REST, amount_cents: AmountCents },
  { additionalProperties: false },
);
export type BulkSplitLine = Static<typeof BulkSplitLine>;

/**
 * One row of a bulk create: the register's new-row fields, the amounts in cents. `splits`: the
 * row's lines, checked by the public create's rules (2..100, none zero, summing exactly to
 * `amount_cents`, categories of the household); a row with lines has no category of its own.
 */
export const BulkTransactionInput = Type.Object(
  {
    ...NEW_ROW_FIELDS,
    amount_cents: AmountCents,
    splits: Type.Optional(Type.Union([Type.Array(BulkSplitLine, { maxItems: SPLIT_LINES_SCHEMA_MAX }), Type.Null()])),
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
          { id: Id, date: Type.Optional(CalendarDateString), amount_cents: Type.Optional(AmountCents) },
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
 * PUT /internal/budgeted-rows: the budgeted rows of (schedule_id, month), one per date of `dates`
 * (or the one `date`: send exactly one of them), all with the same amount. The month's n-th date
 * is its n-th occurrence: its row is created or updated, and the month's still-budgeted rows
 * beyond the list are removed. An occurrence whose row became actual (edited, cleared, deleted by
 * the user) is not re-created and its row is left as it is (`detached`). When the payee is another
 * account's name each row is a budgeted transfer pair.
 */
export const UpsertBudgetedRowBody = Type.Object(
  {
    household_id: Id,
    account_id: Id,
    schedule_id: Id,
    /** `YYYY-MM` */
    month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
    /** One occurrence (the month's only one). */
    date: Type.Optional(CalendarDateString),
    /** The month's occurrences in order (a weekend-moved one may lie outside the month). */
    dates: Type.Optional(Type.Array(CalendarDateString, { minItems: 1, maxItems: BUDGETED_DATES_PER_MONTH })),
    payee: Payee(LEDGER_LIMITS.payee),
    /** Signed: negative for a planned payment; every occurrence's. */
    amount_cents: AmountCents,
    category_id: Type.Optional(NullableId),
    notes: Type.Optional(Text(LEDGER_LIMITS.notes)),
  },
  { additionalProperties: false },
);
export type UpsertBudgetedRowBody = Static<typeof UpsertBudgetedRowBody>;
const BudgetedRowState = Type.Union([
  Type.Literal('created'),
  Type.Literal('updated'),
  Type.Literal('unchanged'),
  Type.Literal('detached'),
]);
/**
 * `rows`: each occurrence's state and this account's row; `state` and `transaction_id`: the first
 * occurrence's (one date: the answer as before several were possible).
 */
export const UpsertBudgetedRowResponse = Type.Object({
  state: BudgetedRowState,
  transaction_id: NullableId,
  rows: Type.Array(Type.Object({ date: CalendarDateString, state: BudgetedRowState, transaction_id: NullableId })),
  /** Still-budgeted rows of the month beyond its dates, removed. */
  removed: Type.Integer(),
});
export type UpsertBudgetedRowResponse = Static<typeof UpsertBudgetedRowResponse>;

/**
 * PUT /internal/budgeted-rows/schedule: several months of one schedule in one ledger write, each
 * month as `PUT /internal/budgeted-rows` does it (its n-th date is its n-th occurrence, rows that
 * became actual stay); a month with no dates loses its still-budgeted rows.
 */
export const SyncScheduleRowsBody = Type.Object(
  {
    household_id: Id,
    account_id: Id,
    schedule_id: Id,
    payee: Payee(LEDGER_LIMITS.payee),
    category_id: Type.Optional(NullableId),
    notes: Type.Optional(Text(LEDGER_LIMITS.notes)),
    months: Type.Array(
      Type.Object(
        {
          /** `YYYY-MM`, each at most once. */
          month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
          dates: Type.Array(CalendarDateString, { maxItems: BUDGETED_DATES_PER_MONTH }),
          /** Signed: negative for a planned payment; each of the month's occurrences. */
          amount_cents: AmountCents,
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: BUDGETED_MONTHS_PER_CALL },
    ),
  },
  { additionalProperties: false },
);
export type SyncScheduleRowsBody = Static<typeof SyncScheduleRowsBody>;
export const SyncScheduleRowsResponse = Type.Object({
  months: Type.Array(
    Type.Object({
      month: Type.String(),
      rows: UpsertBudgetedRowResponse.properties.rows,
      removed: Type.Integer(),
    }),
  ),
});
export type SyncScheduleRowsResponse = Static<typeof SyncScheduleRowsResponse>;

/** DELETE /internal/budgeted-rows: removes still-budgeted rows of the schedule (every occurrence of one month, or all). */
export const DeleteBudgetedRowsBody = Type.Object(
  { household_id: Id, schedule_id: Id, month: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}$' })) },
  { additionalProperties: false },
);
export type DeleteBudgetedRowsBody = Static<typeof DeleteBudgetedRowsBody>;
export const DeleteBudgetedRowsResponse = Type.Object({ deleted: Type.Integer() });
export type DeleteBudgetedRowsResponse = Static<typeof DeleteBudgetedRowsResponse>;

// ---------------------------------------------------------------------------------------------
// Replay of one household, for rebuilding a read model (svc-reports, svc-budget)
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

/**
 * POST /internal/replay/head (svc-ledger): the ledger's latest event sequence. A read model asks
 * it when a client's X-Min-Sequence is ahead of what it has applied: beyond the head, no wait.
 */
export const ReplayHead = Type.Object({ sequence: Type.Integer() });
export type ReplayHead = Static<typeof ReplayHead>;

/** POST /internal/replay/households (svc-ledger): every household with an account, ever. */
export const ReplayHouseholds = Type.Object({ household_ids: Type.Array(Type.Integer()), sequence: Type.Integer() });
export type ReplayHouseholds = Static<typeof ReplayHouseholds>;

export const ReplayPage = Type.Object({
  /** First page only (else null): the outbox sequence this state includes every event up to. */
  sequence: Type.Union([Type.Integer(), Type.Null()]),
  /** First page only (else empty): live accounts and categories. */
  accounts: Type.Array(LedgerAccountSnapshotV2),
  categories: Type.Array(LedgerCategorySnapshot),
  /** Non-deleted rows with id > after_id, in id order. */
  transactions: Type.Array(LedgerTransactionSnapshot),
  next_after_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type ReplayPage = Static<typeof ReplayPage>;
