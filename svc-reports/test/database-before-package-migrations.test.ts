/**
 * A database made by the version before package migrations (tables created in code at start,
 * a version table without sets) starts with numbered migrations: the package sets' first
 * migrations leave its tables and rows as they are, its own versions are kept as the service's,
 * and the reports and the mirror's consumer work on it.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { createInProcessBus, waitForPosition } from '@hf/messaging';
import { createTestDatabase, TEST_INTERNAL_TOKEN, testKeys, testToken } from '@hf/service-kit/testing';
import { buildApp } from '../src/app';

jest.setTimeout(60_000);

const H = 7001;
const FIXTURE = readFileSync(join(__dirname, 'fixtures', 'database-before-package-migrations.sql'), 'utf8');

describe('a database from before package migrations', () => {
  let db: { url: string; drop: () => Promise<void> };
  let client: pg.Client;
  const bus = createInProcessBus();
  const start = () =>
    buildApp({
      databaseUrl: db.url,
      jwtPublicKey: testKeys().publicKey,
      internalToken: TEST_INTERNAL_TOKEN,
      bus,
      // Never called: the household is fresh, nothing needs a rebuild.
      ledgerUrl: 'http://127.0.0.1:9',
    });
  const versions = async () =>
    (await client.query('SELECT migration_set, version FROM schema_migrations ORDER BY migration_set, version')).rows;

  beforeAll(async () => {
    db = await createTestDatabase('reportsbefore');
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(FIXTURE);
  });
  afterAll(async () => {
    await client?.end();
    await bus.close();
    await db?.drop();
  });

  test('starts, keeps its rows and versions, answers reports and consumes events; a restart applies nothing', async () => {
    let app: FastifyInstance = await start();
    try {
      expect(await versions()).toEqual([
        { migration_set: '@hf/ledger-mirror', version: '001_mirror_tables.sql' },
        { migration_set: '@hf/ledger-mirror', version: '002_account_kind.sql' },
        { migration_set: '@hf/ledger-mirror', version: '003_split_lines.sql' },
        { migration_set: '@hf/messaging', version: '001_messaging_tables.sql' },
        { migration_set: 'service', version: '001_init.sql' },
        { migration_set: 'service', version: '004_ledger_mirror.sql' },
        { migration_set: 'service', version: '005_report_indexes.sql' },
        { migration_set: 'service', version: '006_monthly_sums.sql' },
        { migration_set: 'service', version: '007_payee_running_totals.sql' },
        { migration_set: 'service', version: '008_account_monthly_sums.sql' },
        { migration_set: 'service', version: '009_split_line_categories.sql' },
        { migration_set: 'service', version: '010_month_sums_covering_keys.sql' },
        { migration_set: 'service', version: '011_category_drill_down_covering.sql' },
        { migration_set: 'service', version: '012_payee_totals_fillfactor.sql' },
        { migration_set: 'service', version: '013_drill_down_split_lines.sql' },
      ]);
      // Room for the next version of a payee's totals on its own page (012).
      const options = await client.query("SELECT reloptions FROM pg_class WHERE relname = 'report_payee_totals'");
      expect(options.rows[0].reloptions).toEqual(['fillfactor=50']);
      // The sums per account (008) backfilled from the rows the database already held.
      const perAccount = `SELECT to_char(month, 'YYYY-MM') AS month, account_id, category_id, net::float8 AS net, lines
        FROM report_month_account_categories ORDER BY 1, 2, 3`;
      const fromRows = `SELECT to_char(date, 'YYYY-MM') AS month, account_id, coalesce(category_id, 0) AS category_id,
          sum(amount)::float8 AS net, count(*)::int AS lines
        FROM ledger_lines WHERE counted GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
      const backfilled = (await client.query(perAccount)).rows;
      expect(backfilled.length).toBeGreaterThan(0);
      expect(backfilled).toEqual((await client.query(fromRows)).rows);
      // Accounts mirrored before kinds existed are checking, as the ledger's own migration makes them.
      expect((await client.query('SELECT id, kind, credit_limit FROM ledger_accounts ORDER BY id')).rows).toEqual([
        { id: 70011, kind: 'checking', credit_limit: null },
      ]);
      const res = await app.inject({
        method: 'GET',
        url: '/api/reports/spending_by_category?start_date=2025-03-01&end_date=2025-03-31',
        headers: {
          authorization: `Bearer ${testToken({ userId: H * 100 + 1, householdId: H })}`,
          'x-min-sequence': '3',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([expect.objectContaining({ id: 70012, name: 'Food' })]);
      // The rows it held have their payees' running totals (migration 007), read for whole months.
      const byPayee = await app.inject({
        method: 'GET',
        url: '/api/reports/spending_by_payee?start_date=2025-01-01&end_date=2025-06-30',
        headers: { authorization: `Bearer ${testToken({ userId: H * 100 + 1, householdId: H })}` },
      });
      expect(byPayee.json()).toEqual([{ id: null, name: 'Grocer', value: 35.5, children: [] }]);

      await bus.publish({
        id: randomUUID(),
        type: 'ledger.account.reordered.v1',
        source: 'svc-ledger',
        subject: `household/${H}`,
        time: new Date().toISOString(),
        household_id: H,
        sequence: 4,
        data: { account_ids: [70011] },
      });
      await expect(waitForPosition(app.db, 'svc-reports', 'svc-ledger', 4, 10_000)).resolves.toBe(true);
      const processed = await client.query('SELECT sequence::int AS s FROM processed_events ORDER BY sequence');
      expect(processed.rows).toEqual([{ s: 3 }, { s: 4 }]);
      expect((await client.query('SELECT count(*)::int AS n FROM ledger_rows')).rows[0].n).toBe(2);
    } finally {
      await app.close();
    }

    const before = await versions();
    app = await start();
    await app.close();
    expect(await versions()).toEqual(before);
  });
});
