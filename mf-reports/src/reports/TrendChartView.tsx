/**
 * The trend chart itself (recharts, lazy-loaded by TrendChart): spending and income bars per
 * month. Colours and text come from the theme's CSS variables, so every theme reads well; a
 * visually hidden table gives the same numbers to screen readers.
 */
import { dollarsToCents, formatDollars } from '@hf/app-kit';
import { formatAxisCurrency } from '@hf/money';
import { monthAndYear } from '@hf/calendar';
import { useIsMobile } from '@hf/ui';
import { CHART_TOOLTIP_STYLES } from '@hf/ui/chart-tooltip';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MonthlyTrend } from './api';

/** The two bars of each month, spending then income (colours `--report-spending`, `--report-income`). */
const TREND_BARS = [
  { key: 'spending', name: 'Spending' },
  { key: 'income', name: 'Income' },
] as const;

/** `2026-03` -> `Mar 2026`. */
export function monthName(month: string): string {
  return monthAndYear(month, 'short');
}

const axisTick = { fill: 'var(--mainText)', fontSize: 12 };

export default function TrendChartView({ trend }: { trend: MonthlyTrend }) {
  const isMobile = useIsMobile();
  const data = trend.months.map((month, i) => ({
    month: monthName(month),
    spending: trend.spending[i] ?? 0,
    income: trend.income[i] ?? 0,
  }));
  return (
    <>
      <div
        className="report-trend__chart"
        role="img"
        aria-label={`Monthly spending and income, ${data[0]?.month ?? ''} to ${data[data.length - 1]?.month ?? ''}`}
      >
        <ResponsiveContainer width="100%" height={isMobile ? 220 : 260}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: isMobile ? 0 : 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--hf-border)" vertical={false} />
            <XAxis dataKey="month" tick={axisTick} stroke="var(--hf-border-strong)" tickLine={false} minTickGap={8} />
            <YAxis
              tick={axisTick}
              stroke="var(--hf-border-strong)"
              tickLine={false}
              width="auto"
              tickFormatter={(value: number) => formatAxisCurrency(dollarsToCents(value))}
            />
            <Tooltip
              formatter={(value) => formatDollars(Number(value))}
              cursor={{ fill: 'var(--hf-hover)' }}
              {...CHART_TOOLTIP_STYLES}
            />
            <Legend wrapperStyle={{ color: 'var(--mainText)', fontSize: 13 }} />
            {TREND_BARS.map(({ key, name }) => (
              <Bar
                key={key}
                dataKey={key}
                name={name}
                fill={`var(--report-${key})`}
                radius={[3, 3, 0, 0]}
                maxBarSize={36}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="hf-visually-hidden">
        <caption>Monthly spending and income</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Spending</th>
            <th scope="col">Income</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.month}>
              <th scope="row">{d.month}</th>
              <td>{formatDollars(d.spending)}</td>
              <td>{formatDollars(d.income)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
