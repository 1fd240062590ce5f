/**
 * Reports benchmark: a household with 5 years of history, 100,000 rows over 6 accounts, 60
 * categories (12 parents with 4 sub-categories each, one of them Salary) and 2,000 payees, seeded through
 * svc-ledger's internal bulk route (seeded, deterministic).
 *
 * Default single-process app (startApp in a child process, through the gateway), timed
 * sequentially over one keep-alive connection, warm (each call once before timing):
 * - every report for one year and for 5 years (target: < 30 ms / < 60 ms p50 through the gateway),
 *   the monthly trend, a drill-down of about 2,000 rows (target < 40 ms);
 * - a full rebuild of the household's read model from the ledger's replay (target < 5 s);
 * - event delivery: from a ledger write's answer until svc-reports has applied it (target
 *   < 50 ms p99), on the in-process bus (the app) and on NATS (svc-ledger and svc-reports built
 *   here, each with its own NATS connection to a nats-server of the bench's own).
 * Figures are printed, not asserted.
 */
import { loadavg } from 'node:os';
import { planReportHousehold, REPORT_ACCOUNTS, REPORT_PAYEES } from './support/report-household';
import { createBenchAccount, startAppWithUser } from './support/seed-register';
import { BENCH_RUNS, deliveryTimes, natsDelivery, timedGet } from './support/mirror-bench';
import { engineFigures } from './support/report-engine';
import { asUser, percentiles, request } from './support/timing';

const ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 100_000);
/** Share of purchases split into two lines (issue 21); 0: none, as before splits existed. */
export const SPLIT_PERCENT = Number(process.env.BENCH_REPORT_SPLIT_PERCENT ?? 10);

interface Household {
  accounts: number[];
  categories: number[];
  parents: number[];
}

async function call(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown; headers: Headers }> {
  const res = await fetch(`${base}${path}`, asUser(token, method, body));
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
}

