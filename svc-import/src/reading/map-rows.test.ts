import { Readable } from 'node:stream';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { MappingConfig } from '@hf/contracts';
import { StatementError } from '../domain/statement';
import { detectMapping } from './detect-mapping';
import { mapRows, type MappedResult } from './map-rows';
import { readStatement, type ReadStatementOptions } from './read-statement';

const TODAY = '2024-06-15';
const FIXTURES = join(__dirname, '../../test/fixtures');

/** Reads a fixture, detects its columns from the header and first rows, and maps it. */
async function importFixture(
  name: string,
  overrides: Partial<MappingConfig> = {},
  options: Partial<ReadStatementOptions> = {},
) {
  const sampleTable = await readStatement(createReadStream(join(FIXTURES, name)), { filename: name, ...options });
  const sample = await mapRows(sampleTable, detectMapping(sampleTable.headers, []), { today: TODAY, keepRows: false });
  const mapping = { ...detectMapping(sampleTable.headers, sample.preview), ...overrides };
  const table = await readStatement(createReadStream(join(FIXTURES, name)), { filename: name, ...options });
  return { mapping, result: await mapRows(table, mapping, { today: TODAY }) };
}

async function mapText(text: string, mapping: Partial<MappingConfig>, keepRows = true): Promise<MappedResult> {
  const table = await readStatement(Readable.from([Buffer.from(text)]), { filename: 'x.csv' });
  const full: MappingConfig = { date: 'Date', payee: 'Payee', amount_type: 'single', amount: 'Amount', ...mapping };
  return mapRows(table, full, { today: TODAY, keepRows });
}

const brief = (r: MappedResult) => r.rows.map((row) => [row.date, row.payee, row.amountCents]);

