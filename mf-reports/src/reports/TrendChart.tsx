import { lazy, Suspense } from 'react';
import { reportErrorMessage, useMonthlyTrend, type MonthlyTrend, type ReportScope } from './api';

// recharts (large) loads in its own chunk once the chart is shown, not with the page.
const TrendChartView = lazy(() => import('./TrendChartView'));

const loading = <p className="hf-muted report-trend__placeholder">Loading chart...</p>;

export const TREND_EMPTY = 'Nothing to chart yet: no spending or income in the selected period.';

/** A trend with no spending and no income in any month: an axis of $0 would only say "nothing" badly. */
export function isEmptyTrend(trend: MonthlyTrend): boolean {
  return [...trend.spending, ...trend.income].every((value) => value === 0);
}

/** The monthly spending and income of the range and accounts, above the bar list. */
export function TrendChart({ scope, enabled }: { scope: ReportScope; enabled: boolean }) {
  const trend = useMonthlyTrend(scope, enabled);
  return (
    <section className="report-trend" aria-labelledby="report-trend-title">
      <h2 id="report-trend-title" className="report-section-title">
        Monthly Trend
      </h2>
      {trend.isError ? (
        <p role="alert" className="hf-status hf-status--error">
          {reportErrorMessage(trend.error)}
        </p>
      ) : !trend.data ? (
        loading
      ) : isEmptyTrend(trend.data) ? (
        <p className="hf-empty report-trend__placeholder">{TREND_EMPTY}</p>
      ) : (
        <Suspense fallback={loading}>
          <TrendChartView trend={trend.data} />
        </Suspense>
      )}
    </section>
  );
}
