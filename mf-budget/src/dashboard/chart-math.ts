/**
 * The projection chart's arithmetic (docs/rules/forecast.md, Dashboard), free of React and recharts so it is tested
 * on its own: the y domain and ticks, the x labels, the High / Low markers and long dates.
 */
import { dollarsToCents, formatDollars, longDate } from '@hf/app-kit';
import { formatAxisCurrency, roundToCents } from '@hf/money';
import { monthAndYear, monthName, type CalendarDate } from '@hf/calendar';

/** Chart aspect (width / height). */
export const CHART_ASPECT = { desktop: 3, mobile: 1.5 } as const;
/** About 5 ticks on the y axis. */
export const Y_TICK_COUNT = 5;
/** Marker size and the vertical offsets of the High and Low labels. */
export const MARKER_SIZE = 8;
export const MARKER_OFFSET = { high: -15, low: 22 } as const;

export interface Point {
  date: CalendarDate;
  balance: number;
}

/** The chart's layout: margins around the plot, the y axis' width, the x axis' height (px). */
export const CHART_MARGIN = { top: 30, right: 12, bottom: 4, left: 4 } as const;
export const Y_AXIS_WIDTH = 72;
export const X_AXIS_HEIGHT = 36;

/** A rectangle of the chart's SVG. */
export interface PlotArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the plot sits in a chart of `width` x `height`: inside the margins, right of the y axis, above the x axis. */
export function plotArea(width: number, height: number): PlotArea {
  const x = CHART_MARGIN.left + Y_AXIS_WIDTH;
  const y = CHART_MARGIN.top;
  return {
    x,
    y,
    width: Math.max(0, width - x - CHART_MARGIN.right),
    height: Math.max(0, height - y - CHART_MARGIN.bottom - X_AXIS_HEIGHT),
  };
}

/** The days two x labels keep apart on a plot `plotWidth` px wide (0 while the width is unknown). */
export function labelGapDays(pointCount: number, plotWidth: number): number {
  return plotWidth > 0 ? (X_LABEL_WIDTH * pointCount) / plotWidth : 0;
}

/**
 * The chart's accessible name: the account, its date range and the projected High and Low
 * ("Checking balance projection, Nov 1, 2026 to Nov 23, 2027. Projected High: $1,500.00 on ...").
 */
export function chartSummary(name: string, points: readonly Point[], today: CalendarDate): string {
  const first = points[0]?.date;
  const last = points[points.length - 1]?.date;
  const markers = highLowMarkers(points, today);
  return `${name} balance projection, ${first ? longDate(first) : ''} to ${last ? longDate(last) : ''}${
    markers
      ? `. Projected ${markerLabel('high', markers.high.balance)} on ${longDate(markers.high.date)}, ${markerLabel('low', markers.low.balance)} on ${longDate(markers.low.date)}`
      : ''
  }`;
}

/** Steps of 1, 2, 2.5 or 5 times a power of ten (2.5 only from $10 up: ticks stay whole dollars). */
function candidateSteps(raw: number): number[] {
  const power = 10 ** Math.floor(Math.log10(raw));
  const steps: number[] = [];
  for (const p of [power / 10, power, power * 10]) {
    for (const f of [1, 2, 2.5, 5]) if (p * f >= 1 && (f !== 2.5 || p >= 10)) steps.push(p * f);
  }
  return steps;
}

/**
 * The y axis: a domain of round numbers that includes zero and every balance, cut into about
 * `count` ticks: of the round steps (1, 2, 2.5 or 5 times a power of ten, at least $1), the one
 * whose tick count is nearest `count`, then the tighter domain.
 */
