/**
 * One projection chart (recharts, lazy-loaded by ProjectionChart): the balance per day as an
 * area, y ticks over a round domain that includes zero, x labels on January and the even months,
 * and the projected High and Low from today on (spec sections 2 and 9). Colours come from the
 * theme's CSS variables (dashboard.css), so every built-in theme reads well.
 */
import { formatDollars } from '@hf/app-kit';
import type { CalendarDate } from '@hf/calendar';
import { useMemo, useState } from 'react';
import { Area, AreaChart, CartesianGrid, ReferenceDot, ReferenceLine, ResponsiveContainer, Tooltip, usePlotArea, XAxis, YAxis } from 'recharts';
import type { AccountProjection } from './api';
import {
  highLowMarkers,
  longDate,
  MARKER_OFFSET,
  MARKER_SIZE,
  markerLabel,
  markerTone,
  xAxisLabel,
  xAxisTicks,
  yAxisScale,
  yTickLabel,
  X_LABEL_WIDTH,
  type Markers,
  type Point,
} from './chart-math';

export interface ProjectionChartViewProps {
  projection: AccountProjection;
  today: CalendarDate;
  aspect: number;
}

const axisTick = { fill: 'var(--mainText)', fontSize: 12 };
const Y_AXIS_WIDTH = 72;

/** Room a label needs beside the plot's edges before it is anchored to its side. */
const EDGE = 64;

/**
 * The High or Low dot (radius 8) with its label above (High, -15) or below (Low, 22) it, in the
 * positive or destructive colour. A Low label that would fall on the x axis' labels (a low at
 * the plot's bottom edge) goes above its dot instead. Rendered by ReferenceDot, which passes cx, cy.
 */
function MarkerShape({ kind, point, cx = 0, cy = 0 }: { kind: keyof Markers; point: Point; cx?: number; cy?: number }) {
  const plot = usePlotArea();
  const tone = markerTone(point.balance);
  let labelY = cy + MARKER_OFFSET[kind];
  const flipped = kind === 'low' && plot !== undefined && labelY > plot.y + plot.height + 2;
  if (flipped) labelY = cy + MARKER_OFFSET.high;
  const anchor = !plot ? 'middle' : cx - plot.x < EDGE ? 'start' : plot.x + plot.width - cx < EDGE ? 'end' : 'middle';
  const labelX = anchor === 'start' ? cx - MARKER_SIZE : anchor === 'end' ? cx + MARKER_SIZE : cx;
  return (
    <g className={`dash-marker dash-marker--${kind} dash-marker--${tone}`} data-marker={kind} data-tone={tone} data-date={point.date} data-label-flipped={flipped || undefined}>
      <circle cx={cx} cy={cy} r={MARKER_SIZE} className="dash-marker__dot" />
      <text x={labelX} y={labelY} textAnchor={anchor} className="dash-marker__label">
        {markerLabel(kind, point.balance)}
      </text>
    </g>
  );
}

/** An x label: the month, and under January its year. */
function MonthTick({ x = 0, y = 0, payload }: { x?: number; y?: number; payload?: { value: string } }) {
  const date = payload?.value ?? '';
  const [month, year] = xAxisLabel(date).split(' ');
  return (
    <text x={x} y={y} textAnchor="middle" className="recharts-text recharts-cartesian-axis-tick-value" fill="var(--mainText)" fontSize={12}>
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

export default function ProjectionChartView({ projection, today, aspect }: ProjectionChartViewProps) {
  const points = projection.graph_data;
  // The plot's width (the container less the y axis and margins) decides how close labels may be.
  const [plotWidth, setPlotWidth] = useState(0);
  const { scale, ticks, markers } = useMemo(
    () => ({
      scale: yAxisScale(points.map((p) => p.balance)),
      ticks: xAxisTicks(points, plotWidth > 0 ? (X_LABEL_WIDTH * points.length) / plotWidth : 0),
      markers: highLowMarkers(points, today),
    }),
    [points, today, plotWidth],
  );
  const first = points[0]?.date;
  const last = points[points.length - 1]?.date;
  const summary = `${projection.account_name} balance projection, ${first ? longDate(first) : ''} to ${last ? longDate(last) : ''}${
    markers ? `. Projected ${markerLabel('high', markers.high.balance)} on ${longDate(markers.high.date)}, ${markerLabel('low', markers.low.balance)} on ${longDate(markers.low.date)}` : ''
  }`;
  const showToday = first !== undefined && last !== undefined && today >= first && today <= last;

  return (
    <div className="dash-chart" role="img" aria-label={summary}>
      <ResponsiveContainer width="100%" aspect={aspect} onResize={(width) => setPlotWidth(Math.max(0, width - Y_AXIS_WIDTH - 16))}>
        <AreaChart data={points} margin={{ top: 30, right: 12, bottom: 4, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--hf-border)" vertical={false} />
          <XAxis dataKey="date" ticks={ticks} interval={0} tick={<MonthTick />} height={36} stroke="var(--hf-border-strong)" tickLine={false} />
          <YAxis
            domain={scale.domain}
            ticks={scale.ticks}
            interval={0}
            allowDataOverflow={false}
            tickFormatter={yTickLabel}
            tick={axisTick}
            stroke="var(--hf-border-strong)"
            tickLine={false}
            width={Y_AXIS_WIDTH}
          />
          <Tooltip
            labelFormatter={(label) => longDate(String(label))}
            formatter={(value) => [formatDollars(Number(value)), 'Balance']}
            contentStyle={{ background: 'var(--secondaryBg)', color: 'var(--mainText)', border: '1px solid var(--hf-border-strong)', borderRadius: 6 }}
            labelStyle={{ color: 'var(--mainText)', fontWeight: 600 }}
            itemStyle={{ color: 'var(--mainText)' }}
          />
          <ReferenceLine y={0} stroke="var(--hf-border-strong)" />
          {showToday && <ReferenceLine x={today} stroke="var(--hf-muted)" strokeDasharray="4 4" />}
          <Area type="monotone" dataKey="balance" name="Balance" stroke="var(--dash-line)" strokeWidth={2} fill="var(--dash-area)" isAnimationActive={false} dot={false} />
          {markers && (
            <>
              <ReferenceDot x={markers.high.date} y={markers.high.balance} r={MARKER_SIZE} shape={<MarkerShape kind="high" point={markers.high} />} />
              <ReferenceDot x={markers.low.date} y={markers.low.balance} r={MARKER_SIZE} shape={<MarkerShape kind="low" point={markers.low} />} />
            </>
          )}
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
