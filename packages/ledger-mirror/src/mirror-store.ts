import type { LedgerCategorySnapshot } from '@hf/contracts';
import type { ReplayPage } from '@hf/contracts/ledger-internal';
import { pgArray, type Pool, type PoolClient } from '@hf/service-kit';
import type { CategoryRecord } from './category-index';
import {
  accountState,
  rowState,
  type AccountProfile,
  type AccountState,
  type CategoryChange,
  type ReadModelChanges,
  type RowState,
} from './mirror-events';

export type Queryable = Pool | PoolClient;

/** Advisory lock key (with the household id) held while a household's mirror is written. */
const LOCK_HOUSEHOLD = 7_373_001;

/** Serialises the consumer and a rebuild on one household until the transaction ends. */
export async function lockHousehold(client: PoolClient, householdId: number): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_HOUSEHOLD, householdId]);
}

export interface HouseholdSync {
  /** The ledger sequence the household was rebuilt at: events at or below it are already in. */
  sequence: number;
  stale: boolean;
}

export async function householdSync(q: Queryable, householdId: number): Promise<HouseholdSync | null> {
  const result = await q.query<HouseholdSync>('SELECT sequence, stale FROM ledger_households WHERE household_id = $1', [
    householdId,
  ]);
  return result.rows[0] ?? null;
}

/**
 * lockHousehold, then householdSync as it is once the lock is held (a rebuild that committed
 * while this waited is seen), in one round trip.
 */
export async function lockHouseholdSync(client: PoolClient, householdId: number): Promise<HouseholdSync | null> {
  const result = await client.query<{ sequence: string; stale: boolean }>(
    'SELECT sequence::text, stale FROM ledger_lock_household($1, $2)',
    [LOCK_HOUSEHOLD, householdId],
  );
  const row = result.rows[0];
  return row ? { sequence: Number(row.sequence), stale: row.stale } : null;
}

/** Events may have been lost: every household is rebuilt before its next read. */
export async function markAllStale(q: Queryable): Promise<void> {
  await q.query('UPDATE ledger_households SET stale = true WHERE NOT stale');
}

const ROW_BATCH = 10_000;

/**
 * Writes row states, each only over an older one (`sequence` is the writing event's), unless
 * `force` (a rebuild replacing the household): then each over any row that differs from it, and
 * a row that already holds the same state is left as it is (with its older sequence: events at
 * or below the rebuild's are skipped by the household's mark anyway). The last state of a
 * repeated id wins. Answers the number of rows written.
 */
export async function upsertRows(
  q: Queryable,
  rows: readonly RowState[],
  sequence: number,
  force = false,
): Promise<number> {
  let written = 0;
  const byId = new Map<number, RowState>();
  for (const row of rows) byId.set(row.id, row);
  const all = [...byId.values()];
  for (let i = 0; i < all.length; i += ROW_BATCH) {
    const part = all.slice(i, i + ROW_BATCH);
    const col = <K extends Exclude<keyof RowState, 'splits'>>(k: K) => pgArray(part.map((r) => r[k]));
    const result = await q.query(
      `INSERT INTO ledger_rows AS r (id, household_id, account_id, date, payee, amount, category_id, status, notes, updated_at, is_budgeted, is_transfer, deleted, splits, sequence)
       SELECT *, $14::bigint FROM unnest($1::int[], $2::int[], $3::int[], $4::date[], $5::text[], $6::bigint[], $7::int[], $8::text[], $9::text[], $10::text[], $11::bool[], $12::bool[], $13::bool[], $16::jsonb[])
       ON CONFLICT (id) DO UPDATE SET household_id = excluded.household_id, account_id = excluded.account_id, date = excluded.date,
         payee = excluded.payee, amount = excluded.amount, category_id = excluded.category_id, status = excluded.status,
         notes = excluded.notes, updated_at = excluded.updated_at, is_budgeted = excluded.is_budgeted, is_transfer = excluded.is_transfer,
         deleted = excluded.deleted, splits = excluded.splits, sequence = excluded.sequence
       WHERE CASE WHEN $15::bool
         THEN (r.household_id, r.account_id, r.date, r.payee, r.amount, r.category_id, r.status, r.notes, r.updated_at, r.is_budgeted, r.is_transfer, r.deleted, r.splits)
           IS DISTINCT FROM (excluded.household_id, excluded.account_id, excluded.date, excluded.payee, excluded.amount, excluded.category_id,
             excluded.status, excluded.notes, excluded.updated_at, excluded.is_budgeted, excluded.is_transfer, excluded.deleted, excluded.splits)
         ELSE r.sequence <= excluded.sequence END`,
      [
        col('id'),
        col('household_id'),
        col('account_id'),
        col('date'),
        col('payee'),
        col('amount'),
        col('category_id'),
        col('status'),
        col('notes'),
        col('updated_at'),
        col('is_budgeted'),
        col('is_transfer'),
        col('deleted'),
        sequence,
        force,
        pgArray(part.map((r) => (r.splits ? JSON.stringify(r.splits) : null))),
      ],
    );
    written += result.rowCount ?? 0;
  }
  return written;
}

