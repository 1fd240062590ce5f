import type { ChangeEntry } from '../domain/undo';
import { isoText, type PoolClient, type Queryable } from './sql';

export interface HistoryEntry {
  transaction_id: number;
  action: string;
  old_values: Record<string, unknown>;
  new_values: Record<string, unknown>;
}

/**
 * The INSERT of change-history entries, its parameters numbered from `first` (so another
 * statement can carry it as a CTE), and their values.
 */
export function historyInsert(
  first: number,
  householdId: number,
  userId: number | null,
  entries: readonly HistoryEntry[],
): { sql: string; params: unknown[] } {
  const p = (n: number) => `$${first + n}`;
  return {
    sql: `INSERT INTO transaction_changes (household_id, transaction_id, action, user_id, old_values, new_values)
     SELECT ${p(0)}::int, u.transaction_id, u.action, ${p(1)}::int, u.old_values, u.new_values
     FROM unnest(${p(2)}::int[], ${p(3)}::text[], ${p(4)}::jsonb[], ${p(5)}::jsonb[]) AS u(transaction_id, action, old_values, new_values)`,
    params: [
      householdId,
      userId,
      entries.map((e) => e.transaction_id),
      entries.map((e) => e.action),
      entries.map((e) => JSON.stringify(e.old_values)),
      entries.map((e) => JSON.stringify(e.new_values)),
    ],
  };
}

/** Records change-history entries (one statement for any number). */
export async function insertHistory(
  client: PoolClient,
  householdId: number,
  userId: number | null,
  entries: readonly HistoryEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const { sql, params } = historyInsert(1, householdId, userId, entries);
  await client.query(sql, params);
}

/**
 * One "imported" entry for an import's new rows (decision 0127): stored on its first row, with
 * the count and the id ranges of the rows (`{count, ranges: [[first, last], ...]}`; one range
 * when the ids are consecutive, the usual case). A row's history finds it by range, the activity
 * page shows it once. A row per imported row cost ~0.5-1.7 s per 50,000 rows (four indexes).
 */
export async function insertImportedHistory(
  client: PoolClient,
  householdId: number,
  userId: number | null,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const ranges: Array<[number, number]> = [];
  for (const id of ids) {
    const last = ranges[ranges.length - 1];
    if (last && id === last[1] + 1) last[1] = id;
    else ranges.push([id, id]);
  }
  await client.query(
    `INSERT INTO transaction_changes (household_id, transaction_id, action, user_id, new_values)
     VALUES ($1, $2, 'imported', $3, $4::jsonb)`,
    [householdId, ids[0], userId, JSON.stringify({ count: ids.length, ranges })],
  );
}

/** A recorded change with its member's name: the shape undo reads (domain/undo.ts). */
export type HistoryRow = ChangeEntry;

const changeColumns = `c.id::int AS id, c.transaction_id, c.action, c.user_id, m.name AS user_name,
  ${isoText('c.changed_at')} AS changed_at, c.old_values, c.new_values`;
const memberJoin = 'LEFT JOIN member_names m ON m.household_id = c.household_id AND m.user_id = c.user_id';

/** A row's history, newest first. */
export async function historyOf(q: Queryable, householdId: number, transactionId: number): Promise<HistoryRow[]> {
  const result = await q.query<HistoryRow>(
    `SELECT ${changeColumns} FROM transaction_changes c ${memberJoin}
     WHERE c.household_id = $1 AND c.transaction_id = $2 AND c.action <> 'imported'
     UNION ALL
     SELECT c.id::int AS id, $2::int AS transaction_id, c.action, c.user_id, m.name AS user_name,
       ${isoText('c.changed_at')} AS changed_at, '{}'::jsonb AS old_values,
       jsonb_build_object('count', c.new_values->'count') AS new_values
     FROM transaction_changes c ${memberJoin}
     WHERE c.household_id = $1 AND c.action = 'imported' AND c.transaction_id <= $2
       AND EXISTS (SELECT 1 FROM jsonb_array_elements(c.new_values->'ranges') r
                   WHERE $2 BETWEEN (r->>0)::int AND (r->>1)::int)
     ORDER BY id DESC`,
    [householdId, transactionId],
  );
  return result.rows;
}

/**
 * Remembers the display name a member's token carries (decision 0127): one upsert, which writes
 * only when the name is new or changed.
 */
export async function rememberMemberName(
  q: Queryable,
  householdId: number,
  userId: number,
  name: string,
): Promise<void> {
  await q.query(
    `INSERT INTO member_names (household_id, user_id, name) VALUES ($1, $2, $3)
     ON CONFLICT (household_id, user_id) DO UPDATE SET name = EXCLUDED.name, updated_at = now()
     WHERE member_names.name IS DISTINCT FROM EXCLUDED.name`,
    [householdId, userId, name],
  );
}

