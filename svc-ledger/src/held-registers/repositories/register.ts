import { SPLIT_CATEGORY_NAME, TRANSFER_CATEGORY_NAME } from '@hf/contracts/ledger';
import pg from 'pg';
import { withTransaction } from '@hf/service-kit';
import { RegisterModel, type RegisterHeadState, type RegisterLine } from '../domain/register-model';
import { registerHead } from '../../repositories/accounts';
import { categoryPathSql, epochMicros, isoText, type Pool, type PoolClient } from '../../repositories/sql';

/** `trim_scale(cents / 100.0)`: the API's decimal number as JSON text (`-12.5`, `3`), exact. */
const decimalSql = (cents: string) => `trim_scale((${cents}) / 100.0)`;
const nullable = (sql: string) => `coalesce((${sql})::text, 'null')`;
const categoryJson = `CASE WHEN t.transfer_id IS NOT NULL THEN '${JSON.stringify(TRANSFER_CATEGORY_NAME)}'
  WHEN sl.j IS NOT NULL THEN '${JSON.stringify(SPLIT_CATEGORY_NAME)}' ELSE coalesce($2::jsonb ->> t.category_id::text, 'null') END`;

/**
 * The rows read with their split lines: `sl.j` is a split row's lines as JSON text (category
 * paths from the $2 map), null for any other row. Only a row without category and transfer is
 * looked up (migration 010's primary key), so registers of categorised rows read as before.
 */
const LINE_FROM = `transactions t LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object('category_id', s.category_id,
        'category_name', coalesce(($2::jsonb ->> s.category_id::text)::jsonb, 'null'::jsonb),
        'amount', trim_scale(s.amount / 100.0), 'notes', s.notes) ORDER BY s.position)::text AS j
    FROM transaction_splits s
    WHERE s.transaction_id = t.id AND t.category_id IS NULL AND t.transfer_id IS NULL) sl ON true`;

/**
 * One register row as RegisterLine columns: id, date, created_at (µs), amount (cents), status
 * and the row's JSON without balances, written by PostgreSQL (same fields and values as
 * RegisterRow). Names (category paths, the other account of a transfer leg) come from two small
 * maps passed as parameters ($2 categories, $3 accounts; constant-folded once per statement, a
 * jsonb key lookup per row), not from per-row joins. $1 is the text between `"id":<id>` and the
 * date (account id and name). Dates are `date::text`, so the session must use DateStyle ISO.
 */
const LINE_COLUMNS = `t.id, t.date::text, ${epochMicros('t.created_at')}::float8, t.amount::float8, t.status,
  '{"id":' || t.id || $1::text || t.date::text
       || '","payee":' || CASE WHEN t.transfer_account_id IS NULL THEN to_json(t.payee)::text
                               ELSE coalesce($3::jsonb ->> t.transfer_account_id::text, to_json(t.payee)::text) END
       || ',"amount":' || ${decimalSql('t.amount')}
       || ',"status":"' || t.status
       || '","notes":' || CASE WHEN t.notes = '' THEN '""' ELSE to_json(t.notes)::text END
       || ',"category_id":' || ${nullable('t.category_id')}
       || ',"category_name":' || ${categoryJson}
       || ',"category":' || ${categoryJson}
       || ',"is_budgeted":' || t.is_budgeted
       || ',"transfer_id":' || ${nullable('t.transfer_id')}
       || ',"transfer_account_id":' || ${nullable('t.transfer_account_id')}
       || ',"transfer_transaction_id":' || ${nullable('t.transfer_transaction_id')}
       || ',"created_at":"' || ${isoText('t.created_at')}
       || '","updated_at":"' || ${isoText('t.updated_at')}
       || '","reconciled":' || (t.reconciliation_id IS NOT NULL)
       || ',"splits":' || coalesce(sl.j, '[]')`;

type LineRow = [number, string, number, number, RegisterLine['status'], string];
const toLine = (r: LineRow): RegisterLine => ({
  id: r[0],
  date: r[1],
  createdMicros: r[2],
  amount: r[3],
  status: r[4],
  prefix: r[5],
});

interface Names {
  /** Category paths by id, as JSON texts, in a JSON object. */
  categories: string;
  /** Account names by id, as JSON texts, in a JSON object. */
  accounts: string;
}

async function readNames(client: PoolClient, householdId: number): Promise<Names> {
  const names = await client.query<{ kind: string; id: number; name: string }>(
    `SELECT 'c' AS kind, c.id, ${categoryPathSql('c', 'p')} AS name
     FROM categories c LEFT JOIN categories p ON p.id = c.parent_id WHERE c.household_id = $1
     UNION ALL SELECT 'a', a.id, a.name FROM accounts a WHERE a.household_id = $1 ORDER BY 1, 2`,
    [householdId],
  );
  const categories: Record<string, string> = {};
  const accounts: Record<string, string> = {};
  for (const n of names.rows) (n.kind === 'c' ? categories : accounts)[n.id] = JSON.stringify(n.name);
  return { categories: JSON.stringify(categories), accounts: JSON.stringify(accounts) };
}

