/**
 * The monthly sums (docs/decisions/0137-monthly-report-sums.md) against plain SQL over the rows:
 * split rows (mixed signs, edited, moved between accounts, deleted, unsplit, bulk-categorized),
 * categories merged and deleted (@hf/test-kit/split-seed), rows in other months, a row moved to
 * another month, a row deleted and a payee renamed; on both bus adapters, through the consumer
 * alone and after a rebuild from the ledger's replay. Then the report queries over ranges that
 * start and end mid-month (months from the sums, the ends from the rows) against the same sums
 * taken from the rows alone. The sums per account (migration 008, decision 0147) the same way, and
 * each account's monthly totals against svc-ledger's own lines (a transfer between the accounts
 * and moves between them included); the report queries of one account, the other and both.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { natsServerAvailable } from '@hf/messaging/testing/private-nats';
import { TEST_INTERNAL_TOKEN } from '@hf/service-kit/testing';
import { countedLines, seedSplits, type SplitSeed } from '@hf/test-kit/split-seed';
import type { ReportScope } from '../src/domain/report-range';
import { netsByMonth, netsByPayee, netsByStoredCategory } from '../src/repositories/report-queries';
import { addRow, q, startStack, type BusKind, type Stack } from './helpers';

const H = 6401;
const FULL = { start_date: '2024-01-01', end_date: '2026-12-31' };

const sorted = <T>(rows: T[]): T[] =>
  rows
    .map((r) => JSON.stringify(r))
    .sort()
    .map((r) => JSON.parse(r) as T);

async function compareSums(stack: Stack, [checking, card]: number[]): Promise<void> {
  const db = stack.reports.db;
  const read = async (sql: string) => sorted((await db.query(sql, [H])).rows);
  // The kept sums (groups with no line left are not counted) and the same from the rows.
  const categories = await read(
    `SELECT to_char(month, 'YYYY-MM-DD') AS month, category_id, net::float8 AS net, lines
     FROM report_month_categories WHERE household_id = $1 AND lines <> 0`,
  );
  expect(categories.length).toBeGreaterThan(0);
  expect(categories).toEqual(
    await read(
      `SELECT to_char(date_trunc('month', date), 'YYYY-MM-DD') AS month, coalesce(category_id, 0) AS category_id,
         sum(amount)::float8 AS net, count(*)::int AS lines
       FROM ledger_lines WHERE household_id = $1 AND counted GROUP BY 1, 2`,
    ),
  );
  expect(
    (await db.query('SELECT count(*)::int AS n FROM report_month_categories WHERE lines = 0 AND net <> 0')).rows[0].n,
  ).toBe(0);
  // Each row's stored head (migration 013) is the JSON of its fields as they are now.
  const heads = await db.query(
    `SELECT report_head, id, to_char(date, 'YYYY-MM-DD') AS date, payee, status, updated_at FROM ledger_rows WHERE household_id = $1`,
    [H],
  );
  expect(heads.rows.length).toBeGreaterThan(0);
  for (const { report_head, ...fields } of heads.rows) expect(JSON.parse(`${report_head}}`)).toEqual(fields);
  // The drill-down's split lines (migration 013): every line of every counted split row, as
  // `ledger_lines` gives them, with its row's lines.
  const splitLines = await read(
    `SELECT id, line, account_id, to_char(date, 'YYYY-MM-DD') AS date, amount::float8 AS amount, category_id, notes,
       splits, report_head FROM report_split_lines WHERE household_id = $1`,
  );
  expect(splitLines.length).toBeGreaterThan(0);
  expect(splitLines).toEqual(
    await read(
      `SELECT l.id, l.line, l.account_id, to_char(l.date, 'YYYY-MM-DD') AS date, l.amount::float8 AS amount,
         l.category_id, l.notes, r.splits, report_row_head(r.id, r.date, r.payee, r.status, r.updated_at) AS report_head
       FROM ledger_lines l JOIN ledger_rows r ON r.id = l.id
       WHERE l.household_id = $1 AND l.counted AND l.line > 0`,
    ),
  );
  // The same monthly totals as svc-ledger's own tables (category ids of merged categories are
  // resolved when reading, so those are compared through the report queries below).
  const ledger = new Map<string, number>();
  for (const l of await countedLines(stack.ledgerDbUrl, H)) {
    const key = `${l.date.slice(0, 7)}-01`;
    ledger.set(key, (ledger.get(key) ?? 0) + l.amount);
  }
  const kept = new Map<string, number>();
  for (const c of categories) kept.set(c.month, (kept.get(c.month) ?? 0) + c.net);
  expect(kept).toEqual(ledger);

  // The sums per account (migration 008): the same from the rows; each account's monthly totals
  // the same as in svc-ledger's own tables; and summed over the accounts, the household's sums.
  const perAccount = await read(
    `SELECT to_char(month, 'YYYY-MM-DD') AS month, account_id, category_id, net::float8 AS net, lines
     FROM report_month_account_categories WHERE household_id = $1 AND lines <> 0`,
  );
  expect(new Set(perAccount.map((r) => r.account_id))).toEqual(new Set([checking, card]));
  expect(perAccount).toEqual(
    await read(
      `SELECT to_char(date_trunc('month', date), 'YYYY-MM-DD') AS month, account_id, coalesce(category_id, 0) AS category_id,
         sum(amount)::float8 AS net, count(*)::int AS lines
       FROM ledger_lines WHERE household_id = $1 AND counted GROUP BY 1, 2, 3`,
    ),
  );
  expect(
    (await db.query('SELECT count(*)::int AS n FROM report_month_account_categories WHERE lines = 0 AND net <> 0'))
      .rows[0].n,
  ).toBe(0);
  const ledgerByAccount = new Map<string, number>();
  for (const l of await countedLines(stack.ledgerDbUrl, H)) {
    const key = `${l.date.slice(0, 7)}-01 ${l.account_id}`;
    ledgerByAccount.set(key, (ledgerByAccount.get(key) ?? 0) + l.amount);
  }
  const keptByAccount = new Map<string, number>();
  for (const c of perAccount) {
    const key = `${c.month} ${c.account_id}`;
    keptByAccount.set(key, (keptByAccount.get(key) ?? 0) + c.net);
  }
  expect(keptByAccount).toEqual(ledgerByAccount);
  const summed = new Map<string, { net: number; lines: number }>();
  for (const c of perAccount) {
    const key = `${c.month} ${c.category_id}`;
    const sum = summed.get(key) ?? { net: 0, lines: 0 };
    summed.set(key, { net: sum.net + c.net, lines: sum.lines + c.lines });
  }
  expect(summed).toEqual(
    new Map(categories.map((c) => [`${c.month} ${c.category_id}`, { net: c.net, lines: c.lines }])),
  );

  // The payees' running totals (migration 007): at every month from the one before a payee's first
  // to the one after its last, the net of its lines through that month in svc-ledger's own tables.
  const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
  const lines = await countedLines(stack.ledgerDbUrl, H);
  const totals = (
    await db.query<{ payee: string; first_month: number; totals: string[] }>(
      'SELECT payee, first_month, totals FROM report_payee_totals WHERE household_id = $1',
      [H],
    )
  ).rows;
  const payees = new Set(lines.map((l) => l.payee));
  expect(payees.size).toBeGreaterThan(3);
  for (const payee of payees) expect(totals.map((t) => t.payee)).toContain(payee);
  let checked = 0;
  for (const t of totals) {
    for (let m = t.first_month - 1; m <= t.first_month + t.totals.length; m++) {
      const at = m < t.first_month ? 0 : Number(t.totals[Math.min(m - t.first_month, t.totals.length - 1)]);
      const through = lines
        .filter((l) => l.payee === t.payee && monthIndex(l.date) <= m)
        .reduce((sum, l) => sum + l.amount, 0);
      expect([t.payee, m, at]).toEqual([t.payee, m, through]);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(totals.length * 2);

  // Report queries over ranges with partial months: the same as from the rows alone.
  const ranges: Array<[string, string]> = [
    ['2025-02-15', '2025-04-10'],
    ['2025-03-02', '2025-03-30'],
    ['2025-01-01', '2025-03-31'],
    ['2024-12-31', '2025-05-01'],
    ['2025-03-01', '2025-06-15'],
    // Whole months only, months before and after every row, one whole month.
    ['2024-01-01', '2026-12-31'],
    ['2020-01-01', '2024-12-31'],
    ['2026-01-01', '2026-12-31'],
    ['2025-05-01', '2025-05-31'],
    ['2024-11-17', '2025-07-09'],
  ];
  for (const [start, end] of ranges)
    for (const accountIds of [null, [checking], [card], [checking, card]]) {
      const scope: ReportScope = { start, end, accountIds };
      const params = [H, start, end, accountIds];
      const scoped = `household_id = $1 AND counted AND date BETWEEN $2 AND $3 AND ($4::int[] IS NULL OR account_id = ANY($4::int[]))`;
      expect(sorted(await netsByStoredCategory(db, H, scope))).toEqual(
        sorted(
          (
            await db.query(
              `SELECT category_id, sum(amount)::bigint AS net FROM ledger_lines WHERE ${scoped} GROUP BY 1`,
              params,
            )
          ).rows,
        ),
      );
      expect(sorted(await netsByPayee(db, H, scope))).toEqual(
        sorted(
          (
            await db.query(
              `SELECT payee, sum(amount)::bigint AS net FROM ledger_rows WHERE ${scoped} GROUP BY 1 HAVING sum(amount) <> 0`,
              params,
            )
          ).rows,
        ),
      );
      expect(sorted(await netsByMonth(db, H, scope))).toEqual(
        sorted(
          (
            await db.query(
              `SELECT to_char(date, 'YYYY-MM') AS month, category_id, sum(amount)::bigint AS net FROM ledger_lines WHERE ${scoped} GROUP BY 1, 2`,
              params,
            )
          ).rows,
        ),
      );
    }
}

/**
 * The household's monthly sums (groups with lines), of every account and per account, and its payees' running totals at every month
 * from 2020 to 2027, as the reads see them: equal whatever the arrays' first and last months.
 */