/** A member's display name as the ledger knows it (null when never seen). */
export async function memberName(q: Queryable, householdId: number, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const result = await q.query<{ name: string }>(
    'SELECT name FROM member_names WHERE household_id = $1 AND user_id = $2',
    [householdId, userId],
  );
  return result.rows[0]?.name ?? null;
}

/** The members named in the household's history, by name. */
export async function householdMembers(
  q: Queryable,
  householdId: number,
): Promise<Array<{ user_id: number; name: string }>> {
  const result = await q.query<{ user_id: number; name: string }>(
    'SELECT user_id, name FROM member_names WHERE household_id = $1 ORDER BY lower(name), user_id',
    [householdId],
  );
  return result.rows;
}

export interface ActivityRow extends HistoryRow {
  account_id: number;
  account_name: string;
  payee: string;
  date: string;
  amount: number;
  deleted: boolean;
}

export interface ActivityFilter {
  accountId?: number;
  userId?: number;
  kind?: string;
  /** An instant (timestamptz text). */
  since?: string;
  /** A change id: only older changes. */
  before?: number;
  limit: number;
}

/** The columns of an activity row, from changes `c`, rows `t`, accounts `a` and transfer accounts `ta`. */
const activityColumns = `${changeColumns}, t.account_id, a.name AS account_name,
  CASE WHEN ta.id IS NOT NULL THEN ta.name ELSE t.payee END AS payee, t.date, t.amount::float8 / 100 AS amount,
  t.deleted_at IS NOT NULL AS deleted`;

/**
 * The household's changes, newest first, on rows of its live accounts, at most `limit`.
 * - With an account: its rows' changes, joined and then ordered.
 * - Without: a page of the household's changes is chosen from transaction_changes alone (by id,
 *   newest first) and only then joined to its rows, dropping those of deleted accounts and walking
 *   on while some were dropped. Joining first let the planner, right after a bulk write (a 50,000-row
 *   import or bulk categorize, before autovacuum's ANALYZE), join every change of the household
 *   and sort them: 230-480 ms instead of 1 ms for the first 100.
 */
export async function activity(q: Queryable, householdId: number, f: ActivityFilter): Promise<ActivityRow[]> {
  if (f.accountId !== undefined) return accountActivity(q, householdId, f.accountId, f);
  const found: ActivityRow[] = [];
  let before = f.before;
  for (;;) {
    const want = f.limit - found.length;
    const page = await changesPage(q, householdId, { ...f, before }, want);
    for (const row of page) if (!row.hidden) found.push(withoutHidden(row));
    if (page.length < want || found.length >= f.limit) return found;
    before = page[page.length - 1].id;
  }
}

/** The WHERE of a change filter (person, kind, since, before) on `c`; `params` starts with the household. */
function changeFilter(f: Omit<ActivityFilter, 'accountId' | 'limit'>, params: unknown[]): string {
  const where: string[] = ['c.household_id = $1'];
  const add = (sql: (i: number) => string, value: unknown) => {
    params.push(value);
    where.push(sql(params.length));
  };
  if (f.userId !== undefined) add((i) => `c.user_id = $${i}`, f.userId);
  if (f.kind !== undefined) add((i) => `c.action = $${i}`, f.kind);
  if (f.since !== undefined) add((i) => `c.changed_at >= $${i}::timestamptz`, f.since);
  if (f.before !== undefined) add((i) => `c.id < $${i}`, f.before);
  return where.join(' AND ');
}

type PagedActivityRow = ActivityRow & { hidden: boolean };
const withoutHidden = ({ hidden: _hidden, ...row }: PagedActivityRow): ActivityRow => row;

/** The next `limit` changes of the household (every one, `hidden` when its row's account is gone). */
async function changesPage(
  q: Queryable,
  householdId: number,
  f: Omit<ActivityFilter, 'accountId' | 'limit'>,
  limit: number,
): Promise<PagedActivityRow[]> {
  const params: unknown[] = [householdId];
  const where = changeFilter(f, params);
  params.push(limit);
  const result = await q.query<PagedActivityRow>(
    `SELECT ${activityColumns}, (t.id IS NULL OR a.id IS NULL OR a.deleted_at IS NOT NULL) AS hidden
     FROM (SELECT * FROM transaction_changes c WHERE ${where} ORDER BY c.id DESC LIMIT $${params.length}) c
     LEFT JOIN transactions t ON t.id = c.transaction_id
     LEFT JOIN accounts a ON a.id = t.account_id
     LEFT JOIN accounts ta ON ta.id = t.transfer_account_id
     ${memberJoin}
     ORDER BY c.id DESC`,
    params,
  );
  return result.rows;
}

