/**
 * Budget benchmark (issue "The forecast"): a household with 10 accounts and 5 years of history
 * (50,000 rows), 50 scheduled items of mixed frequencies (10 bi-weekly, 10 weekly) with a year of
 * amounts (a budgeted row per occurrence in the ledger) and 30 envelopes, seeded deterministically into the default single-process app (startApp in a child
 * process). Then, through the gateway, sequential and warm:
 *   - GET /api/dashboard/balance_projection (target < 100 ms p50) and with fullHistory (< 150 ms),
 *   - GET /api/dashboard/net_worth_projection and /api/dashboard/widgets (< 50 ms),
 *   - a grid cell edit (POST /api/budget/autofill, one month, its budgeted rows included; < 30 ms),
 *   - a schedule edit of a bi-weekly and a weekly item (PUT /api/budget/:id, all its rows; < 50 ms),
 * and the delivery of a ledger write to svc-budget's mirror (< 50 ms p99): on the app's in-process
 * bus (an edit through the gateway, then the widgets read with its X-Min-Sequence showing the new
 * `spent`) and over NATS.
 * Figures are printed, not asserted.
 */
import { loadavg } from 'node:os';
import { seededRandom } from '@hf/test-kit/seeded-random';
import { BENCH_RUNS, deliveryTimes, natsDelivery, timedGet } from './support/mirror-bench';
import { createBenchAccount, postBulkRows, startAppWithUser, type BenchUserApp } from './support/seed-register';
import { asUser, percentiles, request, time } from './support/timing';
import type { WidgetData } from '@hf/contracts/budget';

const ACCOUNTS = 10;
const ROWS = Number(process.env.BENCH_BUDGET_ROWS ?? 50_000);
const ITEMS = 50;
const ENVELOPES = 30;

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function call(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ json: unknown; ms: number }> {
  const res = await request(`${base}${path}`, {
    ...asUser(token, method, body),
    expect: method === 'POST' && !path.includes('autofill') ? 201 : 200,
  });
  return { json: res.text ? JSON.parse(res.text) : null, ms: res.ms };
}

/** `today` minus `days`, `YYYY-MM-DD`. */
const daysBefore = (today: string, days: number) =>
  new Date(Date.parse(today) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Item i's schedule: 10 every two weeks, 10 weekly (anchored up to years back, some moved off
 * weekends), 5 twice a month, 5 quarterly, 3 yearly, 2 once, 15 monthly.
 */
export function scheduleOf(i: number, today: string): Record<string, unknown> {
  const weekend = (['keep', 'before', 'after'] as const)[i % 3];
  if (i < 10) return { frequency: 'every_n_weeks', interval: 2, start_date: daysBefore(today, 100 * i + 3), weekend };
  if (i < 20) return { frequency: 'weekly', start_date: daysBefore(today, 30 * i), weekend };
  if (i < 25) return { frequency: 'semi_monthly', days_of_month: i % 2 ? [1, 15] : [15, -1], weekend };
  if (i < 30) return { frequency: 'every_n_months', interval: 3, day_of_month: i, start_date: daysBefore(today, i) };
  if (i < 33) return { frequency: 'yearly', start_date: daysBefore(today, 40 * i), weekend };
  if (i < 35) return { frequency: 'once', start_date: daysBefore(today, -10 * i) };
  return { day_of_month: i % 3 === 0 ? -1 : 1 + (i % 31) };
}

export interface BudgetHousehold {
  accounts: number[];
  /** categories[0] has an envelope on accounts[0] this month. */
  categories: number[];
  items: number[];
  /** `YYYY-MM-01` of the current month. */
  month: string;
  today: string;
}

