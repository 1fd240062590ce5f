import {
  SPLIT_CATEGORY_NAME,
  TRANSFER_CATEGORY_NAME,
  type Balances,
  type RegisterRow,
  type TransactionRecord,
} from '@hf/contracts/ledger';
import { fromCents } from '@hf/money';
import { pgArray } from '@hf/service-kit';
import { encodeCursor, type RegisterPosition } from '../domain/cursor';
import { sameLines } from '../domain/splits';
import { historyDiff, rowChanged, type TxRow } from '../domain/transaction-rules';
import type { LedgerWrite } from './events';
import { historyInsert } from './history';
import { rowSplitsSql, saveLines, splitsApiJoin } from './splits';
import { categoryPathSql, epochMicros, isoText, type PoolClient, type Queryable } from './sql';

/** The stored row (money in cents), as TxRow. */
export const rowColumns = (
  t: string,
) => `${t}.id, ${t}.household_id, ${t}.account_id, ${t}.date, ${t}.payee, ${t}.amount, ${t}.status, ${t}.notes,
  ${t}.category_id, ${t}.is_budgeted, ${t}.schedule_id, ${t}.schedule_month, ${t}.transfer_id, ${t}.transfer_account_id,
  ${t}.transfer_transaction_id, ${t}.deleted_at IS NOT NULL AS deleted, ${t}.deleted_reason,
  ${isoText(`${t}.created_at`)} AS created_at, ${isoText(`${t}.updated_at`)} AS updated_at, ${rowSplitsSql(t)} AS splits`;

/** Rows of the household by id, locked for update (deleted ones included). */
export async function lockRows(client: PoolClient, householdId: number, ids: readonly number[]): Promise<TxRow[]> {
  if (ids.length === 0) return [];
  const result = await client.query<TxRow>(
    `SELECT ${rowColumns('t')} FROM transactions t
     JOIN accounts a ON a.id = t.account_id AND a.deleted_at IS NULL
     WHERE t.household_id = $1 AND t.id = ANY($2::int[]) ORDER BY t.id FOR UPDATE OF t`,
    [householdId, ids],
  );
  return result.rows;
}

/**
 * A row and, for a transfer leg, its other leg, both locked. Null when not the household's.
 * Both legs are locked in id order (whichever leg the request names), so two edits of one
 * transfer from its two sides queue instead of deadlocking. One statement: the link is read
 * (`peeked`) and the row and the leg it names are locked together.
 */
export async function lockWithPeer(
  client: PoolClient,
  householdId: number,
  id: number,
): Promise<{ row: TxRow; peer: TxRow | null } | null> {
  for (;;) {
    const result = await client.query<TxRow & { peeked: number | null }>(
      `WITH peek AS MATERIALIZED (SELECT transfer_transaction_id AS peer FROM transactions WHERE household_id = $1 AND id = $2)
       SELECT ${rowColumns('t')}, (SELECT peer FROM peek) AS peeked FROM transactions t
       JOIN accounts a ON a.id = t.account_id AND a.deleted_at IS NULL
       WHERE t.household_id = $1 AND t.id IN ($2, (SELECT peer FROM peek)) ORDER BY t.id FOR UPDATE OF t`,
      [householdId, id],
    );
    const rows = result.rows.map(({ peeked: _, ...row }) => row);
    const row = rows.find((r) => r.id === id);
    if (!row) return null;
    const peerId = result.rows[0].peeked;
    // The link may have changed between reading it and the lock (a concurrent account deletion).
    if (row.transfer_transaction_id !== peerId) continue;
    return { row, peer: peerId === null ? null : (rows.find((r) => r.id === peerId) ?? null) };
  }
}

/** A row to insert: a TxRow before the database stamps it. */
export type NewRow = Omit<TxRow, 'deleted' | 'deleted_reason' | 'created_at' | 'updated_at'>;

/**
 * `n` new transaction ids, consecutive and in order (so callers can link legs before inserting):
 * one block reserved by `allocate_transaction_ids` (migration 013), whatever `n`.
 */
