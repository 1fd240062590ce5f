import type { CalendarDate } from '@hf/calendar';
import { lazy, Suspense } from 'react';
import type { AccountProjection } from './api';

// recharts (about 100 KiB gzip) loads in its own chunk, not with the page's first script.
const loadChartView = () => import('./ProjectionChartView');
const ProjectionChartView = lazy(loadChartView);

/** Starts downloading the chart code now (the dashboard calls it while its data is on the way). */
export function preloadProjectionChart(): void {
  void loadChartView();
}

/** A projection chart, or the spec's text when the account has no points. */
export function ProjectionChart({ projection, today, aspect }: { projection: AccountProjection; today: CalendarDate; aspect: number }) {
  if (projection.graph_data.length === 0) return <p className="hf-empty dash-chart__empty">No projection data available for this account.</p>;
  return (
    <Suspense fallback={<p className="hf-muted dash-chart__placeholder">Loading chart...</p>}>
      <ProjectionChartView projection={projection} today={today} aspect={aspect} />
    </Suspense>
  );
}
