/**
 * Payees benchmark (issue 23), `npm run bench -- payees`: a household with 50,000 rows in two
 * accounts (about 1,000 payees; one payee, "Big Payee", on 5,000 rows, 1 row in 10, with a category).
 *
 * Timed through the gateway of the default single-process app (child process, fresh DATA_DIR):
 * - the Payees screen's list (GET /api/payees/usage, every payee with its count and last date);
 * - a category suggestion (GET /api/payees/suggestion) for the big payee and for a small one;
 * - the rename preview of the 5,000 rows (POST /api/payees/rename with dry_run);
 * - the rename of the 5,000 rows (one statement, 5,000 history entries, the changed events),
 *   back and forth; then once onto an existing payee (a merge), and the time until the reports'
 *   read model answers by payee with the new name (X-Min-Sequence of the rename).
 * Figures are printed, not asserted.
 */
import { MIN_SEQUENCE_HEADER, EVENT_SEQUENCE_HEADER } from '@hf/contracts';
import { benchRow, createBenchAccount, startAppWithUser } from './support/seed-register';
import { asUser, request, time, type Timing } from './support/timing';

const ROWS = 50_000;
const BATCH = 10_000;
const BIG = 'Big Payee';
const fmt = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const line = (label: string, r: Timing) =>
  `  ${label.padEnd(60)} p50 ${fmt(r.p50).padStart(9)}   p95 ${fmt(r.p95).padStart(9)}   min ${fmt(r.min).padStart(9)}` +
  `${r.cpu !== undefined ? `   app CPU ${fmt(r.cpu).padStart(9)}` : ''}`;

export async function runPayeesBench(): Promise<void> {
  console.log(`\n== payees: list, suggestion and rename in a household with ${ROWS.toLocaleString('en-US')} rows ==`);
  const user = await startAppWithUser({
    dataDirPrefix: 'hf-bench-payees-',
    userName: 'Payees Bench',
    emailPrefix: 'payees-bench',
  });
  try {
    const api = `${user.gatewayUrl}/api`;
    const token = user.accessToken;
    const category = JSON.parse(
      (await request(`${api}/categories/`, { ...asUser(token, 'POST', { name: 'Bench' }), expect: 201 })).text,
    ) as { id: number };
    const accounts = [
      await createBenchAccount(user.gatewayUrl, token, 'Bench Checking', 0),
      await createBenchAccount(user.gatewayUrl, token, 'Bench Card', 0),
    ];
    for (let done = 0; done < ROWS; done += BATCH) {
      const transactions = Array.from({ length: BATCH }, (_, k) => {
        const i = done + k;
        const row = benchRow(i, ROWS);
        return i % 10 === 3 ? { ...row, payee: BIG, category_id: category.id } : row;
      });
      await request(`${user.ledgerUrl}/internal/transactions/bulk`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-internal-token': user.internalToken },
        body: JSON.stringify({
          household_id: user.householdId,
          account_id: accounts[(done / BATCH) % 2],
          idempotency_key: `payees-${done}`,
          transactions,
        }),
      });
    }
    const list = JSON.parse((await request(`${api}/payees/usage`, asUser(token, 'GET'))).text) as Array<{
      payee: string;
      count: number;
    }>;
    console.log(
      `  seeded: ${list.length.toLocaleString('en-US')} payees; ${BIG}: ${list.find((p) => p.payee === BIG)?.count.toLocaleString('en-US')} rows`,
    );
    const cpu = user.app.cpuMicros;
    console.log(
      line(
        `payee list (${list.length} payees with count and last date)`,
        await time(20, async () => (await request(`${api}/payees/usage`, asUser(token, 'GET'))).ms, cpu),
      ),
    );
    const suggest = (payee: string) => `${api}/payees/suggestion?payee=${encodeURIComponent(payee)}&today=2025-12-31`;
    console.log(
      line(
        `suggestion for ${BIG} (5,000 rows)`,
        await time(30, async () => (await request(suggest(BIG), asUser(token, 'GET'))).ms, cpu),
      ),
    );
    console.log(
      line(
        'suggestion for a payee of ~50 rows',
        await time(30, async () => (await request(suggest('Payee 17'), asUser(token, 'GET'))).ms, cpu),
      ),
    );
    console.log(
      line(
        'rename preview (dry run) of 5,000 rows',
        await time(
          10,
          async () =>
            (await request(`${api}/payees/rename`, asUser(token, 'POST', { from: BIG, to: 'Renamed', dry_run: true })))
              .ms,
          cpu,
        ),
      ),
    );
    let name = BIG;
    console.log(
      line(
        'rename of 5,000 rows (history and events included)',
        await time(
          6,
          async (i) => {
            const to = i % 2 === 0 ? 'Renamed Payee' : BIG;
            const ms = (await request(`${api}/payees/rename`, asUser(token, 'POST', { from: name, to }))).ms;
            name = to;
            return ms;
          },
          cpu,
        ),
      ),
    );
    // A merge onto an existing payee, then the reports by payee with the new name.
    const merge = await request(`${api}/payees/rename`, asUser(token, 'POST', { from: name, to: 'Payee 5' }));
    const sequence = merge.headers.get(EVENT_SEQUENCE_HEADER) ?? '0';
    const started = process.hrtime.bigint();
    const report = await request(`${api}/reports/spending_by_payee?start_date=2022-01-01&end_date=2025-12-31`, {
      ...asUser(token, 'GET'),
      headers: { ...asUser(token, 'GET').headers, [MIN_SEQUENCE_HEADER]: sequence },
    });
    const readMs = Number(process.hrtime.bigint() - started) / 1e6;
    const merged = (JSON.parse(report.text) as Array<{ name: string; value: number }>).some((i) => i.name === name);
    console.log(
      `  merge of 5,000 rows onto "Payee 5": ${fmt(merge.ms)}; reports by payee with the new name after ${fmt(readMs)}` +
        ` (old name still listed: ${merged ? 'yes (wrong)' : 'no'})`,
    );
  } finally {
    await user.stop();
  }
}
