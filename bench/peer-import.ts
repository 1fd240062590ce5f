/**
 * Peer import benchmark: issue 11's import figures side by side with Actual Budget's importer,
 * on the same generated statements as bench/import.ts (bench/support/import-statement.ts).
 *
 * Peer: `@actual-app/api` (pinned and installed on demand into bench/.peer by bench/peer-actual.ts,
 * whose loader this reuses), in this process, no HTTP: a local budget in a fresh temporary
 * dataDir, one new account per run, then
 *   - parse: Actual parses CSV in its client (the browser), so the same file is parsed here with
 *     csv-parser (whose rules svc-import's own CSV splitter follows, decision 0142) into rows `{ date, payee_name, imported_payee, amount,
 *     notes }` (dates to YYYY-MM-DD, amounts to integer cents), timed separately;
 *   - import: `importTransactions(accountId, rows)`, Actual's importer, which reconciles every row
 *     against the account's existing ones (by imported id, else amount and date within a week and
 *     payee) and adds the rest, running the rules on each row;
 *   - first import into the empty account, then the same file with 10% changed into the same
 *     account, for 10,000 and 50,000 rows.
 * Median of BENCH_PEER_IMPORT_RUNS (default 3) runs for 10,000 rows and BENCH_PEER_IMPORT_RUNS_LARGE
 * (default 1) for 50,000: one peer run takes minutes; its 50,000-row re-import runs only with
 * BENCH_PEER_IMPORT_AGAIN_LARGE=1 (hours here). Ours is measured first in the same command
 * (bench/import.ts, through the gateway, median of BENCH_IMPORT_RUNS), unless BENCH_PEER_OURS=0.
 * Knobs: BENCH_PEER_IMPORT_SIZES (default `10000,50000`), BENCH_PEER_INSTALL=0 / BENCH_PEER_DIR as
 * in bench/peer-actual.ts.
 */
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fmt, IMPORT_SIZES, load, measureOurImport, median, printOurTable, type OursResults } from './import';
import {
  closePeer,
  ensurePeer,
  PEER_DIR,
  PEER_PACKAGE,
  PEER_VERSION,
  withoutPeerWarnings,
  type PeerApi,
} from './peer-actual';
import { changedStatement, generateStatement, statementCsv } from './support/import-statement';

const SIZES = (process.env.BENCH_PEER_IMPORT_SIZES ?? IMPORT_SIZES.join(',')).split(',').map(Number);
const RUNS = Number(process.env.BENCH_PEER_IMPORT_RUNS ?? 3);
const RUNS_LARGE = Number(process.env.BENCH_PEER_IMPORT_RUNS_LARGE ?? 1);
/** The peer's re-import of more than 10,000 rows runs for hours here (its 10,000-row one: minutes); only when asked. */
const AGAIN_LARGE = process.env.BENCH_PEER_IMPORT_AGAIN_LARGE === '1';

/** A row for Actual's `importTransactions` (amount in integer cents). */
interface PeerImportRow {
  account: string;
  date: string;
  amount: number;
  payee_name: string;
  imported_payee: string;
  notes: string;
}

interface PeerImportApi extends PeerApi {
  importTransactions(
    accountId: string,
    transactions: PeerImportRow[],
    opts?: Record<string, unknown>,
  ): Promise<{ errors?: unknown[]; added: string[]; updated: string[] }>;
}

const now = () => process.hrtime.bigint();
const since = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** The CSV (Date,Description,Amount,Memo; M/D/YYYY; "-1,234.56") to Actual's import rows, with csv-parser. */
async function parseForPeer(csv: Buffer, account: string): Promise<PeerImportRow[]> {
  const csvParser = createRequire(require.resolve('@hf/svc-import/package.json'))('csv-parser') as (
    options: object,
  ) => NodeJS.ReadWriteStream;
  const rows: PeerImportRow[] = [];
  await new Promise<void>((resolve, reject) => {
    Readable.from([csv])
      .pipe(csvParser({ separator: ',', quote: '"', escape: '"' }))
      .on('data', (r: Record<string, string>) => {
        const [m, d, y] = r.Date.split('/');
        const amount = Math.round(Number(r.Amount.replace(/,/g, '')) * 100);
        rows.push({
          account,
          date: `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`,
          amount,
          payee_name: r.Description,
          imported_payee: r.Description,
          notes: r.Memo,
        });
      })
      .on('end', resolve)
      .on('error', reject);
  });
  return rows;
}

interface PeerFlow {
  parse: number;
  importMs: number;
  added: number;
  updated: number;
}

interface PeerSize {
  rows: number;
  first: PeerFlow[];
  again: PeerFlow[];
}

async function peerFlow(api: PeerImportApi, accountId: string, csv: Buffer): Promise<PeerFlow> {
  let start = now();
  const rows = await parseForPeer(csv, accountId);
  const parse = since(start);
  start = now();
  const result = await api.importTransactions(accountId, rows);
  const importMs = since(start);
  if (result.errors?.length) throw new Error(`importTransactions: ${JSON.stringify(result.errors.slice(0, 3))}`);
  return { parse, importMs, added: result.added.length, updated: result.updated.length };
}

