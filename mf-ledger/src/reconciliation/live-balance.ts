import { dollarsToCents } from '@hf/app-kit';

/** A register row as reconciliation looks at it. */
export interface LiveRow {
  id: number;
  date: string;
  amount: number;
  status: string;
}

/** What the register had when the reconciliation was opened: the server's cleared balance and each row's status then. */
export interface Baseline {
  statementDate: string;
  /** Dollars. */
  statementBalance: number;
  /** Dollars: the cleared balance as of the statement date when it was opened (or re-read). */
  clearedBalance: number;
  statusById: ReadonlyMap<number, string>;
}

export function baselineOf(
  rows: readonly LiveRow[],
  opened: { statement_date: string; statement_balance: number; cleared_balance: number },
): Baseline {
  return {
    statementDate: opened.statement_date,
    statementBalance: opened.statement_balance,
    clearedBalance: opened.cleared_balance,
    statusById: new Map(rows.map((r) => [r.id, r.status])),
  };
}

/**
 * The cleared balance as of the statement date now and the difference (statement - cleared), in
 * cents: the opening answer plus what rows up to that date gained or lost as cleared since.
 */
export function liveBalance(
  baseline: Baseline,
  rows: readonly LiveRow[],
): { clearedCents: number; differenceCents: number } {
  let cents = dollarsToCents(baseline.clearedBalance);
  for (const r of rows) {
    if (r.date > baseline.statementDate) continue;
    const before = baseline.statusById.get(r.id);
    if (before === undefined) continue;
    const was = before === 'x';
    const is = r.status === 'x';
    if (was !== is) cents += (is ? 1 : -1) * dollarsToCents(r.amount);
  }
  return { clearedCents: cents, differenceCents: dollarsToCents(baseline.statementBalance) - cents };
}

/** The rows the reconciliation works on: dated up to the statement date and not cleared when it was opened. */
export function rowsToWorkOn<T extends LiveRow>(baseline: Baseline, rows: readonly T[]): T[] {
  return rows.filter((r) => r.date <= baseline.statementDate && (baseline.statusById.get(r.id) ?? r.status) !== 'x');
}