export async function allocateIds(client: Queryable, n: number): Promise<number[]> {
  if (n === 0) return [];
  const result = await client.query<{ first: number }>('SELECT allocate_transaction_ids($1) AS first', [n]);
  const first = result.rows[0].first;
  return Array.from({ length: n }, (_, i) => first + i);
}

export async function nextTransferId(client: PoolClient): Promise<number> {
  const result = await client.query<{ id: number }>(`SELECT nextval('transfer_ids')::int AS id`);
  return result.rows[0].id;
}

/** The columns insertRows writes, with their SQL types. */
const INSERT_COLUMNS = [
  ['id', 'int'],
  ['household_id', 'int'],
  ['account_id', 'int'],
  ['date', 'date'],
  ['payee', 'text'],
  ['amount', 'bigint'],
  ['status', 'text'],
  ['notes', 'text'],
  ['category_id', 'int'],
  ['is_budgeted', 'bool'],
  ['schedule_id', 'int'],
  ['schedule_month', 'text'],
  ['transfer_id', 'int'],
  ['transfer_account_id', 'int'],
  ['transfer_transaction_id', 'int'],
] as const satisfies ReadonlyArray<readonly [keyof NewRow, string]>;

/**
 * Inserts rows in one statement (multi-row INSERT ... SELECT FROM unnest) and returns them in
 * input order. A column with one value in every row (an import's household, account, status,
 * category and its empty transfer and plan columns) is one parameter, not an array of it:
 * PostgreSQL parses 5 arrays instead of 15, a noticeable share of a large INSERT. The stored
 * rows are rebuilt from the input and the transaction's timestamp rather than sent back by the
 * database, which keeps a 10,000-row import cheap.
 */
export async function insertRows(w: LedgerWrite, rows: readonly NewRow[], createdBy: number | null): Promise<TxRow[]> {
  if (rows.length === 0) return [];
  const now = await insertNewRows(w, rows, createdBy);
  return rows.map((r) => storedRow(r, now));
}

/** insertRows without the stored rows: answers the transaction's timestamp they carry (see storedRow). */
export async function insertNewRows(
  w: LedgerWrite,
  rows: readonly NewRow[],
  createdBy: number | null,
): Promise<string> {
  return runInsert(w, rowsInsert(w, rows, createdBy));
}

/** An INSERT of rows built and its rows recorded on the write, not yet sent. */
interface RowsInsert {
  text: string;
  params: unknown[];
  split: NewRow[];
}

/** The INSERT of `rows` (their column arrays built here); the write records the rows it touches and counts. */
function rowsInsert(w: LedgerWrite, rows: readonly NewRow[], createdBy: number | null): RowsInsert {
  w.touchRows(rows);
  w.count(rows, 1);
  const params: unknown[] = [createdBy];
  const values: string[] = [];
  const arrays: string[] = [];
  for (const [name, type] of INSERT_COLUMNS) {
    const first = rows[0][name];
    if (rows.every((r) => r[name] === first)) {
      params.push(first);
      values.push(`$${params.length}::${type}`);
    } else {
      params.push(pgArray(rows.map((r) => r[name])));
      arrays.push(`$${params.length}::${type}[]`);
      values.push(`u.c${arrays.length}`);
    }
  }
  const from =
    arrays.length === 0
      ? ''
      : `FROM unnest(${arrays.join(', ')}) AS u(${arrays.map((_, i) => `c${i + 1}`).join(', ')})`;
  const text = `WITH inserted AS (
       INSERT INTO transactions (${INSERT_COLUMNS.map(([name]) => name).join(', ')}, created_by)
       SELECT ${values.join(', ')}, $1::int ${from}
       RETURNING 1
     )
     SELECT ${isoText('now()')} AS now, (SELECT count(*) FROM inserted) AS n`;
  return { text, params, split: rows.filter((r) => r.splits && r.splits.length > 0) };
}

/** Sends a built INSERT, then its rows' split lines; answers the transaction's timestamp. */
async function runInsert(w: LedgerWrite, insert: RowsInsert): Promise<string> {
  const result = await w.client.query<{ now: string }>(insert.text, insert.params);
  if (insert.split.length > 0) await saveLines(w, insert.split);
  return result.rows[0].now;
}