async function measurePeer(api: PeerImportApi): Promise<PeerSize[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hf-bench-peer-import-'));
  const out: PeerSize[] = [];
  try {
    await api.init({ dataDir, verbose: false });
    let accounts = 0;
    const newAccount = async (): Promise<string> =>
      api.createAccount({ name: `Import ${++accounts}`, offbudget: false, closed: false });
    await withoutPeerWarnings(() => api.runImport('Ledgerly import peer bench', async () => undefined));
    // Warm-up: the same small flow as ours.
    const small = generateStatement(500, 99);
    const warm = await withoutPeerWarnings(newAccount);
    await withoutPeerWarnings(() => peerFlow(api, warm, statementCsv(small)));
    await withoutPeerWarnings(() => peerFlow(api, warm, statementCsv(changedStatement(small, 98))));
    for (const size of SIZES) {
      const rows = generateStatement(size);
      const first = statementCsv(rows);
      const again = statementCsv(changedStatement(rows));
      const runs = size > 10_000 ? RUNS_LARGE : RUNS;
      const entry: PeerSize = { rows: size, first: [], again: [] };
      for (let run = 0; run < runs; run++) {
        const accountId = await withoutPeerWarnings(newAccount);
        const a = await withoutPeerWarnings(() => peerFlow(api, accountId, first));
        entry.first.push(a);
        console.log(
          `  peer ${size.toLocaleString('en-US')} #${run + 1}: first import parse ${fmt(a.parse)} + importTransactions ${fmt(a.importMs)} (${a.added} added, ${a.updated} updated); load ${load()}`,
        );
        if (size > 10_000 && !AGAIN_LARGE) continue;
        const b = await withoutPeerWarnings(() => peerFlow(api, accountId, again));
        entry.again.push(b);
        console.log(
          `  peer ${size.toLocaleString('en-US')} #${run + 1}: re-import parse ${fmt(b.parse)} + importTransactions ${fmt(b.importMs)} (${b.added} added, ${b.updated} updated); load ${load()}`,
        );
      }
      out.push(entry);
    }
    return out;
  } finally {
    await closePeer(api, dataDir);
  }
}

function fmtOurs(ours: OursResults | null, rows: number, kind: 'first' | 'again'): string {
  const o = ours?.sizes.find((s) => s.rows === rows);
  return o ? fmt(median(o[kind].map((f) => f.total))) : '-';
}

function printSideBySide(peer: PeerSize[], ours: OursResults | null): void {
  console.log(
    `\n  side by side, medians (ours: whole flow through the gateway; peer: ${PEER_PACKAGE} ${PEER_VERSION} in-process, parse + importTransactions):`,
  );
  console.log('  | | ours | peer (parse + import) | peer / ours |');
  console.log('  |---|---:|---:|---:|');
  for (const p of peer) {
    const o = ours?.sizes.find((s) => s.rows === p.rows);
    for (const [kind, label] of [
      ['first', 'first import'],
      ['again', 're-import, 10% changed'],
    ] as const) {
      const flows = p[kind];
      if (flows.length === 0) {
        console.log(
          `  | ${p.rows.toLocaleString('en-US')} rows, ${label} | ${fmtOurs(ours, p.rows, kind)} | not run (BENCH_PEER_IMPORT_AGAIN_LARGE=1 runs it) | - |`,
        );
        continue;
      }
      const parse = median(flows.map((f) => f.parse));
      const imp = median(flows.map((f) => f.importMs));
      const peerTotal = median(flows.map((f) => f.parse + f.importMs));
      const ourTotal = o ? median(o[kind].map((f) => f.total)) : null;
      console.log(
        `  | ${p.rows.toLocaleString('en-US')} rows, ${label} | ${ourTotal === null ? '-' : fmt(ourTotal)} | ${fmt(peerTotal)} (${fmt(parse)} + ${fmt(imp)}; ${flows.length} run${flows.length === 1 ? '' : 's'}) | ${ourTotal === null ? '-' : `${(peerTotal / ourTotal).toFixed(1)}x`} |`,
      );
    }
  }
}

export async function runPeerImportBench(): Promise<void> {
  console.log(
    `\n== peer-import: Actual Budget's importer (${PEER_PACKAGE}@${PEER_VERSION}) vs ours (${SIZES.join(', ')} rows; load ${load()}) ==`,
  );
  const unusable = ensurePeer();
  if (unusable) {
    console.log(`  peer skipped: ${unusable}. Our own figures: npm run bench -- import`);
    return;
  }
  let ours: OursResults | null = null;
  if (process.env.BENCH_PEER_OURS !== '0') {
    ours = await measureOurImport(SIZES);
    printOurTable(ours);
  }
  const api = createRequire(join(PEER_DIR, 'package.json'))(PEER_PACKAGE) as PeerImportApi;
  const peer = await measurePeer(api);
  printSideBySide(peer, ours);
}

if (require.main === module) {
  runPeerImportBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
