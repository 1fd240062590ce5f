/**
 * The reports' JSON answers (decision 0145): written by JSON.stringify in the schema's field order
 * and gzip'ed by svc-reports when the client accepts it and the answer is 1 KiB or more, the same
 * JSON either way.
 */
import { gunzipSync } from 'node:zlib';
import { testToken } from '@hf/service-kit/testing';
import { addCategory, addRow, openAccount, q, startStack, type Stack } from './helpers';

const H = 4401;
let stack: Stack;
const range = { start_date: '2025-05-01', end_date: '2025-05-31' };

beforeAll(async () => {
  stack = await startStack('inprocess', 'reportanswers');
  const ledger = stack.ledgerAs(H);
  const checking = await openAccount(ledger, 'Checking', 0);
  const food = await addCategory(ledger, 'Food');
  const categories = [food];
  for (let i = 1; i < 30; i++)
    categories.push(await addCategory(ledger, `Category number ${i}`, i % 3 ? undefined : food));
  for (let i = 0; i < 40; i++)
    await addRow(ledger, checking, {
      date: `2025-05-${String((i % 28) + 1).padStart(2, '0')}`,
      payee: `Shop number ${i}`,
      amount: -(i + 1.25),
      category_id: categories[i % 30],
    });
});

afterAll(async () => {
  await stack?.close();
});

const get = (url: string, encoding: string) =>
  stack.reports.inject({
    method: 'GET',
    url,
    headers: {
      authorization: `Bearer ${testToken({ userId: H * 100 + 1, householdId: H })}`,
      'accept-encoding': encoding,
      'x-min-sequence': String(stack.lastSequence()),
    },
  });

describe('report answers', () => {
  it.each([
    ['spending_by_payee', `/api/reports/spending_by_payee?${q(range)}`, ['id', 'name', 'value', 'children']],
    ['spending_by_category', `/api/reports/spending_by_category?${q(range)}`, ['id', 'name', 'value', 'children']],
    [
      'monthly_trend',
      `/api/reports/monthly_trend?${q({ start_date: '2023-06-01', end_date: '2025-05-31' })}`,
      ['months', 'spending', 'income', 'categories'],
    ],
  ])("%s: gzip when accepted, the same JSON as plain, fields in the schema's order", async (_name, url, keys) => {
    const plain = await get(url, 'identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const body = plain.json();
    expect(Object.keys(Array.isArray(body) ? body[0] : body)).toEqual(keys);
    const zipped = await get(url, 'gzip, deflate, br');
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('answers a small report as it is, and CSV as before', async () => {
    const small = await get(`/api/reports/income_by_category?${q(range)}`, 'gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual([]);
    const csv = await get(`/api/reports/spending_by_category?${q({ ...range, format: 'csv' })}`, 'identity');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')[0]).toBe('Category,Parent,Amount,Subtotal');
  });
});
