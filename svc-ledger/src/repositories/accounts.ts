import type { Account, AccountKind } from '@hf/contracts/ledger';
import { fromCents } from '@hf/money';
import type { LedgerAccountSnapshot, LedgerAccountSnapshotV2 } from '@hf/contracts/ledger-events';
import type { BalanceCache, HeldSums, RowSums } from '../held-registers/balance-cache';
import type { LedgerWrite } from './events';
import { lastReconciliations, type AccountReconciliationState } from './reconciliations';
import { epochMicros, type PoolClient, type Queryable } from './sql';

/** An account as stored (money in cents). */
export interface AccountRow {
  id: number;
  household_id: number;
  name: string;
  starting_balance: number;
  is_default: boolean;
  sort_order: number;
  kind: AccountKind;
  /** Cents; credit cards only. */
  credit_limit: number | null;
  /** Cents; asset kinds only. */
  low_balance_threshold: number | null;
}

/** What a person sets about an account beyond its name (docs/rules/ledger.md, "Accounts"). */
export type AccountProfile = Pick<AccountRow, 'kind' | 'credit_limit' | 'low_balance_threshold'>;

const columns =
  'a.id, a.household_id, a.name, a.starting_balance, a.is_default, a.sort_order, a.kind, a.credit_limit, a.low_balance_threshold';

/**
 * Accounts of the household with balances (starting balance + rows), by sort order. With
 * `balances`, an account whose current register_version is held there is not summed (the
 * LATERAL's one-time filter skips its scan) and the held sums are used; the sums of the others
 * are stored. With `today` (balance_today), only sums held with that date are used, and the
 * sums stored carry it.
 */
export async function listAccounts(
  q: Queryable,
  householdId: number,
  onlyId?: number,
  today?: string,
  balances?: BalanceCache,
): Promise<Account[]> {
  const all = balances ? balances.held(householdId) : new Map<number, HeldSums>();
  const held = today ? new Map([...all].filter(([, h]) => h.today?.date === today)) : all;
  const skip = [...held].map(([id, h]) => `${id}:${h.version}`);
  // A named statement: parsed and planned once per connection (the list is read on every page).
  const result = await q.query<
    AccountRow & { register_version: string; total: number; pending: number; cleared: number; through_today: number }
  >({
    name: 'ledger_list_accounts_v4',
    text: `SELECT ${columns}, a.register_version::text AS register_version, s.total, s.pending, s.cleared, s.through_today
     FROM accounts a
     CROSS JOIN LATERAL (
       SELECT coalesce(sum(t.amount), 0)::bigint AS total,
              coalesce(sum(t.amount) FILTER (WHERE t.status <> ''), 0)::bigint AS pending,
              coalesce(sum(t.amount) FILTER (WHERE t.status = 'x'), 0)::bigint AS cleared,
              coalesce(sum(t.amount) FILTER (WHERE t.date <= $3::date), 0)::bigint AS through_today
       FROM transactions t WHERE t.account_id = a.id AND t.deleted_at IS NULL
         AND NOT ((a.id::text || ':' || a.register_version::text) = ANY($4::text[]))
     ) s
     WHERE a.household_id = $1 AND a.deleted_at IS NULL AND ($2::int IS NULL OR a.id = $2)
     ORDER BY a.sort_order, a.id`,
    values: [householdId, onlyId ?? null, today ?? null, skip],
  });
  const reconciled = await lastReconciliations(q, result.rows, reconciliationsHeld(balances));
  return result.rows.map((r) => {
    const kept = held.get(r.id);
    let sums: RowSums;
    let throughToday: number;
    if (kept && kept.version === r.register_version) {
      sums = kept.sums;
      throughToday = kept.today?.sum ?? 0; // held with this list's date whenever `today` is given
      balances!.stats.hits++;
    } else {
      sums = { total: Number(r.total), pending: Number(r.pending), cleared: Number(r.cleared) };
      throughToday = Number(r.through_today);
      if (balances) {
        balances.stats.misses++;
        balances.set(
          householdId,
          r.id,
          r.register_version,
          sums,
          today ? { date: today, sum: throughToday } : undefined,
        );
      }
    }
    return {
      ...(today ? { balance_today: fromCents(r.starting_balance + throughToday) } : {}),
      id: r.id,
      name: r.name,
      starting_balance: fromCents(r.starting_balance),
      kind: r.kind,
      credit_limit: r.credit_limit === null ? null : fromCents(r.credit_limit),
      low_balance_threshold: r.low_balance_threshold === null ? null : fromCents(r.low_balance_threshold),
      is_default: r.is_default,
      sort_order: r.sort_order,
      balance: fromCents(r.starting_balance + sums.total),
      pending_balance: fromCents(r.starting_balance + sums.pending),
      cleared_balance: fromCents(r.starting_balance + sums.cleared),
      last_reconciliation: reconciled.get(r.id) ?? null,
    };
  });
}

