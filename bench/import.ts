/**
 * Import benchmark (issue 11 "Speed"): the whole flow a person runs, through the gateway, on
 * generated bank statements (bench/support/import-statement.ts, seeded):
 *
 *   analyse (POST /api/import/analyze, multipart) -> reconcile (POST /api/import/:accountId with
 *   the mapping the analysis detected) -> update_matched (when any pair matched) -> import_new
 *   (every new row, one Idempotency-Key), each answer's JSON parsed by the client.
 *
 * - first import of 10,000 rows into an empty account (target < 0.5 s end to end), then the same
 *   file with 10% changed into the same account (< 0.8 s);
 * - the same with 50,000 rows (< 2 s, re-import < 3 s);
 * - a CAMT.053 statement of just under 10 MB (bench/support/camt-statement.ts) through the same
 *   flow into an empty account (< 2 s end to end);
 * - analysing a file of just under 10 MB (< 1 s), with the app process's peak resident memory
 *   above its idle size (< 150 MB): the default mode runs gateway, services and their work in one
 *   process, so this is the whole app, not svc-import alone. Peak from /proc/<pid>/status VmHWM
 *   after resetting it (clear_refs 5), and a 5 ms VmRSS sampler as a cross-check.
 *
 * The app runs in a child process (bench/support/app-process.ts), fresh temporary DATA_DIR, one
 * user; each run imports into a new account. Median of BENCH_IMPORT_RUNS (default 5) runs per
 * figure, after untimed warm-up flows (500 rows and its re-import, 10,000 rows). Knobs:
 * BENCH_IMPORT_RUNS, BENCH_IMPORT_SIZES (default `10000,50000`; `0`: none), BENCH_IMPORT_ANALYSE=0
 * (skip the 10 MB analysis),
 * BENCH_IMPORT_CAMT=0 (skip the CAMT.053 file).
 * Per-step times are printed too, so a missed target shows where the time goes.
 * The peer (Actual Budget's importer) is bench/peer-import.ts (`npm run bench -- peer-import`).
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type {
  CsvAnalysis,
  ImportNewTransaction,
  MappingConfig,
  ReconciliationData,
  UpdateMatchedBody,
} from '@hf/contracts/import';
import { camtStatementOfSize } from './support/camt-statement';
import { changedStatement, generateStatement, statementCsv, statementOfSize } from './support/import-statement';
import { createBenchAccount, startAppWithUser } from './support/seed-register';

export const IMPORT_SIZES = (process.env.BENCH_IMPORT_SIZES ?? '10000,50000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 5);
const ANALYSE_BYTES = 10 * 1024 * 1024 - 4096;

export interface FlowTimes {
  analyse: number;
  reconcile: number;
  updateMatched: number;
  importNew: number;
  total: number;
  /** CPU (ms) the app process used during the flow (gateway + services; not PostgreSQL, not the client). */
  appCpu: number;
  /** CPU (ms) PostgreSQL used during the flow (all the app's databases). */
  dbCpu: number;
  /** svc-import's Server-Timing steps (ms), e.g. `reconcile.read`, `import_new.ledger`. */
  server: Record<string, number>;
  matched: number;
  created: number;
  duplicates: number;
  skipped: number;
}

const now = () => process.hrtime.bigint();
const since = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
export const fmt = (ms: number) =>
  ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
export const load = () => loadavg()[0].toFixed(1);

