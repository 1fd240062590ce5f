import type { CalendarDate } from '@hf/calendar';
import { lazy, Suspense, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { AccountProjection } from './api';
import { chartSummary } from './chart-math';
import { ProjectionSketch } from './ProjectionSketch';

// recharts (large) loads in its own chunk, not with the page's first script.
const loadChartView = () => import('./ProjectionChartView');
const ProjectionChartView = lazy(loadChartView);

/** Starts downloading the chart code now (the dashboard calls it while its data is on the way). */
export function preloadProjectionChart(): void {
  void loadChartView();
}

/** The element's width in px, measured before the first paint and again whenever it changes (0 until known). */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

interface ProjectionChartProps {
  projection: AccountProjection;
  today: CalendarDate;
  aspect: number;
  /** A what-if scenario's projection of the same account, drawn over the real one. */
  scenario?: { name: string; graph_data: AccountProjection['graph_data'] };
}

/**
 * A projection chart in a box of the chart's aspect (so nothing below moves when it is drawn),
 * named for assistive technology by its range and projected High and Low. Until recharts has
 * loaded the chart is drawn as plain SVG (ProjectionSketch), then recharts takes over at the
 * same size. The spec's text when the account has no points.
 */
export function ProjectionChart(props: ProjectionChartProps) {
  if (props.projection.graph_data.length === 0)
    return <p className="hf-empty dash-chart__empty">No projection data available for this account.</p>;
  return <ChartBox {...props} />;
}

function ChartBox({ projection, today, aspect, scenario }: ProjectionChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  return (
    <div
      ref={box}
      className="dash-chart"
      role="img"
      aria-label={chartSummary(projection.account_name, projection.graph_data, today)}
      style={{ aspectRatio: aspect }}
    >
      {width > 0 && (
        <Suspense
          fallback={<ProjectionSketch projection={projection} today={today} width={width} height={width / aspect} />}
        >
          <ProjectionChartView
            projection={projection}
            today={today}
            aspect={aspect}
            initialWidth={width}
            scenario={scenario}
          />
        </Suspense>
      )}
    </div>
  );
}