export async function upsertAccounts(
  q: Queryable,
  accounts: readonly AccountState[],
  sequence: number,
  force = false,
): Promise<void> {
  for (const a of accounts) {
    // $9 false: the event did not carry the kind (a v1 event), so the stored kind, limit and threshold stay.
    await q.query(
      `INSERT INTO ledger_accounts AS a (id, household_id, name, starting_balance, closed, sort_order, sequence, kind, credit_limit, low_balance_threshold)
       VALUES ($1, $2, $3, $4, $5, $8, $6, coalesce($10, 'checking'), $11, $12)
       ON CONFLICT (id) DO UPDATE SET household_id = excluded.household_id, name = excluded.name, starting_balance = excluded.starting_balance,
         closed = excluded.closed, sort_order = excluded.sort_order, sequence = excluded.sequence,
         kind = CASE WHEN $9::bool THEN excluded.kind ELSE a.kind END,
         credit_limit = CASE WHEN $9::bool THEN excluded.credit_limit ELSE a.credit_limit END,
         low_balance_threshold = CASE WHEN $9::bool THEN excluded.low_balance_threshold ELSE a.low_balance_threshold END
       WHERE $7::bool OR a.sequence <= excluded.sequence`,
      [
        a.id,
        a.household_id,
        a.name,
        a.starting_balance,
        a.closed,
        sequence,
        force,
        a.sort_order,
        a.profile !== null,
        a.profile?.kind ?? null,
        a.profile?.credit_limit ?? null,
        a.profile?.low_balance_threshold ?? null,
      ],
    );
  }
}

async function upsertCategory(
  q: Queryable,
  c: LedgerCategorySnapshot,
  sequence: number,
  force: boolean,
): Promise<void> {
  await q.query(
    `INSERT INTO ledger_categories AS c (id, household_id, name, parent_id, sequence) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET household_id = excluded.household_id, name = excluded.name, parent_id = excluded.parent_id,
       deleted = CASE WHEN $6::bool THEN false ELSE c.deleted END, merged_into = CASE WHEN $6::bool THEN NULL ELSE c.merged_into END,
       sequence = excluded.sequence
     WHERE $6::bool OR (c.sequence <= excluded.sequence AND NOT c.deleted)`,
    [c.id, c.household_id, c.name, c.parent_id, sequence, force],
  );
}

/** Category changes in order; a deletion is final (ids are never reused), so a tombstone is never revived by an event. */
export async function applyCategoryChanges(
  q: Queryable,
  changes: readonly CategoryChange[],
  sequence: number,
  force = false,
): Promise<void> {
  for (const change of changes) {
    if (change.kind === 'upsert') {
      await upsertCategory(q, change.category, sequence, force);
      continue;
    }
    await q.query(
      `INSERT INTO ledger_categories AS c (id, household_id, name, parent_id, deleted, merged_into, sequence) VALUES ($1, $2, '', NULL, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET deleted = excluded.deleted, merged_into = coalesce(excluded.merged_into, c.merged_into), sequence = greatest(c.sequence, excluded.sequence)`,
      [change.id, change.household_id, change.deleted, change.merged_into, sequence],
    );
  }
}

/** A reorder: positions from 0, as svc-ledger numbers them; an account a newer event wrote keeps its own. */
async function reorderAccounts(q: Queryable, accountIds: readonly number[], sequence: number): Promise<void> {
  await q.query(
    `UPDATE ledger_accounts a SET sort_order = u.ord - 1
     FROM unnest($1::int[]) WITH ORDINALITY AS u(id, ord) WHERE a.id = u.id AND a.sequence <= $2`,
    [accountIds, sequence],
  );
}

export async function applyChanges(q: Queryable, changes: ReadModelChanges, sequence: number): Promise<void> {
  if (changes.accounts.length) await upsertAccounts(q, changes.accounts, sequence);
  if (changes.accountOrder.length) await reorderAccounts(q, changes.accountOrder, sequence);
  if (changes.categories.length) await applyCategoryChanges(q, changes.categories, sequence);
  if (changes.rows.length) await upsertRows(q, changes.rows, sequence);
}

/**
 * Replaces a household's mirror with the ledger's state (its replay's pages, the first with the
 * sequence it was read at, accounts and categories) and records it (not stale). Runs in the
 * caller's transaction, after `lockHousehold`. Writes are forced: a row id held for another
 * household (which a single ledger never does) is overwritten, not skipped. Rows are not deleted
 * and inserted again (docs/decisions/0143): each page writes only the rows that differ from the
 * replay's, then the household's rows the replay did not have are deleted, so a rebuild of a
 * household that is mostly right costs a key lookup per row instead of a new version of every
 * row in every index, and the statement triggers of a service see only changes.
 */