describe('mapRows on real-looking exports', () => {
  it('US bank, single amounts: every amount style, the blank payee takes the memo, two identical coffees both kept', async () => {
    const { result } = await importFixture('us-bank-single-amount.csv');
    expect(brief(result)).toEqual([
      ['2024-01-15', 'COFFEE SHOP', -450],
      ['2024-01-15', 'COFFEE SHOP', -450],
      ['2024-01-16', 'ACME PAYROLL, INC.', 123456],
      ['2024-01-17', 'GROCERY MART', -5210],
      ['2024-01-18', 'GAS STATION', -4000],
      ['2024-01-19', 'REFUND STORE', 1200],
      ['2024-01-20', 'ELECTRIC CO', -8820],
      ['2024-02-01', 'MONTHLY FEE', -100],
    ]);
    expect(result.rows[0]).toMatchObject({ rowNumber: 2, category: 'Dining', notes: 'card 1234', fitid: null });
    expect(result).toMatchObject({ totalRows: 8, skipped: [], decimalSeparator: '.', dateOrder: 'MDY' });
    expect(result.preview).toHaveLength(8);
  });

  it('US card, debit and credit columns: amount = credit - debit', async () => {
    const { result } = await importFixture('us-bank-debit-credit.csv');
    expect(brief(result)).toEqual([
      ['2024-01-15', 'COFFEE SHOP', -450],
      ['2024-01-16', 'ONLINE PAYMENT', 50000],
      ['2024-01-17', 'BOOKSTORE', -102000],
    ]);
    expect(result.dateOrder).toBe('YMD');
  });

  it('German Windows-1252 with decimal commas and dd.mm.yy: the fee without a payee takes the Verwendungszweck', async () => {
    const { result } = await importFixture('de-sparkasse-windows-1252.csv');
    expect(brief(result)).toEqual([
      ['2024-01-15', 'Bäckerei Müller GmbH', -450],
      ['2024-01-16', 'Arbeitgeber AG', 234567],
      ['2024-01-17', 'Stadtwerke Köln', -8000],
      ['2024-01-31', 'Kontoführungsgebühr', -590],
    ]);
    expect(result).toMatchObject({ decimalSeparator: ',', dateOrder: 'DMY', skipped: [] });
  });

  it('Dutch ING with Af Bij: Af is money out, Bij money in; yyyymmdd dates', async () => {
    const { result } = await importFixture('nl-ing-af-bij.csv');
    expect(brief(result)).toEqual([
      ['2024-01-15', 'Albert Heijn 1234', -2345],
      ['2024-01-16', 'Werkgever BV', 250000],
      ['2024-01-17', 'Kosten OranjePakket', -150],
    ]);
    expect(result.decimalSeparator).toBe(',');
  });

  it('French Libellé / Débit / Crédit with a space as thousands separator', async () => {
    const { result } = await importFixture('fr-libelle-debit-credit.csv');
    expect(brief(result)).toEqual([
      ['2024-01-15', 'CB BOULANGERIE DU COIN', -320],
      ['2024-01-16', 'VIR SALAIRE JANVIER', 210000],
      ['2024-01-17', 'PRLV SEPA ÉLECTRICITÉ', -6412],
    ]);
    expect(result).toMatchObject({ decimalSeparator: ',', dateOrder: 'DMY' });
  });

  it('Czech Windows-1250', async () => {
    const { result } = await importFixture('cz-windows-1250.csv', { payee: 'Název protiúčtu', amount: 'Částka' });
    expect(brief(result)[0]).toEqual(['2024-01-15', 'Žluťoučký kůň s.r.o.', -125000]);
    expect(brief(result)[2]).toEqual(['2024-01-17', 'Zaměstnavatel a.s.', 2500000]);
  });

  it('a file without a header row, mapped by position', async () => {
    const { mapping, result } = await importFixture('headerless.csv', {}, { hasHeader: false });
    expect(mapping).toMatchObject({ date: '#1', amount: '#2', payee: '#3' });
    expect(brief(result)).toEqual([
      ['2024-01-15', 'COFFEE SHOP DOWNTOWN', -1250],
      ['2024-01-16', 'PAYROLL ACME', 250000],
      ['2024-01-17', 'ELECTRIC COMPANY', -8000],
    ]);
    expect(result.rows[0].rowNumber).toBe(1);
  });

  it('UTF-16 LE', async () => {
    const { result } = await importFixture('utf16le-bom-tab.csv');
    expect(brief(result)).toEqual([
      ['2024-01-15', 'Café Zürich', -450],
      ['2024-01-16', 'Łódź Kraków Sp. z o.o.', -1200],
    ]);
  });

  it('OFX v1: FITIDs kept, the fee without a NAME takes its MEMO', async () => {
    const { mapping, result } = await importFixture('ofx-v1-sgml.ofx');
    expect(mapping).toMatchObject({
      date: 'Date',
      payee: 'Payee',
      amount: 'Amount',
      notes: 'Memo',
      payee_fallback: 'Memo',
    });
    expect(result.rows.map((r) => [r.date, r.payee, r.amountCents, r.fitid])).toEqual([
      ['2024-01-15', 'COFFEE SHOP', -450, '202401150001'],
      ['2024-01-16', 'ACME PAYROLL', 250000, '202401160001'],
      ['2024-01-17', 'B&B PLUMBING', -12000, '202401170001'],
      ['2024-01-31', 'MONTHLY SERVICE FEE', -500, '202401310001'],
    ]);
  });

  it('OFX v2 and QFX', async () => {
    expect(brief((await importFixture('ofx-v2-xml.ofx')).result)).toEqual([
      ['2024-01-15', 'Café Zürich', -450],
      ['2024-01-16', 'Employer GmbH', 150000],
    ]);
    const qfx = (await importFixture('qfx-credit-card.qfx')).result;
    expect(qfx.rows.map((r) => r.fitid)).toEqual(['CC-0001', 'CC-0002']);
  });

  it('QIF: Quicken dates, categories', async () => {
    const { result } = await importFixture('quicken-bank.qif');
    expect(result.rows.map((r) => [r.date, r.payee, r.amountCents, r.category])).toEqual([
      ['2024-01-15', 'COFFEE SHOP', -450, 'Dining'],
      ['2024-01-16', 'ACME PAYROLL', 250000, 'Income:Salary'],
      ['2004-01-05', 'B&B PLUMBING', -12000, 'Home:Repairs'],
    ]);
  });

  it('formula cells are imported as text, never evaluated', async () => {
    const { result } = await importFixture('proto-formula-headers.csv');
    expect(result.rows.map((r) => r.payee)).toEqual([
      '=HYPERLINK("http://evil.example","click")',
      '@SUM(1)',
      "+cmd|' /C calc'!A0",
    ]);
  });
});

