import pg from 'pg';

// bigint (int8) columns hold cents; they always fit a JS number (amounts are capped at 1e14 cents).
pg.types.setTypeParser(20, (v) => Number(v));
// `date` columns stay calendar strings: never shift them through a JS Date.
pg.types.setTypeParser(1082, (v) => v);

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
export type Queryable = pg.Pool | pg.PoolClient;

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  // A connection that drops (PostgreSQL restarting or stopping) must not crash the process: the
  // pool handles idle clients; a checked-out client gets a listener too, and its pending query
  // rejects on its own. The next query reconnects.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

/**
 * `withTransaction(pool, fn, { isolation?, readOnly? })`: runs `fn` in one database transaction,
 * all of it commits or none of it. It lives in @hf/messaging (which this package depends on), so
 * that the outbox relay and the consumers use the same one.
 */
export { withTransaction, type TransactionOptions } from '@hf/messaging';

const ARRAY_QUOTING = /[\\"]/;
const ARRAY_QUOTED = /[\\"]/g;

/**
 * A PostgreSQL array literal (`{1,NULL,"a \\"b\\""}`) for a parameter cast to `int[]`, `bigint[]`,
 * `text[]`, `date[]` or `bool[]`: what pg builds for a JS array, several times cheaper (pg
 * quotes and escapes every element through a generic path, and an import passes many such
 * columns). Numbers must be finite (the caller's integers), strings are always quoted.
 */
export function pgArray(values: ReadonlyArray<string | number | boolean | null | undefined>): string {
  // A column of nulls (a bulk insert's transfer and schedule columns) in one piece.
  if (values.length > 0 && values.every((v) => v === null || v === undefined))
    return `{${'NULL,'.repeat(values.length - 1)}NULL}`;
  // The elements are joined once, not appended one by one: 50,000 appends make a chain of
  // partial strings that stays alive until the end, and every young-generation collection on
  // the way copies all of it (~2.5x the CPU of the join for an import's columns).
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) parts[i] = 'NULL';
    else if (typeof v === 'string')
      parts[i] = ARRAY_QUOTING.test(v) ? `"${v.replace(ARRAY_QUOTED, '\\$&')}"` : `"${v}"`;
    else if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error(`pgArray: ${v} is not a finite number`);
      parts[i] = String(v);
    } else if (typeof v === 'boolean') parts[i] = v ? 't' : 'f';
    else throw new Error(`pgArray: unsupported element ${typeof v}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * `migrate(pool, dir | sets)`: numbered SQL migrations, a service's own folder and the sets of
 * the packages it uses (see @hf/migrations), applied at start under one advisory lock.
 */
export { migrate, SERVICE_MIGRATIONS, type AppliedMigration, type MigrationSet } from '@hf/migrations';

/** Creates the database named in `url` when it does not exist (used by launchers and tests). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } catch (err) {
    // Two processes may race to create it; "already exists" is success.
    if ((err as { code?: string }).code !== '42P04') throw err;
  } finally {
    await client.end();
  }
}
