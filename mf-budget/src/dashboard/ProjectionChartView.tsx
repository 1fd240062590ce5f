/**
 * One projection chart (recharts, lazy-loaded by ProjectionChart): the balance per day as an
 * area, y ticks over a round domain that includes zero, x labels on January and the even months,
 * and the projected High and Low from today on (spec sections 2 and 9). Colours come from the
 * theme's CSS variables (dashboard.css), so every built-in theme reads well.
 */
import { formatDollars } from '@hf/app-kit';
import type { CalendarDate } from '@hf/calendar';
import { useMemo } from 'react';
import { Area, AreaChart, CartesianGrid, ReferenceDot, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
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
  type Markers,
  type Point,
} from './chart-math';

export interface ProjectionChartViewProps {
  projection: AccountProjection;
  today: CalendarDate;
  aspect: number;
}

const axisTick = { fill: 'var(--mainText)', fontSize: 12 };

/** The High or Low dot with its label above (High, -15) or below (Low, 22) it. */
function markerShape(kind: keyof Markers, point: Point, anchor: 'start' | 'middle' | 'end') {
  const tone = markerTone(point.balance);
  function Marker(props: { cx?: number; cy?: number }) {
    const cx = props.cx ?? 0;
    const cy = props.cy ?? 0;
    return (
      <g className={`dash-marker dash-marker--${kind} dash-marker--${tone}`} data-marker={kind} data-tone={tone} data-date={point.date}>
        <circle cx={cx} cy={cy} r={MARKER_SIZE} className="dash-marker__dot" />
        <text x={cx} y={cy + MARKER_OFFSET[kind]} textAnchor={anchor} className="dash-marker__label">
          {markerLabel(kind, point.balance)}
        </text>
      </g>
    );
  }
  return Marker;
}

export default function ProjectionChartView({ projection, today, aspect }: ProjectionChartViewProps) {
  const points = projection.graph_data;
  const { scale, ticks, markers, anchors } = useMemo(() => {
    const markers = highLowMarkers(points, today);
    const anchorOf = (p: Point): 'start' | 'middle' | 'end' => {
      const at = points.indexOf(p) / Math.max(points.length - 1, 1);
      return at < 0.12 ? 'start' : at > 0.88 ? 'end' : 'middle';
    };
    return {
      scale: yAxisScale(points.map((p) => p.balance)),
      ticks: xAxisTicks(points),
      markers,
      anchors: markers ? { high: anchorOf(markers.high), low: anchorOf(markers.low) } : null,
    };
  }, [points, today]);
  const first = points[0]?.date;
  const last = points[points.length - 1]?.date;
  const summary = `${projection.account_name} balance projection, ${first ? longDate(first) : ''} to ${last ? longDate(last) : ''}${
    markers ? `. Projected ${markerLabel('high', markers.high.balance)} on ${longDate(markers.high.date)}, ${markerLabel('low', markers.low.balance)} on ${longDate(markers.low.date)}` : ''
  }`;
  const showToday = first !== undefined && last !== undefined && today >= first && today <= last;

  return (
    <div className="dash-chart" role="img" aria-label={summary}>
      <ResponsiveContainer width="100%" aspect={aspect}>
        <AreaChart data={points} margin={{ top: 30, right: 12, bottom: 4, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--hf-border)" vertical={false} />
          <XAxis dataKey="date" ticks={ticks} interval={0} tickFormatter={xAxisLabel} tick={axisTick} stroke="var(--hf-border-strong)" tickLine={false} />
          <YAxis
            domain={scale.domain}
            ticks={scale.ticks}
            interval={0}
            allowDataOverflow={false}
            tickFormatter={yTickLabel}
            tick={axisTick}
            stroke="var(--hf-border-strong)"
            tickLine={false}
            width={72}
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
          {markers && anchors && (
            <>
              <ReferenceDot x={markers.high.date} y={markers.high.balance} r={MARKER_SIZE} shape={markerShape('high', markers.high, anchors.high)} />
              <ReferenceDot x={markers.low.date} y={markers.low.balance} r={MARKER_SIZE} shape={markerShape('low', markers.low, anchors.low)} />
            </>
          )}
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