/** Rows an INSERT of insertRowsInParts holds: a multiple of an event's rows (chunksBySize's 2,000). */
export const INSERT_PART_ROWS = 6_000;

/**
 * Many new rows (an import's) as one INSERT a part of INSERT_PART_ROWS, each part's column arrays
 * built while PostgreSQL inserts the part before, and `alongside(part)` (the part's events) run
 * while its own INSERT runs: the database and JavaScript work at once instead of in turn. The
 * statements go one after the other on the write's connection (never two at once); a part that
 * fails fails the write, which rolls back every part.
 */
export async function insertRowsInParts(
  w: LedgerWrite,
  rows: readonly NewRow[],
  createdBy: number | null,
  alongside: (part: readonly NewRow[]) => Promise<void>,
): Promise<void> {
  let running: Promise<string> | null = null;
  for (let start = 0; start < rows.length; start += INSERT_PART_ROWS) {
    const part = rows.slice(start, start + INSERT_PART_ROWS);
    const insert = rowsInsert(w, part, createdBy);
    if (running) await running;
    running = runInsert(w, insert);
    running.catch(() => undefined); // awaited on the next turn or below; a refusal rolls the write back
    await alongside(part);
  }
  if (running) await running;
}

/** The transaction's timestamp (what insertRows stamps rows with), as ISO text. */
export async function transactionNow(client: PoolClient): Promise<string> {
  const result = await client.query<{ now: string }>(`SELECT ${isoText('now()')} AS now`);
  return result.rows[0].now;
}

/** A row as insertRows stores it at `now` (every field written out: a spread would make a slow dictionary object). */
export function storedRow(r: NewRow, now: string): TxRow {
  return {
    id: r.id,
    household_id: r.household_id,
    account_id: r.account_id,
    date: r.date,
    payee: r.payee,
    amount: r.amount,
    status: r.status,
    notes: r.notes,
    category_id: r.category_id,
    is_budgeted: r.is_budgeted,
    schedule_id: r.schedule_id,
    schedule_month: r.schedule_month,
    transfer_id: r.transfer_id,
    transfer_account_id: r.transfer_account_id,
    transfer_transaction_id: r.transfer_transaction_id,
    deleted: false,
    deleted_reason: null,
    created_at: now,
    updated_at: now,
    splits: r.splits && r.splits.length > 0 ? r.splits : null,
  };
}

export interface RowChange {
  before: TxRow;
  after: TxRow;
  /** The row as the API answers it, after the change (only when asked for: persistChanges `records`). */
  record?: TransactionRecord;
}

export interface PersistOptions {
  /** The same statement records each change in the history under this action. */
  historyAction?: string;
  /** The same statement reads each changed row back in API form too (RowChange.record). */
  records?: boolean;
}

/**
 * A row given a category (or made a transfer leg) has no lines any more: a write that sets the
 * category of a split row (a rule, an undo) unsplits it, as a PUT with a category does.
 */
function withoutStaleLines(row: TxRow): TxRow {
  if (!row.splits || row.splits.length === 0 || (row.category_id === null && row.transfer_id === null)) return row;
  return { ...row, splits: null };
}

/**
 * Writes every changed row in one statement and returns the changes with the stored `after`
 * (new updated_at, strictly later than the previous one). Unchanged pairs are dropped. The
 * registers of both accounts of a moved row change.
 */
