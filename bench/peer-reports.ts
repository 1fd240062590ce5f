/**
 * Peer benchmark for reports: the household of `npm run bench -- reports` (100,000 rows over 5
 * years, bench/support/report-household.ts) loaded into Actual Budget's engine
 * (`@actual-app/api`, installed on demand into bench/.peer as bench/peer-actual.ts does), and the
 * same questions asked of it:
 *   - spending by category: ActualQL `transactions` in the range, `groupBy('category')` with
 *     `$sum` of the amount (the aggregate its reports run), 1 year and 5 years;
 *   - spending by payee: the same grouped by payee;
 *   - a drill-down: the rows of one category group (a parent and its 4 sub-categories) over 15 months;
 *   - by category of 2 of the 6 accounts (`account` `$oneof`), 1 year;
 *   - the monthly trend: grouped by `$month` of the date and category, 1 year and 5 years.
 * Actual has category groups and categories: each of our parents is a group, its sub-categories
 * its categories, and the parent's own rows go to a "<parent> (general)" category of the group.
 * The rows go in through `transactions-batch-update` (what its UI sends; no rules pass), 10,000
 * per call. Its calls run in this process (no HTTP, no login, no JSON); ours go through the
 * gateway over HTTP. Both answers are checked against the plan's own sums.
 *
 * Split rows (issue 21): BENCH_REPORT_SPLIT_PERCENT (default 10) of the purchases are split into two
 * lines on both sides; Actual gets each as a parent row and two child rows (its own split shape; its
 * aggregates count the children, not the parent), ours through the register's edit.
 *
 * `npm run bench -- peer-reports` (only when named). Knobs: BENCH_REPORT_ROWS, BENCH_PEER_OURS=0.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  closePeer,
  ensurePeer,
  PEER_DIR,
  PEER_PACKAGE,
  PEER_VERSION,
  withoutPeerWarnings,
  type PeerApi,
} from './peer-actual';
import { runReportsBench, SPLIT_PERCENT, type ReportFigures } from './reports';
import { planReportHousehold, type ReportHousehold } from './support/report-household';
import { time } from './support/timing';

const ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 30);
const YEAR: [string, string] = ['2025-11-24', '2026-11-23'];
const FIVE_YEARS: [string, string] = ['2021-11-24', '2026-11-23'];
const DRILL: [string, string] = ['2025-08-24', '2026-11-23'];

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
const timed = async (run: () => Promise<unknown>): Promise<number> => {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
};

/** The plan's net cents in a range (every row, uncategorised included), to check both answers. */
function planNet(plan: ReportHousehold, [start, end]: [string, string]): number {
  let net = 0;
  for (const rows of plan.rows) for (const r of rows) if (r.date >= start && r.date <= end) net += r.amount;
  return net;
}

interface PeerFigures {
  load: number;
  byCategoryYear: number;
  byCategoryFive: number;
  byPayeeYear: number;
  byPayeeFive: number;
  drill: number;
  drillRows: number;
  byCategoryAccounts: number;
  trendYear: number;
  trendFive: number;
}

