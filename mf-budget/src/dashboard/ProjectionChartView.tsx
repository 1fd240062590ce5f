/**
 * One projection chart (recharts, lazy-loaded by ProjectionChart): the balance per day as an
 * area, y ticks over a round domain that includes zero, x labels on January and the even months,
 * and the projected High and Low from today on (docs/rules/forecast.md, "Dashboard"). Colours come from the
 * theme's CSS variables (dashboard.css), so every built-in theme reads well. ProjectionChart
 * gives it its box (with the accessible name) and the box's width, so the first render already
 * has its size and takes the place of the plain SVG first draw without a blank frame.
 */
import { formatDollars } from '@hf/app-kit';
import { CHART_TOOLTIP_STYLES } from '@hf/ui/chart-tooltip';
import type { CalendarDate } from '@hf/calendar';
import { useMemo, useState } from 'react';
import {
  Area,
  AreaChart,
  CartesianGrid,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  usePlotArea,
  XAxis,
  YAxis,
} from 'recharts';
import type { AccountProjection } from './api';
import {
  CHART_MARGIN,
  highLowMarkers,
  labelGapDays,
  longDate,
  MARKER_SIZE,
  plotArea,
  xAxisTicks,
  X_AXIS_HEIGHT,
  yAxisScale,
  yTickLabel,
  Y_AXIS_WIDTH,
  type Markers,
  type Point,
} from './chart-math';
import { MarkerGlyph, MonthLabel } from './chart-glyphs';

export interface ProjectionChartViewProps {
  projection: AccountProjection;
  today: CalendarDate;
  aspect: number;
  /** The box's width when the chart is first drawn (px). */
  initialWidth: number;
  /** A what-if scenario's projection of the same days, drawn as a dashed line over the real one. */
  scenario?: { name: string; graph_data: AccountProjection['graph_data'] };
}

const axisTick = { fill: 'var(--mainText)', fontSize: 12 };

/** The High or Low marker, rendered by ReferenceDot (which passes cx, cy). */
function MarkerShape({ kind, point, cx = 0, cy = 0 }: { kind: keyof Markers; point: Point; cx?: number; cy?: number }) {
  return <MarkerGlyph kind={kind} point={point} cx={cx} cy={cy} plot={usePlotArea()} probe />;
}

/** An x label (recharts passes x, y and the date). */
function MonthTick({ x = 0, y = 0, payload }: { x?: number; y?: number; payload?: { value: string } }) {
  return (
    <MonthLabel x={x} y={y} date={payload?.value ?? ''} className="recharts-text recharts-cartesian-axis-tick-value" />
  );
}

export default function ProjectionChartView({
  projection,
  today,
  aspect,
  initialWidth,
  scenario,
}: ProjectionChartViewProps) {
  const points = projection.graph_data;
  const data = useMemo(
    () => (scenario ? points.map((p, i) => ({ ...p, scenario: scenario.graph_data[i]?.balance })) : points),
    [points, scenario],
  );
  const width = Math.round(initialWidth);
  // The plot's width decides how close x labels may be.
  const [plotWidth, setPlotWidth] = useState(() => plotArea(width, width / aspect).width);
  const { scale, ticks, markers } = useMemo(
    () => ({
      scale: yAxisScale([...points.map((p) => p.balance), ...(scenario?.graph_data.map((p) => p.balance) ?? [])]),
      ticks: xAxisTicks(points, labelGapDays(points.length, plotWidth)),
      markers: highLowMarkers(points, today),
    }),
    [points, today, plotWidth, scenario],
  );
  const first = points[0]?.date;
  const last = points[points.length - 1]?.date;
  const showToday = first !== undefined && last !== undefined && today >= first && today <= last;

  return (
    <ResponsiveContainer
      width="100%"
      aspect={aspect}
      initialDimension={{ width, height: Math.round(width / aspect) }}
      onResize={(w, h) => setPlotWidth(plotArea(w, h).width)}
    >
      <AreaChart data={data} margin={CHART_MARGIN}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--hf-border)" vertical={false} />
        <XAxis
          dataKey="date"
          ticks={ticks}
          interval={0}
          tick={<MonthTick />}
          height={X_AXIS_HEIGHT}
          stroke="var(--hf-border-strong)"
          tickLine={false}
        />
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
          formatter={(value, name) => [
            formatDollars(Number(value)),
            name === 'scenario' || name === scenario?.name ? (scenario?.name ?? 'Scenario') : 'Balance',
          ]}
          {...CHART_TOOLTIP_STYLES}
        />
        <ReferenceLine y={0} stroke="var(--hf-border-strong)" />
        {showToday && <ReferenceLine x={today} stroke="var(--hf-muted)" strokeDasharray="4 4" />}
        <Area
          type="monotone"
          dataKey="balance"
          name="Balance"
          stroke="var(--dash-line)"
          strokeWidth={2}
          fill="var(--dash-area)"
          isAnimationActive={false}
          dot={false}
        />
        {scenario && (
          <Area
            type="monotone"
            dataKey="scenario"
            name={scenario.name}
            stroke="var(--dash-scenario-line)"
            strokeWidth={2}
            strokeDasharray="6 3"
            fill="none"
            isAnimationActive={false}
            dot={false}
          />
        )}
        {markers && (
          <>
            <ReferenceDot
              x={markers.high.date}
              y={markers.high.balance}
              r={MARKER_SIZE}
              shape={<MarkerShape kind="high" point={markers.high} />}
            />
            <ReferenceDot
              x={markers.low.date}
              y={markers.low.balance}
              r={MARKER_SIZE}
              shape={<MarkerShape kind="low" point={markers.low} />}
            />
          </>
        )}
      </AreaChart>
    </ResponsiveContainer>
  );
}
