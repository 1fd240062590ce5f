import { pgArray, type Queryable } from '@hf/service-kit';

/**
 * Register rows recorded for the keys of the account (`keys()`: the file's, made only when the
 * account has any), lowest id first per key.
 */
export async function recordedKeys(
  q: Queryable,
  householdId: number,
  accountId: number,
  rowCount: number,
  keys: () => string[],
): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  if (rowCount === 0) return found;
  // Accounts hold few keys (rows with a bank id, cleared matches): when they hold no more than
  // the file has rows, all of them are read (none, for a CSV file imported before) instead of
  // sending every row's key to be looked up (slow for a large file).
  const held = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM (SELECT 1 FROM import_keys WHERE household_id = $1 AND account_id = $2 LIMIT $3) k',
    [householdId, accountId, rowCount + 1],
  );
  if (held.rows[0].n === 0) return found;
  const wanted = new Set(keys());
  const result =
    held.rows[0].n <= rowCount
      ? await q.query<{ key: string; transaction_id: number }>(
          'SELECT key, transaction_id FROM import_keys WHERE household_id = $1 AND account_id = $2 ORDER BY key, transaction_id',
          [householdId, accountId],
        )
      : await q.query<{ key: string; transaction_id: number }>(
          'SELECT key, transaction_id FROM import_keys WHERE household_id = $1 AND account_id = $2 AND key = ANY($3::text[]) ORDER BY key, transaction_id',
          [householdId, accountId, pgArray([...wanted])],
        );
  for (const r of result.rows) {
    if (!wanted.has(r.key)) continue;
    const list = found.get(r.key);
    if (list) list.push(r.transaction_id);
    else found.set(r.key, [r.transaction_id]);
  }
  return found;
}

const INSERT_KEYS = `INSERT INTO import_keys (household_id, account_id, key, transaction_id)
  SELECT $1, $2, k, t FROM unnest($3::text[], $4::int[]) AS u(k, t)`;

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Records keys of rows just created by an import. Their transaction ids are new, so their keys
 * are too: a plain INSERT, about half the cost of `ON CONFLICT DO NOTHING`'s speculative insertion
 * per row (16,000 keys: bench/README.md, "import"). Only an import answered again under its
 * Idempotency-Key (the ledger hands back the same rows) finds them recorded; then the statement,
 * which wrote nothing, runs again adding the missing ones. Not for use inside a transaction (its
 * failed statement would end it).
 */
export async function recordKeys(
  q: Queryable,
  householdId: number,
  accountId: number,
  entries: Array<{ key: string; transactionId: number }>,
): Promise<void> {
  if (entries.length === 0) return;
  const values = [
    householdId,
    accountId,
    pgArray(entries.map((e) => e.key)),
    pgArray(entries.map((e) => e.transactionId)),
  ];
  try {
    await q.query(INSERT_KEYS, values);
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
    await q.query(`${INSERT_KEYS} ON CONFLICT DO NOTHING`, values);
  }
}

/** Remembers a reconciliation's matched pairs until update_matched clears them. */
export async function rememberMatches(
  q: Queryable,
  householdId: number,
  accountId: number,
  pairs: Array<{ key: string; transactionId: number }>,
): Promise<void> {
  await q.query("DELETE FROM pending_matches WHERE household_id = $1 AND created_at < now() - interval '7 days'", [
    householdId,
  ]);
  if (pairs.length === 0) return;
  await q.query(
    `INSERT INTO pending_matches (household_id, transaction_id, account_id, key)
     SELECT $1, t, $2, k FROM unnest($3::int[], $4::text[]) AS u(t, k)
     ON CONFLICT (household_id, transaction_id) DO UPDATE SET account_id = EXCLUDED.account_id, key = EXCLUDED.key, created_at = now()`,
    [householdId, accountId, pgArray(pairs.map((p) => p.transactionId)), pgArray(pairs.map((p) => p.key))],
  );
}

/** The cleared rows' remembered keys become recorded keys. */
export async function recordClearedMatches(q: Queryable, householdId: number, transactionIds: number[]): Promise<void> {
  if (transactionIds.length === 0) return;
  await q.query(
    `WITH moved AS (DELETE FROM pending_matches WHERE household_id = $1 AND transaction_id = ANY($2::int[]) RETURNING household_id, account_id, key, transaction_id)
     INSERT INTO import_keys (household_id, account_id, key, transaction_id) SELECT household_id, account_id, key, transaction_id FROM moved ON CONFLICT DO NOTHING`,
    [householdId, pgArray(transactionIds)],
  );
}