describe('mapRows: skipped rows', () => {
  it('skips bad amounts and impossible dates with reasons naming the value, row numbers counting the header', async () => {
    const { result } = await importFixture('bad-amounts-dates.csv');
    expect(result.skipped.map((s) => [s.row_number, s.reason])).toEqual([
      [2, 'Invalid amount "--12"'],
      [3, 'Invalid amount "1e3"'],
      [4, 'Invalid amount "NaN"'],
      [5, 'Invalid amount "12,3,4"'],
      [6, 'Amount "1.234" has more than 2 decimals'],
      [7, 'Invalid date "2/30/2024"'],
      [8, 'Invalid date "13/01/2024"'],
      [10, 'Missing date'],
      [11, 'Missing payee'],
      [12, 'Amount "99999999999999.00" is too large'],
    ]);
    expect(result.skipped[6].data).toEqual(['13/01/2024', 'DAY FIRST', '-6.00']);
    expect(brief(result)).toEqual([['2024-01-16', 'GOOD ROW', -700]]);
    expect(result).toMatchObject({ totalRows: 11, dateOrder: 'MDY' });
  });

  it('the analysis variant keeps no rows but the same skipped rows, counts and preview', async () => {
    const text = 'Date,Payee,Amount\n1/15/2024,A,-1.00\n2/30/2024,B,-2.00\n1/16/2024,,-3.00\n';
    const kept = await mapText(text, {});
    const analysed = await mapText(text, {}, false);
    expect(analysed.rows).toEqual([]);
    expect(analysed.skipped).toEqual(kept.skipped);
    expect(analysed).toMatchObject({ totalRows: 3, preview: kept.preview, decimalSeparator: '.', dateOrder: 'MDY' });
  });

  it('the analysis variant of a day-first file: the rows skipped under the settled order and separator, with their cells, empty ones too', async () => {
    const text = [
      'Date;Payee;Amount;Memo;',
      '13.01.2024;A;-1.234,56;;',
      '14.01.2024;B;-2,00;x;',
      '01/13/2024;C;-3,00;;',
      '15.01.2024;D;1.000;;',
      '16.01.2024;E;12.34.5;;',
    ].join('\n');
    const mapping = { amount: 'Amount', notes: 'Memo' };
    const kept = await mapText(text, mapping);
    const analysed = await mapText(text, mapping, false);
    expect(kept.skipped.map((s) => [s.row_number, s.reason, s.data])).toEqual([
      [4, 'Invalid date "01/13/2024"', ['01/13/2024', 'C', '-3,00', '', '']],
      [6, 'Invalid amount "12.34.5"', ['16.01.2024', 'E', '12.34.5', '', '']],
    ]);
    expect({ ...analysed, rows: kept.rows }).toEqual(kept);
    expect(kept).toMatchObject({ dateOrder: 'DMY', decimalSeparator: ',' });
  });

  it.each([
    'us-bank-single-amount.csv',
    'bad-amounts-dates.csv',
    'decimal-ambiguous.csv',
    'de-sparkasse-windows-1252.csv',
    'uk-debit-amount-credit-amount.csv',
    'card-cr-dr-type.csv',
    'unclosed-quote.csv',
    'nl-ing-af-bij.csv',
    'ofx-v2-cdata.ofx',
    'quicken-no-payee.qif',
    'camt053-v08.xml',
  ])('the analysis variant of %s: everything but the rows as the import reads it', async (name) => {
    const read = () => readStatement(createReadStream(join(FIXTURES, name)), { filename: name });
    const first = await read();
    const mapping = detectMapping(first.headers, []);
    const kept = await mapRows(first, mapping, { today: TODAY });
    const analysed = await mapRows(await read(), mapping, { today: TODAY, keepRows: false });
    expect(kept.rows.length).toBeGreaterThan(0);
    expect(kept.rows.length + kept.skipped.length).toBe(kept.totalRows);
    expect({ ...analysed, rows: kept.rows }).toEqual(kept);
  });
});

