/**
 * Gateway benchmark: an authenticated small GET (`GET /api/household/me`) through the gateway
 * vs straight to svc-auth's port, on the default single-process app (startApp in a child
 * process, fresh temporary DATA_DIR, one registered user). Prints requests/s, p50 and p99 of
 * both and the gateway's overhead; then the gzipped JavaScript of the shell's first page.
 *
 * Throughput and p99 under load come from autocannon (1 ms resolution). The p50 overhead is
 * measured separately with one connection and sequential requests timed in microseconds. The
 * app process's CPU time per request is printed too: unlike req/s it does not depend on what
 * else the machine is running.
 *
 * Targets (docs/architecture, bench/README): >= 3,000 req/s, p99 < 20 ms, overhead < 1 ms p50,
 * <= 180 KiB gzipped JS on the first page. They are printed, not asserted.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { startAppProcess } from './support/app-process';
import { registerBenchUser } from './support/seed-register';
import { percentile } from './support/timing';
import { CHROMIUM, CHROMIUM_ARGS } from './register-browser';

const ROOT = resolve(__dirname, '..');

export interface LoadResult {
  requestsPerSecond: number;
  total: number;
  /** App-process CPU (gateway + services, not PostgreSQL) per request, µs. */
  cpuPerRequest: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

interface Options {
  durationSeconds: number;
  connections: number;
}

