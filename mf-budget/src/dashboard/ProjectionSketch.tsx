/**
 * A projection chart drawn as plain SVG while recharts (a large chunk of its own) is still
 * loading: the same data, plot area, axes, ticks, grid, colours and High / Low markers as
 * ProjectionChartView, so the real numbers show at once and the recharts chart then takes its
 * place in the same box. No tooltip (that comes with recharts). The area is a straight line
 * through the daily points (recharts draws a monotone curve through the same points: at one
 * point per day the two differ by under a pixel except on a step, where the curve eases in).
 */
import type { CalendarDate } from '@hf/calendar';
import { useMemo } from 'react';
import type { AccountProjection } from './api';
import { highLowMarkers, labelGapDays, plotArea, xAxisTicks, yAxisScale, yTickLabel } from './chart-math';
import { MarkerGlyph, MonthLabel } from './chart-glyphs';

/** Recharts' axis geometry: tick line 6 px and 2 px of margin before the label. */
const TICK_OFFSET = 8;

const round = (n: number) => Math.round(n * 10) / 10;

export function ProjectionSketch({
  projection,
  today,
  width,
  height,
}: {
  projection: AccountProjection;
  today: CalendarDate;
  width: number;
  height: number;
}) {
  const points = projection.graph_data;
  const drawing = useMemo(() => {
    const plot = plotArea(width, height);
    const scale = yAxisScale(points.map((p) => p.balance));
    const [lo, hi] = scale.domain;
    const y = (balance: number) => plot.y + (plot.height * (hi - balance)) / (hi - lo);
    // A point scale, as recharts uses for a category x axis of an area chart: the first point on the left edge, the last on the right.
    const index = new Map(points.map((p, i) => [p.date, i]));
    const x = (i: number) =>
      points.length === 1 ? plot.x + plot.width / 2 : plot.x + (plot.width * i) / (points.length - 1);
    const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(x(i))},${round(y(p.balance))}`).join('');
    const base = round(y(Math.max(lo, 0)));
    const area = `${line}L${round(x(points.length - 1))},${base}L${round(x(0))},${base}Z`;
    const markers = highLowMarkers(points, today);
    const todayIndex = index.get(today);
    return {
      plot,
      line,
      area,
      zero: y(0),
      yTicks: scale.ticks.map((value) => ({ value, at: y(value) })),
      xTicks: xAxisTicks(points, labelGapDays(points.length, plot.width)).map((date) => ({
        date,
        at: x(index.get(date)!),
      })),
      todayAt: todayIndex === undefined ? null : x(todayIndex),
      markers: markers && {
        high: { point: markers.high, cx: x(index.get(markers.high.date)!), cy: y(markers.high.balance) },
        low: { point: markers.low, cx: x(index.get(markers.low.date)!), cy: y(markers.low.balance) },
      },
    };
  }, [points, today, width, height]);
  const { plot, markers } = drawing;
  const right = plot.x + plot.width;
  const bottom = plot.y + plot.height;

  return (
    <svg
      className="dash-sketch"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
    >
      <g strokeDasharray="3 3" stroke="var(--hf-border)">
        {drawing.yTicks.map((t) => (
          <line key={t.value} x1={plot.x} x2={right} y1={t.at} y2={t.at} />
        ))}
      </g>
      <path className="dash-sketch__area" d={drawing.area} fill="var(--dash-area)" fillOpacity={0.6} stroke="none" />
      <path d={drawing.line} fill="none" stroke="var(--dash-line)" strokeWidth={2} />
      <line x1={plot.x} x2={right} y1={bottom} y2={bottom} stroke="var(--hf-border-strong)" />
      <line x1={plot.x} x2={plot.x} y1={plot.y} y2={bottom} stroke="var(--hf-border-strong)" />
      {drawing.xTicks.map((t) => (
        <MonthLabel key={t.date} x={t.at} y={bottom + TICK_OFFSET} date={t.date} />
      ))}
      {drawing.yTicks.map((t) => (
        <text key={t.value} x={plot.x - TICK_OFFSET} y={t.at} textAnchor="end" fill="var(--mainText)" fontSize={12}>
          <tspan x={plot.x - TICK_OFFSET} dy="0.355em">
            {yTickLabel(t.value)}
          </tspan>
        </text>
      ))}
      <line x1={plot.x} x2={right} y1={drawing.zero} y2={drawing.zero} stroke="var(--hf-border-strong)" />
      {drawing.todayAt !== null && (
        <line
          x1={drawing.todayAt}
          x2={drawing.todayAt}
          y1={plot.y}
          y2={bottom}
          stroke="var(--hf-muted)"
          strokeDasharray="4 4"
        />
      )}
      {markers &&
        (['high', 'low'] as const).map((kind) => (
          <MarkerGlyph key={kind} kind={kind} {...markers[kind]} plot={plot} probe={false} />
        ))}
    </svg>
  );
}