export function yAxisScale(
  balances: readonly number[],
  count = Y_TICK_COUNT,
): { domain: [number, number]; ticks: number[] } {
  let min = 0;
  let max = 0;
  for (const b of balances) {
    if (b < min) min = b;
    if (b > max) max = b;
  }
  if (min === max) return { domain: [0, 100], ticks: [0, 25, 50, 75, 100] };
  let best: { lo: number; hi: number; step: number; n: number } | null = null;
  for (const step of candidateSteps(Math.max((max - min) / (count - 1), 1))) {
    const lo = Math.floor(min / step) * step;
    const hi = Math.ceil(max / step) * step;
    const n = Math.round((hi - lo) / step) + 1;
    if (n < 3) continue;
    const better =
      !best ||
      Math.abs(n - count) < Math.abs(best.n - count) ||
      (Math.abs(n - count) === Math.abs(best.n - count) && hi - lo < best.hi - best.lo);
    if (better) best = { lo, hi, step, n };
  }
  const { lo, step, n } = best!;
  const ticks = Array.from({ length: n }, (_, i) => roundToCents(lo + i * step));
  return { domain: [ticks[0], ticks[n - 1]], ticks };
}

/** X labels on January and the even months only. */
export function isLabelMonth(month: number): boolean {
  return month === 1 || month % 2 === 0;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
function dayNumber(date: CalendarDate): number {
  return Math.floor(
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000,
  );
}

/**
 * The dates the x axis labels: the first point of each January and even month. With
 * `minGapDays`, a narrow chart keeps every January (it carries the year) and then only the
 * months at least that many days from every label kept, so no two labels overlap.
 */
export function xAxisTicks(points: readonly Point[], minGapDays = 0): CalendarDate[] {
  const candidates: CalendarDate[] = [];
  let previousMonth = '';
  for (const { date } of points) {
    const monthKey = date.slice(0, 7);
    if (monthKey === previousMonth) continue;
    previousMonth = monthKey;
    if (isLabelMonth(Number(date.slice(5, 7)))) candidates.push(date);
  }
  if (minGapDays <= 0) return candidates;
  const kept = candidates.filter((d) => d.slice(5, 7) === '01');
  for (const date of candidates) {
    if (date.slice(5, 7) === '01') continue;
    if (kept.every((k) => Math.abs(dayNumber(k) - dayNumber(date)) >= minGapDays)) kept.push(date);
  }
  return kept.sort();
}

/** The distance (px) two x label centres need: "Dec" beside "2027" under "Jan" at 12 px, with some air. */
export const X_LABEL_WIDTH = 32;

/** An x label: `Jan 2027` for January (the year changes there), `Apr` for the others. */
export function xAxisLabel(date: CalendarDate): string {
  return date.slice(5, 7) === '01' ? monthAndYear(date, 'short') : monthName(date, 'short');
}

/** `2027-03-14` -> `Mar 14, 2027` (@hf/app-kit's, named here for the chart's own modules). */
export { longDate };

export interface Markers {
  high: Point;
  low: Point;
}

/**
 * The projected High and Low are taken from today onward (the earliest date on
 * ties). Null when no point is dated today or later.
 */
export function highLowMarkers(points: readonly Point[], today: CalendarDate): Markers | null {
  let high: Point | null = null;
  let low: Point | null = null;
  for (const point of points) {
    if (point.date < today) continue;
    if (!high || point.balance > high.balance) high = point;
    if (!low || point.balance < low.balance) low = point;
  }
  return high && low ? { high, low } : null;
}

export type MarkerTone = 'positive' | 'destructive';

/** A marker is drawn in the positive colour when its balance is not negative, else the destructive one. */
export function markerTone(balance: number): MarkerTone {
  return balance < 0 ? 'destructive' : 'positive';
}

/** The marker's label: `High: $1,234.56` / `Low: -$12.00`. */
export function markerLabel(kind: keyof Markers, balance: number): string {
  return `${kind === 'high' ? 'High' : 'Low'}: ${formatDollars(balance)}`;
}

/** Y tick text: whole dollars, `$1,500` / `-$500`, abbreviated only when exact (`$1.2M`) so it fits the axis. */
export function yTickLabel(value: number): string {
  return formatAxisCurrency(dollarsToCents(value));
}
