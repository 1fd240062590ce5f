import { foldText, type RuleActions, type RuleCondition, type RuleDefinition } from '../domain/rules';
import type { PoolClient, Queryable } from './sql';

/** Printable ASCII only: a pattern the SQL prefilter can compare as the domain module does. */
const PLAIN_TEXT = /^[\x20-\x7e]+$/;

/** Advisory lock key (with the household id) held by a write of a household's rules. */
const LOCK_RULES = 7_272_907;

export interface StoredRule extends RuleDefinition {
  position: number;
}

/**
 * The household's rules in order. A category deleted since the rule was saved is no action
 * (the rule's other actions still apply).
 */
export async function rulesOf(q: Queryable, householdId: number): Promise<StoredRule[]> {
  const result = await q.query<{
    id: number;
    name: string;
    position: number;
    conditions: RuleCondition[];
    actions: RuleActions;
    category_exists: boolean;
  }>(
    `SELECT r.id, r.name, r.position, r.conditions, r.actions, c.id IS NOT NULL AS category_exists
     FROM rules r
     LEFT JOIN categories c ON c.household_id = r.household_id AND c.id = (r.actions->>'category_id')::int
     WHERE r.household_id = $1 ORDER BY r.position, r.id`,
    [householdId],
  );
  return result.rows.map((r) => ({
    id: r.id,
    name: r.name,
    position: r.position,
    conditions: r.conditions,
    actions: { ...r.actions, category_id: r.category_exists ? r.actions.category_id : null },
  }));
}

/** Serialises the household's rule writes (positions stay 1..n) until the transaction ends. */
export async function lockRules(client: PoolClient, householdId: number): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_RULES, householdId]);
}

export async function findRule(q: Queryable, householdId: number, id: number): Promise<StoredRule | null> {
  return (await rulesOf(q, householdId)).find((r) => r.id === id) ?? null;
}

export async function insertRule(
  client: PoolClient,
  householdId: number,
  rule: Omit<RuleDefinition, 'id'>,
): Promise<number> {
  const result = await client.query<{ id: number }>(
    `INSERT INTO rules (household_id, name, position, conditions, actions)
     SELECT $1, $2, coalesce(max(position), 0) + 1, $3::jsonb, $4::jsonb FROM rules WHERE household_id = $1
     RETURNING id`,
    [householdId, rule.name, JSON.stringify(rule.conditions), JSON.stringify(rule.actions)],
  );
  return result.rows[0].id;
}

export async function countRules(q: Queryable, householdId: number): Promise<number> {
  const result = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM rules WHERE household_id = $1', [
    householdId,
  ]);
  return result.rows[0].n;
}

/** False when the rule is not the household's. */
export async function updateRule(
  client: PoolClient,
  householdId: number,
  id: number,
  rule: Omit<RuleDefinition, 'id'>,
): Promise<boolean> {
  const result = await client.query(
    `UPDATE rules SET name = $3, conditions = $4::jsonb, actions = $5::jsonb, updated_at = now()
     WHERE household_id = $1 AND id = $2`,
    [householdId, id, rule.name, JSON.stringify(rule.conditions), JSON.stringify(rule.actions)],
  );
  return result.rowCount === 1;
}

/** Deletes the rule and closes the gap in positions; false when it is not the household's. */
export async function deleteRule(client: PoolClient, householdId: number, id: number): Promise<boolean> {
  const result = await client.query('DELETE FROM rules WHERE household_id = $1 AND id = $2', [householdId, id]);
  if (result.rowCount !== 1) return false;
  await setPositions(
    client,
    householdId,
    (await rulesOf(client, householdId)).map((r) => r.id),
  );
  return true;
}

/** Positions 1..n in the order of `ids` (every rule of the household). */
export async function setPositions(client: PoolClient, householdId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await client.query(
    `UPDATE rules r SET position = u.position, updated_at = now()
     FROM unnest($2::int[]) WITH ORDINALITY AS u(id, position)
     WHERE r.household_id = $1 AND r.id = u.id AND r.position IS DISTINCT FROM u.position::int`,
    [householdId, ids],
  );
}

/** The fields a rule reads and changes, of the household's actual rows (not budgeted, not transfer legs, not deleted). */
export interface RuleCandidateRow {
  id: number;
  account_id: number;
  payee: string;
  amount: number;
  notes: string;
  category_id: number | null;
  /** A split row: a rule's category leaves its lines as they are (as bulk categorize does). */
  split: boolean;
}

/**
 * Every row a rule may change, newest first. The rule's account and amount conditions narrow the
 * read in SQL (the payee and notes conditions are judged by the domain module, accent-insensitively).
 */
export async function ruleCandidateRows(
  q: Queryable,
  householdId: number,
  conditions: readonly RuleCondition[],
): Promise<RuleCandidateRow[]> {
  const params: unknown[] = [householdId];
  const where: string[] = [];
  for (const c of conditions) {
    if (c.field === 'account') {
      params.push(c.value);
      where.push(`t.account_id = $${params.length}`);
    } else if (c.field === 'amount' && c.op === 'is') {
      params.push(c.value);
      where.push(`t.amount = $${params.length}`);
    } else if (c.field === 'amount') {
      for (const [bound, op] of [
        [c.value[0], '>='],
        [c.value[1], '<='],
      ] as const) {
        if (bound === null) continue;
        params.push(bound);
        where.push(`t.amount ${op} $${params.length}`);
      }
    }
  }
  for (const c of conditions) {
    if (c.field !== 'payee' && c.field !== 'notes') continue;
    // An ASCII pattern narrows the read to rows that may match: rows with any other character are
    // all read (the domain module folds their accents); ASCII rows are folded here as there.
    const pattern = foldText(c.value);
    if (!PLAIN_TEXT.test(pattern)) continue;
    const column = `t.${c.field}`;
    const folded = `btrim(regexp_replace(lower(${column}), '\\s+', ' ', 'g'))`;
    params.push(pattern);
    const p = `$${params.length}`;
    const test =
      c.op === 'is'
        ? `${folded} = ${p}`
        : c.op === 'starts_with'
          ? `left(${folded}, length(${p})) = ${p}`
          : `strpos(${folded}, ${p}) > 0`;
    where.push(`(${column} ~ '[^\\x01-\\x7e]' OR ${test})`);
  }
  const result = await q.query<RuleCandidateRow>(
    `SELECT t.id, t.account_id, t.payee, t.amount::float8 AS amount, t.notes, t.category_id,
       (t.category_id IS NULL AND EXISTS (SELECT 1 FROM transaction_splits s WHERE s.transaction_id = t.id)) AS split
     FROM transactions t JOIN accounts a ON a.id = t.account_id AND a.deleted_at IS NULL
     WHERE t.household_id = $1 AND t.deleted_at IS NULL AND NOT t.is_budgeted AND t.transfer_id IS NULL
       ${where.map((w) => `AND ${w}`).join(' ')}
     ORDER BY t.date DESC, t.id DESC`,
    params,
  );
  return result.rows;
}

/** The date and account name of rows (a preview's rows), by id. */
export async function rowPlaces(
  q: Queryable,
  householdId: number,
  ids: readonly number[],
): Promise<Map<number, { date: string; account_name: string }>> {
  const result = await q.query<{ id: number; date: string; account_name: string }>(
    `SELECT t.id, to_char(t.date, 'YYYY-MM-DD') AS date, a.name AS account_name
     FROM transactions t JOIN accounts a ON a.id = t.account_id
     WHERE t.household_id = $1 AND t.id = ANY($2::int[])`,
    [householdId, ids],
  );
  return new Map(result.rows.map((r) => [r.id, r]));
}