export async function persistChanges(
  w: LedgerWrite,
  pairs: ReadonlyArray<{ before: TxRow; after: TxRow | null }>,
  options: PersistOptions = {},
): Promise<RowChange[]> {
  const { historyAction, records = false } = options;
  const changed = pairs
    .map((p) => ({ before: p.before, after: p.after && withoutStaleLines(p.after) }))
    .filter((p): p is RowChange => p.after !== null && rowChanged(p.before, p.after));
  if (changed.length === 0) return [];
  const rows = changed.map((p) => p.after);
  const col = <K extends Exclude<keyof TxRow, 'splits'>>(k: K) => pgArray(rows.map((r) => r[k]));
  w.touchRows(changed.flatMap((p) => [p.before, p.after]));
  w.count(
    changed.map((p) => p.before),
    -1,
  );
  w.count(rows, 1);
  // Lines first: the UPDATE's RETURNING reads them back.
  await saveLines(
    w,
    rows.filter((r, i) => !sameLines(changed[i].before.splits, r.splits)),
  );
  const history =
    historyAction === undefined
      ? null
      : historyInsert(
          15,
          w.householdId,
          w.userId,
          changed.map((c) => ({
            transaction_id: c.after.id,
            action: historyAction,
            ...historyDiff(c.before, c.after),
          })),
        );
  // The CTE answers the stored columns; the final SELECT reads them as TxRow (and in API form).
  const result = await w.client.query<TxRow & { record?: RecordRow }>(
    `WITH changed AS (UPDATE transactions t SET account_id = u.account_id, date = u.date, payee = u.payee, amount = u.amount, status = u.status,
       notes = u.notes, category_id = u.category_id, is_budgeted = u.is_budgeted, transfer_id = u.transfer_id,
       transfer_account_id = u.transfer_account_id, transfer_transaction_id = u.transfer_transaction_id,
       deleted_at = CASE WHEN u.deleted THEN coalesce(t.deleted_at, now()) END,
       deleted_reason = CASE WHEN u.deleted THEN u.deleted_reason END,
       updated_at = greatest(clock_timestamp(), t.updated_at + interval '1 microsecond')
     FROM unnest($1::int[], $2::int[], $3::date[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::int[], $9::bool[],
       $10::int[], $11::int[], $12::int[], $13::bool[], $14::text[])
       AS u(id, account_id, date, payee, amount, status, notes, category_id, is_budgeted, transfer_id, transfer_account_id,
            transfer_transaction_id, deleted, deleted_reason)
     WHERE t.id = u.id
     RETURNING t.*)${history ? `, recorded AS (${history.sql})` : ''}
     SELECT ${rowColumns('t')}${records ? `, (SELECT to_json(r) FROM (SELECT ${recordColumns}) r) AS record` : ''}
     FROM changed t ${records ? recordJoins : ''}`,
    [
      col('id'),
      col('account_id'),
      col('date'),
      col('payee'),
      col('amount'),
      col('status'),
      col('notes'),
      col('category_id'),
      col('is_budgeted'),
      col('transfer_id'),
      col('transfer_account_id'),
      col('transfer_transaction_id'),
      col('deleted'),
      col('deleted_reason'),
      ...(history?.params ?? []),
    ],
  );
  const byId = new Map(result.rows.map(({ record, ...row }) => [row.id, { after: row, record }]));
  return changed.map((p) => {
    const { after, record } = byId.get(p.after.id)!;
    return record ? { before: p.before, after, record: toRecord(record) } : { before: p.before, after };
  });
}

