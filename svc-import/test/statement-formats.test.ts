/**
 * Formats that name their own columns through the routes: OFX/QFX, QIF and CAMT.053 reconciled
 * without a `mapping` field, the reconcile answer's rows posted back to import_new as they are,
 * a CAMT re-import matched by AcctSvcrRef, XML refusals, and the Idempotency-Key rules
 * (docs/rules/import.md). Sums are written by hand from the fixtures.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { account, importStackForFile, openAccount, registerRows, upload, type Call, type Json } from './helpers';

const stack = importStackForFile('2024-03-31');
const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));

/** The reconcile answer of a file sent without a mapping. */
async function reconcileWithoutMapping(call: Call, accountId: number, file: string) {
  return upload(call, `/api/import/${accountId}`, fixture(file), { filename: file });
}

const CASES = [
  {
    file: 'ofx-v2-cdata.ofx',
    sumCents: -4217 + 231055 - 8500,
    payees: ['AMAZON MKTPL*AB12C <WA>', 'ACME CORP PAYROLL', 'Check & Co. Landscaping'],
  },
  {
    file: 'ofx-v1-sgml.ofx',
    sumCents: -450 + 250000 - 12000 - 500,
    payees: ['COFFEE SHOP', 'ACME PAYROLL', 'B&B PLUMBING', 'MONTHLY SERVICE FEE'],
  },
  { file: 'qfx-credit-card.qfx', sumCents: -1999 + 20000, payees: ['STREAMING SERVICE', 'PAYMENT THANK YOU'] },
  {
    file: 'quicken-no-payee.qif',
    sumCents: -2340 - 6000 + 180000 - 1299,
    payees: ['WHOLE FOODS #102', 'Auto:Fuel', 'ACME PAYROLL', 'SPOTIFY P1A2B3'],
  },
  {
    file: 'camt053-v02.xml',
    sumCents: -4590 + 287500 - 8900 - 4150 - 490,
    payees: ['REWE Markt GmbH', 'Arbeitgeber AG', 'Stadtwerke Köln', 'Telekom Deutschland', 'Kontofuehrungsgebuehr'],
  },
  {
    file: 'camt053-v08.xml',
    sumCents: -125000 + 8640 - 3500 - 2500,
    payees: ['Immobilien Zürich AG', 'Galaxus AG', 'Swisscom', 'Serafe AG'],
  },
];

describe.each(CASES)('$file without a mapping', ({ file, sumCents, payees }) => {
  test('reconciled, its rows posted back as answered, imported to the cent', async () => {
    const householdId = 300 + CASES.findIndex((c) => c.file === file);
    const ledger = stack.ledgerAs(householdId);
    const call = stack.reportsAs(householdId);
    const accountId = await openAccount(ledger, 'Bank', 0);

    const data = await reconcileWithoutMapping(call, accountId, file);
    expect(data.status).toBe(200);
    expect(data.body.matched).toEqual([]);
    expect(data.body.new.map((r: Json) => r.payee)).toEqual(payees);
    // The reconcile answer's rows as they are (row_number, category text and all).
    expect(Object.keys(data.body.new[0]).sort()).toEqual(
      ['amount', 'category', 'date', 'fitid', 'notes', 'payee', 'row_number'].sort(),
    );
    const created = await call(
      'POST',
      `/api/import/${accountId}/import_new`,
      { transactions: data.body.new },
      { 'idempotency-key': `formats-${file}` },
    );
    expect(created.status).toBe(200);
    expect(created.body.count).toBe(payees.length);
    const register = await registerRows(ledger, accountId);
    expect(register.map((r: Json) => r.payee).sort()).toEqual([...payees].sort());
    expect(Math.round((await account(ledger, accountId)).balance * 100)).toBe(sumCents);
  });
});

test('CAMT: the pending entry is skipped with its reason; a re-import finds every row by AcctSvcrRef', async () => {
  const ledger = stack.ledgerAs(320);
  const call = stack.reportsAs(320);
  const accountId = await openAccount(ledger, 'Girokonto', 0);
  const first = await reconcileWithoutMapping(call, accountId, 'camt053-v02.xml');
  expect(first.body.skipped_rows).toEqual([
    {
      row_number: 6,
      reason: 'Not booked (status PDNG)',
      data: ['2024-02-29', 'Streaming Dienst', '-19.99', '', 'PDNG', '2024022900002'],
    },
  ]);
  expect(first.body.new.map((r: Json) => r.fitid)).toEqual([
    '2024020512345',
    '2024021500077',
    '2024022000311-A',
    '2024022000311-B',
    '2024022900001',
  ]);
  const created = await call('POST', `/api/import/${accountId}/import_new`, { transactions: first.body.new });
  expect(created.status).toBe(200);
  const ids = (await registerRows(ledger, accountId)).map((r: Json) => r.id).sort();

  const again = await reconcileWithoutMapping(call, accountId, 'camt053-v02.xml');
  expect(again.status).toBe(200);
  expect(again.body.new).toEqual([]);
  expect(again.body.matched).toEqual([]);
  expect(again.body.duplicates.map((d: Json) => d.existing.id).sort()).toEqual(ids);
});

