/**
 * svc-import's file readers alone (no HTTP, no database): a generated 10 MB bank CSV streamed in
 * 64 KB chunks through readStatement and mapRows, as the analysis reads it (keepRows: false) and
 * as the import reads it (keepRows: true). Prints wall time, CPU time (user + system: less
 * dependent on what else the machine runs) and the peak resident memory above the process's idle
 * size. Asserts nothing.
 *
 *   node --expose-gc --import tsx bench/import-reading.ts        (IMPORT_STYLE=us|de: one file only,
 *                                                                so its first run's memory is the process's own)
 */
import { Readable } from 'node:stream';
import { IMPORT_LIMITS } from '@hf/contracts';
import { detectMapping, mapRows, readStatement } from '@hf/svc-import/reading';

const PAYEES = [
  'COFFEE SHOP',
  'GROCERY MART #1234',
  'ACME PAYROLL, INC.',
  'ELECTRIC COMPANY',
  'ONLINE STORE AMZ*123',
  'GAS STATION 55',
  'RESTAURANT "LE PETIT"',
];

/**
 * An export of about `bytes` bytes. US: `M/D/YYYY` dates and `-1,234.56`; German: `DD.MM.YYYY`
 * and `-1.234,56` with `;` (the worst case for analysis memory: most rows are impossible under
 * the other date order and separator until the file ends, so their cells are held).
 */
function bankCsv(bytes: number, style: 'us' | 'de'): { chunks: Buffer[]; rows: number } {
  const d = style === 'us' ? ',' : ';';
  const lines = [['Date', 'Description', 'Amount', 'Category', 'Memo'].join(d)];
  let size = lines[0].length + 1;
  let i = 0;
  while (size < bytes - 200) {
    const month = (i % 12) + 1;
    const day = (i % 28) + 1;
    const cents = ((i * 7919) % 250_000) - 125_000;
    const whole = Math.floor(Math.abs(cents) / 100).toLocaleString(style === 'us' ? 'en-US' : 'de-DE');
    const amount = `${cents < 0 ? '-' : ''}${whole}${style === 'us' ? '.' : ','}${String(Math.abs(cents) % 100).padStart(2, '0')}`;
    const date =
      style === 'us'
        ? `${month}/${day}/2024`
        : `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.2024`;
    const line = [
      date,
      `"${PAYEES[i % PAYEES.length].replace(/"/g, '""')}"`,
      `"${amount}"`,
      `Category ${i % 40}`,
      `Reference ${i}`,
    ].join(d);
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
  const cpu = process.cpuUsage();
  const table = await readStatement(Readable.from(chunks, { objectMode: false }), { filename: 'bench.csv' });
  const mapping = detectMapping(table.headers);
  const result = await mapRows(table, mapping, { today: '2024-12-31', keepRows });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  peak = Math.max(peak, process.memoryUsage().rss);
  clearInterval(sampler);
  const mb = (n: number) => (n / (1024 * 1024)).toFixed(1);
  console.log(
    `${label.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms wall ${cpuMs.toFixed(0).padStart(6)} ms CPU   peak RSS +${mb(peak - idle).padStart(6)} MB   rows ${result.totalRows}, kept ${result.rows.length}, skipped ${result.skipped.length}, ${result.dateOrder}, '${result.decimalSeparator}'`,
  );
}

export async function runImportReading(): Promise<void> {
  const only = process.env.IMPORT_STYLE;
  for (const style of (['us', 'de'] as const).filter((s) => !only || s === only)) {
    const { chunks, rows } = bankCsv(IMPORT_LIMITS.maxFileBytes - 1024, style);
    console.log(
      `import reading, ${style}: ${(chunks.reduce((n, c) => n + c.length, 0) / (1024 * 1024)).toFixed(2)} MB, ${rows} rows, 64 KB chunks`,
    );
    await measure('first analysis', chunks, false);
    for (let run = 1; run <= 3; run++) {
      await measure(`analysis (keepRows false) #${run}`, chunks, false);
      await measure(`import (keepRows true) #${run}`, chunks, true);
    }
  }
}

if (require.main === module) {
  runImportReading().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