/** Removes rows for good (only generated budgeted rows that their schedule no longer wants). */
export async function hardDeleteRows(w: LedgerWrite, rows: readonly TxRow[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  w.touchRows(rows);
  w.count(rows, -1);
  await w.client.query('DELETE FROM transaction_changes WHERE transaction_id = ANY($1::int[])', [ids]);
  await w.client.query('DELETE FROM transactions WHERE id = ANY($1::int[])', [ids]);
}

// ----------------------------------------------------------------------------------------------
// Reads in API form
// ----------------------------------------------------------------------------------------------

const categoryNameSql = `CASE WHEN t.transfer_id IS NOT NULL THEN '${TRANSFER_CATEGORY_NAME}'
  WHEN c.id IS NULL THEN (CASE WHEN sl.splits IS NULL THEN NULL ELSE '${SPLIT_CATEGORY_NAME}' END)
  ELSE ${categoryPathSql('c', 'p')} END`;

const recordColumns = `t.id, t.account_id, a.name AS account_name, t.date,
  CASE WHEN ta.id IS NOT NULL THEN ta.name ELSE t.payee END AS payee, t.amount, t.status, t.notes, t.category_id,
  ${categoryNameSql} AS category_name, t.is_budgeted, t.transfer_id, t.transfer_account_id, t.transfer_transaction_id,
  ${isoText('t.created_at')} AS created_at, ${isoText('t.updated_at')} AS updated_at,
  t.reconciliation_id IS NOT NULL AS reconciled, sl.splits`;

const recordJoins = `JOIN accounts a ON a.id = t.account_id
  LEFT JOIN accounts ta ON ta.id = t.transfer_account_id
  LEFT JOIN categories c ON c.id = t.category_id
  LEFT JOIN categories p ON p.id = c.parent_id
  ${splitsApiJoin('t')}`;

interface RecordRow extends Omit<TransactionRecord, 'category' | 'splits'> {
  amount: number;
  splits: TransactionRecord['splits'] | null;
}

function toRecord(r: RecordRow): TransactionRecord {
  return {
    id: r.id,
    account_id: r.account_id,
    account_name: r.account_name,
    date: r.date,
    payee: r.payee,
    amount: fromCents(r.amount),
    status: r.status,
    notes: r.notes,
    category_id: r.category_id,
    category_name: r.category_name,
    category: r.category_name,
    is_budgeted: r.is_budgeted,
    transfer_id: r.transfer_id,
    transfer_account_id: r.transfer_account_id,
    transfer_transaction_id: r.transfer_transaction_id,
    created_at: r.created_at,
    updated_at: r.updated_at,
    reconciled: r.reconciled ?? false,
    splits: r.splits ?? [],
  };
}

/** Rows of the household in API form, in the order of `ids` (missing ids are skipped). */
export async function recordsByIds(
  q: Queryable,
  householdId: number,
  ids: readonly number[],
): Promise<TransactionRecord[]> {
  if (ids.length === 0) return [];
  const result = await q.query<RecordRow>(
    `SELECT ${recordColumns} FROM transactions t ${recordJoins} WHERE t.household_id = $1 AND t.id = ANY($2::int[])`,
    [householdId, ids],
  );
  const byId = new Map(result.rows.map((r) => [r.id, toRecord(r)]));
  return ids.map((id) => byId.get(id)).filter((r): r is TransactionRecord => r !== undefined);
}

export async function recordById(q: Queryable, householdId: number, id: number): Promise<TransactionRecord> {
  const [record] = await recordsByIds(q, householdId, [id]);
  if (!record) throw new Error(`transaction ${id} vanished`);
  return record;
}

export interface RegisterPageResult {
  rows: RegisterRow[];
  balance_before: Balances;
  prev_cursor: string | null;
  next_cursor: string | null;
  total: number;
}

const positionParams = (p: RegisterPosition) => [p.date, p.createdMicros, p.id];
const positionSql = (i: number) =>
  `($${i}::date, timestamptz 'epoch' + $${i + 1}::bigint * interval '1 microsecond', $${i + 2}::int)`;

/** A row of registerPage's statement: the page's aggregates on every row, then a page row (none when the page is empty). */
type RegisterPageRow = RecordRow & {
  created_micros: string;
  page_running: number;
  page_pending: number;
  page_cleared: number;
} & {
  total: number;
  n_before: number;
  before_running: number;
  before_pending: number;
  before_cleared: number;
};

/**
 * registerPage's statement (one statement, one snapshot): the page, then the sums of every
 * earlier row (balances before the page) and the count, over the register index of this account.
 * `where` bounds the page by a cursor ($4..$6); `order` DESC takes the rows before it.
 */
const registerPageSql = (where: string, order: 'ASC' | 'DESC') =>
  `WITH page AS (
     SELECT t.* FROM transactions t
     WHERE t.account_id = $2 AND t.household_id = $1 AND t.deleted_at IS NULL ${where}
     ORDER BY t.date ${order}, t.created_at ${order}, t.id ${order} LIMIT $3
   ),
   first AS (SELECT p.date, p.created_at, p.id FROM page p ORDER BY p.date, p.created_at, p.id LIMIT 1),
   marked AS (
     SELECT t.amount, t.status,
       coalesce(ROW(t.date, t.created_at, t.id) < (SELECT f.date, f.created_at, f.id FROM first f), true) AS is_before
     FROM transactions t WHERE t.account_id = $2 AND t.household_id = $1 AND t.deleted_at IS NULL
   ),
   agg AS (
     SELECT count(*)::int AS total, count(*) FILTER (WHERE is_before)::int AS n_before,
       coalesce(sum(amount) FILTER (WHERE is_before), 0)::bigint AS before_running,
       coalesce(sum(amount) FILTER (WHERE is_before AND status <> ''), 0)::bigint AS before_pending,
       coalesce(sum(amount) FILTER (WHERE is_before AND status = 'x'), 0)::bigint AS before_cleared
     FROM marked
   ),
   page_rows AS (
     SELECT ${recordColumns}, ${epochMicros('t.created_at')}::text AS created_micros,
       (sum(t.amount) OVER w)::bigint AS page_running,
       coalesce(sum(t.amount) FILTER (WHERE t.status <> '') OVER w, 0)::bigint AS page_pending,
       coalesce(sum(t.amount) FILTER (WHERE t.status = 'x') OVER w, 0)::bigint AS page_cleared,
       row_number() OVER w AS ord
     FROM page t ${recordJoins}
     WINDOW w AS (ORDER BY t.date, t.created_at, t.id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
   )
   SELECT agg.*, page_rows.* FROM agg LEFT JOIN page_rows ON true ORDER BY page_rows.ord`;

/**
 * One page of the register. The page's rows are selected through the register index; the
 * balances before the page come from one SUM over the earlier rows, and the window runs over
 * the page only.
 */
export async function registerPage(
  q: Queryable,
  householdId: number,
  account: { id: number; starting_balance: number },
  options: { limit: number; before?: RegisterPosition; after?: RegisterPosition },
): Promise<RegisterPageResult> {
  const { limit } = options;
  let where = '';
  let order: 'ASC' | 'DESC' = 'DESC';
  const params: unknown[] = [householdId, account.id, limit];
  if (options.after) {
    where = `AND (t.date, t.created_at, t.id) > ${positionSql(4)}`;
    order = 'ASC';
    params.push(...positionParams(options.after));
  } else if (options.before) {
    where = `AND (t.date, t.created_at, t.id) < ${positionSql(4)}`;
    params.push(...positionParams(options.before));
  }
  const result = await q.query<RegisterPageRow>(registerPageSql(where, order), params);
  const agg = result.rows[0];
  const rows = result.rows.filter((r) => r.id !== null);
  const first = rows[0];
  const firstPosition = first ? { date: first.date, createdMicros: first.created_micros, id: first.id } : null;
  const running = account.starting_balance + agg.before_running;
  const pending = account.starting_balance + agg.before_pending;
  const cleared = account.starting_balance + agg.before_cleared;
  const balance_before = { running: fromCents(running), pending: fromCents(pending), cleared: fromCents(cleared) };
  const out: RegisterRow[] = rows.map((r) => ({
    ...toRecord(r),
    running: fromCents(running + r.page_running),
    pending: fromCents(pending + r.page_pending),
    cleared: fromCents(cleared + r.page_cleared),
  }));
  const last = rows[rows.length - 1];
  const hasEarlier = agg.n_before > 0;
  const hasLater = agg.n_before + rows.length < agg.total;
  return {
    rows: out,
    balance_before,
    prev_cursor: first && hasEarlier ? encodeCursor(firstPosition!) : null,
    next_cursor:
      last && hasLater ? encodeCursor({ date: last.date, createdMicros: last.created_micros, id: last.id }) : null,
    total: agg.total,
  };
}

/** Every row of an account (deleted ones included), locked for update. */
export async function lockAccountRows(client: PoolClient, householdId: number, accountId: number): Promise<TxRow[]> {
  const result = await client.query<TxRow>(
    `SELECT ${rowColumns('t')} FROM transactions t WHERE t.household_id = $1 AND t.account_id = $2 ORDER BY t.id FOR UPDATE`,
    [householdId, accountId],
  );
  return result.rows;
}

/** Advisory lock key (with the schedule id) held by a write of a schedule's budgeted rows. */
const LOCK_SCHEDULE = 7_272_903;

/** One schedule's month as a single 64-bit advisory key (a key space apart from the two-key locks). */
const scheduleMonthKey = (scheduleId: number, month: string) =>
  scheduleId * 2 ** 20 + Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));

