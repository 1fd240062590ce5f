import { isoText, type PoolClient, type Queryable } from './sql';

export interface HistoryEntry {
  transaction_id: number;
  action: string;
  old_values: Record<string, unknown>;
  new_values: Record<string, unknown>;
}

/** Records change-history entries (one statement for any number). */
export async function insertHistory(
  client: PoolClient,
  householdId: number,
  userId: number | null,
  entries: readonly HistoryEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await client.query(
    `INSERT INTO transaction_changes (household_id, transaction_id, action, user_id, old_values, new_values)
     SELECT $1, u.transaction_id, u.action, $2, u.old_values, u.new_values
     FROM unnest($3::int[], $4::text[], $5::jsonb[], $6::jsonb[]) AS u(transaction_id, action, old_values, new_values)`,
    [
      householdId,
      userId,
      entries.map((e) => e.transaction_id),
      entries.map((e) => e.action),
      entries.map((e) => JSON.stringify(e.old_values)),
      entries.map((e) => JSON.stringify(e.new_values)),
    ],
  );
}

export interface HistoryRow {
  id: number;
  transaction_id: number;
  action: string;
  user_id: number | null;
  changed_at: string;
  old_values: Record<string, unknown>;
  new_values: Record<string, unknown>;
}

/** A row's history, newest first. */
export async function historyOf(q: Queryable, householdId: number, transactionId: number): Promise<HistoryRow[]> {
  const result = await q.query<HistoryRow>(
    `SELECT id::int AS id, transaction_id, action, user_id, ${isoText('changed_at')} AS changed_at, old_values, new_values
     FROM transaction_changes WHERE household_id = $1 AND transaction_id = $2 ORDER BY id DESC`,
    [householdId, transactionId],
  );
  return result.rows;
}
