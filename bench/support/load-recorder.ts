/**
 * What a load run saw: every request's kind, class (read, write, sign-in), latency and outcome
 * (an HTTP status, or a transport failure's name), kept only while `measuring`. An outcome the
 * flow did not expect (each request names the statuses it expects) is an error.
 */
import { percentile } from './timing';

export type RequestClass = 'read' | 'write' | 'sign-in';

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface LoadSummary {
  requests: number;
  /** Errors by `<kind> <outcome>` (e.g. `edit 500`, `accounts error:ECONNRESET`). */
  errors: Record<string, number>;
  errorCount: number;
  /** Every outcome by status or failure name, errors included. */
  outcomes: Record<string, number>;
  byClass: Partial<Record<RequestClass, LatencySummary>>;
  byKind: Record<string, LatencySummary & { class: RequestClass }>;
}

export function summarize(times: number[]): LatencySummary {
  const sorted = [...times].sort((a, b) => a - b);
  if (sorted.length === 0) return { count: 0, p50: 0, p95: 0, p99: 0, max: 0 };
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1],
  };
}

export class LoadRecorder {
  /** Requests are recorded only while this is true (after the warm-up). */
  measuring = false;
  private readonly times = new Map<string, { class: RequestClass; ms: number[] }>();
  private readonly errors = new Map<string, number>();
  private readonly outcomes = new Map<string, number>();

  /** One finished request. `expected`: the statuses the flow expects (anything else is an error). */
  record(
    kind: string,
    requestClass: RequestClass,
    ms: number,
    outcome: number | string,
    expected: readonly number[],
  ): void {
    if (!this.measuring) return;
    const entry = this.times.get(kind) ?? { class: requestClass, ms: [] };
    entry.ms.push(ms);
    this.times.set(kind, entry);
    const key = String(outcome);
    this.outcomes.set(key, (this.outcomes.get(key) ?? 0) + 1);
    if (typeof outcome !== 'number' || !expected.includes(outcome)) {
      const error = `${kind} ${key}`;
      this.errors.set(error, (this.errors.get(error) ?? 0) + 1);
    }
  }

  summary(): LoadSummary {
    const byKind: LoadSummary['byKind'] = {};
    const perClass = new Map<RequestClass, number[]>();
    let requests = 0;
    for (const [kind, entry] of [...this.times].sort(([a], [b]) => a.localeCompare(b))) {
      byKind[kind] = { class: entry.class, ...summarize(entry.ms) };
      requests += entry.ms.length;
      const all = perClass.get(entry.class) ?? [];
      for (const ms of entry.ms) all.push(ms);
      perClass.set(entry.class, all);
    }
    const byClass: LoadSummary['byClass'] = {};
    for (const [requestClass, ms] of perClass) byClass[requestClass] = summarize(ms);
    const errors = Object.fromEntries(this.errors);
    return {
      requests,
      errors,
      errorCount: [...this.errors.values()].reduce((a, b) => a + b, 0),
      outcomes: Object.fromEntries(this.outcomes),
      byClass,
      byKind,
    };
  }
}
