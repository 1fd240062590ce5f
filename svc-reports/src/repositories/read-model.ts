import type { Pool, PoolClient } from '@hf/service-kit';
import type { LedgerAccountSnapshot, LedgerCategorySnapshot, LedgerTransactionSnapshot } from '@hf/contracts';
import type { CategoryRecord } from '../domain/category-index';
import { rowState, type AccountState, type CategoryChange, type ReadModelChanges, type RowState } from '../domain/ledger-events';

export type Queryable = Pool | PoolClient;

/** Advisory lock key (with the household id) held while a household's read model is written. */
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
  const result = await q.query<HouseholdSync>('SELECT sequence, stale FROM report_households WHERE household_id = $1', [householdId]);
  return result.rows[0] ?? null;
}

/** Events may have been lost: every household is rebuilt before its next report. */
export async function markAllStale(q: Queryable): Promise<void> {
  await q.query('UPDATE report_households SET stale = true WHERE NOT stale');
}

const ROW_BATCH = 10_000;

/**
 * Writes row states, each only over an older one (`sequence` is the writing event's): a
 * duplicated or late event never undoes a newer one. The last state of a repeated id wins.
 */
export async function upsertRows(q: Queryable, rows: readonly RowState[], sequence: number): Promise<void> {
  const byId = new Map<number, RowState>();
  for (const row of rows) byId.set(row.id, row);
  const all = [...byId.values()];
  for (let i = 0; i < all.length; i += ROW_BATCH) {
    const part = all.slice(i, i + ROW_BATCH);
    await q.query(
      `INSERT INTO report_rows AS r (id, household_id, account_id, date, payee, amount, category_id, status, notes, updated_at, counted, sequence)
       SELECT *, $12::bigint FROM unnest($1::int[], $2::int[], $3::int[], $4::date[], $5::text[], $6::bigint[], $7::int[], $8::text[], $9::text[], $10::text[], $11::bool[])
       ON CONFLICT (id) DO UPDATE SET household_id = excluded.household_id, account_id = excluded.account_id, date = excluded.date,
         payee = excluded.payee, amount = excluded.amount, category_id = excluded.category_id, status = excluded.status,
         notes = excluded.notes, updated_at = excluded.updated_at, counted = excluded.counted, sequence = excluded.sequence
       WHERE r.sequence <= excluded.sequence`,
      [
        part.map((r) => r.id),
        part.map((r) => r.household_id),
        part.map((r) => r.account_id),
        part.map((r) => r.date),
        part.map((r) => r.payee),
        part.map((r) => r.amount),
        part.map((r) => r.category_id),
        part.map((r) => r.status),
        part.map((r) => r.notes),
        part.map((r) => r.updated_at),
        part.map((r) => r.counted),
        sequence,
      ],
    );
  }
}

export async function upsertAccounts(q: Queryable, accounts: readonly AccountState[], sequence: number): Promise<void> {
  for (const a of accounts) {
    await q.query(
      `INSERT INTO report_accounts AS a (id, household_id, name, closed, sequence) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, closed = excluded.closed, sequence = excluded.sequence
       WHERE a.sequence <= excluded.sequence`,
      [a.id, a.household_id, a.name, a.closed, sequence],
    );
  }
}

async function upsertCategory(q: Queryable, c: LedgerCategorySnapshot, sequence: number): Promise<void> {
  await q.query(
    `INSERT INTO report_categories AS c (id, household_id, name, parent_id, sequence) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, parent_id = excluded.parent_id, sequence = excluded.sequence
     WHERE c.sequence <= excluded.sequence AND NOT c.deleted`,
    [c.id, c.household_id, c.name, c.parent_id, sequence],
  );
}

/** Category changes in order; a deletion is final (ids are never reused), so a tombstone is never revived. */
export async function applyCategoryChanges(q: Queryable, changes: readonly CategoryChange[], sequence: number): Promise<void> {
  for (const change of changes) {
    if (change.kind === 'upsert') {
      await upsertCategory(q, change.category, sequence);
      continue;
    }
    await q.query(
      `INSERT INTO report_categories AS c (id, household_id, name, parent_id, deleted, merged_into, sequence) VALUES ($1, $2, '', NULL, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET deleted = excluded.deleted, merged_into = coalesce(excluded.merged_into, c.merged_into), sequence = greatest(c.sequence, excluded.sequence)`,
      [change.id, change.household_id, change.deleted, change.merged_into, sequence],
    );
  }
}

export async function applyChanges(q: Queryable, changes: ReadModelChanges, sequence: number): Promise<void> {
  if (changes.accounts.length) await upsertAccounts(q, changes.accounts, sequence);
  if (changes.categories.length) await applyCategoryChanges(q, changes.categories, sequence);
  if (changes.rows.length) await upsertRows(q, changes.rows, sequence);
}

/** The ledger's state of a household, as its replay hands it over. */
export interface HouseholdState {
  sequence: number;
  accounts: LedgerAccountSnapshot[];
  categories: LedgerCategorySnapshot[];
  transactions: LedgerTransactionSnapshot[];
}

/**
 * Replaces a household's read model with the ledger's state at `state.sequence` and records it
 * (not stale). Runs in the caller's transaction, after `lockHousehold`.
 */
export async function replaceHousehold(client: PoolClient, householdId: number, state: HouseholdState): Promise<void> {
  await client.query('DELETE FROM report_rows WHERE household_id = $1', [householdId]);
  await client.query('DELETE FROM report_categories WHERE household_id = $1', [householdId]);
  await client.query('DELETE FROM report_accounts WHERE household_id = $1', [householdId]);
  await upsertAccounts(client, state.accounts.map((a) => ({ id: a.id, household_id: a.household_id, name: a.name, closed: false })), state.sequence);
  await applyCategoryChanges(client, state.categories.map((category) => ({ kind: 'upsert' as const, category })), state.sequence);
  await upsertRows(client, state.transactions.map((t) => rowState(t)), state.sequence);
  await client.query(
    `INSERT INTO report_households (household_id, sequence, stale, rebuilt_at) VALUES ($1, $2, false, now())
     ON CONFLICT (household_id) DO UPDATE SET sequence = excluded.sequence, stale = false, rebuilt_at = now()`,
    [householdId, state.sequence],
  );
}

// --- Reads -----------------------------------------------------------------------------------

export async function categoriesOf(q: Queryable, householdId: number): Promise<CategoryRecord[]> {
  const result = await q.query<CategoryRecord>('SELECT id, name, parent_id, deleted, merged_into FROM report_categories WHERE household_id = $1', [householdId]);
  return result.rows;
}

/** The household's open accounts by id. */
export async function openAccounts(q: Queryable, householdId: number): Promise<Map<number, string>> {
  const result = await q.query<{ id: number; name: string }>('SELECT id, name FROM report_accounts WHERE household_id = $1 AND NOT closed', [householdId]);
  return new Map(result.rows.map((r) => [r.id, r.name]));
}
