import { fromCents, type Cents } from '@hf/money';
import type { MonthlyTrend } from '@hf/contracts/reports';
import type { CategoryIndex } from '@hf/ledger-mirror';
import { compareNames, netsByCategory, sideValue } from './report-items';

/**
 * Spending and income per month of the range, with the rules of the reports by category: in
 * each month, each category's net is spending or income (so a one-month trend equals that
 * month's report totals), and the top-level spending categories month by month.
 */
export function monthlyTrend(
  months: readonly string[],
  stored: Iterable<{ month: string; category_id: number | null; net: Cents }>,
  categories: CategoryIndex,
): MonthlyTrend {
  const index = new Map(months.map((m, i) => [m, i]));
  const storedByMonth = months.map(() => [] as Array<{ category_id: number | null; net: Cents }>);
  for (const row of stored) {
    const i = index.get(row.month);
    if (i !== undefined) storedByMonth[i].push(row);
  }
  const spending = months.map(() => 0);
  const income = months.map(() => 0);
  const byTop = new Map<number | null, Cents[]>();
  storedByMonth.forEach((rows, i) => {
    for (const [id, net] of netsByCategory(rows, categories)) {
      const spent = sideValue(net, 'spending');
      spending[i] += spent;
      income[i] += sideValue(net, 'income');
      if (spent === 0) continue;
      const top = categories.topLevelOf(id);
      let series = byTop.get(top);
      if (!series) byTop.set(top, (series = months.map(() => 0)));
      series[i] += spent;
    }
  });
  const total = (series: Cents[]) => series.reduce((a, b) => a + b, 0);
  const categoriesOut = [...byTop.entries()]
    .map(([id, series]) => ({ id, name: categories.name(id), series, total: total(series) }))
    .sort((a, b) => b.total - a.total || compareNames(a.name, b.name))
    .map((c) => ({ id: c.id, name: c.name, spending: c.series.map(fromCents) }));
  return {
    months: [...months],
    spending: spending.map(fromCents),
    income: income.map(fromCents),
    categories: categoriesOut,
  };
}
