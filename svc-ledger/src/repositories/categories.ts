import type { LedgerCategorySnapshot } from '@hf/contracts/ledger-events';
import type { CategoryLite } from '../domain/category-tree';
import { LOCK_CATEGORIES } from './accounts';
import type { LedgerWrite } from './events';
import type { PoolClient, Queryable } from './sql';

/**
 * Every category of the household. With `lock`, category writes of the household are
 * serialised (a transaction advisory lock, which also covers creating the first one), so the
 * tree rules are checked against a list nobody else is changing.
 */
export async function categoriesOf(q: Queryable, householdId: number, lock = false): Promise<CategoryLite[]> {
  if (lock) await q.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_CATEGORIES, householdId]);
  const result = await q.query<CategoryLite>(
    `SELECT id, name, parent_id FROM categories WHERE household_id = $1 ORDER BY id${lock ? ' FOR UPDATE' : ''}`,
    [householdId],
  );
  return result.rows;
}

/**
 * True when every id is a category of the household. `lock`: the categories are held `FOR KEY
 * SHARE` until the write ends, as a foreign-key check holds them (see references.ts).
 */
export async function categoriesExist(
  q: Queryable,
  householdId: number,
  ids: readonly number[],
  lock = false,
): Promise<boolean> {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return true;
  const result = await q.query(
    `SELECT id FROM categories WHERE household_id = $1 AND id = ANY($2::int[])${lock ? ' FOR KEY SHARE' : ''}`,
    [householdId, distinct],
  );
  return result.rowCount === distinct.length;
}

export async function insertCategory(
  client: PoolClient,
  householdId: number,
  name: string,
  parentId: number | null,
): Promise<CategoryLite> {
  const result = await client.query<CategoryLite>(
    'INSERT INTO categories (household_id, name, parent_id) VALUES ($1, $2, $3) RETURNING id, name, parent_id',
    [householdId, name, parentId],
  );
  return result.rows[0];
}

/*
 * Category writes below change the `Parent: Child` paths that rows of any account of the
 * household show. A rename or re-parent touches the rows that show the category's path (its
 * own and its sub-categories'); the others touch every register of the household.
 */

export async function updateCategory(
  w: LedgerWrite,
  id: number,
  name: string,
  parentId: number | null,
): Promise<CategoryLite> {
  const result = await w.client.query<CategoryLite>(
    'UPDATE categories SET name = $2, parent_id = $3, updated_at = now() WHERE id = $1 RETURNING id, name, parent_id',
    [id, name, parentId],
  );
  // Registers show live rows only; a category nobody uses (yet) touches no register at all.
  // `= ANY(ARRAY(...))`: an index scan of transactions_category for the ids (none: nothing read).
  const shown = await w.client.query<{ id: number; account_id: number }>(
    `SELECT t.id, t.account_id FROM transactions t
     WHERE t.category_id = ANY(ARRAY(SELECT c.id FROM categories c WHERE c.id = $2 OR c.parent_id = $2))
       AND t.household_id = $1 AND t.deleted_at IS NULL
     UNION
     SELECT t.id, t.account_id FROM transaction_splits s JOIN transactions t ON t.id = s.transaction_id
     WHERE s.category_id = ANY(ARRAY(SELECT c.id FROM categories c WHERE c.id = $2 OR c.parent_id = $2))
       AND s.household_id = $1 AND t.deleted_at IS NULL`,
    [w.householdId, id],
  );
  w.touchRows(shown.rows);
  return result.rows[0];
}

/** Frees a category's name before it is deleted (a promoted child may need it). */
export async function markCategoryDeleting(w: LedgerWrite, id: number): Promise<void> {
  await w.client.query(`UPDATE categories SET name = name || ' (deleting ' || id || ')' WHERE id = $1`, [id]);
  w.touchHousehold();
}

/** Re-points the household's rows of category `from` to `to` (null: uncategorised), keeping updated_at honest. */
export async function recategoriseRows(w: LedgerWrite, from: number, to: number | null): Promise<void> {
  await w.client.query(
    `UPDATE transactions SET category_id = $3, updated_at = greatest(clock_timestamp(), updated_at + interval '1 microsecond')
     WHERE household_id = $1 AND category_id = $2`,
    [w.householdId, from, to],
  );
  // Split lines go the same way (a deleted category's lines become uncategorised lines); their rows' updated_at moves too.
  await w.client.query(
    `WITH moved AS (
       UPDATE transaction_splits SET category_id = $3 WHERE household_id = $1 AND category_id = $2 RETURNING transaction_id
     )
     UPDATE transactions SET updated_at = greatest(clock_timestamp(), updated_at + interval '1 microsecond')
     WHERE id IN (SELECT transaction_id FROM moved)`,
    [w.householdId, from, to],
  );
  w.touchHousehold();
}

export async function deleteCategories(w: LedgerWrite, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await w.client.query('DELETE FROM categories WHERE id = ANY($1::int[])', [ids]);
  w.touchHousehold();
}

export function categorySnapshot(householdId: number, c: CategoryLite): LedgerCategorySnapshot {
  return { id: c.id, household_id: householdId, name: c.name, parent_id: c.parent_id };
}
