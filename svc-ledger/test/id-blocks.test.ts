/**
 * Migration 013: transaction ids reserved as blocks (decision 0149). Concurrent allocations never
 * share an id, a block is consecutive, the column default takes part, and a failed or cancelled
 * allocation leaves no lock behind.
 */
import pg from 'pg';
import { allocateIds } from '../src/repositories/transactions';
import { startLedger, type Ledger } from './helpers';

describe('transaction id blocks', () => {
  let ledger: Ledger;
  let pool: pg.Pool;
  const clients: pg.PoolClient[] = [];
  const connect = async () => {
    const c = await pool.connect();
    clients.push(c);
    return c;
  };
  beforeAll(async () => {
    ledger = await startLedger('ledgerids');
    pool = new pg.Pool({ connectionString: ledger.url, max: 8 });
  });
  afterAll(async () => {
    for (const c of clients) c.release();
    await pool?.end();
    await ledger?.close();
  });

  it('gives concurrent allocations of every size disjoint consecutive blocks in allocation order', async () => {
    const connections = await Promise.all([connect(), connect(), connect(), connect()]);
    const sizes = [1, 5000, 1, 3, 20000, 1, 7, 1];
    // Each connection allocates one block after another; the four connections at once.
    const perConnection = await Promise.all(
      connections.map(async (c, k) => {
        const blocks: number[][] = [];
        for (let i = 0; i < sizes.length; i++) blocks.push(await allocateIds(c, sizes[(i + k) % sizes.length]));
        return blocks;
      }),
    );
    const blocks = perConnection.flat();
    const all = blocks.flat();
    expect(new Set(all).size).toBe(all.length);
    for (const block of blocks) for (let i = 1; i < block.length; i++) expect(block[i]).toBe(block[0] + i);
    // The next id follows every block handed out.
    const [next] = await allocateIds(connections[0], 1);
    expect(next).toBe(Math.max(...all) + 1);
  });

  it('lets the column default take ids from the same blocks', async () => {
    const c = await connect();
    const block = await allocateIds(c, 10);
    const account = await c.query<{ id: number }>(
      `INSERT INTO accounts (household_id, name, starting_balance) VALUES (1, 'Ids', 0) RETURNING id`,
    );
    const inserted = await c.query<{ id: number }>(
      `INSERT INTO transactions (household_id, account_id, date, payee, amount)
       VALUES (1, $1, '2026-01-01', 'Default', 100) RETURNING id`,
      [account.rows[0].id],
    );
    expect(inserted.rows[0].id).toBe(block[9] + 1);
    expect(await allocateIds(c, 2)).toEqual([block[9] + 2, block[9] + 3]);
  });

  it('refuses a block of no ids and releases its lock after a failure or a cancel', async () => {
    const a = await connect();
    const b = await connect();
    await expect(a.query('SELECT allocate_transaction_ids(0)')).rejects.toThrow(/at least 1/);
    // A block past the sequence's end fails inside the lock: the lock must be released.
    await a.query('BEGIN');
    await a.query("SELECT setval('transactions_id_seq', 2147483000)");
    await expect(a.query('SELECT allocate_transaction_ids(10000)')).rejects.toThrow();
    await a.query('ROLLBACK');
    await b.query("SELECT setval('transactions_id_seq', 1000000)");
    const held = await b.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 1953001828",
    );
    expect(held.rows[0].n).toBe(0);
    expect(await allocateIds(b, 3)).toEqual([1000001, 1000002, 1000003]);
    // Cancelled while waiting behind another connection's lock, then usable again.
    await a.query('SELECT pg_advisory_lock(1953001828)');
    await b.query("SET statement_timeout = '200ms'");
    await expect(b.query('SELECT allocate_transaction_ids(5)')).rejects.toThrow(/statement timeout/);
    await b.query('RESET statement_timeout');
    await a.query('SELECT pg_advisory_unlock(1953001828)');
    expect(await allocateIds(b, 2)).toEqual([1000004, 1000005]);
    expect(await allocateIds(a, 1)).toEqual([1000006]);
  });
});