test('CAMT: remittance lines longer than notes may hold are cut to fit, and the row imports as answered', async () => {
  const ledger = stack.ledgerAs(324);
  const call = stack.reportsAs(324);
  const accountId = await openAccount(ledger, 'Bank', 0);
  const texts = Array.from(
    { length: 12 },
    (_, i) => `Rechnung ${i + 1} von 12, Kundennummer 4711-0815, Vertrag 99-123456789-0000, Zeitraum Q1 2024`,
  );
  const lines = texts.map((t) => `<Ustrd>${t}</Ustrd>`);
  const xml = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="EUR">99.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-03-01</Dt></BookgDt><AcctSvcrRef>LONG-1</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Versorger GmbH</Nm></Cdtr></RltdPties><RmtInf>${lines.join('')}</RmtInf></TxDtls></NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>`;
  const data = await upload(call, `/api/import/${accountId}`, xml, { filename: 'long.xml' });
  expect(data.status).toBe(200);
  const [row] = data.body.new;
  // The lines joined by a space (1,046 characters), then the first 1,000.
  expect(row.notes).toBe(texts.join(' ').slice(0, 1000).trim());
  const created = await call('POST', `/api/import/${accountId}/import_new`, { transactions: data.body.new });
  expect(created.status).toBe(200);
  expect((await registerRows(ledger, accountId))[0]).toMatchObject({ payee: 'Versorger GmbH', amount: -99 });
});

test('a CAMT file over the 4 MB a CSV may be kept: its reconciliation takes the analysed table', async () => {
  const ledger = stack.ledgerAs(325);
  const call = stack.reportsAs(325);
  const accountId = await openAccount(ledger, 'Big', 0);
  const entry = (i: number) =>
    `<Ntry><Amt Ccy="EUR">1.${String(i % 100).padStart(2, '0')}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-02-${String((i % 28) + 1).padStart(2, '0')}</Dt></BookgDt><AcctSvcrRef>BIG-${i}</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Shop ${i % 50}</Nm></Cdtr></RltdPties><RmtInf><Ustrd>${'Reference text '.repeat(20)}${i}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`;
  const entries = Array.from({ length: 9000 }, (_, i) => entry(i));
  const xml = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>\n${entries.join('')}</Stmt></BkToCstmrStmt></Document>`;
  expect(Buffer.byteLength(xml)).toBeGreaterThan(4 * 1024 * 1024);
  const cache = stack.reports.statements;
  const hits = cache.stats.hits;
  const analysis = await upload(call, '/api/import/analyze', xml, { filename: 'big.xml' });
  expect(analysis.status).toBe(200);
  expect(analysis.body.total_rows).toBe(9000);
  const data = await upload(call, `/api/import/${accountId}`, xml, { filename: 'big.xml' });
  expect(data.status).toBe(200);
  expect(cache.stats.hits).toBe(hits + 1);
  expect(data.body.new).toHaveLength(9000);
  expect(data.body.new[8999]).toMatchObject({ payee: 'Shop 49', amount: -1.99, fitid: 'BIG-8999' });
});

test('analysis of a CAMT file: its type, its own columns, what the person is told', async () => {
  const call = stack.reportsAs(321);
  const analysis = await upload(call, '/api/import/analyze', fixture('camt053-v02.xml'), {
    filename: 'camt053-v02.xml',
  });
  expect(analysis.status).toBe(200);
  expect(analysis.body).toMatchObject({
    file_type: 'camt',
    headers: ['Date', 'Payee', 'Amount', 'Notes', 'Status', 'AcctSvcrRef'],
    total_rows: 6,
    detected_mapping: { date: 'Date', payee: 'Payee', amount_type: 'single', amount: 'Amount', notes: 'Notes' },
    notices: [
      "The statement names no counterparty for 1 row: the payee is the entry's description or remittance text.",
    ],
  });
  const qif = await upload(call, '/api/import/analyze', fixture('quicken-no-payee.qif'), {
    filename: 'quicken-no-payee.qif',
  });
  expect(qif.body.skipped_rows).toEqual([]);
  expect(qif.body.notices).toEqual([
    'The file has no payee for 3 rows: the payee is the memo for 2 rows and the category for 1 row.',
  ]);
});