describe('mapRows: the file decides the date order and the decimal separator', () => {
  it('DMY when a day over 12 shows it; MDY preferred when both orders work', async () => {
    expect((await mapText('Date,Payee,Amount\n01/02/2024,A,1\n13/02/2024,B,1\n', {})).dateOrder).toBe('DMY');
    const both = await mapText('Date,Payee,Amount\n01/02/2024,A,1\n03/04/2024,B,1\n', {});
    expect(both.dateOrder).toBe('MDY');
    expect(both.rows[0].date).toBe('2024-01-02');
  });

  it('the order with fewer impossible dates wins, the others are skipped; a chosen order overrides', async () => {
    const text = 'Date,Payee,Amount\n1/15/2024,A,1\n1/16/2024,B,1\n15/01/2024,C,1\n';
    const auto = await mapText(text, {});
    expect(auto.dateOrder).toBe('MDY');
    expect(auto.skipped.map((s) => s.reason)).toEqual(['Invalid date "15/01/2024"']);
    const dmy = await mapText(text, { date_order: 'DMY' });
    expect(dmy.dateOrder).toBe('DMY');
    expect(dmy.skipped).toHaveLength(2);
    expect(dmy.rows.map((r) => r.date)).toEqual(['2024-01-15']);
  });

  it('a date without a year is in the year of today', async () => {
    expect((await mapText('Date,Payee,Amount\n3/4,A,1\n', {})).rows[0].date).toBe('2024-03-04');
  });

  it('decimal commas only when the file is unambiguous; 1,234-only files are ambiguous and never 100 times too big', async () => {
    const comma = await mapText('Date,Payee,Amount\n2024-01-01,A,"12,34"\n2024-01-02,B,"-5,00"\n', {});
    expect(comma).toMatchObject({ decimalSeparator: ',' });
    expect(comma.rows.map((r) => r.amountCents)).toEqual([1234, -500]);
    const dot = await mapText('Date,Payee,Amount\n2024-01-01,A,12.34\n2024-01-02,B,"1,234"\n', {});
    expect(dot.rows.map((r) => r.amountCents)).toEqual([1234, 123400]);
    const { result } = await importFixture('decimal-ambiguous.csv');
    expect(result.decimalSeparator).toBe('ambiguous');
    expect(result.rows.map((r) => r.amountCents)).toEqual([123400, 250000]);
    const chosen = await mapText('Date,Payee,Amount\n2024-01-01,A,"1,234"\n', { decimal_separator: ',' });
    expect(chosen.skipped[0].reason).toBe('Amount "1,234" has more than 2 decimals');
  });

  it('a minority of amounts written the other way is skipped, not read 100 times too big', async () => {
    const result = await mapText(
      'Date,Payee,Amount\n2024-01-01,A,"12,34"\n2024-01-02,B,"5,00"\n2024-01-03,C,7.50\n',
      {},
    );
    expect(result.decimalSeparator).toBe(',');
    expect(result.rows.map((r) => r.amountCents)).toEqual([1234, 500]);
    expect(result.skipped.map((s) => s.reason)).toEqual(['Invalid amount "7.50"']);
  });
});

describe('mapRows: signs', () => {
  it('flip sign negates every amount', async () => {
    const result = await mapText('Date,Payee,Amount\n2024-01-01,Shop,12.00\n2024-01-02,Refund,-3.00\n', {
      flip_sign: true,
    });
    expect(result.rows.map((r) => r.amountCents)).toEqual([-1200, 300]);
  });

  it('an indicator column: DR (or D, Debit, Af, S) negates, CR keeps; an unknown mark skips the row', async () => {
    const text =
      'Date,Payee,Amount,Mark\n2024-01-01,A,12.00,DR\n2024-01-02,B,12.00,cr\n2024-01-03,C,-12.00,CR\n2024-01-04,D,5.00,Debit\n2024-01-05,E,5.00,XX\n2024-01-06,F,5.00,\n';
    const result = await mapText(text, { indicator: 'Mark' });
    expect(result.rows.map((r) => r.amountCents)).toEqual([-1200, 1200, 1200, -500, 500]);
    expect(result.skipped.map((s) => s.reason)).toEqual(['Unknown debit/credit mark "xx"']);
  });

  it('double mode: blank is 0, debits written negative are still money out, both blank skips', async () => {
    const text =
      'Date,Payee,Debit,Credit\n2024-01-01,A,12.00,\n2024-01-02,B,,30.00\n2024-01-03,C,-4.00,\n2024-01-04,D,,\n';
    const result = await mapText(text, { amount_type: 'double', amount: null, debit: 'Debit', credit: 'Credit' });
    expect(result.rows.map((r) => r.amountCents)).toEqual([-1200, 3000, -400]);
    expect(result.skipped.map((s) => s.reason)).toEqual(['Missing amount']);
  });
});

describe('mapRows: the mapping', () => {
  it('refers to columns by header text or by position', async () => {
    const result = await mapText('Date,Payee,Amount\n2024-01-01,Shop,1.00\n', {
      date: '#1',
      payee: 'Payee',
      amount: '#3',
    });
    expect(brief(result)).toEqual([['2024-01-01', 'Shop', 100]]);
  });

  it('a column the file does not have is a clear refusal', async () => {
    await expect(mapText('Date,Payee,Amount\n2024-01-01,Shop,1.00\n', { payee: 'Empfänger' })).rejects.toThrow(
      new StatementError('The column "Empfänger" is not in the file.'),
    );
  });

  it('payee, category and notes are trimmed, NFC, single-spaced', async () => {
    const result = await mapText(
      'Date,Payee,Amount,Category,Notes\n2024-01-01,"  Cafe\u0301   Bleu ",1.00," Dining ","a\n b"\n',
      { category: 'Category', notes: 'Notes' },
    );
    expect(result.rows[0]).toMatchObject({ payee: 'Café Bleu', category: 'Dining', notes: 'a b' });
  });
});
