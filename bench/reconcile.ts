/**
 * Statement reconciliation benchmark (issue 24): one account with 50,000 transactions (the
 * ledger bench's rows: 90% cleared over ~4 years).
 *
 * 1. A first reconciliation to the date of row 35,000 is finished (it marks ~35,000 rows; timed,
 *    for information).
 * 2. The account is read once, as the account header does after a finish. Opening a
 *    reconciliation (POST /api/accounts/:id/reconciliations: the cleared balance as of the
 *    statement date over the 50,000-row register) is timed 20 times (target < 100 ms).
 * 3. Finishing one to the date of row 45,000 (marks ~10,000 rows) is timed 5 times, each after
 *    an undo of the previous (target < 1 s); the undo is timed too.
 *
 * Through the gateway of the default single-process app (startApp, child process, fresh
 * DATA_DIR). Figures are printed, not asserted.
 */
import { benchRow, createBenchAccount, seedRegister, startAppWithUser } from './support/seed-register';
import { asUser, request, time, type Timing } from './support/timing';

const ROWS = 50_000;
const fmt = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const line = (label: string, r: Timing, target?: number) =>
  `  ${label.padEnd(52)} p50 ${fmt(r.p50).padStart(9)}   p95 ${fmt(r.p95).padStart(9)}   min ${fmt(r.min).padStart(9)}` +
  `${r.cpu !== undefined ? `   app CPU ${fmt(r.cpu).padStart(9)}` : ''}` +
  `${target ? `   [target < ${target} ms: ${r.p50 < target ? 'met' : 'missed'} at p50]` : ''}`;

interface Opened {
  id: number;
  cleared_balance: number;
  difference: number;
  reconciled_count: number;
}

export async function runReconcileBench(): Promise<void> {
  console.log(`\n== reconcile: statement reconciliation on one account with ${ROWS.toLocaleString('en-US')} rows ==`);
  const user = await startAppWithUser({
    dataDirPrefix: 'hf-bench-reconcile-',
    userName: 'Reconcile Bench',
    emailPrefix: 'reconcile-bench',
  });
  try {
    const api = user.gatewayUrl;
    const token = user.accessToken;
    const accountId = await createBenchAccount(api, token);
    await seedRegister(user, accountId, ROWS);
    const base = `${api}/api/accounts/${accountId}/reconciliations`;
    const openAt = async (date: string, balance: number) =>
      JSON.parse(
        (await request(base, asUser(token, 'POST', { statement_date: date, statement_balance: balance }))).text,
      ) as Opened;
    /** Opens to `date` at the cleared balance as of it (difference 0) and finishes; answers the finish's ms and app CPU ms. */
    const reconcileTo = async (date: string): Promise<{ ms: number; cpu: number; id: number; marked: number }> => {
      const probe = await openAt(date, 0);
      const opened = await openAt(date, probe.cleared_balance);
      const cpuBefore = await user.app.cpuMicros();
      const done = await request(`${base}/${opened.id}/finish`, asUser(token, 'POST', { adjust: false }));
      const cpu = ((await user.app.cpuMicros()) - cpuBefore) / 1000;
      return { ms: done.ms, cpu, id: opened.id, marked: (JSON.parse(done.text) as Opened).reconciled_count };
    };

    const first = await reconcileTo(benchRow(34_999, ROWS).date);
    console.log(`  first finish (marks ${first.marked.toLocaleString('en-US')} rows): ${fmt(first.ms)}`);

    // The account header reads the account after a finish (and fills the ledger's balance cache).
    await request(`${api}/api/accounts/${accountId}`, asUser(token, 'GET'));
    const statementDate = benchRow(44_999, ROWS).date;
    const opens = await time(
      20,
      async () =>
        (await request(base, asUser(token, 'POST', { statement_date: statementDate, statement_balance: 1234.56 }))).ms,
      user.app.cpuMicros,
    );
    console.log(line('open a reconciliation (50,000-row account)', opens, 100));

    let marked = 0;
    const undos: number[] = [];
    const undoCpu: number[] = [];
    const finishCpu: number[] = [];
    let last: number | null = null;
    const finishes = await time(
      5,
      async () => {
        if (last !== null) {
          const cpuBefore = await user.app.cpuMicros();
          undos.push((await request(`${base}/${last}`, asUser(token, 'DELETE'))).ms);
          undoCpu.push(((await user.app.cpuMicros()) - cpuBefore) / 1000);
        }
        const done = await reconcileTo(statementDate);
        finishCpu.push(done.cpu);
        last = done.id;
        marked = done.marked;
        return done.ms;
      },
      null,
    );
    const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    console.log(
      line(`finish marking ${marked.toLocaleString('en-US')} rows`, { ...finishes, cpu: median(finishCpu) }, 1000),
    );
    if (undos.length) {
      console.log(`  undo of that reconciliation: p50 ${fmt(median(undos))}   app CPU ${fmt(median(undoCpu))}`);
    }
  } finally {
    await user.stop();
  }
}
