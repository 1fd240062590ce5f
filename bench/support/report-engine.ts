/**
 * Reports on the peer's footing (bench/peer-reports.ts): Actual's figures are its engine's, called
 * in its own process (its query compiled and run on SQLite, rows back as objects; no HTTP, no
 * login, no JSON). These are ours the same way: in the bench's process, the report's one SQL
 * statement on svc-reports' database (one round trip to PostgreSQL) and svc-reports' own domain
 * code building the answer, up to the JSON text the route sends. Left out, as for the peer: HTTP,
 * the gateway, the token, the freshness check (`freshView`, read once before the runs, as the
 * peer's categories are in its memory) and gzip. Each answer is checked to be the route's text.
 */
import { CategoryIndex, categoriesOf, openAccounts } from '@hf/ledger-mirror';
import { createPool, type Pool } from '@hf/service-kit';
import type { ReportSort } from '@hf/contracts/reports-limits';
import {
  categoryDrillDown,
  parseScope,
  readModelUrl,
  reportByCategory,
  reportByPayee,
  trendReport,
  type ScopedRead,
} from '@hf/svc-reports/engine';
import { time } from './timing';

/** One line of the reports bench: its label, its route's path and query, and what it asks. */
export interface EngineLine {
  label: string;
  /** The route's path and query (`/api/reports/<kind>?...`), as the HTTP line asks it. */
  path: string;
}

type Answer = (query: URLSearchParams) => Promise<string>;

/** Each report kind's answer text, from the functions its route calls (svc-reports/src/report-engine.ts). */
function answers(db: Pool, view: Omit<ScopedRead, 'scope'>): Record<string, Answer> {
  const readOf = (q: URLSearchParams) => ({
    ...view,
    scope: parseScope({
      start_date: q.get('start_date') ?? '',
      end_date: q.get('end_date') ?? '',
      account_ids: q.get('account_ids') ?? undefined,
    }),
  });
  const sortOf = (q: URLSearchParams) => (q.get('sort_by') ?? 'amount') as ReportSort;
  return {
    spending_by_category: async (q) => JSON.stringify(await reportByCategory(db, readOf(q), 'spending', sortOf(q))),
    income_by_category: async (q) => JSON.stringify(await reportByCategory(db, readOf(q), 'income', sortOf(q))),
    spending_by_payee: async (q) => JSON.stringify(await reportByPayee(db, readOf(q), sortOf(q))),
    monthly_trend: async (q) => JSON.stringify(await trendReport(db, readOf(q))),
    transactions_by_category: async (q) => categoryDrillDown(db, readOf(q), Number(q.get('category_id'))),
  };
}

/**
 * p50 (ms) of each line on the engine footing, by label; `expected(path)` gives the route's answer
 * text through HTTP, which each engine answer must equal (else the line is not measured).
 */
export async function engineFigures(
  databaseUrl: string,
  householdId: number,
  lines: readonly EngineLine[],
  runs: number,
  expected: (path: string) => Promise<string>,
): Promise<Record<string, number>> {
  // With svc-reports' own connection settings (no JIT, no parallel workers: decision 0140).
  const db = createPool(readModelUrl(databaseUrl), 1);
  try {
    const byKind = answers(db, {
      householdId,
      accounts: await openAccounts(db, householdId),
      categories: new CategoryIndex(await categoriesOf(db, householdId)),
    });
    const figures: Record<string, number> = {};
    for (const line of lines) {
      const url = new URL(line.path, 'http://bench');
      const answer = byKind[url.pathname.split('/').pop() ?? ''];
      if (!answer || url.searchParams.get('format')) continue;
      const text = await answer(url.searchParams);
      if (text !== (await expected(line.path))) {
        console.log(`    engine: ${line.label}: not measured (its answer differs from the route's)`);
        continue;
      }
      for (let i = 0; i < 3; i++) await answer(url.searchParams);
      const t = await time(runs, async () => {
        const start = process.hrtime.bigint();
        await answer(url.searchParams);
        return Number(process.hrtime.bigint() - start) / 1e6;
      });
      figures[line.label] = t.p50;
    }
    return figures;
  } finally {
    await db.end();
  }
}
