import type { PoolClient, Queryable } from './sql';

/**
 * Non-deleted rows of an account dated from..to, in register order, as the JSON text of the
 * internal candidates answer. PostgreSQL writes it (as it writes the register's rows): a
 * 50,000-row account is one text value instead of 50,000 rows parsed, copied and serialised.
 */
export async function candidatesJson(
  q: Queryable,
  householdId: number,
  accountId: number,
  from: string,
  to: string,
): Promise<string> {
  const result = await q.query<{ body: string }>(
    `SELECT '[' || coalesce(string_agg(
         '{"id":' || id || ',"date":"' || date::text || '","payee":' || to_json(payee)::text
         || ',"amount_cents":' || amount || ',"status":"' || status || '","is_budgeted":' || is_budgeted
         || ',"category_id":' || coalesce(category_id::text, 'null') || ',"transfer_id":' || coalesce(transfer_id::text, 'null') || '}',
         ',' ORDER BY date, created_at, id), '') || ']' AS body
     FROM transactions
     WHERE household_id = $1 AND account_id = $2 AND deleted_at IS NULL AND date BETWEEN $3 AND $4`,
    [householdId, accountId, from, to],
  );
  return result.rows[0].body;
}

/** A bulk create's answer. */
export interface BulkAnswer {
  created: number;
  transaction_ids: number[];
}

/** A bulk create's answer as kept under its idempotency key; consecutive ids (one allocation) as their range. */
type StoredBulkAnswer = BulkAnswer | { created: number; id_range: [number, number] };

function storedForm(answer: BulkAnswer): StoredBulkAnswer {
  const ids = answer.transaction_ids;
  const consecutive = ids.length > 1 && ids.every((id, i) => id === ids[0] + i);
  return consecutive ? { created: answer.created, id_range: [ids[0], ids[ids.length - 1]] } : answer;
}

function answerOf(stored: StoredBulkAnswer): BulkAnswer {
  if (!('id_range' in stored)) return stored;
  const [first, last] = stored.id_range;
  return { created: stored.created, transaction_ids: Array.from({ length: last - first + 1 }, (_, i) => first + i) };
}

/**
 * Claims a bulk create's idempotency key for this write. Answers null when the key is new (the
 * caller goes on and saves its answer with `saveBulkAnswer`), else the answer the first call
 * with that key stored (null too when that call stored none: it is claimed again).
 */
export async function claimIdempotencyKey(
  client: PoolClient,
  householdId: number,
  key: string,
): Promise<BulkAnswer | null> {
  const claimed = await client.query(
    'INSERT INTO idempotency_keys (household_id, key) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING key',
    [householdId, key],
  );
  if (claimed.rowCount !== 0) return null;
  const stored = await client.query<{ response: StoredBulkAnswer | null }>(
    'SELECT response FROM idempotency_keys WHERE household_id = $1 AND key = $2',
    [householdId, key],
  );
  const first = stored.rows[0]?.response;
  return first ? answerOf(first) : null;
}

/** Stores a bulk create's answer under its (claimed) idempotency key. */
export async function saveBulkAnswer(
  client: PoolClient,
  householdId: number,
  key: string,
  answer: BulkAnswer,
): Promise<void> {
  await client.query('UPDATE idempotency_keys SET response = $3 WHERE household_id = $1 AND key = $2', [
    householdId,
    key,
    JSON.stringify(storedForm(answer)),
  ]);
}
