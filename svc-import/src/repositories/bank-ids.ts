import type { Queryable } from '@hf/service-kit';

/** fitid -> transaction id recorded for the account, for the bank ids of one file. */
export async function knownBankIds(q: Queryable, householdId: number, accountId: number, fitids: string[]): Promise<Map<string, number>> {
  if (fitids.length === 0) return new Map();
  const result = await q.query<{ fitid: string; transaction_id: number }>(
    'SELECT fitid, transaction_id FROM bank_ids WHERE household_id = $1 AND account_id = $2 AND fitid = ANY($3::text[])',
    [householdId, accountId, fitids],
  );
  return new Map(result.rows.map((r) => [r.fitid, r.transaction_id]));
}

/** Records the bank ids of rows just created (a later id for the same fitid replaces the earlier). */
export async function recordBankIds(q: Queryable, householdId: number, accountId: number, entries: Array<{ fitid: string; transactionId: number }>): Promise<void> {
  if (entries.length === 0) return;
  // One statement; a fitid twice in one call keeps the last row's id.
  const last = new Map(entries.map((e) => [e.fitid, e.transactionId]));
  await q.query(
    `INSERT INTO bank_ids (household_id, account_id, fitid, transaction_id)
     SELECT $1, $2, f, t FROM unnest($3::text[], $4::int[]) AS u(f, t)
     ON CONFLICT (household_id, account_id, fitid) DO UPDATE SET transaction_id = EXCLUDED.transaction_id`,
    [householdId, accountId, [...last.keys()], [...last.values()]],
  );
}
