import { gunzipSync } from 'node:zlib';
import fastJson from 'fast-json-stringify';
import { ReconciliationData } from '@hf/contracts';
import { TEST_INTERNAL_TOKEN, testToken } from '@hf/service-kit/testing';
import { TOO_LARGE_MESSAGE } from '../src/reading';
import {
  account,
  addCategory,
  addRow,
  importStackForFile,
  multipart,
  openAccount,
  registerRows,
  SINGLE_MAPPING,
  upload,
  type Json,
} from './helpers';

const stack = importStackForFile();

const FILE = [
  'Date,Description,Amount',
  '03/04/2024,COFFEE SHOP,-4.50',
  '03/03/2024,RENT MARCH,-1250.00',
  '03/10/2024,Grocer,-60.25',
  '03/11/2024,Salary,2500.00',
  '03/12/2024,Bookshop,-15.00',
].join('\n');

/** The ledger's latest event sequence (its outbox head). */
async function ledgerHead(): Promise<number> {
  const head = await stack.ledger.db.query<{ s: string }>('SELECT coalesce(max(sequence), 0)::text AS s FROM outbox');
  return Number(head.rows[0].s);
}

/** The reconcile page's two commits: clear the matched rows (budgeted ones take the file's values), import the new ones. */
async function commit(
  householdId: number,
  accountId: number,
  data: Json,
  categoryId: number | null,
  key: string,
): Promise<void> {
  const call = stack.reportsAs(householdId);
  const matched = data.matched as Json[];
  const cleared = await call('POST', '/api/import/update_matched', {
    transaction_ids: matched.map((m) => m.existing.id),
    updates: matched
      .filter((m) => m.existing.is_budgeted)
      .map((m) => ({ id: m.existing.id, date: m.imported.date, amount: m.imported.amount })),
  });
  expect(cleared.status).toBe(200);
  expect(cleared.body.count).toBe(matched.length);
  // Read-your-writes: each commit answers the ledger write's event sequence for the next read.
  // (Nothing matched: no write, no sequence.)
  if (matched.length > 0) expect(Number(cleared.headers['x-event-sequence'])).toBe(await ledgerHead());
  else expect(cleared.headers['x-event-sequence']).toBeUndefined();
  if (data.new.length === 0) return;
  const created = await call(
    'POST',
    `/api/import/${accountId}/import_new`,
    {
      transactions: data.new.map((r: Json) => ({
        date: r.date,
        payee: r.payee,
        amount: r.amount,
        notes: r.notes,
        fitid: r.fitid,
      })),
      category_id: categoryId,
    },
    { 'idempotency-key': key },
  );
  expect(created.status).toBe(200);
  expect(Number(created.headers['x-event-sequence'])).toBe(await ledgerHead());
  expect(created.body).toEqual({
    message: `${data.new.length} transaction${data.new.length === 1 ? '' : 's'} imported.`,
    count: data.new.length,
  });
}

