/**
 * Real exports that read wrong by default before: each fixture reproduces one bank's file, read
 * as the analysis reads it (the file, the first rows, the detected columns) and then mapped.
 * Expected amounts are the file's numbers written out by hand, in cents.
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { MappingConfig } from '@hf/contracts';
import { detectColumns } from './detect-mapping';
import { mapRows } from './map-rows';
import { readStatement, type ReadStatementOptions } from './read-statement';
import { sampleRows } from './sample-rows';

const TODAY = '2024-06-15';
const FIXTURES = join(__dirname, '../../test/fixtures');

async function analyse(
  name: string,
  overrides: Partial<MappingConfig> = {},
  options: Partial<ReadStatementOptions> = {},
) {
  const read = await readStatement(createReadStream(join(FIXTURES, name)), { filename: name, ...options });
  const { sample, table } = await sampleRows(read, 20);
  const detection = detectColumns(table.headers, sample);
  const mapping = { ...detection.mapping, ...overrides };
  const result = await mapRows(table, mapping, { today: TODAY });
  return { table, detection, mapping, result };
}

const brief = (r: { rows: { date: string; payee: string; amountCents: number }[] }) =>
  r.rows.map((row) => [row.date, row.payee, row.amountCents]);

const reasonOf = (d: { reasons: { field: string; reason: string; certain: boolean }[] }, field: string) =>
  d.reasons.find((r) => r.field === field);

describe('detection prefers what the values and names make most likely', () => {
  it('"Debit Amount" and "Credit Amount" are double mode: payments negative, credits positive, none skipped', async () => {
    const { detection, result } = await analyse('uk-debit-amount-credit-amount.csv');
    expect(detection.mapping).toMatchObject({
      date: 'Transaction Date',
      payee: 'Transaction Description',
      amount_type: 'double',
      debit: 'Debit Amount',
      credit: 'Credit Amount',
      amount: null,
    });
    expect(brief(result)).toEqual([
      ['2024-01-02', 'TESCO STORES 3042', -2345],
      ['2024-01-03', 'ACME LTD SALARY', 210000],
      ['2024-01-04', 'BRITISH GAS', -6400],
      ['2024-01-15', 'RENT J SMITH', -95000],
    ]);
    expect(result.skipped).toEqual([]);
    expect(reasonOf(detection, 'amount_type')?.reason).toBe(
      'Separate debit and credit columns ("Debit Amount", "Credit Amount"): payments negative, credits positive.',
    );
  });

  it('"Gross" over "Shipping and Handling Amount", "Insurance Amount", "Fee" and "Balance", with the reason', async () => {
    const { detection, result } = await analyse('paypal-gross-shipping.csv');
    expect(detection.mapping).toMatchObject({ date: 'Date', payee: 'Name', amount: 'Gross', amount_type: 'single' });
    expect(brief(result)).toEqual([
      ['2024-01-15', 'Coffee Roasters Inc', -2499],
      ['2024-01-16', 'Jane Doe', 4000],
      ['2024-01-18', 'Book Barn', -3150],
    ]);
    const amount = reasonOf(detection, 'amount');
    expect(amount).toEqual({
      field: 'amount',
      column: 'Gross',
      reason: '"Gross" is named like an amount and holds amounts. Preferred to "Net" by its name.',
      certain: false,
    });
  });

  it('a date column holds dates: "Posted On" over "Year to Date Fees", and the page is told why', async () => {
    const { detection, result } = await analyse('card-ytd-fees-column.csv');
    expect(detection.mapping).toMatchObject({ date: 'Posted On', amount: 'Amount', payee: 'Payee' });
    expect(reasonOf(detection, 'date')).toEqual({
      field: 'date',
      column: 'Posted On',
      reason: '"Posted On" holds dates (no header names a date). "Year to Date Fees": named so, but not holding dates.',
      certain: false,
    });
    expect(brief(result)).toEqual([
      ['2024-01-15', 'COFFEE SHOP', -450],
      ['2024-01-16', 'ONLINE PAYMENT THANK YOU', 25000],
      ['2024-01-20', 'LATE FEE', -3500],
    ]);
  });

  it('a plain file is detected with certainty: every reason certain', async () => {
    const { detection } = await analyse('us-bank-single-amount.csv');
    expect(detection.reasons.filter((r) => !r.certain)).toEqual([]);
    expect(reasonOf(detection, 'date')?.reason).toBe('"Date" is named like a date and holds dates.');
  });
});

describe('lines before the header row', () => {
  it('a summary of 5 lines and a blank one: the header is row 7, the summary is not read', async () => {
    const { table, detection, result } = await analyse('us-summary-lines-before-header.csv');
    expect(table.headerRow).toBe(7);
    expect(table.headers).toEqual(['Date', 'Description', 'Amount', 'Running Bal.']);
    expect(detection.mapping).toMatchObject({ date: 'Date', payee: 'Description', amount: 'Amount' });
    expect(brief(result)).toEqual([
      ['2024-01-03', 'PAYROLL ACME CORP', 250000],
      ['2024-01-05', 'GROCERY MART #1234', -8412],
      ['2024-01-09', 'ELECTRIC CO', -15044],
    ]);
    // The bank's own opening-balance line has no amount: shown, not imported.
    expect(result.skipped.map((s) => [s.row_number, s.reason])).toEqual([[8, 'Missing amount']]);
  });

  it('the mapping may name the header row', async () => {
    const { table } = await analyse('us-summary-lines-before-header.csv', {}, { headerRow: 1 });
    expect(table.headers).toEqual(['Description', '#2', 'Summary Amt.']);
    expect(table.headerRow).toBe(1);
  });

  it('German DKB: account, period and balance lines before the header; a one-row statement dated 02.03.2018 is 2 March', async () => {
    const { table, detection, result } = await analyse('de-dkb-lines-before-header-one-row.csv');
    expect(table.delimiter).toBe(';');
    expect(table.headerRow).toBe(7);
    expect(detection.mapping).toMatchObject({
      date: 'Buchungstag',
      payee: 'Auftraggeber / Begünstigter',
      amount: 'Betrag (EUR)',
    });
    expect(brief(result)).toEqual([['2018-03-02', 'Stadtwerke Musterstadt', -5800]]);
    expect(result.dateOrder).toBe('DMY');
    // Day first by the dots, not proven by the file: the page shows the choice.
    expect(result.dateOrderAmbiguous).toBe('02.03.2018');
  });

  it('a headerless file whose first line is an account record: the record is skipped, the columns offered by position', async () => {
    const { table, detection, result } = await analyse('headerless-account-record.csv');
    expect(table).toMatchObject({ hasHeader: false, headerRow: 2, headers: ['#1', '#2', '#3', '#4'] });
    expect(detection.mapping).toMatchObject({ date: '#1', amount: '#3', payee: '#2', has_header: false });
    expect(brief(result)).toEqual([
      ['2024-01-15', 'COFFEE SHOP DOWNTOWN', -450],
      ['2024-01-16', 'PAYROLL ACME', 250000],
      ['2024-01-17', 'GROCERY MART', -8412],
    ]);
    expect(result.rows.map((r) => r.rowNumber)).toEqual([2, 3, 4]);
  });
});

describe('line endings and quotes', () => {
  const expected = [
    ['2024-01-15', 'COFFEE SHOP', -450],
    ['2024-01-16', 'BOOK STORE', -1200],
    ['2024-01-17', 'PAYROLL', 250000],
  ];

  it('CR alone (older Mac exports) reads one record per line', async () => {
    const { result } = await analyse('mac-cr-line-endings.csv');
    expect(brief(result)).toEqual(expected);
    expect(result.rows.map((r) => r.rowNumber)).toEqual([2, 3, 4]);
  });

  it('CR CR LF reads one record per line, no CR left in a cell', async () => {
    const { result, table } = await analyse('cr-cr-lf-line-endings.csv');
    expect(table.headers).toEqual(['Date', 'Payee', 'Amount']);
    expect(brief(result)).toEqual(expected);
    expect(result.rows.map((r) => r.rowNumber)).toEqual([2, 3, 4]);
  });

  it('a quote never closed: its row is reported with the reason, the rows after it are kept', async () => {
    const { result } = await analyse('unclosed-quote.csv');
    expect(brief(result)).toEqual([
      ['2024-01-15', 'COFFEE SHOP', -450],
      ['2024-01-17', 'BOOK STORE', -1200],
      ['2024-01-18', 'PAYROLL', 250000],
    ]);
    expect(result.rows.map((r) => r.rowNumber)).toEqual([2, 4, 5]);
    expect(result.skipped).toEqual([
      {
        row_number: 3,
        reason: 'A quote is never closed in this row (the rows after it are read on their own)',
        data: ['1/16/2024', '"JOE\'S DINER', '-18.20', 'card 1234'],
      },
    ]);
  });
});

describe('CR/DR indicator', () => {
  it('a column of CR/DR marks is the indicator by its values; CR is positive, DR negative, whatever the sign', async () => {
    const { detection, result } = await analyse('card-cr-dr-type.csv');
    expect(detection.mapping).toMatchObject({ indicator: 'Type', amount: 'Amount' });
    expect(reasonOf(detection, 'indicator')?.reason).toBe(
      '"Type" holds only CR/DR marks (no header names a CR/DR indicator).',
    );
    const cents = [-450, 50000, -1200, 1200];
    expect(result.rows.map((r) => r.amountCents)).toEqual(cents);
  });

  it('flip sign does not turn a mark back: a card payment marked CR stays a payment in', async () => {
    const { result } = await analyse('card-cr-dr-type.csv', { flip_sign: true });
    expect(result.rows.map((r) => r.amountCents)).toEqual([-450, 50000, -1200, 1200]);
  });
});
