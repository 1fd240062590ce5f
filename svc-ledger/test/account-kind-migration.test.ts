/**
 * Migration 004: accounts made before kinds existed become checking, whatever their name says
 * (docs/rules/ledger.md, "Accounts"), and the table refuses a limit or threshold that does not fit.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createTestDatabase } from '@hf/service-kit/testing';

jest.setTimeout(30_000);

const migration = (file: string) => readFileSync(join(__dirname, '..', 'migrations', file), 'utf8');

describe('migration 004_account_kind', () => {
  let db: { url: string; drop: () => Promise<void> };
  let client: pg.Client;
  beforeAll(async () => {
    db = await createTestDatabase('ledgerkind');
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    for (const file of ['001_init.sql', '002_register_version.sql', '003_register_changes.sql'])
      await client.query(migration(file));
    await client.query(
      `INSERT INTO accounts (household_id, name, starting_balance) VALUES
       (1, 'Visa credit card', -50000), (1, 'Car loan', -900000), (1, 'Savings', 10000)`,
    );
    await client.query(migration('004_account_kind.sql'));
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('makes every existing account checking, never guessing from the name', async () => {
    const rows = (
      await client.query('SELECT name, kind, credit_limit, low_balance_threshold FROM accounts ORDER BY id')
    ).rows;
    expect(rows).toEqual([
      { name: 'Visa credit card', kind: 'checking', credit_limit: null, low_balance_threshold: null },
      { name: 'Car loan', kind: 'checking', credit_limit: null, low_balance_threshold: null },
      { name: 'Savings', kind: 'checking', credit_limit: null, low_balance_threshold: null },
    ]);
  });

  it.each([
    ['an unknown kind', "kind = 'mortgage'"],
    ['a negative limit', "kind = 'credit_card', credit_limit = -1"],
    ['a limit on a checking account', 'credit_limit = 100'],
    ['a threshold on a loan', "kind = 'loan', low_balance_threshold = 100"],
  ])('refuses %s', async (_label, set) => {
    await expect(client.query(`UPDATE accounts SET ${set} WHERE name = 'Savings'`)).rejects.toThrow(/violates check/);
  });
});
