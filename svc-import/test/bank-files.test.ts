/**
 * Real banks' exports end to end through the routes: analysis detects the columns by itself
 * (headers in several languages, no header row, a CR/DR column, decimal commas, a blank payee
 * taking the description), the reconcile answer under the detected mapping, the commit, and the
 * ledger's balance against sums written by hand from the files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { account, importStackForFile, openAccount, registerRows, upload, type Json } from './helpers';

const stack = importStackForFile('2024-03-31');

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));

interface Case {
  file: string;
  rows: number;
  /** The rows' sum in cents, added up by hand from the file. */
  sumCents: number;
  /** Payees the register must hold (blank payee cells take the description). */
  payees: string[];
}

const CASES: Case[] = [
  {
    file: 'headerless.csv',
    rows: 3,
    sumCents: -1250 + 250000 - 8000,
    payees: ['COFFEE SHOP DOWNTOWN', 'PAYROLL ACME', 'ELECTRIC COMPANY'],
  },
  {
    file: 'nl-ing-af-bij.csv',
    rows: 3,
    sumCents: -2345 + 250000 - 150,
    payees: ['Albert Heijn 1234', 'Werkgever BV', 'Kosten OranjePakket'],
  },
  {
    file: 'fr-libelle-debit-credit.csv',
    rows: 3,
    sumCents: -320 + 210000 - 6412,
    payees: ['CB BOULANGERIE DU COIN', 'VIR SALAIRE JANVIER', 'PRLV SEPA ÉLECTRICITÉ'],
  },
  {
    file: 'us-bank-debit-credit.csv',
    rows: 3,
    sumCents: -450 + 50000 - 102000,
    payees: ['COFFEE SHOP', 'ONLINE PAYMENT', 'BOOKSTORE'],
  },
  {
    file: 'de-sparkasse-windows-1252.csv',
    rows: 4,
    sumCents: -450 + 234567 - 8000 - 590,
    payees: ['Bäckerei Müller GmbH', 'Arbeitgeber AG', 'Stadtwerke Köln', 'Kontoführungsgebühr'],
  },
  // Files that read wrong by default before (docs/rules/import.md, Reading and Detection).
  {
    file: 'uk-debit-amount-credit-amount.csv',
    rows: 4,
    sumCents: -2345 + 210000 - 6400 - 95000,
    payees: ['TESCO STORES 3042', 'ACME LTD SALARY', 'BRITISH GAS', 'RENT J SMITH'],
  },
  {
    file: 'paypal-gross-shipping.csv',
    rows: 3,
    sumCents: -2499 + 4000 - 3150,
    payees: ['Coffee Roasters Inc', 'Jane Doe', 'Book Barn'],
  },
  {
    file: 'card-ytd-fees-column.csv',
    rows: 3,
    sumCents: -450 + 25000 - 3500,
    payees: ['COFFEE SHOP', 'ONLINE PAYMENT THANK YOU', 'LATE FEE'],
  },
  { file: 'de-dkb-lines-before-header-one-row.csv', rows: 1, sumCents: -5800, payees: ['Stadtwerke Musterstadt'] },
  {
    file: 'headerless-account-record.csv',
    rows: 3,
    sumCents: -450 + 250000 - 8412,
    payees: ['COFFEE SHOP DOWNTOWN', 'PAYROLL ACME', 'GROCERY MART'],
  },
  {
    file: 'mac-cr-line-endings.csv',
    rows: 3,
    sumCents: -450 - 1200 + 250000,
    payees: ['COFFEE SHOP', 'BOOK STORE', 'PAYROLL'],
  },
  {
    file: 'cr-cr-lf-line-endings.csv',
    rows: 3,
    sumCents: -450 - 1200 + 250000,
    payees: ['COFFEE SHOP', 'BOOK STORE', 'PAYROLL'],
  },
  {
    file: 'card-cr-dr-type.csv',
    rows: 4,
    sumCents: -450 + 50000 - 1200 + 1200,
    payees: ['COFFEE SHOP', 'ONLINE PAYMENT THANK YOU', 'BOOK STORE', 'REFUND BOOK STORE'],
  },
];

describe.each(CASES)('$file', ({ file, rows, sumCents, payees }) => {
  test('detected, reconciled and imported to the cent', async () => {
    const householdId = 100 + CASES.findIndex((c) => c.file === file);
    const ledger = stack.ledgerAs(householdId);
    const call = stack.reportsAs(householdId);
    const accountId = await openAccount(ledger, 'Bank', 0);

    const analysis = await upload(call, '/api/import/analyze', fixture(file), { filename: file });
    expect(analysis.status).toBe(200);
    expect(analysis.body.skipped_rows).toEqual([]);
    expect(analysis.body.total_rows).toBe(rows);

    const mapping = analysis.body.detected_mapping;
    const data = await upload(call, `/api/import/${accountId}`, fixture(file), { filename: file, mapping });
    expect(data.status).toBe(200);
    expect(data.body).toMatchObject({ matched: [], duplicates: [], skipped_rows: [] });
    expect(data.body.new).toHaveLength(rows);

    const created = await call(
      'POST',
      `/api/import/${accountId}/import_new`,
      {
        transactions: data.body.new.map((r: Json) => ({
          date: r.date,
          payee: r.payee,
          amount: r.amount,
          notes: r.notes,
          fitid: r.fitid,
        })),
        category_id: null,
      },
      { 'idempotency-key': `bank-${file}` },
    );
    expect(created.status).toBe(200);
    const register = await registerRows(ledger, accountId);
    expect(register.map((r: Json) => r.payee).sort()).toEqual([...payees].sort());
    expect(register.every((r: Json) => r.status === 'x')).toBe(true);
    const balance = (await account(ledger, accountId)).balance;
    expect(Math.round(balance * 100)).toBe(sumCents);
  });
});