async function load(
  url: string,
  headers: Record<string, string>,
  options: Options,
  cpuMicros: () => Promise<number>,
): Promise<LoadResult> {
  const cpuBefore = await cpuMicros();
  const result = await autocannon({
    url,
    headers,
    connections: options.connections,
    duration: options.durationSeconds,
    pipelining: 1,
  });
  const cpu = (await cpuMicros()) - cpuBefore;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    total: result.requests.total,
    cpuPerRequest: Math.round(cpu / Math.max(1, result.requests.total)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Sequential requests over one keep-alive connection, timed with hrtime: p50/p99 in ms with µs precision. */
async function sequentialLatency(
  url: string,
  headers: Record<string, string>,
  count: number,
): Promise<{ p50: number; p99: number }> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: 1 });
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const start = process.hrtime.bigint();
      const { statusCode, body } = await pool.request({ method: 'GET', path: target.pathname, headers });
      await body.arrayBuffer();
      if (statusCode !== 200) throw new Error(`${url} answered ${statusCode}`);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  } finally {
    await pool.close();
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

export interface FirstPageJs {
  page: string;
  files: Array<{ url: string; bytes: number; gzipBytes: number }>;
  gzipBytes: number;
  method: string;
}

/**
 * Gzipped size (level 6, what servers send) of every script a first visit to `/login` loads,
 * measured in Debian's Chromium when it is there; otherwise the scripts named in index.html.
 */
export async function firstPageJs(baseUrl: string): Promise<FirstPageJs | null> {
  const dist = join(ROOT, 'shell', 'dist');
  if (!existsSync(join(dist, 'index.html'))) return null;
  if (existsSync('/usr/bin/chromium')) {
    try {
      const { chromium } = await import('@playwright/test');
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      try {
        const page = await browser.newPage();
        const scripts: Array<Promise<{ url: string; bytes: number; gzipBytes: number } | null>> = [];
        page.on('response', (response) => {
          if (response.request().resourceType() !== 'script') return;
          scripts.push(
            response.body().then(
              (body) => ({
                url: new URL(response.url()).pathname,
                bytes: body.length,
                gzipBytes: gzipSync(body).length,
              }),
              () => null,
            ),
          );
        });
        await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
        const files = (await Promise.all(scripts)).filter((f): f is NonNullable<typeof f> => f !== null);
        return {
          page: '/login',
          files,
          gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
          method: 'scripts loaded by Chromium',
        };
      } finally {
        await browser.close();
      }
    } catch (err) {
      console.warn(`  (Chromium measurement failed: ${(err as Error).message}; falling back to index.html)`);
    }
  }
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<script[^>]*\bsrc="\/?([^"]+)"/g)].map((m) => {
    const body = readFileSync(join(dist, m[1]));
    return { url: `/${m[1]}`, bytes: body.length, gzipBytes: gzipSync(body).length };
  });
  return {
    page: 'index.html',
    files,
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    method: 'scripts named in index.html only (no Chromium)',
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

export async function runGatewayBench(options: Partial<Options> = {}): Promise<void> {
  const durationSeconds = options.durationSeconds ?? Number(process.env.BENCH_DURATION ?? 10);
  const connections = options.connections ?? Number(process.env.BENCH_CONNECTIONS ?? 10);
  const dataDir = mkdtempSync(join(tmpdir(), 'hf-bench-gateway-'));
  const gatewayMode = /^(0|false|no|off)$/i.test(process.env.GATEWAY_THREAD ?? '')
    ? 'gateway on the main thread (GATEWAY_THREAD=0)'
    : 'gateway on its own thread';
  console.log(
    `\n== gateway: authenticated small GETs, ${connections} connections, ${durationSeconds} s per run, ${gatewayMode} ==`,
  );
  const app = await startAppProcess(dataDir);
  try {
    const token = (await registerBenchUser(app.url, 'Bench User', 'bench')).access_token;
    const headers = { authorization: `Bearer ${token}` };
    const gatewayOrigin = app.url.replace('localhost', '127.0.0.1');
    const targets = [
      { path: '/api/household/me', service: 'svc-auth' as const },
      { path: '/api/accounts', service: 'svc-ledger' as const },
    ];
    for (const target of targets) {
      const viaGateway = `${gatewayOrigin}${target.path}`;
      const direct = `${app.services[target.service]}${target.path}`;
      console.log(`  GET ${target.path} (${target.service})`);

      // Warm up both paths (JIT, connection pools, PostgreSQL caches).
      await load(viaGateway, headers, { connections, durationSeconds: 3 }, app.cpuMicros);
      await load(direct, headers, { connections, durationSeconds: 2 }, app.cpuMicros);

      const gw = await load(viaGateway, headers, { connections, durationSeconds }, app.cpuMicros);
      const svc = await load(direct, headers, { connections, durationSeconds }, app.cpuMicros);
      const gwSeq = await sequentialLatency(viaGateway, headers, 2000);
      const svcSeq = await sequentialLatency(direct, headers, 2000);

      const row = (name: string, r: LoadResult, seq: { p50: number; p99: number }) =>
        `    ${name.padEnd(16)} ${String(r.requestsPerSecond).padStart(7)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms   (1 connection: p50 ${ms(seq.p50)}, p99 ${ms(seq.p99)})   app CPU ${r.cpuPerRequest} µs/req${r.errors || r.non2xx ? `   errors ${r.errors}, non-2xx ${r.non2xx}` : ''}`;
      console.log(row('through gateway', gw, gwSeq));
      console.log(row(`direct ${target.service}`, svc, svcSeq));
      const overhead = gwSeq.p50 - svcSeq.p50;
      console.log(
        `    gateway overhead at p50: ${ms(overhead)} (1 connection), ${gw.p50 - svc.p50} ms (${connections} connections); CPU ${gw.cpuPerRequest - svc.cpuPerRequest} µs/req`,
      );
      console.log(
        `    one core at 100% would serve ~${Math.round(1e6 / Math.max(1, gw.cpuPerRequest))} req/s through the gateway (~${Math.round(1e6 / Math.max(1, svc.cpuPerRequest))} direct); load average now ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
      );
      console.log(
        `    targets: >= 3000 req/s [${gw.requestsPerSecond >= 3000 ? 'met' : 'missed'}], p99 < 20 ms [${gw.p99 < 20 ? 'met' : 'missed'}], overhead < 1 ms p50 [${overhead < 1 ? 'met' : 'missed'}]`,
      );
    }

    const js = await firstPageJs(app.url);
    if (!js) {
      console.log('  first-page JS: shell/dist is not built (npm run build), not measured');
    } else {
      console.log(
        `  first-page JS (${js.page}, ${js.method}): ${kib(js.gzipBytes)} gzipped in ${js.files.length} files [${js.gzipBytes <= 180 * 1024 ? 'met' : 'missed'}: <= 180 KiB]`,
      );
      for (const f of js.files.sort((a, b) => b.gzipBytes - a.gzipBytes))
        console.log(`    ${kib(f.gzipBytes).padStart(10)}  ${f.url} (${kib(f.bytes)} raw)`);
    }
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  runGatewayBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
