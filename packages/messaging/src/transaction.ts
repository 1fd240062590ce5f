import type pg from 'pg';

export interface TransactionOptions {
  /** `BEGIN ISOLATION LEVEL ...`; PostgreSQL's default (read committed) when omitted. */
  isolation?: 'read committed' | 'repeatable read' | 'serializable';
  /** `BEGIN ... READ ONLY`. */
  readOnly?: boolean;
}

/**
 * Runs `fn` in one database transaction: all of it commits, or none of it. Re-exported by
 * @hf/service-kit (which depends on this package), so the services, the outbox relay and the
 * consumers share one. `{ isolation: 'repeatable read', readOnly: true }` begins with
 * `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY` (one snapshot for several reads).
 */
export async function withTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(beginStatement(options));
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

function beginStatement({ isolation, readOnly }: TransactionOptions): string {
  let statement = 'BEGIN';
  if (isolation) statement += ` ISOLATION LEVEL ${isolation.toUpperCase()}`;
  if (readOnly) statement += ' READ ONLY';
  return statement;
}