async function measurePeer(api: PeerApi, plan: ReportHousehold): Promise<PeerFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hf-bench-peer-reports-'));
  try {
    const internal = await api.init({ dataDir, verbose: false });
    const accounts: string[] = [];
    const categoryIds: string[] = [];
    const groupCategories: string[][] = [];
    const payees = new Map<string, string>();
    const loadStart = process.hrtime.bigint();
    await withoutPeerWarnings(() =>
      api.runImport('Ledgerly reports peer bench', async () => {
        for (let a = 0; a < plan.rows.length; a++)
          accounts.push(await api.createAccount({ name: `Account ${a + 1}`, offbudget: false, closed: false }));
        let group = '';
        for (const [i, c] of plan.categories.entries()) {
          if (c.parent === null) {
            group = await api.createCategoryGroup({ name: c.name });
            groupCategories.push([]);
            categoryIds[i] = await api.createCategory({
              name: `${c.name} (general)`,
              group_id: group,
              is_income: i === 0,
            });
          } else {
            categoryIds[i] = await api.createCategory({ name: c.name, group_id: group, is_income: c.parent === 0 });
          }
          groupCategories[groupCategories.length - 1].push(categoryIds[i]);
        }
        for (const rows of plan.rows) for (const r of rows) if (!payees.has(r.payee)) payees.set(r.payee, '');
        for (const name of payees.keys()) payees.set(name, await api.createPayee({ name }));
      }),
    );
    const stamp = Date.now();
    let splitRows = 0;
    for (const [a, rows] of plan.rows.entries()) {
      for (let done = 0; done < rows.length; done += 10_000) {
        const added = rows.slice(done, done + 10_000).flatMap((r, k) => {
          const row = {
            id: randomUUID(),
            account: accounts[a],
            date: r.date,
            amount: r.amount,
            payee: payees.get(r.payee) ?? null,
            category: r.category === null ? null : categoryIds[r.category],
            cleared: false,
            sort_order: stamp - done - k,
          };
          if (!r.splits) return [row];
          // Actual's split: a parent row (no category) and one child row per line, as its UI writes them.
          return [
            { ...row, category: null, is_parent: true },
            ...r.splits.map((line) => ({
              ...row,
              id: randomUUID(),
              amount: line.amount,
              category: line.category === null ? null : categoryIds[line.category],
              is_child: true,
              parent_id: row.id,
            })),
          ];
        });
        splitRows += rows.slice(done, done + 10_000).filter((r) => r.splits).length;
        await internal.send('transactions-batch-update', { added, runTransfers: false });
      }
    }
    const load = Number(process.hrtime.bigint() - loadStart) / 1e6;
    console.log(
      `  peer: loaded ${ROWS.toLocaleString('en-US')} rows (${splitRows.toLocaleString('en-US')} split, each a parent and 2 children), ${categoryIds.length} categories, ${payees.size} payees in ${fmt(load)}`,
    );

    const grouped = (field: 'category' | 'payee', [start, end]: [string, string]) =>
      api.aqlQuery(
        api
          .q('transactions')
          .filter({ date: { $gte: start, $lte: end } })
          .groupBy(field)
          .select([field, { amount: { $sum: '$amount' } }]),
      );
    const check = async (field: 'category' | 'payee', range: [string, string]) => {
      const rows = (await grouped(field, range)).data as Array<{ amount: number }>;
      const net = rows.reduce((a, r) => a + r.amount, 0);
      if (net !== planNet(plan, range))
        console.log(`  peer: WARNING: ${field} sums ${net} != plan ${planNet(plan, range)} for ${range.join('..')}`);
    };
    const figure = async (label: string, run: () => Promise<unknown>) => {
      for (let i = 0; i < 3; i++) await run();
      const t = await time(RUNS, () => timed(run));
      console.log(`  peer: ${label.padEnd(52)} p50 ${fmt(t.p50).padStart(9)}  p95 ${fmt(t.p95).padStart(9)}`);
      return t.p50;
    };
    for (const range of [YEAR, FIVE_YEARS]) {
      await check('category', range);
      await check('payee', range);
    }
    const byCategoryYear = await figure('spending by category, 1 year', () => grouped('category', YEAR));
    const byCategoryFive = await figure('spending by category, 5 years', () => grouped('category', FIVE_YEARS));
    const byPayeeYear = await figure('spending by payee, 1 year', () => grouped('payee', YEAR));
    const byPayeeFive = await figure('spending by payee, 5 years', () => grouped('payee', FIVE_YEARS));
    const drillQuery = () =>
      api.aqlQuery(
        api
          .q('transactions')
          .filter({ date: { $gte: DRILL[0], $lte: DRILL[1] }, category: { $oneof: groupCategories[1] } })
          .select('*'),
      );
    const drillRows = ((await drillQuery()).data as unknown[]).length;
    const drill = await figure(`rows of a parent and its children, 15 months (${drillRows})`, drillQuery);
    const byCategoryAccounts = await figure('spending by category, 1 year, 2 accounts', () =>
      api.aqlQuery(
        api
          .q('transactions')
          .filter({ date: { $gte: YEAR[0], $lte: YEAR[1] }, account: { $oneof: accounts.slice(0, 2) } })
          .groupBy('category')
          .select(['category', { amount: { $sum: '$amount' } }]),
      ),
    );
    const trend =
      ([start, end]: [string, string]) =>
      () =>
        api.aqlQuery(
          api
            .q('transactions')
            .filter({ date: { $gte: start, $lte: end } })
            .groupBy([{ $month: '$date' }, 'category'])
            .select([{ month: { $month: '$date' } }, 'category', { amount: { $sum: '$amount' } }]),
        );
    // Not every engine version takes a month grouping: a failure is printed, not fatal.
    const maybeFigure = (label: string, run: () => Promise<unknown>) =>
      figure(label, run).catch((err: unknown) => {
        console.log(`  peer: ${label}: not measured (${err instanceof Error ? err.message : String(err)})`);
        return Number.NaN;
      });
    const trendYear = await maybeFigure('monthly trend (month x category), 1 year', trend(YEAR));
    const trendFive = await maybeFigure('monthly trend (month x category), 5 years', trend(FIVE_YEARS));
    return {
      load,
      byCategoryYear,
      byCategoryFive,
      byPayeeYear,
      byPayeeFive,
      drill,
      drillRows,
      byCategoryAccounts,
      trendYear,
      trendFive,
    };
  } finally {
    await closePeer(api, dataDir);
  }
}