/** A multipart/form-data body: text fields first, then the file (svc-import reads the file as it arrives). */
function multipart(
  fields: Record<string, string>,
  file: Buffer,
  filename: string,
): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = `----hfbench${randomBytes(8).toString('hex')}`;
  const head = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    body: new Uint8Array(
      Buffer.concat([
        Buffer.from(
          `${head.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    ),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

interface Client {
  base: string;
  token: string;
  /** CPU (µs) the app process has used so far. */
  cpuMicros: () => Promise<number>;
  /** CPU (ms) its database (the app's child processes) has used so far. */
  dbCpuMs: () => number;
}

/** svc-import's `Server-Timing` steps (`read;dur=12.3, ...`) added into `into` under `prefix.step`. */
function addServerTiming(header: string | null, prefix: string, into: Record<string, number>): void {
  for (const part of (header ?? '').split(',')) {
    const m = /^\s*([\w-]+);dur=([\d.]+)/.exec(part);
    if (m) into[`${prefix}.${m[1]}`] = (into[`${prefix}.${m[1]}`] ?? 0) + Number(m[2]);
  }
}

async function call<T>(
  client: Client,
  method: string,
  path: string,
  body: Uint8Array<ArrayBuffer> | string,
  contentType: string,
  headers: Record<string, string> = {},
  timing?: { prefix: string; into: Record<string, number> },
): Promise<T> {
  const res = await fetch(`${client.base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${client.token}`, 'content-type': contentType, ...headers },
    body,
  });
  const text = await res.text();
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  if (timing) addServerTiming(res.headers.get('server-timing'), timing.prefix, timing.into);
  return JSON.parse(text) as T;
}

/** The body the reconcile page sends for the ticked matched pairs (all of them), or null. */
function updateMatchedBody(data: ReconciliationData): UpdateMatchedBody | null {
  if (data.matched.length === 0) return null;
  const updates = data.matched
    .filter((p) => p.existing.is_budgeted)
    .map((p) => ({ id: p.existing.id, date: p.imported.date, amount: p.imported.amount }));
  return { transaction_ids: data.matched.map((p) => p.existing.id), ...(updates.length ? { updates } : {}) };
}

/** import_new's rows as the reconcile page builds them: the new rows (duplicates stay unticked), file order. */
function importNewRows(data: ReconciliationData): ImportNewTransaction[] {
  return [...data.new]
    .sort((a, b) => a.row_number - b.row_number)
    .map((row) => {
      const tx: ImportNewTransaction = { date: row.date, payee: row.payee.trim(), amount: row.amount };
      if (row.notes.trim()) tx.notes = row.notes.trim();
      if (row.fitid) tx.fitid = row.fitid;
      return tx;
    });
}

/**
 * Waits until the app and its PostgreSQL have been idle for 300 ms (under 10 ms of CPU), at most
 * 30 s: the previous flow's events are then applied by the read models, as they are long before a
 * person imports the next statement. Without it a flow started right after a 50,000-row import
 * shares the cores with the mirrors applying that import's rows.
 */
export async function settle(client: Client): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const app = await client.cpuMicros();
    const db = client.dbCpuMs();
    await new Promise((resolve) => setTimeout(resolve, 300));
    if ((await client.cpuMicros()) - app + (client.dbCpuMs() - db) * 1000 < 10_000) return;
  }
}

/** The whole import of one file into one account, as the front end runs it. */
export async function importFlow(
  client: Client,
  accountId: number,
  csv: Buffer,
  categoryId: number | null,
  filename = 'statement.csv',
): Promise<FlowTimes> {
  await settle(client);
  const cpuBefore = await client.cpuMicros();
  const dbBefore = client.dbCpuMs();
  const started = now();
  let step = now();
  const analyse = multipart({}, csv, filename);
  const analysis = await call<CsvAnalysis>(client, 'POST', '/import/analyze', analyse.body, analyse.contentType);
  const analyseMs = since(step);
  const mapping: MappingConfig = analysis.saved_mapping?.mapping_config ?? analysis.detected_mapping;
  if (!mapping.date || !mapping.payee || !mapping.amount)
    throw new Error(`columns not detected: ${JSON.stringify(mapping)}`);

  step = now();
  const upload = multipart({ mapping: JSON.stringify(mapping) }, csv, filename);
  const server: Record<string, number> = {};
  const data = await call<ReconciliationData>(
    client,
    'POST',
    `/import/${accountId}`,
    upload.body,
    upload.contentType,
    {},
    { prefix: 'reconcile', into: server },
  );
  const reconcileMs = since(step);

  step = now();
  const matchedBody = updateMatchedBody(data);
  if (matchedBody)
    await call(
      client,
      'POST',
      '/import/update_matched',
      JSON.stringify(matchedBody),
      'application/json',
      {},
      { prefix: 'update_matched', into: server },
    );
  const updateMs = since(step);

  step = now();
  const rows = importNewRows(data);
  let created = 0;
  if (rows.length) {
    const body = JSON.stringify({ transactions: rows, ...(categoryId !== null ? { category_id: categoryId } : {}) });
    created = (
      await call<{ count: number }>(
        client,
        'POST',
        `/import/${accountId}/import_new`,
        body,
        'application/json',
        { 'idempotency-key': randomBytes(12).toString('hex') },
        { prefix: 'import_new', into: server },
      )
    ).count;
  }
  const importMs = since(step);
  const total = since(started);
  const appCpu = ((await client.cpuMicros()) - cpuBefore) / 1000;
  const dbCpu = client.dbCpuMs() - dbBefore;
  return {
    analyse: analyseMs,
    reconcile: reconcileMs,
    updateMatched: updateMs,
    importNew: importMs,
    total,
    appCpu,
    dbCpu,
    server,
    matched: data.matched.length,
    created,
    duplicates: data.duplicates.length,
    skipped: data.skipped_rows.length,
  };
}

/**
 * CPU (ms) used by the processes under `pid` (in the default mode: the embedded PostgreSQL's
 * postmaster and its backends), finished children included; /proc's 10 ms ticks.
 */
export function descendantsCpuMs(pid: number): number {
  const parents = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14).
      parents.set(Number(entry), {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  let ticks = 0;
  for (const [id, p] of parents) {
    if (id === pid) continue;
    for (let up = p.ppid; up > 1; up = parents.get(up)?.ppid ?? 0) {
      if (up === pid) {
        ticks += p.ticks;
        break;
      }
    }
  }
  return ticks * 10;
}

/** VmHWM / VmRSS of a process, in bytes. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Resets the process's peak RSS (VmHWM) to its current RSS; false where the kernel does not allow it. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface AnalyseResult {
  ms: number;
  /** CPU (ms) of the app process (gateway thread streaming the upload + svc-import reading it). */
  appCpu: number;
  rows: number;
  bytes: number;
  idle: number;
  peakSampled: number;
  peakHwm: number | null;
}

async function analyseLarge(client: Client, pid: number, csv: Buffer, rows: number): Promise<AnalyseResult> {
  await settle(client);
  const { body, contentType } = multipart({}, csv, 'large.csv');
  const idle = memoryOf(pid).rss;
  const hwmReset = resetPeak(pid);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, 5);
  const cpuBefore = await client.cpuMicros();
  const start = now();
  const analysis = await call<CsvAnalysis>(client, 'POST', '/import/analyze', body, contentType);
  const ms = since(start);
  const appCpu = ((await client.cpuMicros()) - cpuBefore) / 1000;
  clearInterval(sampler);
  const after = memoryOf(pid);
  peak = Math.max(peak, after.rss);
  if (analysis.total_rows !== rows) throw new Error(`analysis counted ${analysis.total_rows} rows, expected ${rows}`);
  return {
    ms,
    appCpu,
    rows,
    bytes: csv.length,
    idle,
    peakSampled: peak - idle,
    peakHwm: hwmReset ? after.hwm - idle : null,
  };
}

export interface OursResults {
  sizes: Array<{ rows: number; first: FlowTimes[]; again: FlowTimes[] }>;
  analyse: AnalyseResult[];
  camt: { bytes: number; rows: number; runs: FlowTimes[] } | null;
  loads: string[];
}

const MB = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;
const steps = (runs: FlowTimes[]) =>
  `analyse ${fmt(median(runs.map((r) => r.analyse)))}, reconcile ${fmt(median(runs.map((r) => r.reconcile)))}, update_matched ${fmt(median(runs.map((r) => r.updateMatched)))}, import_new ${fmt(median(runs.map((r) => r.importNew)))}`;
const serverSteps = (runs: FlowTimes[]) =>
  [...new Set(runs.flatMap((r) => Object.keys(r.server)))]
    .map((k) => `${k} ${fmt(median(runs.map((r) => r.server[k] ?? 0)))}`)
    .join(', ');
const counts = (r: FlowTimes) =>
  `${r.matched} matched, ${r.created} created, ${r.duplicates} duplicates, ${r.skipped} skipped`;

/** Our side: the app in a child process, the flows through its gateway. */
export async function measureOurImport(sizes = IMPORT_SIZES, runs = RUNS): Promise<OursResults> {
  const user = await startAppWithUser({
    dataDirPrefix: 'hf-bench-import-',
    userName: 'Import Bench',
    emailPrefix: 'import-bench',
  });
  const client: Client = {
    base: user.gatewayUrl,
    token: user.accessToken,
    cpuMicros: user.app.cpuMicros,
    dbCpuMs: () => descendantsCpuMs(user.app.pid),
  };
  const loads: string[] = [load()];
  try {
    const category = await call<{ id: number }>(
      client,
      'POST',
      '/categories',
      JSON.stringify({ name: 'Imported' }),
      'application/json',
    );
    // Warm-up (JIT, connection pools, the saved-mapping lookup), untimed: a small flow and its
    // re-import, then a 10,000-row flow. Without the large one the first timed flows ran on a
    // colder JIT (app CPU of 10,000-row flows in one app, in turn: 1.04 s, 0.64, 0.60, 0.75,
    // then 0.27-0.36 s; decision 0150), which the analyses and CAMT runs before them hid.
    const small = generateStatement(500, 99);
    const warm = await createBenchAccount(user.gatewayUrl, user.accessToken, 'Warm-up', 0);
    await importFlow(client, warm, statementCsv(small), category.id);
    await importFlow(client, warm, statementCsv(changedStatement(small, 98)), category.id);
    const warmLarge = await createBenchAccount(user.gatewayUrl, user.accessToken, 'Warm-up 10,000', 0);
    await importFlow(client, warmLarge, statementCsv(generateStatement(10_000, 97)), category.id);

    const analyse: AnalyseResult[] = [];
    if (process.env.BENCH_IMPORT_ANALYSE !== '0') {
      const large = statementOfSize(ANALYSE_BYTES);
      console.log(
        `  analysing a ${(large.csv.length / (1024 * 1024)).toFixed(2)} MB file (${large.rows.toLocaleString('en-US')} rows), ${runs} runs:`,
      );
      for (let run = 0; run < runs; run++) {
        const r = await analyseLarge(client, user.app.pid, large.csv, large.rows);
        analyse.push(r);
        console.log(
          `    ${fmt(r.ms)}, app CPU ${fmt(r.appCpu)}; peak RSS +${MB(r.peakHwm ?? r.peakSampled)} above idle ${MB(r.idle)} (VmHWM ${r.peakHwm === null ? 'n/a' : `+${MB(r.peakHwm)}`}, sampled +${MB(r.peakSampled)}); load ${load()}`,
        );
      }
      loads.push(load());
    }

    let camt: OursResults['camt'] = null;
    if (process.env.BENCH_IMPORT_CAMT !== '0') {
      const file = camtStatementOfSize(ANALYSE_BYTES);
      camt = { bytes: file.xml.length, rows: file.rows, runs: [] };
      console.log(
        `  a ${(file.xml.length / (1024 * 1024)).toFixed(2)} MB CAMT.053 statement (${file.rows.toLocaleString('en-US')} rows), ${runs} runs, each into a new account:`,
      );
      for (let run = 0; run < runs; run++) {
        const accountId = await createBenchAccount(user.gatewayUrl, user.accessToken, `CAMT #${run + 1}`, 0);
        const r = await importFlow(client, accountId, file.xml, category.id, 'statement.xml');
        camt.runs.push(r);
        console.log(
          `    #${run + 1} ${fmt(r.total)}, CPU app ${fmt(r.appCpu)} + db ${fmt(r.dbCpu)} (${counts(r)}); load ${load()}`,
        );
      }
      console.log(`    median: ${fmt(median(camt.runs.map((r) => r.total)))} = ${steps(camt.runs)}`);
      console.log(`    svc-import steps (Server-Timing, medians): ${serverSteps(camt.runs)}`);
      loads.push(load());
    }

    const results: OursResults['sizes'] = [];
    for (const size of sizes) {
      const rows = generateStatement(size);
      const first = statementCsv(rows);
      const again = statementCsv(changedStatement(rows));
      console.log(
        `  ${size.toLocaleString('en-US')} rows (${(first.length / 1024).toFixed(0)} KiB; changed file ${(again.length / 1024).toFixed(0)} KiB), ${runs} runs, each into a new account:`,
      );
      const firstRuns: FlowTimes[] = [];
      const againRuns: FlowTimes[] = [];
      for (let run = 0; run < runs; run++) {
        const accountId = await createBenchAccount(user.gatewayUrl, user.accessToken, `Import ${size} #${run + 1}`, 0);
        const a = await importFlow(client, accountId, first, category.id);
        const b = await importFlow(client, accountId, again, category.id);
        firstRuns.push(a);
        againRuns.push(b);
        console.log(
          `    #${run + 1} first ${fmt(a.total)}, CPU app ${fmt(a.appCpu)} + db ${fmt(a.dbCpu)} (${counts(a)}); re-import ${fmt(b.total)}, CPU app ${fmt(b.appCpu)} + db ${fmt(b.dbCpu)} (${counts(b)}); load ${load()}`,
        );
      }
      console.log(`    median first import: ${fmt(median(firstRuns.map((r) => r.total)))} = ${steps(firstRuns)}`);
      console.log(`    median re-import:    ${fmt(median(againRuns.map((r) => r.total)))} = ${steps(againRuns)}`);
      console.log(`    svc-import steps (Server-Timing, medians), first: ${serverSteps(firstRuns)}`);
      console.log(`    svc-import steps (Server-Timing, medians), re-import: ${serverSteps(againRuns)}`);
      results.push({ rows: size, first: firstRuns, again: againRuns });
      loads.push(load());
    }
    return { sizes: results, analyse, camt, loads };
  } finally {
    await user.stop();
  }
}

const TARGETS: Record<string, number> = {
  'first-10000': 500,
  'again-10000': 800,
  'first-50000': 2000,
  'again-50000': 3000,
  analyse: 1000,
  camt: 2000,
};
const verdict = (key: string, ms: number) =>
  TARGETS[key] === undefined ? '' : ms < TARGETS[key] ? ' (met)' : ` (target < ${fmt(TARGETS[key])}: missed)`;

export function printOurTable(ours: OursResults): void {
  console.log(
    `\n  ours, median of ${RUNS} runs (through the gateway, client JSON included; load average ${ours.loads.join(' / ')}):`,
  );
  console.log('  | | end to end | analyse | reconcile | update_matched | import_new | CPU app + db |');
  console.log('  |---|---:|---:|---:|---:|---:|---:|');
  for (const s of ours.sizes) {
    for (const [kind, runs] of [
      ['first', s.first],
      ['again', s.again],
    ] as const) {
      const m = (k: 'total' | 'analyse' | 'reconcile' | 'updateMatched' | 'importNew' | 'appCpu' | 'dbCpu') =>
        fmt(median(runs.map((r) => r[k])));
      console.log(
        `  | ${s.rows.toLocaleString('en-US')} rows, ${kind === 'first' ? 'first import' : 're-import, 10% changed'} | ${m('total')}${verdict(`${kind}-${s.rows}`, median(runs.map((r) => r.total)))} | ${m('analyse')} | ${m('reconcile')} | ${m('updateMatched')} | ${m('importNew')} | ${m('appCpu')} + ${m('dbCpu')} |`,
      );
    }
  }
  if (ours.camt) {
    const c = ours.camt;
    const m = (k: 'total' | 'analyse' | 'reconcile' | 'updateMatched' | 'importNew' | 'appCpu' | 'dbCpu') =>
      fmt(median(c.runs.map((r) => r[k])));
    console.log(
      `  | CAMT.053 ${(c.bytes / (1024 * 1024)).toFixed(2)} MB (${c.rows.toLocaleString('en-US')} rows), first import | ${m('total')}${verdict('camt', median(c.runs.map((r) => r.total)))} | ${m('analyse')} | ${m('reconcile')} | ${m('updateMatched')} | ${m('importNew')} | ${m('appCpu')} + ${m('dbCpu')} |`,
    );
  }
  if (ours.analyse.length) {
    const a = ours.analyse;
    const peak = median(a.map((r) => r.peakHwm ?? r.peakSampled));
    console.log(
      `  | analyse ${(a[0].bytes / (1024 * 1024)).toFixed(2)} MB (${a[0].rows.toLocaleString('en-US')} rows) | ${fmt(median(a.map((r) => r.ms)))}${verdict('analyse', median(a.map((r) => r.ms)))}, app CPU ${fmt(median(a.map((r) => r.appCpu)))} | peak RSS +${MB(peak)} above idle ${MB(median(a.map((r) => r.idle)))}${peak < 150 * 1024 * 1024 ? ' (met)' : ' (target < 150 MB: missed)'} | | | | |`,
    );
  }
}

export async function runImportBench(): Promise<void> {
  console.log(
    `\n== import: analyse -> reconcile -> update_matched -> import_new through the gateway (${IMPORT_SIZES.join(', ')} rows; load ${load()}) ==`,
  );
  const ours = await measureOurImport();
  printOurTable(ours);
}

if (require.main === module) {
  runImportBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
