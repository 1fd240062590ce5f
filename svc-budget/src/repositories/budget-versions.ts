import type { Queryable } from '@hf/ledger-mirror';

/** Raises the household's budget version (after a write of svc-budget's own tables). */
export async function bumpBudgetVersion(q: Queryable, householdId: number): Promise<void> {
  await q.query(
    'INSERT INTO budget_versions (household_id, version) VALUES ($1, 1) ON CONFLICT (household_id) DO UPDATE SET version = budget_versions.version + 1',
    [householdId],
  );
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
