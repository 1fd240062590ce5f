import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { IMPORT_LIMITS } from '@hf/contracts';
import { StatementError, type StatementTable, type TableRow } from '../domain/statement';
import { readStatement, type ReadStatementOptions } from './read-statement';

const FIXTURES = join(__dirname, '../../test/fixtures');

export async function readFixture(
  name: string,
  options: Partial<ReadStatementOptions> = {},
): Promise<{ table: StatementTable; rows: TableRow[] }> {
  const table = await readStatement(createReadStream(join(FIXTURES, name)), { filename: name, ...options });
  const rows: TableRow[] = [];
  for await (const row of table.rows) rows.push(row);
  return { table, rows };
}

async function refusal(promise: Promise<unknown>): Promise<StatementError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StatementError) return error;
    throw error;
  }
  throw new Error('expected a StatementError');
}

async function readAll(source: Readable, filename = 'statement.csv'): Promise<TableRow[]> {
  const table = await readStatement(source, { filename });
  const rows: TableRow[] = [];
  for await (const row of table.rows) rows.push(row);
  return rows;
}

describe('readStatement: CSV', () => {
  it('reads a US bank export: headers, rows numbered as records of the file, cells as text', async () => {
    const { table, rows } = await readFixture('us-bank-single-amount.csv');
    expect(table).toMatchObject({
      fileType: 'csv',
      encoding: 'UTF-8',
      encodingCertain: true,
      delimiter: ',',
      hasHeader: true,
    });
    expect(table.headers).toEqual(['Date', 'Description', 'Amount', 'Category', 'Memo']);
    expect(rows).toHaveLength(8);
    // A CSV row also carries its record's text (its line break off), from which its cells were split.
    expect(rows[0]).toEqual({
      rowNumber: 2,
      cells: ['1/15/2024', 'COFFEE SHOP', '-4.50', 'Dining', 'card 1234'],
      text: '1/15/2024,COFFEE SHOP,-4.50,Dining,card 1234',
    });
    expect(rows[2].cells[1]).toBe('ACME PAYROLL, INC.');
    expect(rows[2].cells[2]).toBe('1,234.56');
  });

  it('keeps embedded delimiters, doubled quotes and line breaks of quoted cells; blank lines count as lines but are no rows', async () => {
    const { rows } = await readFixture('quoted-multiline.csv');
    expect(rows.map((r) => r.cells)).toEqual([
      // Every line ending reads as LF, inside quotes too.
      ['1/15/2024', 'Smith, Jones & Co.', '-10.00', 'Line one\nline two, with comma'],
      ['1/16/2024', 'The "Best" Diner', '-20.00', 'He said "hi"'],
      ['1/17/2024', 'Plain', '-30.00', ''],
    ]);
    expect(rows.map((r) => r.rowNumber)).toEqual([2, 3, 5]);
  });

  it('keeps __proto__ and constructor headers as plain names, numbers a blank header by position and makes a repeated one unique; formulas stay text', async () => {
    const { table, rows } = await readFixture('proto-formula-headers.csv');
    expect(table.headers).toEqual(['__proto__', 'constructor', 'Date', 'Payee', 'Amount', '#6', 'Amount (2)']);
    expect(rows[0].cells[3]).toBe('=HYPERLINK("http://evil.example","click")');
    expect(rows[1].cells[3]).toBe('@SUM(1)');
    expect(rows[2].cells[3]).toBe("+cmd|' /C calc'!A0");
    expect(Object.prototype.hasOwnProperty.call({}, 'x')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads a file without a header row as data, columns #1..#n', async () => {
    const { table, rows } = await readFixture('headerless.csv', { hasHeader: false });
    expect(table.headers).toEqual(['#1', '#2', '#3', '#4']);
    expect(table.hasHeader).toBe(false);
    expect(rows[0]).toEqual({
      rowNumber: 1,
      cells: ['15/01/2024', '-12.50', 'COFFEE SHOP DOWNTOWN', '1234.56'],
      text: '15/01/2024,-12.50,COFFEE SHOP DOWNTOWN,1234.56',
    });
    expect(rows).toHaveLength(3);
  });

  it.each([
    ['comma', 'a,b,c\n1,"x;y",3\n', ','],
    ['semicolon with decimal commas', 'Datum;Betrag;Text\n01.02.2024;-12,50;Rewe\n02.02.2024;3,00;"A;B"\n', ';'],
    ['tab', 'a\tb\tc\n1\t2,5\t3\n', '\t'],
    ['pipe', 'a|b|c\n1|2|"x|y"\n', '|'],
  ])('detects the %s delimiter', async (_, text, delimiter) => {
    const table = await readStatement(Readable.from([Buffer.from(text)]), { filename: 'x.csv' });
    expect(table.delimiter).toBe(delimiter);
    expect(table.headers).toHaveLength(3);
  });
});

describe('readStatement: character sets', () => {
  it('reads a German Windows-1252 export with the euro sign and umlauts, no mojibake', async () => {
    const { table, rows } = await readFixture('de-sparkasse-windows-1252.csv');
    expect(table).toMatchObject({ encoding: 'windows-1252', encodingCertain: true, delimiter: ';' });
    expect(rows[0].cells[5]).toBe('Bäckerei Müller GmbH');
    expect(rows[2].cells[4]).toBe('Strom Abschlag € 80');
    expect(rows[3].cells[4]).toBe('Kontoführungsgebühr');
  });

  it('reads a Czech Windows-1250 export', async () => {
    const { table, rows } = await readFixture('cz-windows-1250.csv');
    expect(table).toMatchObject({ encoding: 'windows-1250', encodingCertain: true });
    expect(table.headers).toEqual(['Datum', 'Částka', 'Název protiúčtu', 'Zpráva pro příjemce']);
    expect(rows[0].cells[2]).toBe('Žluťoučký kůň s.r.o.');
    expect(rows[1].cells[2]).toBe('Řeznictví Šťastný');
  });

  it('is unsure of a file that is ASCII but for one accented letter, and a chosen character set overrides', async () => {
    const detected = await readFixture('ascii-one-accent-latin1.csv');
    expect(detected.table.encodingCertain).toBe(false);
    expect(['windows-1252', 'ISO-8859-1']).toContain(detected.table.encoding);
    expect(detected.rows[1].cells[1]).toBe('Café Bleu');
    const chosen = await readFixture('ascii-one-accent-latin1.csv', { encoding: 'windows-1250' });
    expect(chosen.table).toMatchObject({ encoding: 'windows-1250', encodingCertain: true });
    expect(chosen.rows[1].cells[1]).toBe('Café Bleu'); // é is the same byte in 1250
  });

  it('drops a UTF-8 byte-order mark (the first header is clean)', async () => {
    const { table, rows } = await readFixture('fr-libelle-debit-credit.csv');
    expect(table).toMatchObject({ encoding: 'UTF-8', encodingCertain: true, delimiter: ';' });
    expect(table.headers[0]).toBe('Date');
    expect(table.headers[2]).toBe('Libellé');
    expect(rows[2].cells[2]).toBe('PRLV SEPA ÉLECTRICITÉ');
  });

  it('decodes UTF-16 little- and big-endian files with a byte-order mark', async () => {
    const le = await readFixture('utf16le-bom-tab.csv');
    expect(le.table).toMatchObject({ encoding: 'UTF-16LE', delimiter: '\t' });
    expect(le.rows.map((r) => r.cells[1])).toEqual(['Café Zürich', 'Łódź Kraków Sp. z o.o.']);
    const be = await readFixture('utf16be-bom.csv');
    expect(be.table.encoding).toBe('UTF-16BE');
    expect(be.rows[0].cells).toEqual(['2024-01-15', 'Café', '-4.50']);
  });

  it('learns the character set of a file whose first 64 KB are ASCII from its later rows', async () => {
    const ascii = 'Date,Payee,Amount\n' + '1/15/2024,PLAIN STORE,-1.00\n'.repeat(3000);
    const latin = Buffer.from('1/16/2024,Caf\xe9 M\xfcller,-2.00\n', 'latin1');
    const table = await readStatement(Readable.from([Buffer.from(ascii), latin]), { filename: 'x.csv' });
    const rows: TableRow[] = [];
    for await (const row of table.rows) rows.push(row);
    expect(rows.at(-1)?.cells[1]).toBe('Café Müller');
    expect(table.encodingCertain).toBe(false);
  });

  it('refuses an unknown chosen character set', async () => {
    const error = await refusal(readFixture('us-bank-single-amount.csv', { encoding: 'klingon' }));
    expect(error.message).toMatch(/Unknown character set "klingon"/);
  });
});

describe('readStatement: OFX, QFX and QIF', () => {
  it('reads an OFX v1 (SGML) statement under fixed headers with FITIDs', async () => {
    const { table, rows } = await readFixture('ofx-v1-sgml.ofx');
    expect(table.fileType).toBe('ofx');
    expect(table.headers).toEqual(['Date', 'Payee', 'Amount', 'Memo', 'Type', 'Check number', 'FITID']);
    expect(rows.map((r) => r.cells)).toEqual([
      ['2024-01-15', 'COFFEE SHOP', '-4.50', 'POS PURCHASE', 'DEBIT', '', '202401150001'],
      ['2024-01-16', 'ACME PAYROLL', '2500.00', '', 'CREDIT', '', '202401160001'],
      ['2024-01-17', 'B&B PLUMBING', '-120.00', 'Check 1001', 'CHECK', '1001', '202401170001'],
      ['2024-01-31', '', '-5.00', 'MONTHLY SERVICE FEE', 'SRVCHG', '', '202401310001'],
    ]);
    expect(rows.map((r) => r.rowNumber)).toEqual([1, 2, 3, 4]);
  });

  it('reads an OFX v2 (XML) statement: entities, a PAYEE aggregate, UTF-8', async () => {
    const { table, rows } = await readFixture('ofx-v2-xml.ofx');
    expect(table.fileType).toBe('ofx');
    expect(rows.map((r) => r.cells.slice(0, 4))).toEqual([
      ['2024-01-15', 'Café Zürich', '-4.50', 'Karte <1234>'],
      ['2024-01-16', 'Employer GmbH', '1500.00', ''],
    ]);
    expect(rows.map((r) => r.cells[6])).toEqual(['X-1', 'X-2']);
  });

  it('reads a QFX credit-card statement', async () => {
    const { table, rows } = await readFixture('qfx-credit-card.qfx');
    expect(table.fileType).toBe('ofx');
    expect(rows.map((r) => [r.cells[0], r.cells[1], r.cells[2], r.cells[6]])).toEqual([
      ['2024-01-10', 'STREAMING SERVICE', '-19.99', 'CC-0001'],
      ['2024-01-25', 'PAYMENT THANK YOU', '200.00', 'CC-0002'],
    ]);
  });

  it('reads a QIF bank file: Quicken dates, splits ignored, account and category lists passed over', async () => {
    const { table, rows } = await readFixture('quicken-bank.qif');
    expect(table.fileType).toBe('qif');
    expect(table.headers).toEqual(['Date', 'Payee', 'Amount', 'Memo', 'Category', 'Number']);
    expect(rows.map((r) => r.cells)).toEqual([
      ['1/15/2024', 'COFFEE SHOP', '-4.50', 'Morning coffee', 'Dining', ''],
      ['01/16/2024', 'ACME PAYROLL', '2,500.00', '', 'Income:Salary', ''],
      ['1/5/2004', 'B&B PLUMBING', '-120.00', '', 'Home:Repairs', '1001'],
    ]);
  });

  it('a .csv holding OFX is read as OFX (content decides)', async () => {
    const { createReadStream: open } = await import('node:fs');
    const table = await readStatement(open(join(FIXTURES, 'ofx-v1-sgml.ofx')), { filename: 'export.csv' });
    expect(table.fileType).toBe('ofx');
  });
});

describe('readStatement: refusals', () => {
  it.each([
    ['png-renamed.csv', 415],
    ['xlsx-renamed.csv', 415],
    ['nul-bytes.csv', 415],
  ])('refuses %s as not a CSV text file', async (name, status) => {
    const error = await refusal(readFixture(name));
    expect(error.message).toBe('This is not a CSV text file.');
    expect(error.statusCode).toBe(status);
  });

  it.each([
    ['PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n')],
    ['GZIP', Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00])],
  ])('refuses a %s file', async (_, bytes) => {
    const error = await refusal(readAll(Readable.from([bytes])));
    expect(error.message).toBe('This is not a CSV text file.');
  });

  it('refuses NUL bytes that come after the first 64 KB', async () => {
    const text = Buffer.from('Date,Payee,Amount\n' + '1/15/2024,STORE,-1.00\n'.repeat(4000));
    const error = await refusal(readAll(Readable.from([text, Buffer.from([0x41, 0, 0x42, 0x0a])])));
    expect(error.message).toBe('This is not a CSV text file.');
  });

  it('answers "The file is empty." for 0 bytes and for blank lines only', async () => {
    expect((await refusal(readFixture('empty.csv'))).message).toBe('The file is empty.');
    expect((await refusal(readAll(Readable.from([Buffer.from('\r\n \r\n')])))).message).toBe('The file is empty.');
  });

  it('answers a clear message for a header row without transactions', async () => {
    expect((await refusal(readFixture('header-only.csv'))).message).toBe(
      'The file has a header row but no transactions.',
    );
  });

  it('refuses a file over 10 MB with 413 while streaming, having read no more than the limit and one chunk', async () => {
    let pulled = 0;
    const chunk = Buffer.from(`1/15/2024,${'STORE '.repeat(20)},-1.00\n`.repeat(500)); // 10 MB in fewer than 200,000 rows
    const endless = Readable.from(
      (function* () {
        yield Buffer.from('Date,Payee,Amount\n');
        for (;;) {
          pulled += chunk.length;
          yield chunk;
        }
      })(),
    );
    const error = await refusal(readAll(endless));
    expect(error).toMatchObject({ statusCode: 413, message: 'The file is larger than 10 MB.' });
    expect(pulled).toBeLessThanOrEqual(IMPORT_LIMITS.maxFileBytes + 2 * chunk.length);
  });

  it('refuses a file of 200,001 rows and reads 200,000', async () => {
    const row = '1/1/24,A,1\n';
    const make = (rows: number) =>
      Readable.from(
        (function* () {
          yield Buffer.from('D,P,A\n');
          for (let i = 0; i < rows; i += 10_000) yield Buffer.from(row.repeat(Math.min(10_000, rows - i)));
        })(),
      );
    expect(await readAll(make(IMPORT_LIMITS.maxRows))).toHaveLength(IMPORT_LIMITS.maxRows);
    const error = await refusal(readAll(make(IMPORT_LIMITS.maxRows + 1)));
    expect(error).toMatchObject({ statusCode: 400, message: 'The file has more than 200,000 rows.' });
  });

  it('refuses more than 200 columns and a cell over 10,000 characters', async () => {
    const wide = Array.from({ length: 201 }, (_, i) => `c${i}`).join(',') + '\n' + '1,'.repeat(200) + '1\n';
    expect((await refusal(readAll(Readable.from([Buffer.from(wide)])))).message).toBe(
      'The file has more than 200 columns.',
    );
    const long = `Date,Payee,Amount\n1/1/24,${'x'.repeat(10_001)},1\n`;
    expect((await refusal(readAll(Readable.from([Buffer.from(long)])))).message).toBe(
      'Row 2 has a cell longer than 10,000 characters.',
    );
  });

  it('refuses an unclosed quote that swallows the file instead of holding it, naming the row', async () => {
    const text = 'Date,Payee,Amount\n1/1/24,"open,1\n' + '1/2/24,B,2\n'.repeat(400_000);
    const error = await refusal(readAll(Readable.from([Buffer.from(text)])));
    expect(error.message).toMatch(/^Row 2 is too long \(a quote never closed\?\)|^Row 2 has a cell longer than 10,000/);
  });
});

describe('readStatement: a file without a header row, unannounced', () => {
  it('takes a first record holding a date and an amount as data; a header row stays a header row', async () => {
    const { table, rows } = await readFixture('headerless.csv');
    expect(table).toMatchObject({ hasHeader: false, headers: ['#1', '#2', '#3', '#4'] });
    expect(rows).toHaveLength(3);
    expect((await readFixture('us-bank-single-amount.csv')).table.hasHeader).toBe(true);
    expect((await readFixture('headerless.csv', { hasHeader: true })).table.headers[0]).toBe('15/01/2024');
  });
});
