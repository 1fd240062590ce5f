/**
 * svc-import's file readers alone (no HTTP, no database): a generated 10 MB bank CSV streamed in
 * 64 KB chunks through readStatement and mapRows, as the analysis reads it (keepRows: false) and
 * as the import reads it (keepRows: true). Prints wall time and the peak resident memory above
 * the process's idle size. Asserts nothing.
 *
 *   node --expose-gc --import tsx bench/import-reading.ts
 */
import { Readable } from 'node:stream';
import { IMPORT_LIMITS } from '@hf/contracts';
import { detectMapping } from '../svc-import/src/reading/detect-mapping';
import { mapRows } from '../svc-import/src/reading/map-rows';
import { readStatement } from '../svc-import/src/reading/read-statement';

const PAYEES = ['COFFEE SHOP', 'GROCERY MART #1234', 'ACME PAYROLL, INC.', 'ELECTRIC COMPANY', 'ONLINE STORE AMZ*123', 'GAS STATION 55', 'RESTAURANT "LE PETIT"'];

/** A US-style export of about `bytes` bytes: M/D/YYYY dates (days past 12 make DMY impossible), signed amounts. */
function bankCsv(bytes: number): { chunks: Buffer[]; rows: number } {
  const lines = ['Date,Description,Amount,Category,Memo'];
  let size = lines[0].length + 1;
  let i = 0;
  while (size < bytes - 200) {
    const month = (i % 12) + 1;
    const day = (i % 28) + 1;
    const cents = ((i * 7919) % 250_000) - 125_000;
    const amount = `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100).toLocaleString('en-US')}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
    const line = `${month}/${day}/2024,"${PAYEES[i % PAYEES.length].replace(/"/g, '""')}","${amount}",Category ${i % 40},Reference ${i}`;
    lines.push(line);
    size += Buffer.byteLength(line) + 1;
    i++;
  }
  const all = Buffer.from(lines.join('\n') + '\n');
  const chunks: Buffer[] = [];
  for (let at = 0; at < all.length; at += 64 * 1024) chunks.push(all.subarray(at, at + 64 * 1024));
  return { chunks, rows: i };
}

async function measure(label: string, chunks: Buffer[], keepRows: boolean): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = process.hrtime.bigint();
  const table = await readStatement(Readable.from(chunks, { objectMode: false }), { filename: 'bench.csv' });
  const mapping = detectMapping(table.headers);
  const result = await mapRows(table, mapping, { today: '2024-12-31', keepRows });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  peak = Math.max(peak, process.memoryUsage().rss);
  clearInterval(sampler);
  const mb = (n: number) => (n / (1024 * 1024)).toFixed(1);
  console.log(
    `${label.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms   peak RSS +${mb(peak - idle).padStart(6)} MB   rows ${result.totalRows}, kept ${result.rows.length}, skipped ${result.skipped.length}, ${result.dateOrder}, '${result.decimalSeparator}'`,
  );
}

export async function runImportReading(): Promise<void> {
  const { chunks, rows } = bankCsv(IMPORT_LIMITS.maxFileBytes - 1024);
  console.log(`import reading: ${(chunks.reduce((n, c) => n + c.length, 0) / (1024 * 1024)).toFixed(2)} MB, ${rows} rows, 64 KB chunks`);
  await measure('warm-up (analysis)', chunks, false);
  for (let run = 1; run <= 3; run++) {
    await measure(`analysis (keepRows false) #${run}`, chunks, false);
    await measure(`import (keepRows true) #${run}`, chunks, true);
  }
}

if (require.main === module) {
  runImportReading().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
