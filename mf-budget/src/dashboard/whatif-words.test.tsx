import { scenarioWords } from './whatif-words';

const series = (low: [string, number], end: number) => ({
  low_point: { date: low[0], balance: low[1] },
  graph_data: [
    { date: '2026-11-01', balance: 10 },
    { date: '2027-11-23', balance: end },
  ],
});

describe('scenarioWords', () => {
  it('states the low point and the end balance with their differences', () => {
    expect(
      scenarioWords('New car', series(['2027-01-31', 3234.56], 10000), series(['2027-03-03', 1234.56], 8000)),
    ).toBe(
      "With 'New car': lowest balance $1,234.56 on Mar 3, 2027 ($2,000.00 lower); end balance $8,000.00 ($2,000.00 lower).",
    );
  });

  it('says higher, the same, and a negative balance', () => {
    expect(scenarioWords('Raise', series(['2027-01-31', -50], 100), series(['2027-01-31', -50], 100.05))).toBe(
      "With 'Raise': lowest balance -$50.00 on Jan 31, 2027 (the same); end balance $100.05 ($0.05 higher).",
    );
  });

  it('has nothing to say without points', () => {
    expect(scenarioWords('X', { low_point: null, graph_data: [] }, series(['2027-01-31', 1], 1))).toBeNull();
  });
});
