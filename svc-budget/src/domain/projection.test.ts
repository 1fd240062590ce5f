import { addDays, addMonths, daysInMonth, firstOfMonth } from '@hf/calendar';
import { seededRandom } from '@hf/test-kit/seeded-random';
import { envelopeChain, type EnvelopeRecord } from './envelopes';
import { drawnBy, envelopeDrawdown, lowAndNegative, netWorth, projectBalances, type ProjectionRow } from './projection';

describe('drawnBy', () => {
  it('spreads a total exactly over n days, rounding half away from zero', () => {
    for (const [total, n] of [
      [1000, 3],
      [1, 30],
      [-1001, 7],
      [99999, 31],
      [5, 2],
      [0, 4],
    ]) {
      let sum = 0;
      for (let k = 1; k <= n; k++) sum += drawnBy(total, k, n) - drawnBy(total, k - 1, n);
      expect(sum).toBe(total);
    }
    expect(drawnBy(5, 1, 2)).toBe(3); // 2.5 -> 3
    expect(drawnBy(-5, 1, 2)).toBe(-3);
    expect(drawnBy(1000, 1, 3)).toBe(333);
    expect(drawnBy(1000, 2, 3)).toBe(667);
  });
});

describe('projectBalances', () => {
  it('counts actual rows on their dates, budgeted rows from today (unpaid bills on today), and draws', () => {
    const rows: ProjectionRow[] = [
      { date: '2026-10-05', amount: -1000, budgeted: false },
      { date: '2026-10-20', amount: -5000, budgeted: true }, // unpaid bill before today
      { date: '2026-11-25', amount: 2000, budgeted: false }, // actual, in the future
      { date: '2026-11-30', amount: -300, budgeted: true },
    ];
    const points = projectBalances(
      10_000,
      rows,
      new Map([['2026-11-24', -100]]),
      '2026-11-23',
      '2026-10-01',
      '2026-11-30',
    );
    const at = (d: string) => points.find((p) => p.date === d)!.balance;
    expect(points).toHaveLength(61);
    expect(at('2026-10-04')).toBe(10_000);
    expect(at('2026-10-20')).toBe(9_000); // the budgeted row does not count before today
    expect(at('2026-11-22')).toBe(9_000);
    expect(at('2026-11-23')).toBe(4_000);
    expect(at('2026-11-24')).toBe(3_900);
    expect(at('2026-11-25')).toBe(5_900);
    expect(at('2026-11-30')).toBe(5_600);
    expect(lowAndNegative(points, '2026-11-23')).toEqual({
      low: { date: '2026-11-24', balance: 3_900 },
      firstNegative: null,
    });
  });
});

// --- An independent calculation, straight from docs/rules/forecast.md ------------------

const halfAway = (x: number) => Math.sign(x) * Math.floor(Math.abs(x) + 0.5);

/** Expected balance of each day, computed day by day without the code under test. */
function oracle(
  start: string,
  end: string,
  today: string,
  startingBalance: number,
  rows: ProjectionRow[],
  current: Array<{ category: number; left: number; rollover: boolean }>,
  later: (month: string) => Array<{ category: number; amount: number; rollover: boolean }>,
): number[] {
  // Envelope draws by day: the cumulative draw at the end of each day after today.
  const cumulative = new Map<string, number>();
  const monthOf = (d: string) => d.slice(0, 7);
  const [ty, tm, td] = today.split('-').map(Number);
  const n0 = daysInMonth(ty, tm) - td;
  let carry = new Map<number, number>();
  let total = 0;
  const days: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) days.push(d);
  // Per month: the draws of each envelope, cumulative within the month.
  const drawOf = new Map<string, number>();
  for (const e of current) {
    for (let k = 1; k <= n0; k++) {
      const d = addDays(today, k);
      drawOf.set(
        d,
        (drawOf.get(d) ?? 0) +
          halfAway((Math.max(e.left, 0) * k) / n0) -
          halfAway((Math.max(e.left, 0) * (k - 1)) / n0),
      );
    }
    carry.set(e.category, e.rollover ? Math.min(e.left, 0) : 0);
  }
  for (let m = addMonths(firstOfMonth(today), 1); m <= end; m = addMonths(m, 1)) {
    const [y, mo] = m.split('-').map(Number);
    const n = daysInMonth(y, mo);
    const next = new Map<number, number>();
    for (const e of later(monthOf(m))) {
      const t = Math.max(e.amount + (carry.get(e.category) ?? 0), 0);
      for (let k = 1; k <= n; k++) {
        const d = addDays(m, k - 1);
        drawOf.set(d, (drawOf.get(d) ?? 0) + halfAway((t * k) / n) - halfAway((t * (k - 1)) / n));
      }
      next.set(e.category, e.rollover ? Math.min(e.amount + (carry.get(e.category) ?? 0), 0) : 0);
    }
    carry = next;
  }
  for (const d of days) {
    total += drawOf.get(d) ?? 0;
    cumulative.set(d, total);
  }
  return days.map((d) => {
    let balance = startingBalance;
    for (const r of rows) {
      if (!r.budgeted && r.date <= d) balance += r.amount;
      if (r.budgeted && d >= today && r.date <= d) balance += r.amount;
    }
    return d > today ? balance - (cumulative.get(d) ?? 0) : balance;
  });
}

