import { IMPORT_MESSAGES } from '@hf/contracts';
import {
  EMPTY_MESSAGE,
  HEADER_ONLY_MESSAGE,
  NOT_TEXT_MESSAGE,
  TOO_LARGE_MESSAGE,
  TOO_MANY_ROWS_MESSAGE,
} from '../src/reading';
import { UPLOAD_MESSAGES } from '../src/upload';
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
let accountId: number;
let otherAccountId: number;
beforeAll(async () => {
  accountId = await openAccount(stack.ledgerAs(1), 'Checking', 0);
  otherAccountId = await openAccount(stack.ledgerAs(2), 'Not yours', 0);
});

const call = () => stack.reportsAs(1);
const CSV = 'Date,Description,Amount\n03/04/2024,Coffee,-4.50\n';

describe('analyze and saved mappings', () => {
  test('analysis: headers, preview, detected mapping; a saved mapping is offered for the same headers of the same household only', async () => {
    const first = await upload(call(), '/api/import/analyze', CSV);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      file_type: 'csv',
      headers: ['Date', 'Description', 'Amount'],
      rows: [['03/04/2024', 'Coffee', '-4.50']],
      total_rows: 1,
      skipped_rows: [],
      saved_mapping: null,
    });
    expect(first.body.detected_mapping).toMatchObject({
      date: 'Date',
      payee: 'Description',
      amount: 'Amount',
      amount_type: 'single',
    });

    const blank = await call()('POST', '/api/import/mappings', {
      mapping_name: ' \u3164 ',
      headers: first.body.headers,
      mapping_config: SINGLE_MAPPING,
    });
    expect(blank).toMatchObject({ status: 400, body: { message: IMPORT_MESSAGES.mappingNameRequired } });
    const saved = await call()('POST', '/api/import/mappings', {
      mapping_name: '  My Bank ',
      headers: first.body.headers,
      mapping_config: SINGLE_MAPPING,
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ mapping_name: 'My Bank', headers: ['Date', 'Description', 'Amount'] });
    const replaced = await call()('POST', '/api/import/mappings', {
      mapping_name: 'MY BANK',
      headers: first.body.headers,
      mapping_config: { ...SINGLE_MAPPING, notes: 'Amount' },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.id).toBe(saved.body.id);

    const second = await upload(call(), '/api/import/analyze', CSV);
    expect(second.body.saved_mapping).toEqual({
      mapping_name: 'MY BANK',
      mapping_config: { ...SINGLE_MAPPING, notes: 'Amount' },
    });
    const otherHousehold = await upload(stack.reportsAs(2), '/api/import/analyze', CSV);
    expect(otherHousehold.body.saved_mapping).toBeNull();
    const otherHeaders = await upload(call(), '/api/import/analyze', 'Date,Payee,Amount\n03/04/2024,Coffee,-4.50\n');
    expect(otherHeaders.body.saved_mapping).toBeNull();
  });

  test('a mapping with unknown fields or a __proto__ key is refused', async () => {
    const res = await call()('POST', '/api/import/mappings', {
      mapping_name: 'x',
      headers: [],
      mapping_config: { ...SINGLE_MAPPING, role: 'admin' },
    });
    expect(res).toMatchObject({ status: 400, body: { message: expect.stringContaining('role') } });
    const proto = await upload(call(), `/api/import/${accountId}`, CSV, {
      mapping: JSON.parse(
        '{"__proto__": {"x": 1}, "date": "Date", "payee": "Description", "amount_type": "single", "amount": "Amount"}',
      ),
    });
    expect(proto.status).toBe(400);
  });
});

