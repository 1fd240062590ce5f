import { formatCurrency } from '@hf/money';

/**
 * Statement reconciliation (docs/decisions/0125-statement-reconciliation.md): the rules that
 * need no database. Money in cents; dates `YYYY-MM-DD` (they compare as strings).
 */

/** What an adjustment adds so the cleared balance as of the statement date equals the statement's. */
export function reconciliationDifference(statementBalance: number, clearedBalance: number): number {
  return statementBalance - clearedBalance;
}

export interface StatementCheck {
  statementDate: string;
  /** The household's today. */
  today: string;
  /** Statement date of the account's latest finished reconciliation, if any. */
  lastStatementDate: string | null;
}

/** Why a statement date cannot be reconciled, or null when it can. */
export function statementDateProblem({ statementDate, today, lastStatementDate }: StatementCheck): string | null {
  if (statementDate > today) return 'The statement date cannot be in the future.';
  if (lastStatementDate !== null && statementDate < lastStatementDate)
    return `The statement date cannot be before the last reconciliation (${lastStatementDate}).`;
  return null;
}

export type FinishPlan =
  | { kind: 'finish'; adjustmentCents: 0 }
  | { kind: 'adjust'; adjustmentCents: number }
  | { kind: 'refuse'; message: string };

/**
 * How a finish goes: without a difference it marks the rows; with one, `adjust` first adds a
 * cleared adjustment row of the difference, and without it the finish is refused (409).
 */
export function planFinish(differenceCents: number, adjust: boolean): FinishPlan {
  if (differenceCents === 0) return { kind: 'finish', adjustmentCents: 0 };
  if (adjust) return { kind: 'adjust', adjustmentCents: differenceCents };
  return {
    kind: 'refuse',
    message: `The cleared balance differs from the statement by ${formatCurrency(differenceCents)}. Clear more rows or finish with an adjustment.`,
  };
}

/** A row as far as reconciliation looks at it. */
export interface ReconcilableRow {
  id: number;
  date: string;
  amount: number;
  status: '' | 'p' | 'x';
  reconciled: boolean;
}

/** starting balance + cleared rows dated on or before `date`. */
export function clearedBalanceAsOf(startingBalance: number, rows: readonly ReconcilableRow[], date: string): number {
  let sum = startingBalance;
  for (const r of rows) if (r.status === 'x' && r.date <= date) sum += r.amount;
  return sum;
}

/** The rows a finish marks: cleared, dated on or before the statement date, not reconciled yet. */
export function rowsToReconcile(rows: readonly ReconcilableRow[], statementDate: string): ReconcilableRow[] {
  return rows.filter((r) => r.status === 'x' && r.date <= statementDate && !r.reconciled);
}