test('a file matching two existing rows (one budgeted) plus three new; the same file again brings nothing new', async () => {
  const ledger = stack.ledgerAs(1);
  const call = stack.reportsAs(1);
  const accountId = await openAccount(ledger, 'Checking', 1000);
  const categoryId = await addCategory(ledger, 'Imported');
  const coffee = await addRow(ledger, accountId, { date: '2024-03-05', payee: 'Coffee', amount: -4.5 });
  await addRow(ledger, accountId, { date: '2024-03-20', payee: 'Gym', amount: -30 });
  const plan = await stack.internal('PUT', '/internal/budgeted-rows', {
    household_id: 1,
    account_id: accountId,
    schedule_id: 1,
    month: '2024-03',
    date: '2024-03-01',
    payee: 'Rent',
    amount_cents: -120000,
    category_id: null,
  });
  expect(plan.status).toBe(200);
  const rentId = plan.body.transaction_id;

  const first = await upload(call, `/api/import/${accountId}`, FILE, { mapping: SINGLE_MAPPING });
  expect(first.status).toBe(200);
  expect(first.body.matched.map((m: Json) => [m.imported.payee, m.existing.id])).toEqual([
    ['COFFEE SHOP', coffee.id],
    ['RENT MARCH', rentId],
  ]);
  expect(first.body.matched[1].existing).toEqual({
    id: rentId,
    date: '2024-03-01',
    payee: 'Rent',
    amount: -1200,
    is_budgeted: true,
  });
  expect(first.body.new.map((r: Json) => [r.date, r.payee, r.amount])).toEqual([
    ['2024-03-10', 'Grocer', -60.25],
    ['2024-03-11', 'Salary', 2500],
    ['2024-03-12', 'Bookshop', -15],
  ]);
  expect(first.body.duplicates).toEqual([]);
  expect(first.body.skipped_rows).toEqual([]);
  // Where the time went, step by step (Server-Timing).
  expect(String(first.headers['server-timing'])).toMatch(
    /^read;dur=[\d.]+, candidates;dur=[\d.]+, keys;dur=[\d.]+, match;dur=[\d.]+, remember;dur=[\d.]+$/,
  );

  await commit(1, accountId, first.body, categoryId, 'first-import');

  const rows = await registerRows(ledger, accountId);
  const rent = rows.find((r) => r.id === rentId);
  expect(rent).toMatchObject({ date: '2024-03-03', amount: -1250, status: 'x', is_budgeted: false, payee: 'Rent' });
  expect(rows.find((r) => r.id === coffee.id)).toMatchObject({ date: '2024-03-05', amount: -4.5, status: 'x' });
  const imported = rows.filter((r) => ['Grocer', 'Salary', 'Bookshop'].includes(r.payee));
  expect(imported.map((r) => [r.status, r.category_id])).toEqual([
    ['x', categoryId],
    ['x', categoryId],
    ['x', categoryId],
  ]);
  const balances = await account(ledger, accountId);
  expect(balances.balance).toBe(1000 - 4.5 - 1250 - 60.25 + 2500 - 15 - 30);
  expect(balances.cleared_balance).toBe(1000 - 4.5 - 1250 - 60.25 + 2500 - 15);

  // The same file again: every row is a duplicate of the row it became, nothing new, nothing matched.
  const again = await upload(call, `/api/import/${accountId}`, FILE, { mapping: SINGLE_MAPPING });
  expect(again.status).toBe(200);
  expect(again.body.new).toEqual([]);
  expect(again.body.matched).toEqual([]);
  expect(again.body.duplicates.map((d: Json) => [d.imported.payee, d.existing.id]).sort()).toEqual(
    [['COFFEE SHOP', coffee.id], ['RENT MARCH', rentId], ...imported.map((r) => [r.payee, r.id])].sort(),
  );
  expect((await account(ledger, accountId)).balance).toBe(balances.balance);
});

test('two identical coffees in one file are both kept, and both are duplicates of their own rows afterwards', async () => {
  const ledger = stack.ledgerAs(2);
  const call = stack.reportsAs(2);
  const accountId = await openAccount(ledger, 'Cafe card', 0);
  const file = 'Date,Description,Amount\n2024-03-08,Coffee,-3.20\n2024-03-08,Coffee,-3.20\n';
  const first = await upload(call, `/api/import/${accountId}`, file, { mapping: SINGLE_MAPPING });
  expect(first.status).toBe(200);
  expect(first.body.new).toHaveLength(2);
  await commit(2, accountId, first.body, null, 'coffees');
  expect((await account(ledger, accountId)).cleared_balance).toBe(-6.4);
  const again = await upload(call, `/api/import/${accountId}`, file, { mapping: SINGLE_MAPPING });
  expect(again.body.new).toEqual([]);
  const ids = again.body.duplicates.map((d: Json) => d.existing.id);
  expect(new Set(ids).size).toBe(2);
});

