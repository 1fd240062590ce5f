import type { Queryable } from '@hf/ledger-mirror';
import type { ScenarioChangeRecord } from '../domain/scenario';

export interface ScenarioRow {
  id: number;
  name: string;
  changes: ScenarioChangeRecord[];
  created_at: string;
  updated_at: string;
}

const COLUMNS = `id, name, changes, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at`;

export async function scenariosOf(q: Queryable, householdId: number): Promise<ScenarioRow[]> {
  return (
    await q.query<ScenarioRow>(`SELECT ${COLUMNS} FROM scenarios WHERE household_id = $1 ORDER BY id`, [householdId])
  ).rows;
}

/** One scenario of the household (optionally locked), or null. */
export async function findScenario(
  q: Queryable,
  householdId: number,
  id: number,
  lock = false,
): Promise<ScenarioRow | null> {
  return (
    (
      await q.query<ScenarioRow>(
        `SELECT ${COLUMNS} FROM scenarios WHERE household_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
        [householdId, id],
      )
    ).rows[0] ?? null
  );
}

export async function countScenarios(q: Queryable, householdId: number): Promise<number> {
  return (
    await q.query<{ n: number }>('SELECT count(*)::int AS n FROM scenarios WHERE household_id = $1', [householdId])
  ).rows[0].n;
}

export async function insertScenario(
  q: Queryable,
  householdId: number,
  name: string,
  changes: readonly ScenarioChangeRecord[],
): Promise<number> {
  const result = await q.query<{ id: number }>(
    'INSERT INTO scenarios (household_id, name, changes) VALUES ($1, $2, $3::jsonb) RETURNING id',
    [householdId, name, JSON.stringify(changes)],
  );
  return result.rows[0].id;
}

export async function updateScenario(
  q: Queryable,
  id: number,
  name: string,
  changes: readonly ScenarioChangeRecord[],
): Promise<void> {
  await q.query('UPDATE scenarios SET name = $2, changes = $3::jsonb, updated_at = now() WHERE id = $1', [
    id,
    name,
    JSON.stringify(changes),
  ]);
}

export async function deleteScenario(q: Queryable, householdId: number, id: number): Promise<void> {
  await q.query('DELETE FROM scenarios WHERE household_id = $1 AND id = $2', [householdId, id]);
}
