/**
 * Pure judgement of a drill (no I/O): what the load clients got, how long service took to come
 * back, and the summary table the drill script prints.
 */

/** An HTTP status, or a transport failure: `refused`, `reset`, `timeout`, `error:<code>`. */
export type Outcome = number | string;

export interface RequestRecord {
  op: string;
  start: number;
  end: number;
  outcome: Outcome;
}

export interface Check {
  name: string;
  pass: boolean;
  detail: string;
}

/** Counts of each outcome, e.g. `{ '200': 120, '503': 4, refused: 2 }`. */
export function countOutcomes(records: readonly RequestRecord[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of records) counts[String(r.outcome)] = (counts[String(r.outcome)] ?? 0) + 1;
  return counts;
}

export function formatCounts(counts: Record<string, number>): string {
  const keys = Object.keys(counts).sort();
  return keys.length === 0 ? '(none)' : keys.map((k) => `${k}x${counts[k]}`).join(' ');
}

const isSuccess = (o: Outcome) => typeof o === 'number' && o >= 200 && o < 300;

export interface OutageWindow {
  /** When the fault was injected (ms epoch). */
  downAt: number;
  /** When the part was back (ready again; ms epoch). */
  backAt: number;
}

export interface StatusRules {
  /**
   * Ops for which no answer at all (refused, reset) is what "down" looks like during the outage:
   * every op when the gateway itself is down, the bulk client (direct to svc-ledger) when
   * svc-ledger is. Anything else must be answered, with 2xx or 503.
   */
  transportAllowed: (op: string) => boolean;
}

/**
 * Clients saw 503 (never 401, never 500, no other error status) while a part was down, and only
 * 2xx outside the outage. A request overlaps the outage when it ended after `downAt` and started
 * before `backAt`.
 */
export function judgeStatuses(records: readonly RequestRecord[], window: OutageWindow, rules: StatusRules): Check {
  const bad: RequestRecord[] = [];
  for (const r of records) {
    const during = r.end >= window.downAt && r.start <= window.backAt;
    if (isSuccess(r.outcome)) continue;
    if (during && r.outcome === 503) continue;
    if (during && (r.outcome === 'refused' || r.outcome === 'reset') && rules.transportAllowed(r.op)) continue;
    bad.push(r);
  }
  const during = records.filter((r) => r.end >= window.downAt && r.start <= window.backAt);
  const badCounts = countOutcomes(bad);
  const badOps = [...new Set(bad.map((r) => r.op))].join(',');
  return {
    name: 'only 2xx, or 503 while down (no 401/500)',
    pass: bad.length === 0,
    detail:
      bad.length === 0
        ? `during outage: ${formatCounts(countOutcomes(during))}`
        : `unexpected: ${formatCounts(badCounts)} (ops ${badOps})`,
  };
}

/**
 * Time from `backAt` to the end of the first 2xx answer to a request started at or after it,
 * among `ops` (all ops when omitted); null when there was none.
 */
export function timeToResume(
  records: readonly RequestRecord[],
  backAt: number,
  ops?: readonly string[],
): number | null {
  let first: number | null = null;
  for (const r of records) {
    if (r.start < backAt || !isSuccess(r.outcome)) continue;
    if (ops && !ops.includes(r.op)) continue;
    if (first === null || r.end < first) first = r.end;
  }
  return first === null ? null : first - backAt;
}

export function resumeCheck(resumeMs: number | null, limitMs: number, what: string): Check {
  return {
    name: `resumed within ${limitMs / 1000} s`,
    pass: resumeMs !== null && resumeMs <= limitMs,
    detail:
      resumeMs === null
        ? `no ${what} after the part came back`
        : `${what} ${(resumeMs / 1000).toFixed(2)} s after the part was back`,
  };
}

export interface DrillResult {
  name: string;
  /** Outcomes of every request of the drill, and of those overlapping the outage. */
  statuses: Record<string, number>;
  statusesDuringOutage: Record<string, number>;
  /** Fault to part ready again (ms). */
  outageMs: number;
  resumeMs: number | null;
  checks: Check[];
  notes: string[];
}

export function drillPassed(result: DrillResult): boolean {
  return result.checks.every((c) => c.pass);
}

/** The summary: one block per drill, one line per check. */
export function summaryTable(results: readonly DrillResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    lines.push(`== ${r.name}: ${drillPassed(r) ? 'PASS' : 'FAIL'} ==`);
    lines.push(
      `   outage ${(r.outageMs / 1000).toFixed(1)} s; resumed ${r.resumeMs === null ? 'never' : `${(r.resumeMs / 1000).toFixed(2)} s`} after the part was back`,
    );
    lines.push(`   statuses during outage: ${formatCounts(r.statusesDuringOutage)}`);
    lines.push(`   statuses, whole drill:  ${formatCounts(r.statuses)}`);
    const width = Math.max(...r.checks.map((c) => c.name.length));
    for (const c of r.checks) lines.push(`   ${c.pass ? 'pass' : 'FAIL'}  ${c.name.padEnd(width)}  ${c.detail}`);
    for (const n of r.notes) lines.push(`   note  ${n}`);
  }
  return lines.join('\n');
}
