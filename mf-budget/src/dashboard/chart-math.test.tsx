import {
  highLowMarkers,
  isLabelMonth,
  longDate,
  markerLabel,
  markerTone,
  xAxisLabel,
  xAxisTicks,
  yAxisScale,
  yTickLabel,
} from './chart-math';

/** One point per day from `from` for `days` days, balance from `f(index)`. */
function series(from: string, days: number, f: (i: number) => number) {
  const start = Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1, Number(from.slice(8, 10)));
  return Array.from({ length: days }, (_, i) => ({
    date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    balance: f(i),
  }));
}

describe('y axis: about 5 ticks, a rounded domain including zero', () => {
  test.each([
    [
      [0, 1000],
      [0, 1000],
      [0, 250, 500, 750, 1000],
    ],
    [
      [120, 980],
      [0, 1000],
      [0, 250, 500, 750, 1000],
    ],
    [
      [1500.37, 4210.5],
      [0, 5000],
      [0, 1000, 2000, 3000, 4000, 5000],
    ],
    [
      [-320, 1180],
      [-500, 1500],
      [-500, 0, 500, 1000, 1500],
    ],
    [
      [-4000, -1200],
      [-4000, 0],
      [-4000, -3000, -2000, -1000, 0],
    ],
    [
      [0.5, 3.2],
      [0, 4],
      [0, 1, 2, 3, 4],
    ],
  ])('%j -> %j', (balances, domain, ticks) => {
    expect(yAxisScale(balances)).toEqual({ domain, ticks });
  });

  it('always includes zero, every balance, and 4 to 6 round ticks', () => {
    for (const [lo, hi] of [
      [5, 7],
      [123, 124567],
      [-98765, 3],
      [-1, 1],
      [250_000, 1_250_000],
      [-12.34, 99.99],
    ]) {
      const { domain, ticks } = yAxisScale([lo, hi]);
      expect(domain[0]).toBeLessThanOrEqual(Math.min(lo, 0));
      expect(domain[1]).toBeGreaterThanOrEqual(Math.max(hi, 0));
      expect(ticks).toContain(0);
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      expect(ticks.length).toBeLessThanOrEqual(6);
      const step = ticks[1] - ticks[0];
      expect(ticks.every((t, i) => Math.abs(t - (ticks[0] + i * step)) < 1e-9)).toBe(true);
      expect(Number.isInteger(step)).toBe(true);
    }
  });

  it('a flat zero line still gets a domain', () => {
    expect(yAxisScale([0, 0, 0])).toEqual({ domain: [0, 100], ticks: [0, 25, 50, 75, 100] });
    expect(yAxisScale([])).toEqual({ domain: [0, 100], ticks: [0, 25, 50, 75, 100] });
  });

  it('tick labels are whole dollars', () => {
    expect(yTickLabel(1500)).toBe('$1,500');
    expect(yTickLabel(-500)).toBe('-$500');
    expect(yTickLabel(0)).toBe('$0');
  });

  it('tick labels of millions and more are abbreviated, exactly', () => {
    const { ticks } = yAxisScale([0, 1_200_000]);
    expect(ticks.map(yTickLabel)).toEqual(['$0', '$250K', '$500K', '$750K', '$1M', '$1.25M']);
    expect(yTickLabel(10_000_000)).toBe('$10M');
    expect(yTickLabel(-1_500_000_000)).toBe('-$1.5B');
  });
});

describe('x axis: labels on January and the even months only', () => {
  it('labels Jan, Feb, Apr, Jun, Aug, Oct, Dec', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].filter(isLabelMonth)).toEqual([1, 2, 4, 6, 8, 10, 12]);
  });

  it('ticks at the first point of each labelled month', () => {
    // 2026-10-15 .. about 2027-11: Oct starts mid-month (its first point is the 15th).
    const points = series('2026-10-15', 400, () => 0);
    expect(xAxisTicks(points)).toEqual([
      '2026-10-15',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
      '2027-04-01',
      '2027-06-01',
      '2027-08-01',
      '2027-10-01',
    ]);
    expect(xAxisTicks(points).map(xAxisLabel)).toEqual(['Oct', 'Dec', 'Jan 2027', 'Feb', 'Apr', 'Jun', 'Aug', 'Oct']);
  });

  it('a narrow chart keeps January and drops the labels too close to another', () => {
    const points = series('2025-11-01', 760, () => 0); // 2025-11-01 .. 2027-11-30
    expect(xAxisTicks(points)).toHaveLength(14);
    // Labels need 45 days: Dec and Feb beside each January go; the rest are 61 days apart.
    expect(xAxisTicks(points, 45).map(xAxisLabel)).toEqual([
      'Jan 2026',
      'Apr',
      'Jun',
      'Aug',
      'Oct',
      'Jan 2027',
      'Apr',
      'Jun',
      'Aug',
      'Oct',
    ]);
    // Every label is still a January or an even month.
    for (const d of xAxisTicks(points, 100)) expect(isLabelMonth(Number(d.slice(5, 7)))).toBe(true);
    expect(xAxisTicks(points, 100).filter((d) => d.slice(5, 7) === '01')).toEqual(['2026-01-01', '2027-01-01']);
  });
});

describe('High and Low markers', () => {
  const points = [
    { date: '2026-11-01', balance: 9000 }, // before today: never a marker
    { date: '2026-11-10', balance: -9000 },
    { date: '2026-11-23', balance: 500 },
    { date: '2026-12-01', balance: 1200 },
    { date: '2026-12-15', balance: -40.5 },
    { date: '2027-01-01', balance: 1200 },
    { date: '2027-02-01', balance: -40.5 },
  ];

  it('are taken from today on, the earliest date on ties', () => {
    expect(highLowMarkers(points, '2026-11-23')).toEqual({
      high: { date: '2026-12-01', balance: 1200 },
      low: { date: '2026-12-15', balance: -40.5 },
    });
  });

  it('today itself counts', () => {
    expect(highLowMarkers(points, '2027-01-01')).toEqual({
      high: { date: '2027-01-01', balance: 1200 },
      low: { date: '2027-02-01', balance: -40.5 },
    });
  });

  it('none when every point is before today', () => {
    expect(highLowMarkers(points, '2027-03-01')).toBeNull();
  });

  it('positive colour when not negative, destructive when negative', () => {
    expect(markerTone(1200)).toBe('positive');
    expect(markerTone(0)).toBe('positive');
    expect(markerTone(-0.01)).toBe('destructive');
  });

  it('labels', () => {
    expect(markerLabel('high', 1200)).toBe('High: $1,200.00');
    expect(markerLabel('low', -40.5)).toBe('Low: -$40.50');
  });
});

describe('dates', () => {
  it('long dates', () => {
    expect(longDate('2028-02-29')).toBe('Feb 29, 2028');
  });
});