const lineParams = (account: { id: number; name: string }, names: Names) => [
  `,"account_id":${account.id},"account_name":${JSON.stringify(account.name)},"date":"`,
  names.categories,
  names.accounts,
];

/** Every row of the account in register order, streamed into a model (rows are not collected first). */
function readFull(
  client: PoolClient,
  householdId: number,
  account: { id: number; name: string },
  names: Names,
  head: RegisterHeadState,
): Promise<RegisterModel> {
  const text = `SELECT ${LINE_COLUMNS} FROM ${LINE_FROM}
     WHERE t.account_id = $4 AND t.household_id = $5 AND t.deleted_at IS NULL
     ORDER BY t.date, t.created_at, t.id`;
  const values = [...lineParams(account, names), account.id, householdId];
  const builder = RegisterModel.builder(head.startingBalance);
  return new Promise<RegisterModel>((resolve, reject) => {
    // A 'row' listener makes pg hand each row over instead of collecting them.
    const query = new pg.Query({ text, values, rowMode: 'array' } as pg.QueryArrayConfig);
    query.on('row', (row: LineRow) => builder.push(toLine(row)));
    query.on('error', reject);
    query.on('end', () => resolve(builder.finish(head)));
    void client.query(query);
  });
}

/**
 * The ids of the rows changed since `from`, when register_changes chain exactly from that
 * version to `to` and every change names its rows; otherwise null (rebuild whole).
 */
async function changedRowIds(
  client: PoolClient,
  accountId: number,
  from: string,
  to: string,
): Promise<Set<number> | null> {
  const result = await client.query<{ version: string; prev_version: string; row_ids: number[] | null }>(
    `SELECT version::text, prev_version::text, row_ids FROM register_changes
     WHERE account_id = $1 AND version > $2::bigint AND version <= $3::bigint ORDER BY version`,
    [accountId, from, to],
  );
  const ids = new Set<number>();
  let at = from;
  for (const change of result.rows) {
    if (change.prev_version !== at || change.row_ids === null) return null;
    for (const id of change.row_ids) ids.add(id);
    at = change.version;
  }
  return at === to ? ids : null;
}

/** The rows with these ids that are in the account now and not deleted. */
async function readLines(
  client: PoolClient,
  householdId: number,
  account: { id: number; name: string },
  names: Names,
  ids: ReadonlySet<number>,
): Promise<RegisterLine[]> {
  if (ids.size === 0) return [];
  const result = await client.query<LineRow>({
    text: `SELECT ${LINE_COLUMNS} FROM ${LINE_FROM}
       WHERE t.id = ANY($4::int[]) AND t.account_id = $5 AND t.household_id = $6 AND t.deleted_at IS NULL`,
    values: [...lineParams(account, names), [...ids], account.id, householdId],
    rowMode: 'array',
  });
  return result.rows.map(toLine);
}

export interface LoadedRegister {
  model: RegisterModel;
  /** How it was made: every row read, an earlier model updated from the changed rows, or that model as it was. */
  how: 'rows' | 'changes' | 'previous';
}

/**
 * An account's register at its current version, read in one REPEATABLE READ snapshot (the
 * version, the names and the rows agree even while writes commit). With `previous` (a model of
 * an earlier version of the same account, same starting balance) and an unbroken chain of
 * row-level changes since then, only the changed rows are read (with today's names) and put
 * into a copy of it; otherwise every row is read.
 * Null when the account is not the household's or is deleted.
 */
export async function loadRegister(
  pool: Pool,
  householdId: number,
  accountId: number,
  previous?: RegisterModel,
): Promise<LoadedRegister | null> {
  return withTransaction(
    pool,
    async (client) => {
      await client.query(`SET LOCAL datestyle = 'ISO, YMD'`);
      const account = await registerHead(client, householdId, accountId);
      if (!account) return null;
      const names = await readNames(client, householdId);
      const head: RegisterHeadState = { version: account.register_version, startingBalance: account.starting_balance };
      // Names are not compared: every write that changes a name rows show touches those rows
      // (category rename: its rows; account rename, category delete and merge: every register
      // of the household), so the rows outside the change chain still show their names right.
      const sameShape = previous && previous.head.startingBalance === head.startingBalance;
      if (previous && sameShape && previous.version === head.version) return { model: previous, how: 'previous' };
      const changed =
        previous && sameShape && BigInt(previous.version) < BigInt(head.version)
          ? await changedRowIds(client, accountId, previous.version, head.version)
          : null;
      return previous && changed
        ? {
            model: previous.withChanges(head, changed, await readLines(client, householdId, account, names, changed)),
            how: 'changes',
          }
        : { model: await readFull(client, householdId, account, names, head), how: 'rows' };
    },
    { isolation: 'repeatable read', readOnly: true },
  );
}
