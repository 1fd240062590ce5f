import { Readable } from 'node:stream';
import type { FileType, StatementTable } from '../domain/statement';
import { readStatement, type ReadStatementOptions } from './read-statement';
import { digestTap, heldTable, keepRows, readStatementAgain, StatementCache } from './statement-cache';

const FILE = 'Date,Payee,Amount\n1/2/2024,Coffee,-4.50\n1/3/2024,Books,-12.00\n';
const NO_HEADER = '1/2/2024,Coffee,-4.50\n1/3/2024,Books,-12.00\n';
const csv = { filename: 'statement.csv' };

/** Bytes in chunks of `size`, as an upload arrives. */
const upload = (text: string, size = 7) =>
  Readable.from(
    Array.from({ length: Math.ceil(text.length / size) }, (_, i) => Buffer.from(text.slice(i * size, (i + 1) * size))),
  );

async function rowsOf(table: StatementTable): Promise<string[][]> {
  const out: string[][] = [];
  for await (const row of table.rows) out.push([String(row.rowNumber), ...row.cells]);
  return out;
}

/** What the analysis does: read while hashing and keeping the rows, then hold the table. */
async function analyse(
  cache: StatementCache,
  scope: string,
  text: string,
  options: ReadStatementOptions = csv,
): Promise<void> {
  let fileType: FileType | null = null;
  const tap = digestTap(upload(text), () => cache.maxBytesOf(fileType));
  const read = await readStatement(tap.stream, options);
  fileType = read.fileType;
  const kept = keepRows(read, () => tap.bytes() <= cache.maxBytesOf(fileType));
  await rowsOf(kept.table);
  const file = tap.result();
  const rows = kept.rows();
  if (file && rows) cache.store(scope, file.digest, file.bytes, options, heldTable(read, rows));
}