/**
 * Rows of the household generated for a schedule (every occurrence of one month `YYYY-MM`, or
 * all), locked for update. `schedule_month` is the month or `YYYY-MM#n` (domain/schedule-occurrence.ts).
 * Writers of one schedule's month are serialised first: locking rows does not cover an occurrence
 * that has none yet, and two writes (a route's and the retry worker's) must not both create it.
 */
export async function lockScheduleRows(
  client: PoolClient,
  householdId: number,
  scheduleId: number,
  month?: string,
): Promise<TxRow[]> {
  // A month's write shares the schedule's lock and holds its month's; a write of every month holds
  // the schedule's alone: the months of one schedule are still written in parallel.
  if (month === undefined) await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_SCHEDULE, scheduleId]);
  else
    await client.query('SELECT pg_advisory_xact_lock_shared($1, $2), pg_advisory_xact_lock($3::bigint)', [
      LOCK_SCHEDULE,
      scheduleId,
      scheduleMonthKey(scheduleId, month),
    ]);
  const result = await client.query<TxRow>(
    `SELECT ${rowColumns('t')} FROM transactions t
     WHERE t.household_id = $1 AND t.schedule_id = $2
       AND ($3::text IS NULL OR t.schedule_month = $3 OR left(t.schedule_month, 8) = $3 || '#')
     ORDER BY t.id FOR UPDATE`,
    [householdId, scheduleId, month ?? null],
  );
  return result.rows;
}