/** The last reconciliation of accounts by register version, held beside (and as long as) a balance cache. */
const reconciliationsByCache = new WeakMap<
  BalanceCache,
  Map<number, { key: string; value: AccountReconciliationState | null }>
>();
function reconciliationsHeld(balances?: BalanceCache) {
  if (!balances) return new Map<number, { key: string; value: AccountReconciliationState | null }>();
  let held = reconciliationsByCache.get(balances);
  if (!held) reconciliationsByCache.set(balances, (held = new Map()));
  return held;
}

export async function getAccount(
  q: Queryable,
  householdId: number,
  id: number,
  today?: string,
  balances?: BalanceCache,
): Promise<Account | null> {
  const [account] = await listAccounts(q, householdId, id, today, balances);
  return account ?? null;
}

/** Live accounts of the household (no balances). */
export async function accountRows(q: Queryable, householdId: number): Promise<AccountRow[]> {
  const result = await q.query<AccountRow>(
    `SELECT ${columns} FROM accounts a WHERE a.household_id = $1 AND a.deleted_at IS NULL ORDER BY a.sort_order, a.id`,
    [householdId],
  );
  return result.rows;
}

/**
 * One live account of the household, or null (a foreign id is the same as a missing one).
 * `lock`: held until the write ends (`FOR KEY SHARE`: as a foreign-key check locks it, see
 * references.ts).
 */
export async function findAccount(
  q: Queryable,
  householdId: number,
  id: number,
  lock?: 'FOR UPDATE' | 'FOR KEY SHARE',
): Promise<AccountRow | null> {
  const result = await q.query<AccountRow>(
    `SELECT ${columns} FROM accounts a WHERE a.household_id = $1 AND a.id = $2 AND a.deleted_at IS NULL${lock ? ` ${lock}` : ''}`,
    [householdId, id],
  );
  return result.rows[0] ?? null;
}

/** What a full-register GET needs: the account (scoped by household, live) and its register version. */
export interface RegisterHead extends Pick<AccountRow, 'id' | 'name' | 'starting_balance'> {
  /** Text: a bigint (microsecond timestamps) stays exact. */
  register_version: string;
}

/** The account and its register version, one primary-key lookup; null for a foreign, missing or deleted id. */
export async function registerHead(q: Queryable, householdId: number, id: number): Promise<RegisterHead | null> {
  const result = await q.query<RegisterHead>(
    `SELECT a.id, a.name, a.starting_balance, a.register_version::text AS register_version
     FROM accounts a WHERE a.id = $2 AND a.household_id = $1 AND a.deleted_at IS NULL`,
    [householdId, id],
  );
  return result.rows[0] ?? null;
}

/** How long register_changes are kept (µs): a cached register older than that is rebuilt whole. */
const REGISTER_CHANGES_KEPT_MICROS = 24 * 3600 * 1_000_000;

/** Advisory lock spaces (two-key form) of svc-ledger's per-household write serialisation. */
export const LOCK_ACCOUNTS = 7_272_901;
export const LOCK_CATEGORIES = 7_272_902;

/**
 * Serialises account writes of one household (names, order, default flag) with a transaction
 * advisory lock (it also covers a household with no account yet), then reads its accounts.
 */
export async function lockHouseholdAccounts(client: PoolClient, householdId: number): Promise<AccountRow[]> {
  await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_ACCOUNTS, householdId]);
  const result = await client.query<AccountRow>(
    `SELECT ${columns} FROM accounts a WHERE a.household_id = $1 AND a.deleted_at IS NULL ORDER BY a.sort_order, a.id FOR UPDATE`,
    [householdId],
  );
  return result.rows;
}

export async function insertAccount(
  client: PoolClient,
  householdId: number,
  name: string,
  startingBalance: number,
  isDefault: boolean,
  sortOrder: number,
  profile: AccountProfile,
): Promise<AccountRow> {
  const result = await client.query<AccountRow>(
    `INSERT INTO accounts AS a (household_id, name, starting_balance, is_default, sort_order, kind, credit_limit, low_balance_threshold)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${columns}`,
    [
      householdId,
      name,
      startingBalance,
      isDefault,
      sortOrder,
      profile.kind,
      profile.credit_limit,
      profile.low_balance_threshold,
    ],
  );
  return result.rows[0];
}

/**
 * Renames an account and sets its kind, limit and threshold. A new name shows on its rows
 * (account_name) and on transfer legs elsewhere (payee), so the registers are rebuilt.
 */