describe('the file itself (nothing is written)', () => {
  const refused = async (content: Buffer | string, status: number, message: string, filename = 'statement.csv') => {
    for (const url of ['/api/import/analyze', `/api/import/${accountId}`]) {
      const res = await upload(call(), url, content, {
        filename,
        mapping: url.endsWith('analyze') ? undefined : SINGLE_MAPPING,
      });
      expect({ url, status: res.status, body: res.body }).toEqual({ url, status, body: { message } });
    }
  };

  test('a 0-byte file and a file with only a header', async () => {
    await refused('', 400, EMPTY_MESSAGE);
    await refused('Date,Description,Amount\n', 400, HEADER_ONLY_MESSAGE);
  });

  test('a PNG renamed .csv and a text file with NUL bytes are not CSV text files', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    await refused(png, 415, NOT_TEXT_MESSAGE, 'photo.csv');
    await refused(
      Buffer.concat([
        Buffer.from('Date,Description,Amount\n03/04/2024,Co'),
        Buffer.from([0]),
        Buffer.from('ffee,-4.50\n'),
      ]),
      415,
      NOT_TEXT_MESSAGE,
    );
  });

  test('a 10.5 MB file is refused while streaming (413)', async () => {
    const line = '03/04/2024,Coffee shop with a long name for padding,-4.50\n';
    const big = 'Date,Description,Amount\n' + line.repeat(Math.ceil((10.5 * 1024 * 1024) / line.length));
    await refused(big, 413, TOO_LARGE_MESSAGE);
  });

  test('200,001 rows are refused', async () => {
    const rows = 'Date,Description,Amount\n' + '2024-03-04,C,-1\n'.repeat(200_001);
    const res = await upload(call(), '/api/import/analyze', rows);
    expect(res.body).toEqual({ message: TOO_MANY_ROWS_MESSAGE });
    expect([400, 413]).toContain(res.status);
  });

  test('no file part, five files, a field after the file, an unknown field, a non-multipart body', async () => {
    const noFile = multipart([{ name: 'mapping', value: JSON.stringify(SINGLE_MAPPING) }]);
    expect(await call()('POST', '/api/import/analyze', noFile.body, noFile.headers)).toMatchObject({
      status: 400,
      body: { message: IMPORT_MESSAGES.selectFile },
    });
    const five = multipart(
      Array.from({ length: 5 }, (_, i) => ({ name: 'file', filename: `f${i}.csv`, content: CSV })),
    );
    expect(await call()('POST', '/api/import/analyze', five.body, five.headers)).toMatchObject({
      status: 400,
      body: { message: UPLOAD_MESSAGES.oneFile },
    });
    const late = multipart([
      { name: 'file', filename: 'a.csv', content: CSV },
      { name: 'mapping', value: JSON.stringify(SINGLE_MAPPING) },
    ]);
    expect(await call()('POST', `/api/import/${accountId}`, late.body, late.headers)).toMatchObject({
      status: 400,
      body: { message: UPLOAD_MESSAGES.fieldAfterFile('mapping') },
    });
    const unknown = multipart([
      { name: 'role', value: 'admin' },
      { name: 'file', filename: 'a.csv', content: CSV },
    ]);
    expect(await call()('POST', '/api/import/analyze', unknown.body, unknown.headers)).toMatchObject({
      status: 400,
      body: { message: UPLOAD_MESSAGES.unexpectedField('role') },
    });
    expect(await call()('POST', '/api/import/analyze', { file: CSV })).toMatchObject({
      status: 400,
      body: { message: UPLOAD_MESSAGES.notMultipart },
    });
    const noMapping = await upload(call(), `/api/import/${accountId}`, CSV);
    expect(noMapping.status).toBe(400);
  });

  test('a filename with ../ or CR/LF is only a name', async () => {
    expect((await upload(call(), '/api/import/analyze', CSV, { filename: '../../etc/passwd.csv' })).status).toBe(200);
    const boundary = 'xyzBOUNDARY';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''evil%0D%0ASet-Cookie%3A%20a%3Db.csv\r\nContent-Type: text/csv\r\n\r\n${CSV}\r\n--${boundary}--\r\n`,
    );
    const res = await call()('POST', '/api/import/analyze', body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.headers)).not.toContain('Set-Cookie');
    expect(res.text).not.toContain('evil');
  });
});

describe('cells', () => {
  test('headers named __proto__ and constructor are ordinary columns', async () => {
    const file = 'Date,__proto__,constructor,Amount\n03/04/2024,Proto shop,note,-1.00\n';
    const analysis = await upload(call(), '/api/import/analyze', file);
    expect(analysis.status).toBe(200);
    expect(analysis.body.headers).toEqual(['Date', '__proto__', 'constructor', 'Amount']);
    const res = await upload(call(), `/api/import/${accountId}`, file, {
      mapping: { date: 'Date', payee: '__proto__', notes: 'constructor', amount_type: 'single', amount: 'Amount' },
    });
    expect(res.status).toBe(200);
    expect(res.body.new).toEqual([
      { row_number: 2, date: '2024-03-04', payee: 'Proto shop', amount: -1, category: '', notes: 'note', fitid: null },
    ]);
    expect(({} as Json).x).toBeUndefined();
  });

  test('formula cells stay text, bad amounts and impossible dates are skipped with a reason', async () => {
    const file = [
      'Date,Description,Amount',
      '03/01/2024,"=HYPERLINK(""http://evil.example"",""x"")",-1.00',
      '03/02/2024,@SUM(1),-2.00',
      '03/03/2024,A,--12',
      '03/04/2024,B,1e3',
      '03/05/2024,C,NaN',
      '03/06/2024,D,"12,3,4"',
      '2/30/2024,E,-1.00',
      '13/01/2024,F,-1.00',
    ].join('\n');
    const res = await upload(call(), `/api/import/${accountId}`, file, {
      mapping: { ...SINGLE_MAPPING, date_order: 'MDY', decimal_separator: '.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.new.map((r: Json) => r.payee)).toEqual(['=HYPERLINK("http://evil.example","x")', '@SUM(1)']);
    expect(res.body.skipped_rows.map((s: Json) => s.row_number)).toEqual([4, 5, 6, 7, 8, 9]);
    for (const s of res.body.skipped_rows) expect(s.reason).toEqual(expect.any(String));
    const created = await call()(
      'POST',
      `/api/import/${accountId}/import_new`,
      { transactions: res.body.new.map((r: Json) => ({ date: r.date, payee: r.payee, amount: r.amount })) },
      { 'idempotency-key': 'formulas' },
    );
    expect(created.status).toBe(200);
    const rows = await registerRows(stack.ledgerAs(1), accountId);
    expect(rows.map((r) => r.payee)).toEqual(
      expect.arrayContaining(['=HYPERLINK("http://evil.example","x")', '@SUM(1)']),
    );
  });
});

describe('commits', () => {
  test("another household's account: reconcile and import_new answer 404 and create nothing", async () => {
    expect((await upload(call(), `/api/import/${otherAccountId}`, CSV, { mapping: SINGLE_MAPPING })).status).toBe(404);
    const res = await call()(
      'POST',
      `/api/import/${otherAccountId}/import_new`,
      { transactions: [{ date: '2024-03-04', payee: 'X', amount: -1 }] },
      { 'idempotency-key': 'k-other' },
    );
    expect(res.status).toBe(404);
    expect(await registerRows(stack.ledgerAs(2), otherAccountId)).toEqual([]);
  });

  test("import_new validates every row: 3 decimals, an impossible date, a blank payee, another household's category -> nothing created", async () => {
    const before = (await registerRows(stack.ledgerAs(1), accountId)).length;
    const bad = [
      [{ date: '2024-03-04', payee: 'X', amount: -1.005 }],
      [{ date: '2024-02-30', payee: 'X', amount: -1 }],
      [{ date: '2024-03-04', payee: '   ', amount: -1 }],
      // A field import_new does not need is ignored (the reconcile answer's rows are taken as
      // they are: statement-formats.test.ts), so it is no longer a bad row here.
    ];
    for (const transactions of bad) {
      const res = await call()(
        'POST',
        `/api/import/${accountId}/import_new`,
        { transactions: [{ date: '2024-03-04', payee: 'ok', amount: -1 }, ...transactions] },
        { 'idempotency-key': 'bad' },
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const theirs = await addCategory(stack.ledgerAs(2), 'Theirs');
    const res = await call()(
      'POST',
      `/api/import/${accountId}/import_new`,
      { transactions: [{ date: '2024-03-04', payee: 'ok', amount: -1 }], category_id: theirs },
      { 'idempotency-key': 'theirs' },
    );
    expect(res.status).toBe(404);
    const badKey = await call()(
      'POST',
      `/api/import/${accountId}/import_new`,
      { transactions: [{ date: '2024-03-04', payee: 'ok', amount: -1 }] },
      { 'idempotency-key': 'with space' },
    );
    expect(badKey.status).toBe(400);
    expect((await registerRows(stack.ledgerAs(1), accountId)).length).toBe(before);
  });

  test.each(['\u200b', '\u200b\u200c\u200d', ' \u2060\ufeff ', '\u3164'])(
    'import_new refuses a payee of %j (nothing visible) with "Payee is required." -> nothing created',
    async (payee) => {
      const before = (await registerRows(stack.ledgerAs(1), accountId)).length;
      const res = await call()(
        'POST',
        `/api/import/${accountId}/import_new`,
        {
          transactions: [
            { date: '2024-03-04', payee: 'ok', amount: -1 },
            { date: '2024-03-04', payee, amount: -2 },
          ],
        },
        { 'idempotency-key': `invisible-${payee.codePointAt(0)}` },
      );
      expect([res.status, res.body]).toEqual([400, { message: 'Payee is required.' }]);
      expect((await registerRows(stack.ledgerAs(1), accountId)).length).toBe(before);
    },
  );

  test("a tampered amount is stored as sent (validated, the person's choice on the reconcile page)", async () => {
    const res = await call()(
      'POST',
      `/api/import/${accountId}/import_new`,
      { transactions: [{ date: '2024-03-09', payee: 'Tampered', amount: -999.99 }] },
      { 'idempotency-key': 'tampered' },
    );
    expect(res.status).toBe(200);
    const rows = await registerRows(stack.ledgerAs(1), accountId);
    expect(rows.find((r) => r.payee === 'Tampered')).toMatchObject({ amount: -999.99, status: 'x' });
  });

  test('the same import_new sent twice at once with one Idempotency-Key creates one set of rows', async () => {
    const ledger = stack.ledgerAs(1);
    const target = await openAccount(ledger, 'Twice', 0);
    const body = {
      transactions: Array.from({ length: 50 }, (_, i) => ({ date: '2024-03-10', payee: `Row ${i}`, amount: -(i + 1) })),
    };
    const [a, b] = await Promise.all([
      call()('POST', `/api/import/${target}/import_new`, body, { 'idempotency-key': 'same-key' }),
      call()('POST', `/api/import/${target}/import_new`, body, { 'idempotency-key': 'same-key' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.count).toBe(50);
    expect(b.body.count).toBe(50);
    const retry = await call()('POST', `/api/import/${target}/import_new`, body, { 'idempotency-key': 'same-key' });
    expect(retry.body.count).toBe(50);
    expect(await registerRows(ledger, target)).toHaveLength(50);
    expect((await account(ledger, target)).cleared_balance).toBe(-((50 * 51) / 2));
    // The key is per account: the same key for another account is another import.
    const elsewhere = await openAccount(ledger, 'Elsewhere', 0);
    expect(
      (await call()('POST', `/api/import/${elsewhere}/import_new`, body, { 'idempotency-key': 'same-key' })).body.count,
    ).toBe(50);
  });

  test("update_matched: another household's ids refuse the whole request; mixed arrays are 400; nothing applied", async () => {
    const mine = await addRow(stack.ledgerAs(1), accountId, { date: '2024-03-15', payee: 'Mine', amount: -5 });
    const theirs = await addRow(stack.ledgerAs(2), otherAccountId, { date: '2024-03-15', payee: 'Theirs', amount: -5 });
    const cross = await call()('POST', '/api/import/update_matched', { transaction_ids: [mine.id, theirs.id] });
    expect(cross.status).toBe(404);
    for (const transaction_ids of [[mine.id, 'x'], [mine.id, 1.5], [mine.id, null], 'all', [mine.id, -1]]) {
      expect((await call()('POST', '/api/import/update_matched', { transaction_ids })).status).toBe(400);
    }
    const stray = await call()('POST', '/api/import/update_matched', {
      transaction_ids: [mine.id],
      updates: [{ id: mine.id + 1000, date: '2024-03-15', amount: -5 }],
    });
    expect(stray.status).toBe(400);
    const rows = await registerRows(stack.ledgerAs(1), accountId);
    expect(rows.find((r) => r.id === mine.id).status).toBe('');
    expect((await registerRows(stack.ledgerAs(2), otherAccountId)).find((r) => r.id === theirs.id).status).toBe('');
    const ok = await call()('POST', '/api/import/update_matched', { transaction_ids: [mine.id] });
    expect(ok).toMatchObject({ status: 200, body: { message: '1 transaction updated.', count: 1 } });
  });
});
