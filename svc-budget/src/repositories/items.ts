import type { Queryable } from '@hf/ledger-mirror';
import type { PoolClient } from '@hf/service-kit';
import type { Schedule } from '../domain/occurrences';
import type { PredictableRecord } from '../domain/schedule';

export type StoredPredictable = PredictableRecord & { synced: boolean };
/** An item row as read, before its amounts are added. */
type ItemRow = Omit<StoredPredictable, 'values'>;

const COLUMNS = `i.id, i.account_id, i.item_type, i.payee, i.category_id, i.day_of_month, i.transfer_account_id, i.synced,
  i.frequency, i.repeat_interval AS "interval", i.days_of_month, i.start_date::text AS start_date,
  i.end_date::text AS end_date, i.weekend`;

async function withValues(q: Queryable, rows: ItemRow[]): Promise<StoredPredictable[]> {
  if (rows.length === 0) return [];
  const values = await q.query<{ item_id: number; month: string; amount: number }>(
    'SELECT item_id, month::text AS month, amount FROM scheduled_values WHERE item_id = ANY($1::int[])',
    [rows.map((r) => r.id)],
  );
  const byItem = new Map<number, Map<string, number>>(rows.map((r) => [r.id, new Map()]));
  for (const v of values.rows) byItem.get(v.item_id)!.set(v.month, v.amount);
  return rows.map((r) => ({ ...r, values: byItem.get(r.id)! }));
}

/** The account's own items and the household's transfers into it, by id. */
export async function itemsForAccount(
  q: Queryable,
  householdId: number,
  accountId: number,
): Promise<StoredPredictable[]> {
  const result = await q.query<ItemRow>(
    `SELECT ${COLUMNS} FROM scheduled_items i WHERE i.household_id = $1 AND (i.account_id = $2 OR i.transfer_account_id = $2) ORDER BY i.id`,
    [householdId, accountId],
  );
  return withValues(q, result.rows);
}

/** One item of the household (optionally locked), or null. */
export async function findItem(
  q: Queryable,
  householdId: number,
  id: number,
  lock = false,
): Promise<StoredPredictable | null> {
  const result = await q.query<ItemRow>(
    `SELECT ${COLUMNS} FROM scheduled_items i WHERE i.household_id = $1 AND i.id = $2${lock ? ' FOR UPDATE' : ''}`,
    [householdId, id],
  );
  return (await withValues(q, result.rows))[0] ?? null;
}

/** The household's items among `ids` (others' and missing ids are left out), by id. */
export async function itemsByIds(
  q: Queryable,
  householdId: number,
  ids: readonly number[],
): Promise<Map<number, StoredPredictable>> {
  if (ids.length === 0) return new Map();
  const result = await q.query<ItemRow>(
    `SELECT ${COLUMNS} FROM scheduled_items i WHERE i.household_id = $1 AND i.id = ANY($2::int[])`,
    [householdId, ids],
  );
  return new Map((await withValues(q, result.rows)).map((item) => [item.id, item]));
}

/** Items whose budgeted rows may not match them (a sync failed), by household. */
export async function unsyncedItems(q: Queryable): Promise<Map<number, number[]>> {
  const result = await q.query<{ household_id: number; id: number }>(
    'SELECT household_id, id FROM scheduled_items WHERE NOT synced ORDER BY household_id, id',
  );
  const byHousehold = new Map<number, number[]>();
  for (const { household_id, id } of result.rows) {
    const ids = byHousehold.get(household_id);
    if (ids) ids.push(id);
    else byHousehold.set(household_id, [id]);
  }
  return byHousehold;
}

/** How many items the account has (its own, not transfers into it). */
export async function countAccountItems(q: Queryable, accountId: number): Promise<number> {
  const result = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM scheduled_items WHERE account_id = $1', [
    accountId,
  ]);
  return result.rows[0].n;
}

/** The schedule's columns after the item's own ($n from `first` on), in `scheduleParams` order. */
const scheduleColumns = 'frequency, repeat_interval, days_of_month, start_date, end_date, weekend';
const scheduleParams = (s: Schedule) => [s.frequency, s.interval, s.days_of_month, s.start_date, s.end_date, s.weekend];

export async function insertItem(
  client: PoolClient,
  householdId: number,
  item: Omit<PredictableRecord, 'id' | 'values'>,
): Promise<number> {
  const result = await client.query<{ id: number }>(
    `INSERT INTO scheduled_items (household_id, account_id, item_type, payee, category_id, day_of_month, transfer_account_id, synced, ${scheduleColumns})
     VALUES ($1, $2, $3, $4, $5, $6, $7, false, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      householdId,
      item.account_id,
      item.item_type,
      item.payee,
      item.category_id,
      item.day_of_month,
      item.transfer_account_id,
      ...scheduleParams(item),
    ],
  );
  return result.rows[0].id;
}

export async function updateItem(client: PoolClient, item: PredictableRecord): Promise<void> {
  await client.query(
    `UPDATE scheduled_items SET payee = $2, category_id = $3, day_of_month = $4, transfer_account_id = $5, synced = false,
       (${scheduleColumns}) = ($6, $7, $8, $9, $10, $11)
     WHERE id = $1`,
    [item.id, item.payee, item.category_id, item.day_of_month, item.transfer_account_id, ...scheduleParams(item)],
  );
}

/** Replaces the item's amounts for the given months (absent from `values` = no amount). */
export async function writeValues(
  client: PoolClient,
  itemId: number,
  months: readonly string[],
  values: ReadonlyMap<string, number>,
): Promise<void> {
  await client.query('DELETE FROM scheduled_values WHERE item_id = $1 AND month = ANY($2::date[])', [itemId, months]);
  const kept = months.filter((m) => (values.get(m) ?? 0) > 0);
  if (kept.length) {
    await client.query(
      'INSERT INTO scheduled_values (item_id, month, amount) SELECT $1, unnest($2::date[]), unnest($3::bigint[])',
      [itemId, kept, kept.map((m) => values.get(m))],
    );
  }
  await client.query('UPDATE scheduled_items SET synced = false WHERE id = $1', [itemId]);
}

export async function markSynced(q: Queryable, itemId: number): Promise<void> {
  await q.query('UPDATE scheduled_items SET synced = true WHERE id = $1', [itemId]);
}

export async function deleteItem(q: Queryable, householdId: number, id: number): Promise<void> {
  await q.query('DELETE FROM scheduled_items WHERE household_id = $1 AND id = $2', [householdId, id]);
}
