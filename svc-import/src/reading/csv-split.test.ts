import { Readable } from 'node:stream';
import csvParser from 'csv-parser';
import { StatementError } from '../domain/statement';
import { CsvSplitter, LineBreaks, MAX_RECORD_BYTES, recordCells } from './csv-split';

/**
 * What csv-parser 3 made of the same text, as the reader used it before (every CR break as LF
 * first): each record's cells, blank records included, or its error.
 */
async function csvParserRecords(
  chunks: string[],
  delimiter: string,
  maxRowBytes: number,
): Promise<string[][] | 'too long'> {
  const text = chunks.join('').replace(/\r\r?\n|\r/g, '\n');
  const parser = csvParser({
    headers: false,
    separator: delimiter,
    quote: '"',
    escape: '"',
    strict: false,
    maxRowBytes,
  });
  const records: string[][] = [];
  return new Promise((resolve) => {
    parser.on('data', (record: Record<string, string>) => {
      const cells: string[] = [];
      for (let i = 0; record[i] !== undefined; i++) cells.push(record[i]);
      records.push(cells);
    });
    parser.on('end', () => resolve(records));
    parser.on('error', () => resolve('too long'));
    // Byte chunks cut anywhere (csv-parser read bytes), in 7-byte pieces.
    const bytes = Buffer.from(text);
    const pieces: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += 7) pieces.push(bytes.subarray(at, at + 7));
    Readable.from(pieces, { objectMode: false }).pipe(parser);
  });
}

function splitterRecords(
  chunks: string[],
  delimiter: string,
  maxRecordBytes = MAX_RECORD_BYTES,
): string[][] | 'too long' {
  const records: string[][] = [];
  const lineBreaks = new LineBreaks();
  const splitter = new CsvSplitter((line) => records.push(recordCells(line, delimiter)), maxRecordBytes);
  try {
    for (const chunk of chunks) splitter.write(lineBreaks.text(chunk));
    splitter.write(lineBreaks.end());
    splitter.end();
  } catch (error) {
    if (error instanceof StatementError && /is too long/.test(error.message)) return 'too long';
    throw error;
  }
  return records;
}

/** A deterministic generator (the same cases every run). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const PIECES = ['a', 'b', ' ', ',', ';', '"', '""', '\n', '\r', '\r\n', '\r\r\n', 'é', '€', '😀', '12.50', '\t'];

function randomChunks(next: () => number): string[] {
  let text = '';
  const length = Math.floor(next() * 60);
  for (let i = 0; i < length; i++) text += PIECES[Math.floor(next() * PIECES.length)];
  const chunks: string[] = [];
  let at = 0;
  while (at < text.length) {
    const size = 1 + Math.floor(next() * 8);
    chunks.push(text.slice(at, at + size));
    at += size;
  }
  return chunks;
}

describe('CsvSplitter and recordCells: the same records and cells as csv-parser', () => {
  it.each([
    ['plain rows', ['Date,Payee,Amount\n1/2/2024,Shop,-1.00\n']],
    ['a quoted delimiter, doubled quotes, a line break inside quotes', ['a,"b, c","say ""hi""","x\ny"\n']],
    ['no line feed at the end', ['a,b\nc,d']],
    ['a trailing delimiter and empty lines', ['a,b,\n\n,\n   \n']],
    ['a quote in the middle of a cell', ['ab"c,d"e,f\ng,h\n']],
    ['a closing quote not followed by the delimiter', ['"abc" ,x\ny\n']],
    ['a lone quote cell and a quote at the end', ['",a\nb,"\n']],
    ['a quote never closed', ['1,"open,x\n2,b,c\n3,d,e\n']],
    ['CR alone, CR LF and CR CR LF, split between chunks', ['a,b\r', '\nc,d\r\r', '\ne,f\r', 'g,h\r']],
    ['a doubled quote split between chunks', ['a,"x"', '"y",b\n']],
  ])('%s', async (_name, chunks) => {
    for (const delimiter of [',', ';']) {
      expect(splitterRecords(chunks, delimiter)).toEqual(await csvParserRecords(chunks, delimiter, MAX_RECORD_BYTES));
    }
  });

  it('2,000 generated texts (quotes, delimiters, every line break, multi-byte text), cut into chunks anywhere', async () => {
    const next = random(42);
    for (let n = 0; n < 2000; n++) {
      const chunks = randomChunks(next);
      const delimiter = n % 3 === 0 ? ';' : n % 3 === 1 ? ',' : '\t';
      const expected = await csvParserRecords(chunks, delimiter, MAX_RECORD_BYTES);
      expect({ chunks, records: splitterRecords(chunks, delimiter) }).toEqual({ chunks, records: expected });
    }
  });

  it('refuses a record over the limit in UTF-8 bytes (line feed included) as csv-parser did', async () => {
    const next = random(7);
    let refused = 0;
    for (let n = 0; n < 1000; n++) {
      const chunks = randomChunks(next);
      const limit = 5 + Math.floor(next() * 30);
      const expected = await csvParserRecords(chunks, ',', limit);
      if (expected === 'too long') refused++;
      expect({ chunks, limit, records: splitterRecords(chunks, ',', limit) }).toEqual({
        chunks,
        limit,
        records: expected,
      });
    }
    expect(refused).toBeGreaterThan(100);
  });

  it('names the record that is too long among the records before it', () => {
    const records: string[] = [];
    const splitter = new CsvSplitter((line) => records.push(line), 20);
    expect(() => splitter.write('a,b\n\nc,"open quote ' + 'x'.repeat(30))).toThrow(
      'Row 3 is too long (a quote never closed?). A cell can hold at most 10,000 characters.',
    );
    expect(records).toEqual(['a,b', '']);
  });
});
