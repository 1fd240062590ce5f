import type { Queryable } from './sql';

/** The outbox sequence every event of which is visible in the caller's snapshot (events commit in sequence order). */
export async function committedSequence(q: Queryable): Promise<number> {
  const result = await q.query<{ sequence: string | null }>('SELECT max(sequence) AS sequence FROM outbox');
  return Number(result.rows[0].sequence ?? 0);
}

/** Every household that has (or had) an account. */
export async function householdsWithAccounts(q: Queryable): Promise<number[]> {
  const result = await q.query<{ household_id: number }>(
    'SELECT DISTINCT household_id FROM accounts ORDER BY household_id',
  );
  return result.rows.map((r) => r.household_id);
}
