import type { Queryable } from '@hf/ledger-mirror';

export interface GoalRow {
  id: number;
  name: string;
  account_id: number;
  target: number;
}

export async function goalsOf(q: Queryable, householdId: number): Promise<GoalRow[]> {
  return (
    await q.query<GoalRow>(
      'SELECT id, name, account_id, target FROM savings_goals WHERE household_id = $1 ORDER BY id',
      [householdId],
    )
  ).rows;
}

export async function findGoal(q: Queryable, householdId: number, id: number): Promise<GoalRow | null> {
  return (
    (
      await q.query<GoalRow>(
        'SELECT id, name, account_id, target FROM savings_goals WHERE household_id = $1 AND id = $2',
        [householdId, id],
      )
    ).rows[0] ?? null
  );
}

export async function insertGoal(q: Queryable, householdId: number, goal: Omit<GoalRow, 'id'>): Promise<number> {
  const result = await q.query<{ id: number }>(
    'INSERT INTO savings_goals (household_id, name, account_id, target) VALUES ($1, $2, $3, $4) RETURNING id',
    [householdId, goal.name, goal.account_id, goal.target],
  );
  return result.rows[0].id;
}

export async function updateGoal(q: Queryable, goal: GoalRow): Promise<void> {
  await q.query('UPDATE savings_goals SET name = $2, account_id = $3, target = $4 WHERE id = $1', [
    goal.id,
    goal.name,
    goal.account_id,
    goal.target,
  ]);
}

export async function deleteGoal(q: Queryable, householdId: number, id: number): Promise<void> {
  await q.query('DELETE FROM savings_goals WHERE household_id = $1 AND id = $2', [householdId, id]);
}
