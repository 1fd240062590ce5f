import type pg from 'pg';
import { withTransaction } from '../src/transaction';
import { openTestPool } from './helpers';

describe('withTransaction', () => {
  let pool: pg.Pool;
  let closeDb: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ pool, close: closeDb } = await openTestPool('tx', 2));
    await pool.query('CREATE TABLE things (id int PRIMARY KEY)');
  });
  afterAll(async () => {
    await closeDb?.();
  });

  const settings = (client: pg.PoolClient) =>
    client
      .query<{ isolation: string; read_only: string }>(
        "SELECT current_setting('transaction_isolation') AS isolation, current_setting('transaction_read_only') AS read_only",
      )
      .then((r) => r.rows[0]);

  test('commits what fn did and answers its result', async () => {
    const result = await withTransaction(pool, async (client) => {
      await client.query('INSERT INTO things VALUES (1)');
      return 'done';
    });
    expect(result).toBe('done');
    expect((await pool.query('SELECT id FROM things')).rows).toEqual([{ id: 1 }]);
  });

  test('rolls everything back when fn throws, and rethrows', async () => {
    await expect(
      withTransaction(pool, async (client) => {
        await client.query('INSERT INTO things VALUES (2)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await pool.query('SELECT id FROM things WHERE id = 2')).rowCount).toBe(0);
  });

  test('begins with the default isolation, read-write, without options', async () => {
    expect(await withTransaction(pool, settings)).toEqual({ isolation: 'read committed', read_only: 'off' });
  });

  test('begins with the isolation level and read-only mode asked for', async () => {
    expect(await withTransaction(pool, settings, { isolation: 'repeatable read', readOnly: true })).toEqual({
      isolation: 'repeatable read',
      read_only: 'on',
    });
    expect(await withTransaction(pool, settings, { isolation: 'serializable' })).toEqual({
      isolation: 'serializable',
      read_only: 'off',
    });
    await expect(
      withTransaction(pool, (client) => client.query('INSERT INTO things VALUES (3)'), { readOnly: true }),
    ).rejects.toThrow(/read-only transaction/);
  });
});