test('a description longer than a payee may be: the payee keeps its start, the notes the whole text', async () => {
  const ledger = stack.ledgerAs(120);
  const call = stack.reportsAs(120);
  const accountId = await openAccount(ledger, 'Card', 0);
  const long = `POS PURCHASE ${'MERCHANT NAME WITH A VERY LONG REFERENCE '.repeat(8)}`.trim();
  const csv = `Date,Description,Amount\n03/04/2024,${long},-9.99\n`;
  const mapping = { date: 'Date', payee: 'Description', amount_type: 'single', amount: 'Amount' };
  const data = await upload(call, `/api/import/${accountId}`, csv, { mapping });
  expect(data.status).toBe(200);
  const [row] = data.body.new;
  expect(Array.from(row.payee as string)).toHaveLength(200);
  expect(long.startsWith(row.payee)).toBe(true);
  expect(row.notes).toBe(long);
  const created = await call(
    'POST',
    `/api/import/${accountId}/import_new`,
    { transactions: [{ date: row.date, payee: row.payee, amount: row.amount, notes: row.notes }] },
    { 'idempotency-key': 'long-payee' },
  );
  expect(created.status).toBe(200);
  expect((await registerRows(ledger, accountId))[0]).toMatchObject({ payee: row.payee, notes: long, amount: -9.99 });
});

test('the analysis answers where the table starts, the evidence of each choice and a date order the file cannot settle', async () => {
  const call = stack.reportsAs(121);
  const summary = await upload(call, '/api/import/analyze', fixture('us-summary-lines-before-header.csv'), {
    filename: 'us-summary-lines-before-header.csv',
  });
  expect(summary.status).toBe(200);
  expect(summary.body).toMatchObject({
    header_row: 7,
    headers: ['Date', 'Description', 'Amount', 'Running Bal.'],
    total_rows: 4,
    skipped_rows: [{ row_number: 8, reason: 'Missing amount' }],
    // Every day is 12 or less: month first by default, and the page offers the choice.
    date_order: 'MDY',
    date_order_ambiguous: '01/03/2024',
  });
  expect(summary.body.reasons[0]).toEqual({
    field: 'header_row',
    column: null,
    reason:
      'Rows 1 to 6 come before the table (fewer fields than its rows: account details, balances or a title) and are not read; the header is row 7.',
    certain: false,
  });
  // Every field of the detected mapping is explained.
  const fields = (summary.body.reasons as Json[]).map((r) => r.field);
  expect(fields).toEqual(expect.arrayContaining(['date', 'payee', 'amount']));

  // The person names another header row: read from there, no reason for it.
  const named = await upload(call, '/api/import/analyze', fixture('us-summary-lines-before-header.csv'), {
    filename: 'us-summary-lines-before-header.csv',
    mapping: { date: null, payee: null, amount_type: 'single', header_row: 1 },
  });
  expect(named.status).toBe(200);
  expect(named.body.header_row).toBe(1);
  expect(named.body.headers).toEqual(['Description', '#2', 'Summary Amt.']);
  expect((named.body.reasons as Json[]).some((r) => r.field === 'header_row')).toBe(false);

  const german = await upload(call, '/api/import/analyze', fixture('de-dkb-lines-before-header-one-row.csv'), {
    filename: 'de-dkb-lines-before-header-one-row.csv',
  });
  expect(german.body).toMatchObject({ date_order: 'DMY', date_order_ambiguous: '02.03.2018', header_row: 7 });
});

test('a quote never closed: the reconcile answer keeps the rows after it and names the row', async () => {
  const ledger = stack.ledgerAs(122);
  const call = stack.reportsAs(122);
  const accountId = await openAccount(ledger, 'Bank', 0);
  const mapping = { date: 'Date', payee: 'Payee', amount_type: 'single', amount: 'Amount', notes: 'Memo' };
  const data = await upload(call, `/api/import/${accountId}`, fixture('unclosed-quote.csv'), {
    filename: 'unclosed-quote.csv',
    mapping,
  });
  expect(data.status).toBe(200);
  expect((data.body.new as Json[]).map((r) => [r.row_number, r.payee, r.amount])).toEqual([
    [2, 'COFFEE SHOP', -4.5],
    [4, 'BOOK STORE', -12],
    [5, 'PAYROLL', 2500],
  ]);
  expect(data.body.skipped_rows).toEqual([
    {
      row_number: 3,
      reason: 'A quote is never closed in this row (the rows after it are read on their own)',
      data: ['1/16/2024', '"JOE\'S DINER', '-18.20', 'card 1234'],
    },
  ]);
});