export async function replaceHousehold(
  client: PoolClient,
  householdId: number,
  pages: AsyncIterable<ReplayPage>,
): Promise<void> {
  let sequence: number | null = null;
  const ids: number[] = [];
  for await (const page of pages) {
    if (sequence === null) {
      sequence = page.sequence ?? 0;
      await client.query('DELETE FROM ledger_categories WHERE household_id = $1', [householdId]);
      await client.query('DELETE FROM ledger_accounts WHERE household_id = $1', [householdId]);
      await upsertAccounts(
        client,
        page.accounts.map((a) => accountState(a, false)),
        sequence,
        true,
      );
      await applyCategoryChanges(
        client,
        page.categories.map((category) => ({ kind: 'upsert' as const, category })),
        sequence,
        true,
      );
    }
    const rows = page.transactions.map((t) => rowState(t));
    for (const row of rows) ids.push(row.id);
    await upsertRows(client, rows, sequence, true);
  }
  await client.query(
    `DELETE FROM ledger_rows r WHERE r.household_id = $1
     AND NOT EXISTS (SELECT 1 FROM unnest($2::int[]) AS kept(id) WHERE kept.id = r.id)`,
    [householdId, pgArray(ids)],
  );
  await client.query(
    `INSERT INTO ledger_households (household_id, sequence, stale, rebuilt_at) VALUES ($1, $2, false, now())
     ON CONFLICT (household_id) DO UPDATE SET sequence = excluded.sequence, stale = false, rebuilt_at = now()`,
    [householdId, sequence ?? 0],
  );
}

// --- Reads -----------------------------------------------------------------------------------

/** The fields a CategoryRecord and a MirrorAccount are read with, as columns or in a JSON object. */
const CATEGORY_FIELDS = ['id', 'name', 'parent_id', 'deleted', 'merged_into'];
const ACCOUNT_FIELDS = ['id', 'name', 'starting_balance', 'kind', 'credit_limit', 'low_balance_threshold'];
const jsonObjectOf = (fields: readonly string[]) =>
  `json_build_object(${fields.map((field) => `'${field}', ${field}`).join(', ')})`;
/** The household's open accounts, in the household's order (ORDER BY kept apart for json_agg). */
const OPEN_ACCOUNTS = 'FROM ledger_accounts WHERE household_id = $1 AND NOT closed';
const ACCOUNT_ORDER = 'ORDER BY sort_order, id';

export async function categoriesOf(q: Queryable, householdId: number): Promise<CategoryRecord[]> {
  const result = await q.query<CategoryRecord>(
    `SELECT ${CATEGORY_FIELDS.join(', ')} FROM ledger_categories WHERE household_id = $1`,
    [householdId],
  );
  return result.rows;
}

export interface MirrorAccount extends AccountProfile {
  id: number;
  name: string;
  starting_balance: number;
}

/** The household's open accounts by id, in the household's order (as the Accounts page lists them). */
export async function openAccounts(q: Queryable, householdId: number): Promise<Map<number, MirrorAccount>> {
  const result = await q.query<MirrorAccount>(`SELECT ${ACCOUNT_FIELDS.join(', ')} ${OPEN_ACCOUNTS} ${ACCOUNT_ORDER}`, [
    householdId,
  ]);
  return new Map(result.rows.map((r) => [r.id, r]));
}

/** What a read needs of the mirror besides its rows: the household's open accounts and its categories. */
export interface MirrorView {
  accounts: Map<number, MirrorAccount>;
  categories: CategoryRecord[];
}

/** A MirrorView with the household's sync mark and the consumer's position (0: none yet) of one snapshot. */
export interface MirrorSnapshot extends MirrorView {
  sync: HouseholdSync | null;
  position: number;
}

/**
 * householdSync, the consumer's position in `source`, openAccounts and categoriesOf in one
 * statement: one round trip and one snapshot instead of three queries.
 */
export async function mirrorSnapshot(
  q: Queryable,
  householdId: number,
  consumer: string,
  source: string,
): Promise<MirrorSnapshot> {
  const result = await q.query<{
    sequence: number | null;
    stale: boolean | null;
    position: number | null;
    accounts: MirrorAccount[];
    categories: CategoryRecord[];
  }>({
    name: 'ledger-mirror-snapshot',
    text: `SELECT h.sequence, h.stale,
       (SELECT sequence FROM consumer_positions WHERE consumer = $2 AND source = $3) AS position,
       coalesce((SELECT json_agg(${jsonObjectOf(ACCOUNT_FIELDS)} ${ACCOUNT_ORDER}) ${OPEN_ACCOUNTS}), '[]') AS accounts,
       coalesce((SELECT json_agg(${jsonObjectOf(CATEGORY_FIELDS)}) FROM ledger_categories WHERE household_id = $1), '[]')
         AS categories
     FROM (SELECT $1::int AS household_id) k LEFT JOIN ledger_households h USING (household_id)`,
    values: [householdId, consumer, source],
  });
  const row = result.rows[0];
  return {
    sync: row.sequence === null ? null : { sequence: Number(row.sequence), stale: row.stale === true },
    position: Number(row.position ?? 0),
    accounts: new Map(row.accounts.map((a) => [a.id, a])),
    categories: row.categories,
  };
}
