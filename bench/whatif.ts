/**
 * What-if bench (issue 22): the budget bench's household (10 accounts, 5 years of rows, 50
 * scheduled items of mixed frequencies filled for 12 months, 30 envelopes; `BENCH_BUDGET_ROWS`
 * sets the rows) and a scenario of 20 changes (5 one-offs, 5 new items of several frequencies,
 * 5 changes of amounts, 5 stops). Through the gateway, sequential and warm: the balance and
 * net-worth projections without and with `?scenario=` (target < 100 ms p50 with the scenario, as
 * without), with the app's CPU per call. Both are kept between reads of the same state (a
 * scenario's by its changes too), so the real projection is also timed right after a budget write
 * (computed).
 * Figures are printed, not asserted.
 */
import { loadavg } from 'node:os';
import { seedBudgetHousehold } from './budget';
import { BENCH_RUNS, timedGet } from './support/mirror-bench';
import { startAppWithUser } from './support/seed-register';
import { asUser, request, time } from './support/timing';

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

export async function runWhatIfBench(): Promise<void> {
  console.log(
    `\n== whatif: a 20-change scenario on the budget bench's household (load average ${loadavg()[0].toFixed(2)}) ==`,
  );
  const user = await startAppWithUser({
    dataDirPrefix: 'hf-bench-whatif-',
    userName: 'What-if Bench',
    emailPrefix: 'whatif-bench',
  });
  try {
    const { gatewayUrl: gateway, accessToken: token } = user;
    const { accounts, items, month, today } = await seedBudgetHousehold(user);
    const months = Array.from({ length: 12 }, (_, i) => {
      const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + i, 1));
      return d.toISOString().slice(0, 10);
    });
    const frequencies = [
      { day_of_month: 3 },
      { frequency: 'weekly', start_date: today },
      { frequency: 'every_n_weeks', interval: 2, start_date: today },
      { frequency: 'semi_monthly', days_of_month: [1, 15] },
      { frequency: 'every_n_months', interval: 3, day_of_month: 20 },
    ];
    const changes = [
      ...Array.from({ length: 5 }, (_, i) => ({
        kind: 'one_off',
        account_id: accounts[i],
        item_type: i % 2 ? 'deposit' : 'payment',
        date: `${months[2 + i].slice(0, 8)}1${i}`,
        amount: 1000 + i,
      })),
      ...frequencies.map((f, i) => ({
        kind: 'add_item',
        account_id: accounts[i],
        payee: `What-if ${i}`,
        item_type: 'payment',
        ...f,
        amount: 120 + i,
        start_month: months[1],
      })),
      ...items
        .slice(0, 5)
        .map((id, i) => ({ kind: 'change_amount', item_id: id, start_month: months[3 + i], amount: 99 + i })),
      ...items.slice(10, 15).map((id, i) => ({ kind: 'stop_item', item_id: id, start_month: months[4 + i] })),
    ];
    const created = await request(`${gateway}/api/budget/scenarios`, {
      ...asUser(token, 'POST', { name: 'Bench', changes }),
      expect: 201,
    });
    const scenario = (JSON.parse(created.text) as { id: number }).id;
    console.log(
      `  through the gateway, sequential, warm, ${BENCH_RUNS} runs each (scenario of ${changes.length} changes):`,
    );
    for (const [name, path, target] of [
      ['balance_projection (real, kept answer)', '/api/dashboard/balance_projection', '< 100 ms'],
      ['balance_projection?scenario=', `/api/dashboard/balance_projection?scenario=${scenario}`, '< 100 ms'],
      ['net_worth_projection (real, kept answer)', '/api/dashboard/net_worth_projection', '< 50 ms'],
      ['net_worth_projection?scenario=', `/api/dashboard/net_worth_projection?scenario=${scenario}`, '< 100 ms'],
    ] as const) {
      const cpuBefore = await user.app.cpuMicros();
      const t = await timedGet(`${gateway}${path}`, token);
      // The app's CPU per call (the warm call included), all its services: the computation's share.
      const cpu = (await user.app.cpuMicros()) - cpuBefore;
      console.log(
        `    ${name.padEnd(44)} p50 ${fmt(t.p50).padStart(9)}  p95 ${fmt(t.p95).padStart(9)}  app CPU ${fmt(cpu / 1000 / (BENCH_RUNS + 1)).padStart(9)}/call  ${(t.bytes / 1024).toFixed(1)} KiB  (target ${target})`,
      );
    }
    // The real projection computed anew: a budget write (an envelope's amount) before each read.
    const envelope = await request(`${gateway}/api/budget/category/${accounts[0]}/${today.slice(0, 7)}`, {
      ...asUser(token, 'GET'),
      expect: 200,
    });
    const first = (JSON.parse(envelope.text) as Array<{ id: number }>)[0];
    const computed = await time(BENCH_RUNS, async (i) => {
      if (first)
        await request(`${gateway}/api/budget/category/${first.id}`, {
          ...asUser(token, 'PUT', { month: today.slice(0, 7), amount: 300 + i }),
          expect: 200,
        });
      return (await request(`${gateway}/api/dashboard/balance_projection`, { ...asUser(token, 'GET'), expect: 200 }))
        .ms;
    });
    console.log(
      `    ${'balance_projection (real, after a write)'.padEnd(44)} p50 ${fmt(computed.p50).padStart(9)}  p95 ${fmt(computed.p95).padStart(9)}`,
    );
  } finally {
    await user.stop();
  }
}