test('an OFX statement re-imported with an overlap is matched by FITID first', async () => {
  const ledger = stack.ledgerAs(3);
  const call = stack.reportsAs(3);
  const accountId = await openAccount(ledger, 'OFX checking', 100);
  const ofx = (rows: Array<[string, string, string, string]>) =>
    [
      'OFXHEADER:100',
      'DATA:OFXSGML',
      'VERSION:102',
      'SECURITY:NONE',
      'ENCODING:USASCII',
      'CHARSET:1252',
      '',
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST>',
      ...rows.map(
        ([fitid, date, amount, name]) =>
          `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${date}<TRNAMT>${amount}<FITID>${fitid}<NAME>${name}</STMTTRN>`,
      ),
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('\n');
  const analysis = await upload(call, '/api/import/analyze', ofx([['A1', '20240301', '-10.00', 'Shop one']]), {
    filename: 'statement.ofx',
  });
  expect(analysis.status).toBe(200);
  expect(analysis.body.file_type).toBe('ofx');
  const mapping = analysis.body.detected_mapping;

  const first = await upload(
    call,
    `/api/import/${accountId}`,
    ofx([
      ['A1', '20240301', '-10.00', 'Shop one'],
      ['A2', '20240302', '-20.00', 'Shop two'],
    ]),
    { filename: 'march.ofx', mapping },
  );
  expect(first.status).toBe(200);
  expect(first.body.new.map((r: Json) => r.fitid)).toEqual(['A1', 'A2']);
  await commit(3, accountId, first.body, null, 'ofx-1');
  // The person renames a row: the exact twin no longer exists, the bank id still finds it.
  const rows = await registerRows(ledger, accountId);
  const shopTwo = rows.find((r) => r.payee === 'Shop two');
  const edit = await ledger('PUT', `/api/transactions/${shopTwo.id}`, { payee: 'Hardware store' });
  expect(edit.status).toBe(200);

  const overlap = await upload(
    call,
    `/api/import/${accountId}`,
    ofx([
      ['A2', '20240302', '-20.00', 'Shop two'],
      ['A3', '20240303', '-30.00', 'Shop three'],
    ]),
    { filename: 'april.ofx', mapping },
  );
  expect(overlap.status).toBe(200);
  expect(overlap.body.duplicates.map((d: Json) => [d.imported.fitid, d.existing.id])).toEqual([['A2', shopTwo.id]]);
  expect(overlap.body.new.map((r: Json) => r.fitid)).toEqual(['A3']);
  await commit(3, accountId, overlap.body, null, 'ofx-2');
  expect((await account(ledger, accountId)).cleared_balance).toBe(100 - 10 - 20 - 30);
  // A file of fewer rows than the account has keys (its own keys are looked up, not all read):
  // the renamed row is still found by its bank id.
  const shopThree = (await registerRows(ledger, accountId)).find((r) => r.payee === 'Shop three');
  expect((await ledger('PUT', `/api/transactions/${shopThree.id}`, { payee: 'Paint shop' })).status).toBe(200);
  const one = await upload(call, `/api/import/${accountId}`, ofx([['A3', '20240303', '-30.00', 'Shop three']]), {
    filename: 'may.ofx',
    mapping,
  });
  expect(one.body.duplicates.map((d: Json) => [d.imported.fitid, d.existing.id])).toEqual([['A3', shopThree.id]]);
  expect(one.body.new).toEqual([]);
});

test('the reconciliation of the file just analysed takes the analysed table; other bytes, users and a too-large upload are read as before', async () => {
  const ledger = stack.ledgerAs(5);
  const call = stack.reportsAs(5);
  const accountId = await openAccount(ledger, 'Cached', 0);
  const cache = stack.reports.statements;
  const hits = cache.stats.hits;
  expect((await upload(call, '/api/import/analyze', FILE)).status).toBe(200);
  // The held table is reported with its estimated heap against the cache's bound (internal token only).
  expect((await stack.reports.inject({ method: 'GET', url: '/internal/memory' })).statusCode).toBe(404);
  const memory = (
    await stack.reports.inject({
      method: 'GET',
      url: '/internal/memory',
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    })
  ).json();
  expect(memory).toMatchObject({
    name: 'svc-import',
    caches: { statements: { entries: cache.size, bytes: cache.heapBytes, maxBytes: cache.limits.maxHeapBytes } },
  });
  expect(memory.caches.statements.bytes).toBeGreaterThanOrEqual(Buffer.byteLength(FILE));

  const cached = await upload(call, `/api/import/${accountId}`, FILE, { mapping: SINGLE_MAPPING });
  expect(cached.status).toBe(200);
  expect(cache.stats.hits).toBe(hits + 1);
  // Another member of the household reads the same bytes from the upload: the same answer.
  const other = stack.reports.inject.bind(stack.reports);
  const member = async (content: string) => {
    const { body, headers } = multipart([
      { name: 'mapping', value: JSON.stringify(SINGLE_MAPPING) },
      { name: 'file', filename: 'statement.csv', content },
    ]);
    const res = await other({
      method: 'POST',
      url: `/api/import/${accountId}`,
      payload: body,
      headers: { ...headers, authorization: `Bearer ${testToken({ userId: 502, householdId: 5 })}` },
    });
    return { status: res.statusCode, body: res.json() };
  };
  expect(await member(FILE)).toEqual({ status: 200, body: cached.body });
  expect(cache.stats.hits).toBe(hits + 1);

  // The same size, other bytes: read from the upload.
  const changed = FILE.replace('Grocer', 'Grocex');
  const answer = await upload(call, `/api/import/${accountId}`, changed, { mapping: SINGLE_MAPPING });
  expect(answer.body.new.map((r: Json) => r.payee)).toContain('Grocex');
  expect(cache.stats.hits).toBe(hits + 1);
  // Larger than any file held: refused while it streams, as always.
  const big =
    'Date,Description,Amount\n' + '03/04/2024,COFFEE SHOP,-4.50\n'.repeat(Math.ceil((10.5 * 1024 * 1024) / 29));
  const refused = await upload(call, `/api/import/${accountId}`, big, { mapping: SINGLE_MAPPING });
  expect(refused.status).toBe(413);
  expect(refused.body.message).toBe(TOO_LARGE_MESSAGE);
});

test("a reconciliation of 1 KiB or more is gzip'ed by svc-import for a client that accepts gzip", async () => {
  const ledger = stack.ledgerAs(6);
  const accountId = await openAccount(ledger, 'Gzip', 0);
  const file = [
    'Date,Description,Amount',
    ...Array.from({ length: 60 }, (_, i) => `03/${(i % 28) + 1}/2024,Shop ${i},-${i + 1}.25`),
  ].join('\n');
  const { body, headers } = multipart([
    { name: 'mapping', value: JSON.stringify(SINGLE_MAPPING) },
    { name: 'file', filename: 'statement.csv', content: file },
  ]);
  const auth = { authorization: `Bearer ${testToken({ userId: 601, householdId: 6 })}` };
  const plain = await stack.reports.inject({
    method: 'POST',
    url: `/api/import/${accountId}`,
    payload: body,
    headers: { ...headers, ...auth },
  });
  const gzipped = await stack.reports.inject({
    method: 'POST',
    url: `/api/import/${accountId}`,
    payload: body,
    headers: { ...headers, ...auth, 'accept-encoding': 'gzip, deflate, br' },
  });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(gzipped.headers['content-encoding']).toBe('gzip');
  expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
  expect(plain.json().new).toHaveLength(60);
});

test('the reconciliation answer is exactly what its schema would write (matched, new, duplicates and skipped rows)', async () => {
  const ledger = stack.ledgerAs(7);
  const call = stack.reportsAs(7);
  const accountId = await openAccount(ledger, 'Schema', 0);
  await addRow(ledger, accountId, { date: '2024-03-04', payee: 'Coffee', amount: -4.5 });
  await addRow(ledger, accountId, { date: '2024-03-10', payee: 'Grocer', amount: -60.25, status: 'x' });
  const file = `${FILE}\n13/45/2024,Bad date,-1.00\n03/13/2024,"Quote ""q"" é",-2.50`;
  const res = await upload(call, `/api/import/${accountId}`, file, { mapping: SINGLE_MAPPING });
  expect(res.status).toBe(200);
  const { matched, new: added, duplicates, skipped_rows: skipped } = res.body;
  expect([matched.length, added.length, duplicates.length, skipped.length]).toEqual([1, 4, 1, 1]);
  expect(res.text).toBe(fastJson(ReconciliationData as never)(res.body));
});