export async function updateAccount(
  w: LedgerWrite,
  before: AccountRow,
  name: string,
  profile: AccountProfile,
): Promise<AccountRow> {
  const result = await w.client.query<AccountRow>(
    `UPDATE accounts a SET name = $2, kind = $3, credit_limit = $4, low_balance_threshold = $5, updated_at = now()
     WHERE id = $1 RETURNING ${columns}`,
    [before.id, name, profile.kind, profile.credit_limit, profile.low_balance_threshold],
  );
  if (name !== before.name) w.touchHousehold();
  return result.rows[0];
}

export async function setSortOrders(client: PoolClient, ids: readonly number[]): Promise<void> {
  await client.query(
    `UPDATE accounts a SET sort_order = u.ord - 1, updated_at = now()
     FROM unnest($1::int[]) WITH ORDINALITY AS u(id, ord) WHERE a.id = u.id`,
    [ids],
  );
}

export async function markAccountDeleted(w: LedgerWrite, id: number, userId: number | null): Promise<void> {
  await w.client.query(
    'UPDATE accounts SET deleted_at = now(), deleted_by = $2, is_default = false, updated_at = now() WHERE id = $1',
    [id, userId],
  );
  w.touchHousehold();
}

/**
 * Bumps `register_version` of the accounts a write changed (or of every account of the
 * household), in the write's transaction, just before its events. The version is a
 * microsecond timestamp that only grows. Account rows are locked in id order, after a shared
 * hold of the household's account-write lock: an account write (which locks the household's
 * accounts in list order under the exclusive hold) and a transaction write never wait for
 * each other's account rows in opposite orders.
 */
export async function bumpRegisterVersions(w: LedgerWrite): Promise<BumpedVersion[]> {
  if (!w.householdTouched && w.touchedAccounts.size === 0) return [];
  // Row ids per account for register_changes; absent (whole household) or null: anything changed.
  const rowIds: Record<string, number[]> = {};
  if (!w.householdTouched) {
    for (const [accountId, ids] of w.touchedRows) if (ids) rowIds[accountId] = [...ids];
  }
  // The shared hold comes first: the accounts are joined to it, so no row is locked before it is held.
  const result = await w.client.query<BumpedVersion>(
    `WITH locked AS (
       SELECT a.id, a.register_version AS prev
       FROM accounts a CROSS JOIN (SELECT pg_advisory_xact_lock_shared($5, $1) OFFSET 0) held
       WHERE a.household_id = $1 AND ($2::bool OR a.id = ANY($3::int[])) ORDER BY a.id FOR NO KEY UPDATE OF a
     ),
     bumped AS (
       UPDATE accounts a SET register_version = greatest(a.register_version + 1, ${epochMicros('clock_timestamp()')})
       FROM locked l WHERE a.id = l.id RETURNING a.id, l.prev, a.register_version
     ),
     pruned AS (
       DELETE FROM register_changes c USING bumped b
       WHERE c.account_id = b.id AND c.version < b.register_version - ${REGISTER_CHANGES_KEPT_MICROS}::bigint
     )
     INSERT INTO register_changes (account_id, version, prev_version, row_ids)
     SELECT b.id, b.register_version, b.prev, (SELECT array_agg(x::int) FROM jsonb_array_elements_text($4::jsonb -> b.id::text) x)
     FROM bumped b
     RETURNING account_id AS "accountId", prev_version::text AS "from", version::text AS "to"`,
    [w.householdId, w.householdTouched, [...w.touchedAccounts], JSON.stringify(rowIds), LOCK_ACCOUNTS],
  );
  return result.rows;
}

/** An account's register version before and after a write (text: bigints stay exact). */
export interface BumpedVersion {
  accountId: number;
  from: string;
  to: string;
}

export async function setDefaultAccount(client: PoolClient, id: number): Promise<void> {
  await client.query('UPDATE accounts SET is_default = true, updated_at = now() WHERE id = $1', [id]);
}

/** The account as ledger.account.closed.v1 carries it (no kind: a closed account's kind matters to no one). */
export function accountSnapshot(a: AccountRow): LedgerAccountSnapshot {
  return {
    id: a.id,
    household_id: a.household_id,
    name: a.name,
    starting_balance_cents: a.starting_balance,
    is_default: a.is_default,
    sort_order: a.sort_order,
  };
}

/** The account with its kind, limit and threshold (opened.v2, changed.v1, the replay). */
export function accountSnapshotV2(a: AccountRow): LedgerAccountSnapshotV2 {
  return {
    ...accountSnapshot(a),
    kind: a.kind,
    credit_limit_cents: a.credit_limit,
    low_balance_threshold_cents: a.low_balance_threshold,
  };
}
