import type { Queryable } from '@hf/service-kit';

/**
 * An Idempotency-Key of import_new claimed for a request's digest: `new` (this request is the
 * first with the key), `same` (a retry of the same rows), `other` (the key went with other rows).
 */
export async function claimRequestKey(
  q: Queryable,
  householdId: number,
  accountId: number,
  key: string,
  digest: string,
): Promise<'new' | 'same' | 'other'> {
  const claimed = await q.query(
    `INSERT INTO import_requests (household_id, account_id, key, digest) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING key`,
    [householdId, accountId, key, digest],
  );
  if (claimed.rowCount !== 0) return 'new';
  const held = await q.query<{ digest: string }>(
    'SELECT digest FROM import_requests WHERE household_id = $1 AND account_id = $2 AND key = $3',
    [householdId, accountId, key],
  );
  return held.rows[0]?.digest === digest ? 'same' : 'other';
}

/** Frees a key whose request the ledger refused (it created nothing): the key may go with corrected rows. */
export async function releaseRequestKey(
  q: Queryable,
  householdId: number,
  accountId: number,
  key: string,
): Promise<void> {
  await q.query('DELETE FROM import_requests WHERE household_id = $1 AND account_id = $2 AND key = $3', [
    householdId,
    accountId,
    key,
  ]);
}