/** The bench household: ACCOUNTS accounts, ROWS rows over 5 years, ITEMS scheduled items filled for 12 months, ENVELOPES envelopes. */
export async function seedBudgetHousehold(user: BenchUserApp): Promise<BudgetHousehold> {
  const { gatewayUrl: gateway, accessToken: token } = user;
  const random = seededRandom(77);
  const accounts: number[] = [];
  for (let a = 0; a < ACCOUNTS; a++) accounts.push(await createBenchAccount(gateway, token, `Account ${a + 1}`, 5000));
  const categories: number[] = [];
  for (let c = 0; c < 10; c++)
    categories.push(
      ((await call(gateway, token, 'POST', '/api/categories/', { name: `Category ${c + 1}` })).json as { id: number })
        .id,
    );
  const today = new Date().toISOString().slice(0, 10);
  const first = Date.parse(`${Number(today.slice(0, 4)) - 5}${today.slice(4)}`);
  const started = Date.now();
  for (const [a, account] of accounts.entries()) {
    const transactions = Array.from({ length: ROWS / ACCOUNTS }, () => ({
      date: new Date(first + Math.floor(random() * 5 * 365) * 86_400_000).toISOString().slice(0, 10),
      payee: `Payee ${Math.floor(random() * 500)}`,
      amount_cents: (random() < 0.1 ? 1 : -1) * Math.round(100 + random() * 30_000),
      category_id: categories[Math.floor(random() * categories.length)],
      status: random() < 0.8 ? 'x' : '',
    }));
    await postBulkRows(user, account, `budget-${a}`, transactions);
  }
  const month = `${today.slice(0, 7)}-01`;
  const items: number[] = [];
  let budgetedRows = 0;
  for (let i = 0; i < ITEMS; i++) {
    const item = (
      await call(gateway, token, 'POST', `/api/budget/${accounts[i % ACCOUNTS]}`, {
        payee: `Bill ${i}`,
        item_type: i % 5 === 0 ? 'deposit' : 'payment',
        category_id: categories[i % 10],
        ...scheduleOf(i, today),
      })
    ).json as { id: number };
    const filled = (
      await call(gateway, token, 'POST', '/api/budget/autofill', {
        budget_item_id: item.id,
        start_month: month,
        amount: 50 + i,
        mode: 'full',
      })
    ).json as { occurrences: Record<string, string[]> };
    budgetedRows += Object.values(filled.occurrences).flat().length;
    items.push(item.id);
  }
  for (let e = 0; e < ENVELOPES; e++) {
    await call(gateway, token, 'POST', '/api/budget/category', {
      account_id: accounts[e % ACCOUNTS],
      category_id: categories[Math.floor(e / ACCOUNTS) + (e % 3) * 3],
      month: today.slice(0, 7),
      amount: 200 + e,
      rollover_enabled: e % 2 === 0,
    });
  }
  console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s (${budgetedRows} budgeted rows)`);
  return { accounts, categories, items, month, today };
}

export async function runBudgetBench(): Promise<void> {
  console.log(
    `\n== budget: ${ACCOUNTS} accounts, ${ROWS.toLocaleString('en-US')} rows over 5 years, ${ITEMS} scheduled items, ${ENVELOPES} envelopes (load average ${loadavg()[0].toFixed(2)}) ==`,
  );
  const user = await startAppWithUser({
    dataDirPrefix: 'hf-bench-budget-',
    userName: 'Budget Bench',
    emailPrefix: 'budget-bench',
  });
  try {
    const { gatewayUrl: gateway, accessToken: token } = user;
    const { accounts, categories, items, month, today } = await seedBudgetHousehold(user);

    const lines: Array<[string, string, string]> = [
      ['balance_projection', '/api/dashboard/balance_projection', '< 100 ms'],
      ['balance_projection?fullHistory=true', '/api/dashboard/balance_projection?fullHistory=true', '< 150 ms'],
      ['net_worth_projection', '/api/dashboard/net_worth_projection', '< 50 ms'],
      ['widgets', '/api/dashboard/widgets', '< 50 ms'],
      ['GET /api/budget/:accountId (5 items)', `/api/budget/${accounts[0]}`, '-'],
      ['GET /api/budget/category/:accountId/:month', `/api/budget/category/${accounts[0]}/${today.slice(0, 7)}`, '-'],
    ];
    console.log(`  through the gateway, sequential, warm, ${BENCH_RUNS} runs each:`);
    for (const [name, path, target] of lines) {
      const t = await timedGet(`${gateway}${path}`, token);
      console.log(
        `    ${name.padEnd(44)} p50 ${fmt(t.p50).padStart(9)}  p95 ${fmt(t.p95).padStart(9)}  ${(t.bytes / 1024).toFixed(1)} KiB  (target ${target})`,
      );
    }
    const nextMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1))
      .toISOString()
      .slice(0, 10);
    /** Each run's time of one autofill of the next item from `start_month`, its amount `amount + run`. */
    const timeAutofill = (start_month: string, amount: number, mode: 'single' | 'full') =>
      time(
        BENCH_RUNS,
        async (i) =>
          (
            await call(gateway, token, 'POST', '/api/budget/autofill', {
              budget_item_id: items[i % ITEMS],
              start_month,
              amount: amount + i,
              mode,
            })
          ).ms,
      );
    const edit = await timeAutofill(nextMonth, 100, 'single');
    console.log(
      `    grid cell edit (autofill single, its budgeted row) p50 ${fmt(edit.p50).padStart(9)}  p95 ${fmt(edit.p95).padStart(9)}  (target < 30 ms)`,
    );
    const fill = await timeAutofill(month, 70, 'full');
    console.log(
      `    fill forward (autofill full, every occurrence's row) p50 ${fmt(fill.p50).padStart(9)}  p95 ${fmt(fill.p95).padStart(9)}`,
    );
    // A schedule edit moves every budgeted row of the item: a bi-weekly (item 0, ~26 rows) and a
    // weekly one (item 10, ~52 rows) alternate their start date by a day.
    for (const [name, i] of [
      ['bi-weekly', 0],
      ['weekly', 10],
    ] as const) {
      const start = scheduleOf(i, today).start_date as string;
      const moved = await time(
        BENCH_RUNS,
        async (run) =>
          (
            await request(`${gateway}/api/budget/${items[i]}`, {
              ...asUser(token, 'PUT', { start_date: run % 2 ? start : daysBefore(start, 1) }),
              expect: 200,
            })
          ).ms,
      );
      console.log(
        `    schedule edit of a ${name.padEnd(9)} item (all its rows move) p50 ${fmt(moved.p50).padStart(9)}  p95 ${fmt(moved.p95).padStart(9)}  (target < 50 ms)`,
      );
    }

    // Read-your-writes on the in-process bus: an edit of a row in an envelope's category through the
    // gateway, then the widgets read with its X-Min-Sequence must show the envelope's new `spent`.
    const spentOf = (text: string) =>
      (JSON.parse(text) as WidgetData).category_budgets.find(
        (e) => e.account_id === accounts[0] && e.category_id === categories[0],
      )?.spent;
    const headers = { authorization: `Bearer ${token}` };
    const created = await request(`${gateway}/api/accounts/${accounts[0]}/transactions`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ date: today, payee: 'Bench edit', amount: -1, category_id: categories[0] }),
      expect: 201,
    });
    const rowId = (JSON.parse(created.text) as { id: number }).id;
    const minSequence = created.headers.get('x-event-sequence') ?? '0';
    const before = spentOf(
      (await request(`${gateway}/api/dashboard/widgets`, { headers: { ...headers, 'x-min-sequence': minSequence } }))
        .text,
    )!;
    let edits = 0;
    const delivered = await deliveryTimes(
      async (i) =>
        Number(
          (
            await request(`${gateway}/api/transactions/${rowId}`, {
              method: 'PUT',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ amount: -(i + 2) }),
            })
          ).headers.get('x-event-sequence'),
        ),
      async (sequence) => {
        const spent = spentOf(
          (
            await request(`${gateway}/api/dashboard/widgets`, {
              headers: { ...headers, 'x-min-sequence': String(sequence) },
            })
          ).text,
        );
        edits += 1; // edit i moves the row from -$1 to -$(i + 2): `spent` moves by $(i + 1)
        if (spent === undefined || Math.abs(Math.abs(spent - before) - edits) > 0.001)
          throw new Error('the edit is not in the widgets');
      },
      200,
    );
    const d = [...delivered].sort((a, b) => a - b);
    console.log(
      `    edit -> widgets read with X-Min-Sequence, in-process bus (200 edits): p50 ${fmt(percentiles(d).p50)}, p99 ${fmt(d[Math.floor(d.length * 0.99)])}  (target < 50 ms p99)`,
    );
  } finally {
    await user.stop();
  }
  const nats = await natsDelivery('svc-budget');
  if (typeof nats === 'string') console.log(`  NATS delivery not measured: ${nats}`);
  else {
    const s = [...nats].sort((a, b) => a - b);
    console.log(
      `  ledger write -> svc-budget's mirror, NATS (300 edits): p50 ${fmt(percentiles(s).p50)}, p99 ${fmt(s[Math.floor(s.length * 0.99)])}  (target < 50 ms p99)`,
    );
  }
}
