/**
 * The reports' engine without HTTP: each report's query on the read model and the domain code that
 * builds its answer, for a household's scope already checked and made fresh (`scopedRead`). The
 * routes answer what these return; the peer benchmark (bench/support/report-engine.ts) calls the
 * same functions in its own process (`@hf/svc-reports/engine`), to measure ours on the peer's footing.
 */
import type { MonthlyTrend, ReportItem } from '@hf/contracts/reports';
import type { ReportSort } from '@hf/contracts/reports-limits';
import type { Queryable } from '@hf/ledger-mirror';
import { REPORT_LIMITS } from '@hf/contracts/reports-limits';
import { drillDownText } from './domain/drill-down-rows';
import { monthlyTrend } from './domain/monthly-trend';
import { categoryReport, netsByCategory, payeeReport, type ReportSide } from './domain/report-items';
import { monthsOf } from './domain/report-range';
import {
  netsByMonth,
  netsByPayee,
  netsByStoredCategory,
  linesByCategory,
  rowsByPayee,
} from './repositories/report-queries';
import type { ScopedRead } from './route-helpers';

export type { ScopedRead };

export { readModelUrl } from './read-model-url';
export { parseScope } from './domain/report-range';

/** Spending or income by category (every item, before any is hidden). */
export async function reportByCategory(
  db: Queryable,
  read: ScopedRead,
  side: ReportSide,
  sort: ReportSort,
): Promise<ReportItem[]> {
  const stored = await netsByStoredCategory(db, read.householdId, read.scope);
  return categoryReport(netsByCategory(stored, read.categories), read.categories, side, sort);
}

/** Spending by payee. */
export async function reportByPayee(db: Queryable, read: ScopedRead, sort: ReportSort): Promise<ReportItem[]> {
  return payeeReport(await netsByPayee(db, read.householdId, read.scope), 'spending', sort);
}

/** Spending, income and each top-level category's spending per month of the scope. */
export async function trendReport(db: Queryable, read: ScopedRead): Promise<MonthlyTrend> {
  return monthlyTrend(monthsOf(read.scope), await netsByMonth(db, read.householdId, read.scope), read.categories);
}

/**
 * The lines behind a live category (null: "Uncategorized") and its children, newest first, as the
 * answer's JSON text (written from the rows' stored heads, decision 0157).
 */
export async function categoryDrillDown(db: Queryable, read: ScopedRead, target: number | null): Promise<string> {
  const selection = read.categories.storedIdsFor(target);
  const lines = await linesByCategory(db, read.householdId, read.scope, selection, REPORT_LIMITS.drillDownRows);
  return drillDownText(read, lines);
}

/** The rows of one payee (a split row whole), newest first, as the answer's JSON text. */
export async function payeeDrillDown(db: Queryable, read: ScopedRead, payee: string): Promise<string> {
  return drillDownText(read, await rowsByPayee(db, read.householdId, read.scope, payee, REPORT_LIMITS.drillDownRows));
}
