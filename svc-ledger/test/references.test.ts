import pg from 'pg';
import { createInProcessBus } from '@hf/messaging';
import { dropTestDatabase, TEST_INTERNAL_TOKEN, testAdminUrl, testKeys } from '@hf/service-kit/testing';
import { buildApp } from '../src/app';
import { findAccount } from '../src/repositories/accounts';
import { categoriesExist } from '../src/repositories/categories';
import { client, internalClient, ledgerForFile, openAccount, register, snapshot } from './helpers';

// Bulk creates check their account and categories once, locked as a foreign-key check locks
// them, instead of by a trigger per row (src/repositories/references.ts).

const ledger = ledgerForFile('references');
const call = ledger.client(1);
const internal = ledger.internal();
let account: number;
let food: number;
let foreignCategory: number;

beforeAll(async () => {
  account = await openAccount(call, 'Checking', 0);
  food = (await call('POST', '/api/categories/', { name: 'Food' })).body.id;
  foreignCategory = (await ledger.client(2)('POST', '/api/categories/', { name: 'Theirs' })).body.id;
});

const bulk = (key: string, rows: object[]) =>
  internal('POST', '/internal/transactions/bulk', {
    household_id: 1,
    account_id: account,
    idempotency_key: key,
    transactions: rows,
  });

describe('references checked once per bulk create', () => {
  it('is what the test database superuser does', () => {
    expect(ledger.app.checksReferencesOnce).toBe(true);
  });

  it('transactions has no trigger the bulk INSERT skips but its foreign keys; the others fire always', async () => {
    const triggers = await ledger.app.db.query<{ name: string; constraint_type: string | null; enabled: string }>(
      `SELECT t.tgname AS name, c.contype::text AS constraint_type, t.tgenabled::text AS enabled
       FROM pg_trigger t LEFT JOIN pg_constraint c ON c.oid = t.tgconstraint
       WHERE t.tgrelid = 'transactions'::regclass`,
    );
    expect(triggers.rows.length).toBeGreaterThan(0);
    // 'A': enabled ALWAYS, so session_replication_role = replica still runs it (the turnover sums).
    expect(triggers.rows.filter((t) => t.constraint_type !== 'f' && t.enabled !== 'A')).toEqual([]);
    expect(
      triggers.rows
        .filter((t) => t.constraint_type !== 'f')
        .map((t) => t.name)
        .sort(),
    ).toEqual(['transactions_turnover_delete', 'transactions_turnover_insert', 'transactions_turnover_update']);
    const rules = await ledger.app.db.query("SELECT rulename FROM pg_rules WHERE tablename = 'transactions'");
    expect(rules.rows).toEqual([]);
  });

  it("holds the account and categories FOR KEY SHARE until the write ends, and finds only the household's", async () => {
    const writer = await ledger.app.db.connect();
    const other = await ledger.app.db.connect();
    const doomed = (await call('POST', '/api/categories/', { name: 'Doomed' })).body.id;
    try {
      await writer.query('BEGIN');
      expect(await findAccount(writer, 1, account, 'FOR KEY SHARE')).toMatchObject({ id: account });
      expect(await categoriesExist(writer, 1, [doomed, doomed], true)).toBe(true);
      await other.query("SET lock_timeout = '200ms'");
      await expect(other.query('DELETE FROM categories WHERE id = $1', [doomed])).rejects.toMatchObject({
        code: '55P03',
      });
      await expect(other.query('DELETE FROM accounts WHERE id = $1', [account])).rejects.toMatchObject({
        code: '55P03',
      });
      await writer.query('COMMIT');
      await other.query('DELETE FROM categories WHERE id = $1', [doomed]);

      await writer.query('BEGIN');
      expect(await categoriesExist(writer, 1, [food, foreignCategory], true)).toBe(false);
      expect(await categoriesExist(writer, 1, [doomed], true)).toBe(false);
      expect(await findAccount(writer, 2, account, 'FOR KEY SHARE')).toBeNull();
      await writer.query('ROLLBACK');
    } finally {
      writer.release();
      other.release();
    }
  });

  it('a bulk create refers to its category as any row does: deleting the category clears it', async () => {
    const groceries = (await call('POST', '/api/categories/', { name: 'Groceries' })).body.id;
    const res = await bulk('set-null', [
      { date: '2025-03-01', payee: 'Market', amount_cents: -1250, category_id: groceries },
      { date: '2025-03-02', payee: 'Bakery', amount_cents: -300, category: 'Groceries' },
    ]);
    expect(res.status).toBe(200);
    expect((await register(call, account)).filter((r) => r.category_name === 'Groceries')).toHaveLength(2);
    expect((await call('DELETE', `/api/categories/${groceries}`)).status).toBeLessThan(300);
    const rows = await ledger.app.db.query('SELECT category_id FROM transactions WHERE id = ANY($1::int[])', [
      res.body.transaction_ids,
    ]);
    expect(rows.rows).toEqual([{ category_id: null }, { category_id: null }]);
  });

  it("refuses another household's category with nothing written", async () => {
    const before = await snapshot(ledger.app);
    const res = await bulk('foreign', [
      { date: '2025-03-03', payee: 'X', amount_cents: -100, category_id: foreignCategory },
    ]);
    expect([res.status, res.body.message]).toEqual([404, 'Category not found.']);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('a database role that may not skip triggers', () => {
  const ROLE = 'hf_ledger_plain';
  let plain: Awaited<ReturnType<typeof buildApp>>;
  let dbName: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: testAdminUrl() });
    await admin.connect();
    try {
      const exists = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [ROLE]);
      if (exists.rowCount === 0) await admin.query(`CREATE ROLE ${ROLE} LOGIN PASSWORD 'plain' NOSUPERUSER`);
      dbName = `t_refplain_${process.pid}_${Date.now()}`;
      await admin.query(`CREATE DATABASE ${dbName} OWNER ${ROLE}`);
    } finally {
      await admin.end();
    }
    const url = new URL(testAdminUrl());
    url.username = ROLE;
    url.password = 'plain';
    url.pathname = `/${dbName}`;
    plain = await buildApp({
      databaseUrl: url.toString(),
      jwtPublicKey: testKeys().publicKey,
      internalToken: TEST_INTERNAL_TOKEN,
      bus: createInProcessBus(),
    });
    await plain.ready();
  });
  afterAll(async () => {
    await plain?.close();
    await dropTestDatabase(dbName);
  });

  it('keeps the per-row checks and creates the same rows', async () => {
    expect(plain.checksReferencesOnce).toBe(false);
    const user = client(plain, 1);
    const id = await openAccount(user, 'Plain', 0);
    const category = (await user('POST', '/api/categories/', { name: 'Food' })).body.id;
    const res = await internalClient(plain)('POST', '/internal/transactions/bulk', {
      household_id: 1,
      account_id: id,
      idempotency_key: 'plain',
      transactions: [
        { date: '2025-03-01', payee: 'Market', amount_cents: -1250, category_id: category },
        { date: '2025-03-02', payee: 'Pay', amount_cents: 10000 },
      ],
    });
    expect(res.status).toBe(200);
    expect((await register(user, id)).map((r) => [r.payee, r.amount, r.category_name])).toEqual([
      ['Market', -12.5, 'Food'],
      ['Pay', 100, null],
    ]);
  });
});