/** The planned household (bench/support/report-household.ts): accounts and categories through the gateway, rows through the internal bulk route. */
export async function seedHousehold(
  gateway: string,
  ledgerUrl: string,
  internalToken: string,
  token: string,
  householdId: number,
): Promise<Household> {
  const plan = planReportHousehold(ROWS, undefined, SPLIT_PERCENT);
  const accounts: number[] = [];
  for (let a = 0; a < REPORT_ACCOUNTS; a++)
    accounts.push(await createBenchAccount(gateway, token, `Account ${a + 1}`, 1000));
  const categories: number[] = [];
  for (const c of plan.categories) {
    const body = c.parent === null ? { name: c.name } : { name: c.name, parent_id: categories[c.parent] };
    categories.push(((await call(gateway, token, 'POST', '/api/categories/', body)).json as { id: number }).id);
  }
  const parents = plan.categories.flatMap((c, i) => (c.parent === null && i > 0 ? [categories[i]] : []));
  const started = Date.now();
  // The split rows carry their lines in the bulk create (2 lines each), as an import's split rows do.
  let splitRows = 0;
  for (const [a, account] of accounts.entries()) {
    for (let done = 0; done < plan.rows[a].length; done += 10_000) {
      const transactions = plan.rows[a].slice(done, done + 10_000).map((r) => {
        const row = {
          date: r.date,
          payee: r.payee,
          amount_cents: r.amount,
          category_id: r.category === null ? null : categories[r.category],
        };
        if (!r.splits) return row;
        splitRows++;
        const splits = r.splits.map((l) => ({
          category_id: l.category === null ? null : categories[l.category],
          amount_cents: l.amount,
        }));
        return { ...row, category_id: null, splits };
      });
      await postBulkIds({ ledgerUrl, internalToken, householdId }, account, `reports-${a}-${done}`, transactions);
    }
  }
  if (splitRows > 0)
    console.log(
      `  of which ${splitRows.toLocaleString('en-US')} rows (${((splitRows / ROWS) * 100).toFixed(1)}%) split into 2 lines each, sent with their lines in the bulk create`,
    );
  console.log(
    `  seeded ${ROWS.toLocaleString('en-US')} rows over ${REPORT_ACCOUNTS} accounts, ${categories.length} categories, ${REPORT_PAYEES} payees in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { accounts, categories, parents };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** POST /internal/transactions/bulk: the new rows' ids in input order. */
async function postBulkIds(
  target: { ledgerUrl: string; internalToken: string; householdId: number },
  accountId: number,
  idempotencyKey: string,
  transactions: readonly object[],
): Promise<number[]> {
  const res = await fetch(`${target.ledgerUrl}/internal/transactions/bulk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': target.internalToken },
    body: JSON.stringify({
      household_id: target.householdId,
      account_id: accountId,
      idempotency_key: idempotencyKey,
      transactions,
    }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`bulk create answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { transaction_ids: number[] }).transaction_ids;
}

/** Each report's p50 through the gateway, by the label printed. */
export type ReportFigures = Record<string, number>;

export async function runReportsBench(): Promise<ReportFigures> {
  const figures: ReportFigures = {};
  console.log(
    `\n== reports: ${ROWS.toLocaleString('en-US')} rows, 5 years (load average ${loadavg()[0].toFixed(2)}) ==`,
  );
  const user = await startAppWithUser({
    dataDirPrefix: 'hf-bench-reports-',
    userName: 'Reports Bench',
    emailPrefix: 'reports-bench',
  });
  try {
    const { gatewayUrl: gateway, accessToken: token } = user;
    const household = await seedHousehold(gateway, user.ledgerUrl, user.internalToken, token, user.householdId);
    const reportsUrl = user.app.services['svc-reports'];

    // The first read builds the household's read model from the ledger's replay; then rebuild it on purpose.
    const firstRead = await request(
      `${gateway}/api/reports/spending_by_category?start_date=2026-01-01&end_date=2026-01-31`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    console.log(`  first report read (builds the read model from the ledger's replay): ${fmt(firstRead.ms)}`);
    const rebuilds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await request(`${reportsUrl}/internal/rebuild`, {
        method: 'POST',
        headers: { 'x-internal-token': user.internalToken },
      });
      rebuilds.push(r.ms);
    }
    console.log(
      `  full rebuild of the read model (${ROWS.toLocaleString('en-US')} rows), 3 runs: ${rebuilds.map(fmt).join(', ')}  (target < 5 s)`,
    );

    const year = 'start_date=2025-11-24&end_date=2026-11-23';
    const fiveYears = 'start_date=2021-11-24&end_date=2026-11-23';
    const lines: Array<[string, string, string]> = [
      ['spending_by_category, 1 year', `/api/reports/spending_by_category?${year}`, '< 30 ms'],
      ['spending_by_payee, 1 year', `/api/reports/spending_by_payee?${year}`, '< 30 ms'],
      ['income_by_category, 1 year', `/api/reports/income_by_category?${year}`, '< 30 ms'],
      [
        'spending_by_category, 1 year, 2 accounts, by name',
        `/api/reports/spending_by_category?${year}&account_ids=${household.accounts.slice(0, 2).join(',')}&sort_by=name`,
        '< 30 ms',
      ],
      ['monthly_trend, 1 year', `/api/reports/monthly_trend?${year}`, '-'],
      ['spending_by_category, 5 years', `/api/reports/spending_by_category?${fiveYears}`, '< 60 ms'],
      ['spending_by_payee, 5 years', `/api/reports/spending_by_payee?${fiveYears}`, '< 60 ms'],
      ['monthly_trend, 5 years', `/api/reports/monthly_trend?${fiveYears}`, '-'],
      [
        'transactions_by_category (a parent, 15 months)',
        `/api/reports/transactions_by_category?start_date=2025-08-24&end_date=2026-11-23&category_id=${household.parents[0]}`,
        '< 40 ms',
      ],
      ['spending_by_category CSV, 5 years', `/api/reports/spending_by_category?${fiveYears}&format=csv`, '-'],
    ];
    console.log(`  through the gateway, sequential, warm, ${BENCH_RUNS} runs each:`);
    for (const [name, path, target] of lines) {
      const t = await timedGet(`${gateway}${path}`, token);
      figures[name] = t.p50;
      console.log(
        `    ${name.padEnd(52)} p50 ${fmt(t.p50).padStart(9)}  p95 ${fmt(t.p95).padStart(9)}  ${String(t.rows).padStart(5)} items  ${(t.bytes / 1024).toFixed(1)} KiB  (target ${target})`,
      );
    }

    // The same reports on the peer's footing (bench/support/report-engine.ts): the report's SQL and
    // svc-reports' assembly in this process, no HTTP; keys `engine: <label>`.
    const engine = await engineFigures(
      user.app.databases['svc-reports'],
      user.householdId,
      lines.map(([label, path]) => ({ label, path })),
      BENCH_RUNS,
      async (path) => (await request(`${gateway}${path}`, { headers: { authorization: `Bearer ${token}` } })).text,
    );
    console.log(
      `  the same on the peer's footing (the report's SQL and svc-reports' assembly in this process, no HTTP):`,
    );
    for (const [label, ms] of Object.entries(engine)) {
      figures[`engine: ${label}`] = ms;
      console.log(`    ${label.padEnd(52)} p50 ${fmt(ms).padStart(9)}`);
    }

    // Read-your-writes in the app (in-process bus): an edit through the gateway, then the next report
    // read with its X-Min-Sequence (svc-reports waits for its consumer, woken in its own process).
    const rowId = (
      (
        await call(gateway, token, 'POST', `/api/accounts/${household.accounts[0]}/transactions`, {
          date: '2026-11-01',
          payee: 'Bench edit',
          amount: -1,
        })
      ).json as { id: number }
    ).id;
    const month = `${gateway}/api/reports/spending_by_payee?start_date=2026-11-01&end_date=2026-11-23`;
    const baseline = await timedGet(month, token);
    const afterWrite = await deliveryTimes(
      async (i) =>
        Number(
          (await call(gateway, token, 'PUT', `/api/transactions/${rowId}`, { amount: -(i + 2) })).headers.get(
            'x-event-sequence',
          ),
        ),
      async (sequence) => {
        const read = await request(month, {
          headers: { authorization: `Bearer ${token}`, 'x-min-sequence': String(sequence) },
        });
        if (!read.text.includes('Bench edit')) throw new Error('the edit is not in the report');
      },
      200,
    );
    const s = [...afterWrite].sort((a, b) => a - b);
    console.log(
      `  edit -> next report read with X-Min-Sequence, in-process bus (200 edits through the gateway): p50 ${fmt(percentiles(s).p50)}, p99 ${fmt(s[Math.floor(s.length * 0.99)])}; the same read without a write: p50 ${fmt(baseline.p50)}`,
    );
  } finally {
    await user.stop();
  }
  const nats = await natsDelivery('svc-reports');
  if (typeof nats === 'string') console.log(`  NATS delivery not measured: ${nats}`);
  else {
    const s = [...nats].sort((a, b) => a - b);
    figures['nats delivery p99'] = s[Math.floor(s.length * 0.99)];
    console.log(
      `  ledger write -> report read model, NATS (300 edits, svc-ledger and svc-reports each with its own connection): p50 ${fmt(percentiles(s).p50)}, p99 ${fmt(s[Math.floor(s.length * 0.99)])}, max ${fmt(s[s.length - 1])}  (target < 50 ms p99)`,
    );
  }
  return figures;
}
