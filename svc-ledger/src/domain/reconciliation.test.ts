import {
  clearedBalanceAsOf,
  planFinish,
  reconciliationDifference,
  rowsToReconcile,
  statementDateProblem,
  type ReconcilableRow,
} from './reconciliation';

const row = (id: number, date: string, amount: number, status: ReconcilableRow['status'], reconciled = false) => ({
  id,
  date,
  amount,
  status,
  reconciled,
});

describe('statement reconciliation rules', () => {
  test('the difference is what an adjustment adds', () => {
    expect(reconciliationDifference(12345, 10000)).toBe(2345);
    expect(reconciliationDifference(-500, 0)).toBe(-500);
    expect(reconciliationDifference(0, 0)).toBe(0);
  });

  test('a statement date in the future or before the last reconciliation is refused', () => {
    const today = '2026-11-27';
    expect(statementDateProblem({ statementDate: '2026-11-28', today, lastStatementDate: null })).toMatch(/future/);
    expect(statementDateProblem({ statementDate: today, today, lastStatementDate: null })).toBeNull();
    expect(statementDateProblem({ statementDate: '2026-10-30', today, lastStatementDate: '2026-10-31' })).toMatch(
      /before the last reconciliation \(2026-10-31\)/,
    );
    expect(statementDateProblem({ statementDate: '2026-10-31', today, lastStatementDate: '2026-10-31' })).toBeNull();
  });

  test('a finish with a difference needs an adjustment', () => {
    expect(planFinish(0, false)).toEqual({ kind: 'finish', adjustmentCents: 0 });
    expect(planFinish(0, true)).toEqual({ kind: 'finish', adjustmentCents: 0 });
    expect(planFinish(-250, true)).toEqual({ kind: 'adjust', adjustmentCents: -250 });
    const refused = planFinish(123456, false);
    expect(refused.kind).toBe('refuse');
    if (refused.kind === 'refuse') expect(refused.message).toContain('$1,234.56');
  });

  test('cleared balance as of a date counts cleared rows on or before it', () => {
    const rows = [
      row(1, '2026-01-01', 100, 'x'),
      row(2, '2026-01-02', 50, 'p'),
      row(3, '2026-01-31', -30, 'x', true),
      row(4, '2026-02-01', 999, 'x'),
    ];
    expect(clearedBalanceAsOf(10, rows, '2026-01-31')).toBe(80);
    expect(clearedBalanceAsOf(10, rows, '2025-12-31')).toBe(10);
    expect(rowsToReconcile(rows, '2026-01-31').map((r) => r.id)).toEqual([1]);
  });

  test('seeded: adjusting by the difference always lands on the statement balance', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let run = 0; run < 200; run++) {
      const rows = Array.from({ length: 30 }, (_, i) =>
        row(
          i + 1,
          `2026-01-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
          Math.round((random() - 0.5) * 1e6),
          (['', 'p', 'x'] as const)[Math.floor(random() * 3)],
        ),
      );
      const start = Math.round((random() - 0.5) * 1e6);
      const date = `2026-01-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
      const statement = Math.round((random() - 0.5) * 1e6);
      const plan = planFinish(reconciliationDifference(statement, clearedBalanceAsOf(start, rows, date)), true);
      const after = [...rows, row(99, date, plan.kind === 'refuse' ? 0 : plan.adjustmentCents, 'x')];
      expect(clearedBalanceAsOf(start, after, date)).toBe(statement);
    }
  });
});
