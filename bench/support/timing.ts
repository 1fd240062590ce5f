/** Timing helpers shared by the benchmarks: timed requests, nearest-rank percentiles, repeated runs. */

/** The value at quantile `q` (0..1) of ascending `sorted` values (nearest rank, rounding down). */
export function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export function percentiles(times: readonly number[]): { p50: number; p95: number; min: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), min: sorted[0] };
}

export interface Timing {
  p50: number;
  p95: number;
  min: number;
  /** CPU (ms) the measured process used per run, when `cpuMicros` was given. */
  cpu?: number;
}

/** Runs `run` `count` times one after another (each returns its own ms) and sums them up. */
export async function time(
  count: number,
  run: (i: number) => Promise<number>,
  cpuMicros?: (() => Promise<number>) | null,
): Promise<Timing> {
  const times: number[] = [];
  const cpuBefore = cpuMicros ? await cpuMicros() : 0;
  for (let i = 0; i < count; i++) times.push(await run(i));
  const cpu = cpuMicros ? ((await cpuMicros()) - cpuBefore) / 1000 / count : undefined;
  return { ...percentiles(times), cpu };
}

/** A fetch timed to the end of its body, which must answer `expect` (default 200). */
/** A request of a signed-in user: the bearer token, and `body` as JSON when given. */
export function asUser(token: string, method: string, body?: unknown): RequestInit {
  return {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  };
}

export async function request(
  url: string,
  init: RequestInit & { expect?: number } = {},
): Promise<{ status: number; text: string; ms: number; headers: Headers }> {
  const start = process.hrtime.bigint();
  const res = await fetch(url, init);
  const text = await res.text();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (res.status !== (init.expect ?? 200))
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, text, ms, headers: res.headers };
}
