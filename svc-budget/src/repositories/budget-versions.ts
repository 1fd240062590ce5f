import type { Queryable } from '@hf/ledger-mirror';
import { withTransaction, type Pool, type PoolClient } from '@hf/service-kit';

/** Raises the household's budget version (after a write of svc-budget's own tables). */
export async function bumpBudgetVersion(q: Queryable, householdId: number): Promise<void> {
  await q.query(
    'INSERT INTO budget_versions (household_id, version) VALUES ($1, 1) ON CONFLICT (household_id) DO UPDATE SET version = budget_versions.version + 1',
    [householdId],
  );
}

/**
 * A write of svc-budget's own tables: one transaction that also raises the household's budget
 * version, so a projection kept from before the write is never served after it.
 */
export function budgetWrite<T>(pool: Pool, householdId: number, write: (client: PoolClient) => Promise<T>): Promise<T> {
  return withTransaction(pool, async (client) => {
    const result = await write(client);
    await bumpBudgetVersion(client, householdId);
    return result;
  });
}

/**
 * What a household's projection depends on, as one text: the ledger mirror's position (every
 * ledger event) and the household's budget version.
 */
export async function projectionState(q: Queryable, householdId: number, consumer: string): Promise<string> {
  const result = await q.query<{ position: number | null; version: number | null }>(
    `SELECT (SELECT sequence FROM consumer_positions WHERE consumer = $2 AND source = 'svc-ledger') AS position,
            (SELECT version FROM budget_versions WHERE household_id = $1) AS version`,
    [householdId, consumer],
  );
  return `${result.rows[0].position ?? 0}/${result.rows[0].version ?? 0}`;
}