describe('projection against the independent calculation', () => {
  const todays = ['2026-11-23', '2026-11-30', '2026-12-31', '2028-02-29', '2027-02-28', '2027-01-01', '2026-01-31'];
  it.each(todays)('is exact to the cent on every day, today = %s', (today) => {
    for (let seed = 1; seed <= 6; seed++) {
      const random = seededRandom(seed * 97 + today.length);
      const start = addMonths(firstOfMonth(today), seed % 2 === 0 ? -1 : -12);
      const end = addMonths(today, 12);
      const rows: ProjectionRow[] = Array.from({ length: 80 }, () => ({
        date: addDays(start, Math.floor(random() * 500) - 30),
        amount: Math.round((random() - 0.6) * 200_000),
        budgeted: random() < 0.3,
      }));
      // Envelopes: a few categories, some months written, rollover on and off, over- and under-spending.
      const byMonth = new Map<string, EnvelopeRecord[]>();
      let id = 1;
      for (const offset of [-3, -1, 0, 2, 5]) {
        if (random() < 0.3) continue;
        const month = addMonths(firstOfMonth(today), offset).slice(0, 7);
        byMonth.set(
          month,
          [1, 2, 3]
            .filter(() => random() < 0.8)
            .map((category) => ({
              id: id++,
              category_id: category,
              month,
              amount: Math.round(random() * 90_000),
              rollover_enabled: random() < 0.6,
            })),
        );
      }
      const spent = new Map<string, number>();
      const spentOf = (category: number, month: string) => {
        const key = `${category}/${month}`;
        if (!spent.has(key)) spent.set(key, Math.round((random() - 0.2) * 100_000));
        return spent.get(key)!;
      };
      const chain = envelopeChain(byMonth, today.slice(0, 7), spentOf);
      const currentMonth = chain.get(today.slice(0, 7)) ?? [];
      const draws = envelopeDrawdown(today, end, currentMonth, byMonth);
      const points = projectBalances(50_000, rows, draws, today, start, end);
      const latest = (month: string) => {
        const own = [...byMonth.keys()]
          .filter((m) => m <= month && byMonth.get(m)!.length)
          .sort()
          .pop();
        return own
          ? byMonth.get(own)!.map((e) => ({ category: e.category_id, amount: e.amount, rollover: e.rollover_enabled }))
          : [];
      };
      const expected = oracle(
        start,
        end,
        today,
        50_000,
        rows,
        currentMonth.map((e) => ({ category: e.category_id, left: e.left, rollover: e.rollover_enabled })),
        latest,
      );
      expect(points.map((p) => p.balance)).toEqual(expected);
      expect(points[0].date).toBe(start);
      expect(points[points.length - 1].date).toBe(end);
    }
  });
});

describe('envelopeChain', () => {
  it('carries months forward and chains rollover, negative included', () => {
    const byMonth = new Map<string, EnvelopeRecord[]>([
      [
        '2026-09',
        [
          { id: 1, category_id: 7, month: '2026-09', amount: 10_000, rollover_enabled: true },
          { id: 2, category_id: 8, month: '2026-09', amount: 5_000, rollover_enabled: false },
        ],
      ],
    ]);
    const spent: Record<string, number> = { '7/2026-09': 12_000, '7/2026-10': 1_000, '8/2026-09': 1_000 };
    const chain = envelopeChain(byMonth, '2026-11', (c, m) => spent[`${c}/${m}`] ?? 0);
    expect(chain.get('2026-10')!.find((e) => e.category_id === 7)).toMatchObject({
      rollover: -2_000,
      left: 7_000,
      carried_from: '2026-09',
    });
    expect(chain.get('2026-11')!.find((e) => e.category_id === 7)).toMatchObject({ rollover: 7_000, left: 17_000 });
    expect(chain.get('2026-10')!.find((e) => e.category_id === 8)).toMatchObject({ rollover: 0, left: 5_000 });
  });
});

describe('netWorth', () => {
  it('sums the accounts day by day', () => {
    const a = [
      { date: '2026-01-01', balance: 5 },
      { date: '2026-01-02', balance: 7 },
    ];
    const b = [
      { date: '2026-01-01', balance: -10 },
      { date: '2026-01-02', balance: 1 },
    ];
    expect(netWorth([a, b], '2026-01-01', '2026-01-02')).toEqual([
      { date: '2026-01-01', balance: -5 },
      { date: '2026-01-02', balance: 8 },
    ]);
  });
});
