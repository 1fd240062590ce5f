import type { ReportItem } from '@hf/contracts/reports';
import { barColorIndex, barPercent, reportTotal, withoutHidden } from './report-items';

const item = (id: number | null, name: string, value: number, children: ReportItem['children'] = []): ReportItem => ({
  id,
  name,
  value,
  children,
});
const food = item(1, 'Food', 150.1, [
  item(11, 'Groceries', 100.05) as ReportItem['children'][number],
  item(12, 'Dining', 30.02) as ReportItem['children'][number],
]);
const items = [food, item(2, 'Rent', 900), item(null, 'Uncategorized', 0.3)];

describe('report items', () => {
  it('the total is the sum of the top-level values, exact to the cent', () => {
    expect(reportTotal(items)).toBe(1050.4);
    expect(reportTotal([item(1, 'A', 0.1), item(2, 'B', 0.2)])).toBe(0.3);
    expect(reportTotal([])).toBe(0);
  });

  it('hides top-level categories (with their children) and "Uncategorized" by key', () => {
    expect(withoutHidden(items, new Set(['1', 'uncategorized'])).map((i) => i.name)).toEqual(['Rent']);
    expect(withoutHidden(items, new Set())).toEqual(items);
  });

  it('a hidden sub-category leaves its parent and lowers its value', () => {
    const [shown] = withoutHidden(items, new Set(['11']));
    expect(shown.value).toBe(50.05);
    expect(shown.children.map((c) => c.name)).toEqual(['Dining']);
    expect(reportTotal(withoutHidden(items, new Set(['11'])))).toBe(950.35);
  });

  it('a parent left with nothing of its own goes too', () => {
    const only = [item(1, 'Food', 100.05, [item(11, 'Groceries', 100.05) as ReportItem['children'][number]])];
    expect(withoutHidden(only, new Set(['11']))).toEqual([]);
  });

  it('bar widths are proportional to the largest value', () => {
    expect(barPercent(900, 900)).toBe(100);
    expect(barPercent(450, 900)).toBe(50);
    expect(barPercent(0.01, 900)).toBe(0.5);
    expect(barPercent(0, 900)).toBe(0);
    expect(barPercent(5, 0)).toBe(0);
  });

  it('bar colours cycle through 6', () => {
    expect([0, 1, 5, 6, 7, 12].map(barColorIndex)).toEqual([0, 1, 5, 0, 1, 0]);
  });
});
