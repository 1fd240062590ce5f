import { lazy, Suspense } from 'react';
import { reportErrorMessage, useMonthlyTrend, type ReportScope } from './api';

// recharts (large) loads in its own chunk once the chart is shown, not with the page.
const TrendChartView = lazy(() => import('./TrendChartView'));

const loading = <p className="hf-muted report-trend__placeholder">Loading chart...</p>;

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
      ) : (
        <Suspense fallback={loading}>
          <TrendChartView trend={trend.data} />
        </Suspense>
      )}
    </section>
  );
}