export async function runPeerReportsBench(): Promise<void> {
  console.log(
    `\n== peer-reports: Actual Budget's engine (${PEER_PACKAGE}@${PEER_VERSION}) vs ours, ${ROWS.toLocaleString('en-US')} rows over 5 years ==`,
  );
  const unusable = ensurePeer();
  if (unusable) {
    console.log(`  peer skipped: ${unusable}. Our own figures: npm run bench -- reports`);
    return;
  }
  const plan = planReportHousehold(ROWS, undefined, SPLIT_PERCENT);
  const api = createRequire(join(PEER_DIR, 'package.json'))(PEER_PACKAGE) as PeerApi;
  const peer = await measurePeer(api, plan);
  const ours: ReportFigures | null = process.env.BENCH_PEER_OURS === '0' ? null : await runReportsBench();
  const rows: Array<[string, string, number]> = [
    ['spending by category, 1 year', 'spending_by_category, 1 year', peer.byCategoryYear],
    ['spending by category, 5 years', 'spending_by_category, 5 years', peer.byCategoryFive],
    ['spending by payee, 1 year', 'spending_by_payee, 1 year', peer.byPayeeYear],
    ['spending by payee, 5 years', 'spending_by_payee, 5 years', peer.byPayeeFive],
    ['drill-down, a parent over 15 months', 'transactions_by_category (a parent, 15 months)', peer.drill],
    ['by category, 1 year, 2 accounts', 'spending_by_category, 1 year, 2 accounts, by name', peer.byCategoryAccounts],
    ['monthly trend, 1 year', 'monthly_trend, 1 year', peer.trendYear],
    ['monthly trend, 5 years', 'monthly_trend, 5 years', peer.trendFive],
  ];
  // Two footings for ours: through HTTP and the gateway (what a person's browser waits for), and the
  // peer's own (the report's SQL and assembly in-process, bench/support/report-engine.ts).
  console.log(
    '\n  p50                                     ours (HTTP, gateway)   peer (in-process)   peer / ours   ours (in-process)   peer / ours',
  );
  const ratio = (theirs: number, mine: number | undefined) => (mine ? `${(theirs / mine).toFixed(1)}x` : '-');
  for (const [label, key, theirs] of rows) {
    const [mine, engine] = [ours?.[key], ours?.[`engine: ${key}`]];
    console.log(
      `  ${label.padEnd(40)}${(mine === undefined ? '-' : fmt(mine)).padStart(12)}${fmt(theirs).padStart(20)}${ratio(theirs, mine).padStart(14)}${(engine === undefined ? '-' : fmt(engine)).padStart(20)}${ratio(theirs, engine).padStart(14)}`,
    );
  }
  console.log(
    `  load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
}

if (require.main === module) {
  runPeerReportsBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
