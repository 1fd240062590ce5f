import type { Pool, PoolClient } from './sql';

/**
 * Bulk creates (an import: up to 50,000 rows into one account) check their references once, not
 * once a row.
 *
 * PostgreSQL checks a foreign key with a trigger per inserted row; for `transactions.account_id`
 * and `category_id` that is most of a large INSERT's time (bench/README.md,
 * import). Every row of a bulk create has the same account and one of a few categories, so the
 * write checks them itself, as the triggers would (findAccount and categoriesExist with a lock):
 * the referenced rows exist and stay locked `FOR KEY SHARE` until the transaction ends (no
 * concurrent delete or key change can slip in),
 * and only then runs its one INSERT with `session_replication_role = replica` (which skips
 * ordinary triggers, foreign-key checks among them; CHECK, NOT NULL and unique constraints still
 * hold), set back right after. The referenced side is unchanged: deleting a category still sets
 * its rows' `category_id` to null.
 *
 * Only a role allowed to set `session_replication_role` (a superuser, as in the default mode's
 * embedded PostgreSQL, or one granted `SET ON PARAMETER session_replication_role`) can; for any
 * other the INSERT keeps its triggers, correct and slower. `transactions` has no trigger that
 * replica mode skips but its foreign keys: the household turnover triggers (migration 005) are
 * enabled ALWAYS (tested).
 */
export async function mayCheckReferencesOnce(pool: Pool): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    return true;
  } catch {
    return false;
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

/**
 * Runs `write` (which inserts the rows whose references were locked) with row triggers off, and
 * turns them on again after it. On a failure the transaction is rolled back, the setting with it.
 */
export async function withoutRowTriggers<T>(client: PoolClient, write: () => Promise<T>): Promise<T> {
  await client.query('SET LOCAL session_replication_role = replica');
  const value = await write();
  await client.query('SET LOCAL session_replication_role = origin');
  return value;
}
