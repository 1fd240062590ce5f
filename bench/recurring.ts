/**
 * Recurring detection benchmark (issue 22, "Finds your bills and paychecks"):
 *   - quality: BENCH_RECURRING_HOUSEHOLDS (default 200) generated households with known schedules
 *     (bench/support/recurring-households.ts: every frequency, fixed and varying amounts, late and
 *     early payments, skipped months, weekend moves, a price changed mid-year, one-off noise,
 *     irregular shopping, a stopped schedule, a fixed price at random dates); the detector's
 *     precision and recall against the truth (targets >= 0.95 and >= 0.90), per kind of series;
 *   - speed: one account with 5 years and 20,000 rows (a generated household's schedules among
 *     500 irregular payees) in the default single-process app; GET /api/budget/suggestions through
 *     the gateway, sequential and warm (target < 200 ms).
 * Figures are printed, not asserted.
 */
import { loadavg } from 'node:os';
import { addDays, addMonths, localToday } from '@hf/calendar';
import { seededRandom } from '@hf/test-kit/seeded-random';
import { BENCH_RUNS, timedGet } from './support/mirror-bench';
import { generateHousehold, generateHouseholds } from './support/recurring-households';
import { measureQuality } from './support/recurring-quality';
import { createBenchAccount, postBulkRows, startAppWithUser } from './support/seed-register';

const HOUSEHOLDS = Number(process.env.BENCH_RECURRING_HOUSEHOLDS ?? 200);
const SPEED_ROWS = 20_000;

const pct = (x: number) => x.toFixed(3);

function quality(): void {
  const started = Date.now();
  const report = measureQuality(generateHouseholds(HOUSEHOLDS));
  const seconds = (Date.now() - started) / 1000;
  console.log(`  quality: ${HOUSEHOLDS} households, ${report.truths} true schedules (${seconds.toFixed(1)} s)`);
  console.log(
    `    precision ${pct(report.precision)} (${report.right} right of ${report.suggestions} suggestions; target >= 0.95)`,
  );
  console.log(`    recall    ${pct(report.recall)} (${report.found} found of ${report.truths}; target >= 0.90)`);
  console.log(`    amount right (fixed: exact, varying: within 10 %) ${report.amountRight} of ${report.right}`);
  console.log('    | series | found | of | recall |');
  console.log('    |---|---:|---:|---:|');
  for (const [kind, k] of report.byKind)
    console.log(`    | ${kind} | ${k.found} | ${k.all} | ${pct(k.found / k.all)} |`);
  const wrong = new Map<string, number>();
  for (const w of report.wrong) {
    const general = w.replace(/ \d+(-\d+)?( |$)/, '$2');
    wrong.set(general, (wrong.get(general) ?? 0) + 1);
  }
  if (wrong.size) console.log(`    wrong suggestions: ${[...wrong].map(([w, n]) => `${w} x${n}`).join(', ')}`);
}

/** 5 years of rows up to `today`: a household's schedules (its last 24 months) among irregular payees. */
function speedRows(today: string) {
  const random = seededRandom(2201);
  const household = generateHousehold(1, today);
  const rows: object[] = household.rows.map((r) => ({
    date: r.date,
    payee: r.payee,
    amount_cents: r.amount,
    status: 'x',
  }));
  const first = addMonths(today, -60);
  while (rows.length < SPEED_ROWS)
    rows.push({
      date: addDays(first, Math.floor(random() * 5 * 365)),
      payee: `Payee ${Math.floor(random() * 500)}`,
      amount_cents: (random() < 0.1 ? 1 : -1) * Math.round(100 + random() * 30_000),
      status: 'x',
    });
  return { rows, truths: household.truth.length };
}

async function speed(): Promise<void> {
  const user = await startAppWithUser({
    dataDirPrefix: 'hf-bench-recurring-',
    userName: 'Recurring Bench',
    emailPrefix: 'recurring-bench',
  });
  try {
    const today = localToday();
    const account = await createBenchAccount(user.gatewayUrl, user.accessToken, 'Recurring Checking', 5000);
    const { rows, truths } = speedRows(today);
    for (let i = 0; i < rows.length; i += 5000)
      await postBulkRows(user, account, `recurring-${i}`, rows.slice(i, i + 5000));
    const t = await timedGet(`${user.gatewayUrl}/api/budget/suggestions?account_id=${account}`, user.accessToken);
    console.log(
      `  speed: 1 account, ${rows.length.toLocaleString('en-US')} rows over 5 years (${truths} true schedules), through the gateway, sequential, warm, ${BENCH_RUNS} runs:`,
    );
    console.log(
      `    GET /api/budget/suggestions  p50 ${t.p50.toFixed(1)} ms  p95 ${t.p95.toFixed(1)} ms  ${t.rows} suggestions, ${(t.bytes / 1024).toFixed(1)} KiB  (target < 200 ms)`,
    );
  } finally {
    await user.stop();
  }
}

export async function runRecurringBench(): Promise<void> {
  console.log(`\n== recurring detection (load average ${loadavg()[0].toFixed(2)}) ==`);
  quality();
  await speed();
}
