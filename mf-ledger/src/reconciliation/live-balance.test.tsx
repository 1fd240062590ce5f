import { baselineOf, liveBalance, rowsToWorkOn } from './live-balance';

const rows = [
  { id: 1, date: '2026-11-02', amount: -20, status: 'x' },
  { id: 2, date: '2026-11-10', amount: -30.5, status: '' },
  { id: 3, date: '2026-11-20', amount: 100, status: 'p' },
  { id: 4, date: '2026-12-01', amount: -5, status: '' },
];

describe('the reconcile view', () => {
  const baseline = baselineOf(rows, { statement_date: '2026-11-30', statement_balance: 49.5, cleared_balance: -20 });

  test('works on the rows not cleared up to the statement date', () => {
    expect(rowsToWorkOn(baseline, rows).map((r) => r.id)).toEqual([2, 3]);
    // A row cleared while reconciling stays in view (x can be taken back).
    const later = rows.map((r) => (r.id === 2 ? { ...r, status: 'x' } : r));
    expect(rowsToWorkOn(baseline, later).map((r) => r.id)).toEqual([2, 3]);
  });

  test('the difference follows each status change at once', () => {
    expect(liveBalance(baseline, rows)).toEqual({ clearedCents: -2000, differenceCents: 6950 });
    const cleared = rows.map((r) => (r.id === 2 || r.id === 3 ? { ...r, status: 'x' } : r));
    expect(liveBalance(baseline, cleared)).toEqual({ clearedCents: 4950, differenceCents: 0 });
    // Rows after the statement date and unclearing count as they should.
    const more = cleared.map((r) => (r.id === 4 ? { ...r, status: 'x' } : r.id === 1 ? { ...r, status: 'p' } : r));
    expect(liveBalance(baseline, more)).toEqual({ clearedCents: 6950, differenceCents: -2000 });
  });
});
