/**
 * Rules benchmark (issue 23 "Speed"), `npm run bench -- rules`: a household with 200 rules
 * (payee is / contains / starts with, amount between, account is, notes contains; seeded from the
 * statement's payees so that about a third of the rows match one, the rest try all 200):
 *
 * - the import flow of bench/import.ts (analyse -> reconcile, whose answer has the rules applied
 *   to every new row -> import_new) of a 10,000-row and a 50,000-row statement into an empty
 *   account: the targets stay today's import targets (< 0.5 s and < 2 s end to end);
 * - "Apply to existing" as a dry run (POST /api/rules/:id/apply {dry_run: true}) over the
 *   household's 50,000+ rows (< 1 s), for a rule that matches many rows and one that matches none.
 *
 * The flows without rules run in one household, those with the 200 rules in another of the same
 * app, alternated run by run (same JIT state, same load). The app runs in a child process
 * (bench/support/app-process.ts), fresh DATA_DIR. Median of BENCH_RULES_RUNS (default 3) runs per
 * figure after untimed warm-up flows (500, 10,000 and 50,000 rows) in each household.
 */
import { descendantsCpuMs, fmt, importFlow, load, median, type FlowTimes } from './import';
import { generateStatement, statementCsv } from './support/import-statement';
import { createBenchAccount, registerBenchUser, startAppWithUser } from './support/seed-register';

const RUNS = Number(process.env.BENCH_RULES_RUNS ?? 3);
const SIZES = [10_000, 50_000];
const RULES = 200;

async function api<T>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** 200 rules over the statement's payees: every kind of condition, most with an amount bound. */
function ruleBodies(payees: readonly string[], categories: readonly number[], accountId: number) {
  return Array.from({ length: RULES }, (_, i) => {
    const payee = payees[(i * 7) % payees.length];
    const conditions: Array<{ field: string; op: string; value: unknown }> = [];
    if (i % 4 === 0) conditions.push({ field: 'payee', op: 'is', value: payee.toUpperCase() });
    else if (i % 4 === 1)
      conditions.push({ field: 'payee', op: 'starts_with', value: payee.split(' ').slice(0, 2).join(' ') });
    else if (i % 4 === 2) conditions.push({ field: 'payee', op: 'contains', value: payee.split(' ').slice(-1)[0] });
    else conditions.push({ field: 'payee', op: 'contains', value: `no such shop ${i}` });
    if (i % 3 === 0) conditions.push({ field: 'amount', op: 'between', value: [-3000, 0] });
    if (i % 10 === 0) conditions.push({ field: 'notes', op: 'contains', value: 'card' });
    if (i % 25 === 0) conditions.push({ field: 'account', op: 'is', value: accountId });
    return {
      name: `Rule ${i + 1}`,
      conditions,
      actions: {
        category_id: categories[i % categories.length],
        ...(i % 5 === 0 ? { payee: `Shop ${i}` } : {}),
        ...(i % 7 === 0 ? { notes: 'by rule' } : {}),
      },
    };
  });
}

