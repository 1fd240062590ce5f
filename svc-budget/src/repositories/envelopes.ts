import type { Queryable } from '@hf/ledger-mirror';
import type { PoolClient } from '@hf/service-kit';
import type { EnvelopeRecord } from '../domain/envelopes';

/** Every envelope of an account, by month (`YYYY-MM`). */
export async function envelopesByMonth(
  q: Queryable,
  householdId: number,
  accountId: number,
): Promise<Map<string, EnvelopeRecord[]>> {
  const result = await q.query<EnvelopeRecord>(
    'SELECT id, category_id, month, amount, rollover_enabled FROM envelopes WHERE household_id = $1 AND account_id = $2 ORDER BY month, id',
    [householdId, accountId],
  );
  const byMonth = new Map<string, EnvelopeRecord[]>();
  for (const e of result.rows) {
    const list = byMonth.get(e.month);
    if (list) list.push(e);
    else byMonth.set(e.month, [e]);
  }
  return byMonth;
}

/** Every envelope of the household, by account and month. */
export async function householdEnvelopes(
  q: Queryable,
  householdId: number,
): Promise<Map<number, Map<string, EnvelopeRecord[]>>> {
  const result = await q.query<EnvelopeRecord & { account_id: number }>(
    'SELECT id, account_id, category_id, month, amount, rollover_enabled FROM envelopes WHERE household_id = $1 ORDER BY month, id',
    [householdId],
  );
  const byAccount = new Map<number, Map<string, EnvelopeRecord[]>>();
  for (const { account_id, ...e } of result.rows) {
    let months = byAccount.get(account_id);
    if (!months) byAccount.set(account_id, (months = new Map()));
    const list = months.get(e.month);
    if (list) list.push(e);
    else months.set(e.month, [e]);
  }
  return byAccount;
}

export async function findEnvelope(
  q: Queryable,
  householdId: number,
  id: number,
): Promise<(EnvelopeRecord & { account_id: number }) | null> {
  const result = await q.query<EnvelopeRecord & { account_id: number }>(
    'SELECT id, account_id, category_id, month, amount, rollover_enabled FROM envelopes WHERE household_id = $1 AND id = $2',
    [householdId, id],
  );
  return result.rows[0] ?? null;
}

/** Serialises envelope writes of one account (a month is materialised before it is written). */
export async function lockAccountEnvelopes(client: PoolClient, accountId: number): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1, $2)', [7_474_001, accountId]);
}

/** Copies envelopes into a month that has none of its own (the carried-forward ones become its own). */
export async function materialiseMonth(
  client: PoolClient,
  householdId: number,
  accountId: number,
  month: string,
  carried: readonly EnvelopeRecord[],
): Promise<void> {
  for (const e of carried) {
    await client.query(
      `INSERT INTO envelopes (household_id, account_id, category_id, month, amount, rollover_enabled) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (account_id, category_id, month) DO NOTHING`,
      [householdId, accountId, e.category_id, month, e.amount, e.rollover_enabled],
    );
  }
}

/** Inserts an envelope; null when the account already has one for that category and month. */
export async function insertEnvelope(
  client: PoolClient,
  householdId: number,
  e: { account_id: number; category_id: number; month: string; amount: number; rollover_enabled: boolean },
): Promise<number | null> {
  const result = await client.query<{ id: number }>(
    `INSERT INTO envelopes (household_id, account_id, category_id, month, amount, rollover_enabled) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (account_id, category_id, month) DO NOTHING RETURNING id`,
    [householdId, e.account_id, e.category_id, e.month, e.amount, e.rollover_enabled],
  );
  return result.rows[0]?.id ?? null;
}

/** Sets the amount and/or the rollover flag of the account's envelope of a category and month; false when there is none. */
export async function updateEnvelopeOf(
  q: Queryable,
  accountId: number,
  categoryId: number,
  month: string,
  changes: { amount?: number; rollover_enabled?: boolean },
): Promise<boolean> {
  const result = await q.query(
    `UPDATE envelopes SET amount = COALESCE($4, amount), rollover_enabled = COALESCE($5, rollover_enabled)
     WHERE account_id = $1 AND category_id = $2 AND month = $3`,
    [accountId, categoryId, month, changes.amount ?? null, changes.rollover_enabled ?? null],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function deleteEnvelope(q: Queryable, householdId: number, id: number): Promise<void> {
  await q.query('DELETE FROM envelopes WHERE household_id = $1 AND id = $2', [householdId, id]);
}

export async function deleteEnvelopeOf(
  q: Queryable,
  accountId: number,
  categoryId: number,
  month: string,
): Promise<void> {
  await q.query('DELETE FROM envelopes WHERE account_id = $1 AND category_id = $2 AND month = $3', [
    accountId,
    categoryId,
    month,
  ]);
}