/** One live account's rows' changes, newest first. */
async function accountActivity(
  q: Queryable,
  householdId: number,
  accountId: number,
  f: ActivityFilter,
): Promise<ActivityRow[]> {
  const params: unknown[] = [householdId];
  const where = changeFilter(f, params);
  params.push(accountId, f.limit);
  const result = await q.query<ActivityRow>(
    `SELECT ${activityColumns}
     FROM transaction_changes c
     JOIN transactions t ON t.id = c.transaction_id
     JOIN accounts a ON a.id = t.account_id AND a.deleted_at IS NULL
     LEFT JOIN accounts ta ON ta.id = t.transfer_account_id
     ${memberJoin}
     WHERE ${where} AND t.account_id = $${params.length - 1}
     ORDER BY c.id DESC LIMIT $${params.length}`,
    params,
  );
  return result.rows;
}

/** The latest change of each row (for undo), locked rows assumed. */
export async function latestChanges(q: Queryable, householdId: number, ids: readonly number[]): Promise<HistoryRow[]> {
  if (ids.length === 0) return [];
  const result = await q.query<HistoryRow>(
    `SELECT ${changeColumns} FROM unnest($2::int[]) AS r(id)
     CROSS JOIN LATERAL (
       SELECT * FROM transaction_changes x WHERE x.household_id = $1 AND x.transaction_id = r.id ORDER BY x.id DESC LIMIT 1
     ) c ${memberJoin}`,
    [householdId, ids],
  );
  return result.rows;
}

/**
 * The entries a write recorded together with `entry` on other rows (a transfer's other leg): same
 * household, person, kind and instant (a write's entries share its transaction's timestamp).
 */
export async function entriesOfSameWrite(
  q: Queryable,
  householdId: number,
  entry: HistoryRow,
  transactionIds: readonly number[],
): Promise<HistoryRow[]> {
  const result = await q.query<HistoryRow>(
    `SELECT ${changeColumns} FROM transaction_changes c ${memberJoin}
     WHERE c.household_id = $1 AND c.transaction_id = ANY($2::int[]) AND c.action = $3
       AND c.user_id IS NOT DISTINCT FROM $4 AND c.changed_at = $5::timestamptz`,
    [householdId, transactionIds, entry.action, entry.user_id, entry.changed_at],
  );
  return result.rows;
}

/** A deleted row's detachment after its delete: the name of its transfer's deleted account, else null. */
export async function detachedAfterDelete(q: Queryable, householdId: number, id: number): Promise<string | null> {
  const result = await q.query<{ payee: string | null }>(
    `SELECT coalesce(a.name, c.new_values->>'payee') AS payee FROM transaction_changes c
     LEFT JOIN accounts a ON a.id = (c.old_values->>'transfer_account_id')::int
     WHERE c.household_id = $1 AND c.transaction_id = $2 AND c.action = 'detached'
       AND c.id > coalesce((SELECT max(d.id) FROM transaction_changes d
                            WHERE d.household_id = $1 AND d.transaction_id = $2 AND d.action = 'deleted'), 0)
     ORDER BY c.id DESC LIMIT 1`,
    [householdId, id],
  );
  if (result.rows.length === 0) return null;
  return result.rows[0].payee ?? '';
}

export interface DeletedRowInfo {
  id: number;
  deleted_at: string;
  deleted_by: string | null;
}

/** An account's deleted rows, latest deleted first, with who deleted them. */
export async function deletedRowsOf(
  q: Queryable,
  householdId: number,
  accountId: number,
  limit: number,
): Promise<DeletedRowInfo[]> {
  const result = await q.query<DeletedRowInfo>(
    `SELECT t.id, ${isoText('t.deleted_at')} AS deleted_at, m.name AS deleted_by
     FROM transactions t
     LEFT JOIN LATERAL (
       SELECT c.user_id, c.household_id FROM transaction_changes c
       WHERE c.transaction_id = t.id AND c.action = 'deleted' ORDER BY c.id DESC LIMIT 1
     ) c ON true
     ${memberJoin}
     WHERE t.household_id = $1 AND t.account_id = $2 AND t.deleted_at IS NOT NULL
     ORDER BY t.deleted_at DESC, t.id DESC LIMIT $3`,
    [householdId, accountId, limit],
  );
  return result.rows;
}