test('a CSV without a mapping is refused, nothing read into the register', async () => {
  const ledger = stack.ledgerAs(322);
  const call = stack.reportsAs(322);
  const accountId = await openAccount(ledger, 'Bank', 0);
  const res = await upload(call, `/api/import/${accountId}`, 'Date,Description,Amount\n03/04/2024,Shop,-1.00\n');
  expect(res.status).toBe(400);
  expect(res.body.message).toBe('The field "mapping" is required: choose the columns first.');
});

test.each(['camt-xxe.xml', 'camt-billion-laughs.xml'])(
  '%s: 400 naming the DOCTYPE, on analysis and import',
  async (file) => {
    const ledger = stack.ledgerAs(323);
    const call = stack.reportsAs(323);
    const accountId = await openAccount(ledger, `Bank ${file}`, 0);
    const message =
      'The XML file declares a document type (DOCTYPE). Bank statements have none, and its entities or external references are never read: the file is refused.';
    const analysis = await upload(call, '/api/import/analyze', fixture(file), { filename: file });
    expect(analysis.status).toBe(400);
    expect(analysis.body.message).toBe(message);
    const data = await reconcileWithoutMapping(call, accountId, file);
    expect(data.status).toBe(400);
    expect(data.body.message).toBe(message);
    expect(await registerRows(ledger, accountId)).toEqual([]);
  },
);

describe('Idempotency-Key', () => {
  const row = (payee: string, amount: number) => ({ date: '2024-03-04', payee, amount, notes: '' });

  test('same key, same rows: the first answer again, created once (extra fields and key order do not matter)', async () => {
    const ledger = stack.ledgerAs(330);
    const call = stack.reportsAs(330);
    const accountId = await openAccount(ledger, 'Bank', 0);
    const url = `/api/import/${accountId}/import_new`;
    const headers = { 'idempotency-key': 'same-body' };
    const first = await call('POST', url, { transactions: [row('Shop', -1.5), row('Bakery', -2)] }, headers);
    expect(first.status).toBe(200);
    const retry = await call(
      'POST',
      url,
      {
        transactions: [
          { row_number: 9, ...row('Shop', -1.5) },
          { ...row('Bakery', -2.0), category: 'x' },
        ],
      },
      headers,
    );
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await registerRows(ledger, accountId)).toHaveLength(2);
  });

  test('same key, other rows: 409 naming the key, nothing imported', async () => {
    const ledger = stack.ledgerAs(331);
    const call = stack.reportsAs(331);
    const accountId = await openAccount(ledger, 'Bank', 0);
    const url = `/api/import/${accountId}/import_new`;
    const headers = { 'idempotency-key': 'changed-selection' };
    expect((await call('POST', url, { transactions: [row('Shop', -1.5)] }, headers)).status).toBe(200);
    const changed = await call('POST', url, { transactions: [row('Shop', -1.5), row('Bakery', -2)] }, headers);
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe(
      'The Idempotency-Key "changed-selection" was already used with other transactions: nothing was imported. Send a new key for a new selection.',
    );
    expect((await registerRows(ledger, accountId)).map((r: Json) => r.payee)).toEqual(['Shop']);
    // A new key imports the new selection.
    const fresh = await call('POST', url, { transactions: [row('Bakery', -2)] }, { 'idempotency-key': 'next' });
    expect(fresh.status).toBe(200);
    expect(await registerRows(ledger, accountId)).toHaveLength(2);
  });

  test('a key whose rows the ledger refused is free again for corrected rows', async () => {
    const ledger = stack.ledgerAs(332);
    const call = stack.reportsAs(332);
    const accountId = await openAccount(ledger, 'Bank', 0);
    const url = `/api/import/${accountId}/import_new`;
    const headers = { 'idempotency-key': 'fix-and-retry' };
    const refused = await call('POST', url, { transactions: [{ ...row('Shop', -1), category_id: 999999 }] }, headers);
    expect(refused.status).toBe(404);
    const fixed = await call('POST', url, { transactions: [row('Shop', -1)] }, headers);
    expect(fixed.status).toBe(200);
    expect(await registerRows(ledger, accountId)).toHaveLength(1);
  });
});
