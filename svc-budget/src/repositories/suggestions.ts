import { addMonths, type CalendarDate } from '@hf/calendar';
import type { Queryable } from '@hf/ledger-mirror';
import { DETECTION_MONTHS, type DetectionRow } from '../domain/recurring-detection';

/** The account's counted rows (actual, not transfers, not deleted) of the detector's window, by date. */
export async function detectionRows(q: Queryable, accountId: number, today: CalendarDate): Promise<DetectionRow[]> {
  const result = await q.query<DetectionRow>(
    `SELECT id, date::text AS date, amount, payee, category_id FROM ledger_rows
     WHERE account_id = $1 AND counted AND date > $2 AND date <= $3 ORDER BY date, id`,
    [accountId, addMonths(today, -DETECTION_MONTHS), today],
  );
  return result.rows;
}

/** The account's dismissed suggestion keys. */
export async function dismissedKeys(q: Queryable, householdId: number, accountId: number): Promise<string[]> {
  const result = await q.query<{ suggestion_key: string }>(
    'SELECT suggestion_key FROM suggestion_dismissals WHERE household_id = $1 AND account_id = $2',
    [householdId, accountId],
  );
  return result.rows.map((r) => r.suggestion_key);
}

/** Remembers a dismissal (a second one of the same key changes nothing). */
export async function insertDismissal(
  q: Queryable,
  householdId: number,
  accountId: number,
  key: string,
): Promise<void> {
  await q.query(
    `INSERT INTO suggestion_dismissals (household_id, account_id, suggestion_key) VALUES ($1, $2, $3)
     ON CONFLICT (account_id, suggestion_key) DO NOTHING`,
    [householdId, accountId, key],
  );
}
