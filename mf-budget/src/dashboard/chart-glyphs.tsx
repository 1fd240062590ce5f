/**
 * The parts of a projection chart drawn the same by the plain SVG first draw (ProjectionSketch)
 * and by recharts (ProjectionChartView): the High / Low markers and the month labels.
 */
import {
  MARKER_OFFSET,
  MARKER_SIZE,
  markerLabel,
  markerTone,
  xAxisLabel,
  type Markers,
  type PlotArea,
  type Point,
} from './chart-math';

/** Room a label needs beside the plot's edges before it is anchored to its side. */
const EDGE = 64;

/**
 * The dot (radius 8) with its label above (High, -15) or below (Low, 22) it, in the positive or
 * destructive colour. A Low label that would fall on the x axis' labels (a low at the plot's
 * bottom edge) goes above its dot instead; a label near the plot's left or right edge is anchored
 * to that side. `probe` marks the group for tests (`data-marker`): the recharts chart only.
 */
export function MarkerGlyph({
  kind,
  point,
  cx,
  cy,
  plot,
  probe,
}: {
  kind: keyof Markers;
  point: Point;
  cx: number;
  cy: number;
  plot: PlotArea | undefined;
  probe: boolean;
}) {
  const tone = markerTone(point.balance);
  let labelY = cy + MARKER_OFFSET[kind];
  const flipped = kind === 'low' && plot !== undefined && labelY > plot.y + plot.height + 2;
  if (flipped) labelY = cy + MARKER_OFFSET.high;
  const anchor = !plot ? 'middle' : cx - plot.x < EDGE ? 'start' : plot.x + plot.width - cx < EDGE ? 'end' : 'middle';
  const labelX = anchor === 'start' ? cx - MARKER_SIZE : anchor === 'end' ? cx + MARKER_SIZE : cx;
  const data = probe
    ? { 'data-marker': kind, 'data-tone': tone, 'data-date': point.date, 'data-label-flipped': flipped || undefined }
    : {};
  return (
    <g className={`dash-marker dash-marker--${kind} dash-marker--${tone}`} {...data}>
      <circle cx={cx} cy={cy} r={MARKER_SIZE} className="dash-marker__dot" />
      <text x={labelX} y={labelY} textAnchor={anchor} className="dash-marker__label">
        {markerLabel(kind, point.balance)}
      </text>
    </g>
  );
}

/** An x label: the month, and under January its year. */
export function MonthLabel({ x, y, date, className }: { x: number; y: number; date: string; className?: string }) {
  const [month, year] = xAxisLabel(date).split(' ');
  return (
    <text x={x} y={y} textAnchor="middle" className={className} fill="var(--mainText)" fontSize={12}>
      <tspan x={x} dy="0.71em">
        {month}
      </tspan>
      {year && (
        <tspan x={x} dy="1.15em">
          {year}
        </tspan>
      )}
    </text>
  );
}