export async function runRulesBench(): Promise<void> {
  console.log(`rules: ${RULES} rules; import flows of ${SIZES.join(' and ')} rows; apply dry runs (load ${load()})`);
  const user = await startAppWithUser({
    dataDirPrefix: 'hf-bench-rules-',
    userName: 'Rules Bench',
    emailPrefix: 'rules-bench',
  });
  const { gatewayUrl: base, accessToken: token } = user;
  const client = {
    base,
    token,
    cpuMicros: user.app.cpuMicros,
    dbCpuMs: () => descendantsCpuMs(user.app.pid),
  };
  try {
    // Two households in the one app: this user's without rules, a second one's with 200. Their
    // flows alternate run by run, so both see the same JIT state and the same load (run in turn,
    // the flows without rules, the app's first large ones, carried its warm-up: decision 0150).
    const ruledToken = (await registerBenchUser(base, 'Rules Bench ruled', 'rules-bench-ruled')).access_token;
    const ruled = { ...client, token: ruledToken };
    const categories: number[] = [];
    for (let i = 0; i < 20; i++)
      categories.push(
        (await api<{ id: number }>(base, ruledToken, 'POST', '/categories', { name: `Category ${i + 1}` })).id,
      );
    const sample = generateStatement(5000);
    const payees = [...new Set(sample.map((r) => r.payee))];
    const firstAccount = await createBenchAccount(base, ruledToken, 'Rules warm-up', 0);
    for (const body of ruleBodies(payees, categories, firstAccount))
      await api(base, ruledToken, 'POST', '/rules', body);
    // Warm-up, untimed: a small, a 10,000- and a 50,000-row flow in each household (the app's
    // CPU a flow falls over its first ~40,000 imported rows).
    for (const [c, t] of [
      [client, token],
      [ruled, ruledToken],
    ] as const)
      for (const rows of [500, 10_000, 50_000]) {
        const warm = await createBenchAccount(base, t, `Rules warm-up ${rows}`, 0);
        await importFlow(c, warm, statementCsv(generateStatement(rows, 99)), null);
      }

    for (const size of SIZES) {
      const csv = statementCsv(generateStatement(size));
      const runs: Record<string, FlowTimes[]> = { 'without rules': [], [`with ${RULES} rules`]: [] };
      for (let run = 0; run < RUNS; run++) {
        const order = [
          ['without rules', client, token],
          [`with ${RULES} rules`, ruled, ruledToken],
        ] as const;
        for (const [label, c, t] of run % 2 === 0 ? order : [...order].reverse()) {
          const accountId = await createBenchAccount(base, t, `Rules import ${label} ${size} #${run + 1}`, 0);
          const r = await importFlow(c, accountId, csv, null);
          runs[label].push(r);
          console.log(
            `    ${size.toLocaleString('en-US')} rows ${label} #${run + 1}: ${fmt(r.total)} (reconcile ${fmt(r.reconcile)}, import_new ${fmt(r.importNew)}); CPU app ${fmt(r.appCpu)} + db ${fmt(r.dbCpu)}; ${r.created} created; load ${load()}`,
          );
        }
      }
      for (const [label, list] of Object.entries(runs))
        console.log(
          `  ${size.toLocaleString('en-US')}-row import ${label}, median: ${fmt(median(list.map((r) => r.total)))} end to end (reconcile ${fmt(median(list.map((r) => r.reconcile)))}, import_new ${fmt(median(list.map((r) => r.importNew)))}, app CPU ${fmt(median(list.map((r) => r.appCpu)))}; target ${size === 10_000 ? '0.5 s' : '2 s'})`,
        );
    }

    // Apply to existing: dry runs over every row of a second household holding 50,000 rows.
    const other = (await registerBenchUser(base, 'Rules Bench dry runs', 'rules-bench-dry')).access_token;
    const otherCategories: number[] = [];
    for (let i = 0; i < 20; i++)
      otherCategories.push(
        (await api<{ id: number }>(base, other, 'POST', '/categories', { name: `Category ${i + 1}` })).id,
      );
    const otherAccount = await createBenchAccount(base, other, 'Existing rows', 0);
    await importFlow({ ...client, token: other }, otherAccount, statementCsv(generateStatement(50_000, 7)), null);
    const otherRules: number[] = [];
    for (const body of ruleBodies(payees, otherCategories, otherAccount))
      otherRules.push((await api<{ id: number }>(base, other, 'POST', '/rules', body)).id);
    for (const [label, id] of [
      ['a rule matching many rows', otherRules[2]],
      ['a rule matching none', otherRules[3]],
    ] as const) {
      const times: number[] = [];
      let count = 0;
      for (let run = 0; run < Math.max(RUNS, 3); run++) {
        const start = process.hrtime.bigint();
        count = (await api<{ count: number }>(base, other, 'POST', `/rules/${id}/apply`, { dry_run: true })).count;
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
      console.log(
        `  apply dry run, ${label} (${count.toLocaleString('en-US')} rows would change): median ${fmt(median(times))} [${times.map(fmt).join(', ')}] (target 1 s); load ${load()}`,
      );
    }
  } finally {
    await user.stop();
  }
}