describe('StatementCache and readStatementAgain', () => {
  it('hands the analysed table back for the same bytes, reader and options, and reads anything else again', async () => {
    const cache = new StatementCache();
    await analyse(cache, '1:101', FILE);
    const fresh = await rowsOf(await readStatement(upload(FILE), csv));

    const again = await readStatementAgain(cache, '1:101', upload(FILE, 3), csv);
    expect(cache.stats.hits).toBe(1);
    expect(await rowsOf(again)).toEqual(fresh);
    expect(again).toMatchObject({
      fileType: 'csv',
      headers: ['Date', 'Payee', 'Amount'],
      encoding: 'UTF-8',
      delimiter: ',',
      hasHeader: true,
    });
    // Read again, twice (a person going back), from the start each time.
    expect(await rowsOf(await readStatementAgain(cache, '1:101', upload(FILE), csv))).toEqual(fresh);
    expect(cache.stats.hits).toBe(2);

    // Another user, another file name, another character set: read from the bytes.
    for (const [scope, options] of [
      ['1:102', csv],
      ['2:201', csv],
      ['1:101', { filename: 'statement.txt' }],
      ['1:101', { ...csv, encoding: 'windows-1252' }],
    ] as const) {
      expect(await rowsOf(await readStatementAgain(cache, scope, upload(FILE), options))).toEqual(fresh);
    }
    expect(cache.stats.hits).toBe(2);
  });

  it('reads other bytes of the same size, and longer or shorter ones, correctly (the bytes held first, then the rest)', async () => {
    const cache = new StatementCache();
    await analyse(cache, 's', FILE);
    const same = FILE.replace('Coffee', 'Coffey');
    const longer = `${FILE}1/4/2024,Bakery,-3.10\n`.repeat(3);
    for (const text of [same, longer, FILE.slice(0, 40)]) {
      expect(await rowsOf(await readStatementAgain(cache, 's', upload(text), csv))).toEqual(
        await rowsOf(await readStatement(upload(text), csv)),
      );
    }
    expect(cache.stats.hits).toBe(0);
  });

  it('a detected header row matches a request that names what was detected', async () => {
    const cache = new StatementCache();
    await analyse(cache, 's', NO_HEADER);
    await readStatementAgain(cache, 's', upload(NO_HEADER), { ...csv, hasHeader: false });
    expect(cache.stats.hits).toBe(1);
    const asHeader = await readStatementAgain(cache, 's', upload(NO_HEADER), { ...csv, hasHeader: true });
    expect(cache.stats.hits).toBe(1);
    expect(asHeader.headers).toEqual(['1/2/2024', 'Coffee', '-4.50']);
    // Read with a header row chosen: only a request for the same matches.
    const chosen = new StatementCache();
    await analyse(chosen, 's', FILE, { ...csv, hasHeader: true });
    await readStatementAgain(chosen, 's', upload(FILE), csv);
    expect(chosen.stats.hits).toBe(0);
    await readStatementAgain(chosen, 's', upload(FILE), { ...csv, hasHeader: true });
    expect(chosen.stats.hits).toBe(1);
  });

  it('keeps files up to maxFileBytes, for ttlMs, within maxHeapBytes (least recently used out first)', async () => {
    let now = 0;
    // Heap is estimated at 6 bytes a file byte: room for two files of FILE's 62 bytes.
    const cache = new StatementCache(
      { maxFileBytes: 100, maxCamtFileBytes: 100, maxHeapBytes: 6 * 150, ttlMs: 1000 },
      () => now,
    );
    await analyse(cache, 's', FILE.repeat(2));
    expect(cache.size).toBe(0);
    await analyse(cache, 'a', FILE);
    await analyse(cache, 'b', FILE);
    now = 100;
    await readStatementAgain(cache, 'a', upload(FILE), csv);
    now = 500;
    await analyse(cache, 'c', FILE);
    // b, the least recently used, went first.
    expect(cache.sizes('b', csv)).toEqual([]);
    expect(cache.sizes('a', csv)).toEqual([FILE.length]);
    now = 1101;
    expect(cache.sizes('a', csv)).toEqual([]);
    expect(cache.size).toBe(1);
    now = 1501;
    expect(cache.size).toBe(0);
  });

  it('keeps a CAMT file past maxFileBytes, up to maxCamtFileBytes, at 2 bytes of heap a file byte', async () => {
    const camt = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="EUR">4.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-01-02</Dt></BookgDt><AcctSvcrRef>R1</AcctSvcrRef><AddtlNtryInf>Coffee</AddtlNtryInf></Ntry></Stmt></BkToCstmrStmt></Document>`;
    const xml = { filename: 'statement.xml' };
    const cache = new StatementCache({ maxFileBytes: 100, maxCamtFileBytes: 1000, maxHeapBytes: 10_000, ttlMs: 1000 });
    // A CSV as long is not kept.
    await analyse(cache, 's', FILE.repeat(5));
    expect(cache.size).toBe(0);
    await analyse(cache, 's', camt, xml);
    expect(cache.sizes('s', xml)).toEqual([camt.length]);
    expect(cache.heapBytes).toBe(2 * camt.length);
    const again = await readStatementAgain(cache, 's', upload(camt), xml);
    expect(cache.stats.hits).toBe(1);
    expect(await rowsOf(again)).toEqual([['1', '2024-01-02', 'Coffee', '-4.50', 'Coffee', 'BOOK', 'R1']]);
    // Past maxCamtFileBytes it is not.
    const small = new StatementCache({ maxFileBytes: 100, maxCamtFileBytes: 200, maxHeapBytes: 10_000, ttlMs: 1000 });
    await analyse(small, 's', camt, xml);
    expect(small.size).toBe(0);
  });

  it('an upload that fails while it is held fails the read', async () => {
    const cache = new StatementCache();
    await analyse(cache, 's', FILE);
    const broken = new Readable({ read() {} });
    broken.push(Buffer.from(FILE.slice(0, 10)));
    setImmediate(() => broken.destroy(new Error('cut off')));
    await expect(readStatementAgain(cache, 's', broken, csv)).rejects.toThrow('cut off');
  });
});
