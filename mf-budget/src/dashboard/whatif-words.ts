import { formatDollars, longDate } from '@hf/app-kit';
import type { ProjectionPoint } from '@hf/contracts/budget';

/** "$2,000.00 lower", "$5.00 higher" or "the same" (scenario minus real, dollars). */
function difference(scenario: number, real: number): string {
  const cents = Math.round(scenario * 100) - Math.round(real * 100);
  if (cents === 0) return 'the same';
  return `${formatDollars(Math.abs(cents) / 100)} ${cents < 0 ? 'lower' : 'higher'}`;
}

/**
 * The scenario's projection against the real one in words, for a chart: its lowest balance from
 * today on and its end balance, each with the difference. Null when either has no points.
 * E.g. "With 'New car': lowest balance $1,234.56 on Mar 3, 2027 ($2,000.00 lower); end balance
 * $8,000.00 ($4,000.00 lower)."
 */
export function scenarioWords(
  name: string,
  real: { low_point: ProjectionPoint | null; graph_data: readonly ProjectionPoint[] },
  scenario: { low_point: ProjectionPoint | null; graph_data: readonly ProjectionPoint[] },
): string | null {
  const realEnd = real.graph_data[real.graph_data.length - 1];
  const end = scenario.graph_data[scenario.graph_data.length - 1];
  if (!real.low_point || !scenario.low_point || !realEnd || !end) return null;
  const low = scenario.low_point;
  return (
    `With '${name}': lowest balance ${formatDollars(low.balance)} on ${longDate(low.date)} ` +
    `(${difference(low.balance, real.low_point.balance)}); ` +
    `end balance ${formatDollars(end.balance)} (${difference(end.balance, realEnd.balance)}).`
  );
}