/**
 * `lockScheduleRows` for several months of one schedule in two statements: the months' locks
 * (taken in month order, as every writer does) and their rows, by month `YYYY-MM`.
 */
export async function lockScheduleMonths(
  client: PoolClient,
  householdId: number,
  scheduleId: number,
  months: readonly string[],
): Promise<Map<string, TxRow[]>> {
  const sorted = [...months].sort();
  await client.query('SELECT pg_advisory_xact_lock_shared($1, $2)', [LOCK_SCHEDULE, scheduleId]);
  await client.query('SELECT pg_advisory_xact_lock(k) FROM (SELECT unnest($1::bigint[]) AS k) keys', [
    sorted.map((m) => scheduleMonthKey(scheduleId, m)),
  ]);
  const result = await client.query<TxRow>(
    `SELECT ${rowColumns('t')} FROM transactions t
     WHERE t.household_id = $1 AND t.schedule_id = $2 AND left(t.schedule_month, 7) = ANY($3::text[])
     ORDER BY t.id FOR UPDATE`,
    [householdId, scheduleId, sorted],
  );
  const byMonth = new Map<string, TxRow[]>(sorted.map((m) => [m, []]));
  for (const row of result.rows) byMonth.get(row.schedule_month!.slice(0, 7))?.push(row);
  return byMonth;
}

/** Whether a transaction id (deleted or not) belongs to the household. */
export async function transactionExists(q: Queryable, householdId: number, id: number): Promise<boolean> {
  const result = await q.query('SELECT 1 FROM transactions WHERE household_id = $1 AND id = $2', [householdId, id]);
  return (result.rowCount ?? 0) > 0;
}

/** Live (non-deleted) rows of the household with id > `afterId`, in id order, at most `limit` (replay). */
export async function liveRowsAfter(
  q: Queryable,
  householdId: number,
  afterId: number,
  limit: number,
): Promise<TxRow[]> {
  const result = await q.query<TxRow>(
    `SELECT ${rowColumns('t')} FROM transactions t
     WHERE t.household_id = $1 AND t.id > $2 AND t.deleted_at IS NULL ORDER BY t.id LIMIT $3`,
    [householdId, afterId, limit],
  );
  return result.rows;
}