async function keptSums(db: Stack['reports']['db']): Promise<unknown> {
  const months = (
    await db.query(
      `SELECT to_char(month, 'YYYY-MM-DD') AS month, category_id, net::float8 AS net, lines
       FROM report_month_categories WHERE household_id = $1 AND lines <> 0 ORDER BY 1, 2`,
      [H],
    )
  ).rows;
  const perAccount = (
    await db.query(
      `SELECT to_char(month, 'YYYY-MM-DD') AS month, account_id, category_id, net::float8 AS net, lines
       FROM report_month_account_categories WHERE household_id = $1 AND lines <> 0 ORDER BY 1, 2, 3`,
      [H],
    )
  ).rows;
  const payees = (
    await db.query(
      `SELECT payee, array_agg(report_running_total_at(first_month, totals, m)::float8 ORDER BY m) AS totals
       FROM report_payee_totals CROSS JOIN generate_series(2020 * 12, 2027 * 12) AS m
       WHERE household_id = $1 GROUP BY payee HAVING bool_or(report_running_total_at(first_month, totals, m) <> 0) ORDER BY payee`,
      [H],
    )
  ).rows;
  return { months, perAccount, payees };
}

describe.each<BusKind>(['inprocess', 'nats'])('monthly sums on the %s bus', (kind) => {
  const available = kind === 'inprocess' || natsServerAvailable();
  const maybe = available ? it : it.skip;
  let stack: Stack;
  let seed: SplitSeed;

  beforeAll(async () => {
    if (!available) return;
    stack = await startStack(kind, `rmsum${kind}`);
    // Read (and so built) while empty: every later change comes through events.
    expect((await stack.reportsAs(H)('GET', `/api/reports/spending_by_category?${q(FULL)}`)).status).toBe(200);
    const ledger = stack.ledgerAs(H);
    seed = await seedSplits(ledger, '2025-03', true);
    const [checking, card] = seed.accounts;
    const { food, groceries } = seed.categories;
    await addRow(ledger, checking, { date: '2025-02-14', payee: 'Market', amount: -21.5, category_id: groceries });
    await addRow(ledger, card, { date: '2025-04-09', payee: 'AMZN Mktp', amount: -33 });
    await addRow(ledger, card, { date: '2025-01-31', payee: 'AMZN Mktp', amount: 5, category_id: food });
    const moved = await addRow(ledger, checking, {
      date: '2025-04-30',
      payee: 'Cafe',
      amount: -60,
      splits: [
        { category_id: food, amount: -45 },
        { category_id: null, amount: -15 },
      ],
    });
    // To another month and account, then its total and lines changed.
    expect((await ledger('PUT', `/api/transactions/${moved.id}`, { date: '2025-05-01' })).status).toBe(200);
    expect((await ledger('PATCH', `/api/transactions/${moved.id}/move`, { destination_account_id: card })).status).toBe(
      200,
    );
    // A transfer between the two accounts: neither leg counts.
    const transfer = await ledger('POST', '/api/accounts/transfer', {
      from_account_id: checking,
      to_account_id: card,
      amount: 250,
      date: '2025-04-12',
    });
    expect(transfer.status).toBe(201);
    const gone = await addRow(ledger, checking, { date: '2025-06-15', payee: 'Kiosk', amount: -7 });
    expect((await ledger('PATCH', `/api/transactions/${gone.id}/delete`)).status).toBe(200);
    expect((await ledger('POST', '/api/payees/rename', { from: 'AMZN Mktp', to: 'Amazon' })).status).toBe(200);
    // Every event is in the read model.
    expect((await stack.reportsAs(H)('GET', `/api/reports/spending_by_payee?${q(FULL)}`)).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  maybe(
    'equal plain SQL over the rows, through the consumer alone',
    async () => {
      const marks = async () => (await stack.reports.db.query('SELECT * FROM ledger_households ORDER BY 1')).rows;
      const before = await marks();
      expect(seed.split.size).toBeGreaterThan(0);
      await compareSums(stack, seed.accounts);
      expect(await marks()).toEqual(before);
    },
    180_000,
  );

  maybe(
    'and after a rebuild from the replay',
    async () => {
      const rebuilt = await stack.reports.inject({
        method: 'POST',
        url: '/internal/rebuild',
        headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      });
      expect(rebuilt.statusCode).toBe(200);
      await compareSums(stack, seed.accounts);
    },
    180_000,
  );

  maybe(
    'migration 013 on a mirror that already holds split rows gives every row its head and every split row its lines',
    async () => {
      const client = await stack.reports.db.connect();
      try {
        // A mirror as migration 013 finds it: no split lines, heads it did not write.
        await client.query("UPDATE ledger_rows SET report_head = 'stale'");
        await client.query('TRUNCATE report_split_lines');
        await client.query('BEGIN');
        await client.query(readFileSync(join(__dirname, '../migrations/013_drill_down_split_lines.sql'), 'utf8'));
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      await compareSums(stack, seed.accounts);
    },
    180_000,
  );

  maybe(
    'a rebuild of a mirror that differs from the ledger leaves the sums the triggers kept before it',
    async () => {
      const db = stack.reports.db;
      const kept = await keptSums(db);
      // The mirror made wrong by hand: a row gone, a split row's lines and a row's payee and
      // month changed, a row the ledger never had; the triggers move the sums with it.
      const rows = (
        await db.query<{ id: number; split: boolean }>(
          'SELECT id, splits IS NOT NULL AS split FROM ledger_rows WHERE household_id = $1 AND counted ORDER BY id',
          [H],
        )
      ).rows;
      const split = rows.find((r) => r.split)!;
      const plain = rows.filter((r) => !r.split);
      await db.query('DELETE FROM ledger_rows WHERE id = $1', [plain[0].id]);
      await db.query(
        `UPDATE ledger_rows SET splits = jsonb_set(splits, '{0,amount}', to_jsonb((splits->0->>'amount')::bigint - 100)),
           amount = amount - 100 WHERE id = $1`,
        [split.id],
      );
      await db.query("UPDATE ledger_rows SET payee = 'Elsewhere', date = date - 40 WHERE id = $1", [plain[1].id]);
      const [checking, card] = seed.accounts;
      await db.query(
        'UPDATE ledger_rows SET account_id = CASE WHEN account_id = $2 THEN $3 ELSE $2 END WHERE id = $1',
        [plain[3].id, checking, card],
      );
      await db.query(
        `INSERT INTO ledger_rows (id, household_id, account_id, date, payee, amount, category_id, status, notes, updated_at, is_budgeted, is_transfer, deleted, sequence)
         SELECT 2000000000, household_id, account_id, date, 'Nobody', -999, category_id, status, notes, updated_at, false, false, false, sequence
         FROM ledger_rows WHERE id = $1`,
        [plain[2].id],
      );
      expect(await keptSums(db)).not.toEqual(kept);
      const rebuilt = await stack.reports.inject({
        method: 'POST',
        url: '/internal/rebuild',
        headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      });
      expect(rebuilt.statusCode).toBe(200);
      expect(await keptSums(db)).toEqual(kept);
      await compareSums(stack, seed.accounts);
    },
    180_000,
  );
  maybe(
    "after a rebuild a report reads its whole months from the sums' keys alone (index-only, decision 0153)",
    async () => {
      // A row through the consumer leaves its pages not all-visible; a rebuild that finds the mirror
      // already equal to the ledger still vacuums, so no read fetches the heap for them.
      const ledger = stack.ledgerAs(H);
      await addRow(ledger, seed.accounts[0], { date: '2025-07-03', payee: 'Baker', amount: -4 });
      expect((await stack.reportsAs(H)('GET', `/api/reports/spending_by_payee?${q(FULL)}`)).status).toBe(200);
      const rebuilt = await stack.reports.inject({
        method: 'POST',
        url: '/internal/rebuild',
        headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      });
      expect(rebuilt.statusCode).toBe(200);
      const client = await stack.reports.db.connect();
      try {
        // The test household's sums are few: without these the planner rightly reads the table whole.
        await client.query('SET enable_seqscan = off');
        await client.query('SET enable_bitmapscan = off');
        const plan = async (sql: string, values: unknown[]) =>
          (await client.query(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, values)).rows
            .map((r) => r['QUERY PLAN'])
            .join('\n');
        const everyAccount = await plan(
          'SELECT month, category_id, net, lines FROM report_month_categories WHERE household_id = $1 AND month BETWEEN $2 AND $3',
          [H, '2024-01-01', '2026-12-01'],
        );
        expect(everyAccount).toContain('Index Only Scan using report_month_categories_pkey');
        expect(everyAccount).toContain('Heap Fetches: 0');
        const chosen = await plan(
          `SELECT month, category_id, net, lines FROM report_month_account_categories
         WHERE household_id = $1 AND account_id = ANY($2::int[]) AND month BETWEEN $3 AND $4`,
          [H, seed.accounts, '2024-01-01', '2026-12-01'],
        );
        expect(chosen).toContain('Index Only Scan using report_month_account_categories_pkey');
        expect(chosen).toContain('Heap Fetches: 0');
        // The category drill-down's unsplit rows (migrations 011, 013), with every column it answers.
        const drillDown = await plan(
          `SELECT report_head, amount, report_notes, account_id, category_id, id FROM ledger_rows
           WHERE household_id = $1 AND counted AND date BETWEEN $2 AND $3 AND splits IS NULL AND category_id = ANY($4::int[])`,
          [H, '2024-01-01', '2026-12-31', Object.values(seed.categories)],
        );
        expect(drillDown).toContain('Index Only Scan using reports_category');
        expect(drillDown).toContain('Heap Fetches: 0');
      } finally {
        client.release();
      }
    },
  );
});
