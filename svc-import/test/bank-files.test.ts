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
