/**
 * Hostile and mistaken input: each a clear 400/404 with a message, the same for every report
 * route, and nothing changed in the read model (its tables are compared before and after).
 */
import { addCategory, addRow, openAccount, q, startStack, type Call, type Stack } from './helpers';

const H = 6301;
const FOREIGN = 6302;
let stack: Stack;
let reports: Call;
let ownAccount: number;
let foreignAccount: number;
let foreignCategory: number;

const ok = { start_date: '2025-01-01', end_date: '2025-12-31' };
const ROUTES = [
  'spending_by_category',
  'spending_by_payee',
  'income_by_category',
  'monthly_trend',
  'transactions_by_category',
  'transactions_by_payee',
];
const extra = (route: string) =>
  route === 'transactions_by_category'
    ? { category_id: 'uncategorized' }
    : route === 'transactions_by_payee'
      ? { payee_name: 'Shop' }
      : {};

async function fingerprint(): Promise<string> {
  const parts: unknown[] = [];
  for (const table of [
    'ledger_accounts',
    'ledger_categories',
    'ledger_rows',
    'ledger_households',
    'consumer_positions',
  ]) {
    parts.push((await stack.reports.db.query(`SELECT * FROM ${table} ORDER BY 1, 2`)).rows);
  }
  return JSON.stringify(parts);
}

beforeAll(async () => {
  stack = await startStack('inprocess', 'reportsbad');
  const ledger = stack.ledgerAs(H);
  reports = stack.reportsAs(H);
  ownAccount = await openAccount(ledger, 'Mine');
  await addRow(ledger, ownAccount, { date: '2025-02-01', payee: 'Shop', amount: -5 });
  foreignAccount = await openAccount(stack.ledgerAs(FOREIGN), 'Theirs');
  foreignCategory = await addCategory(stack.ledgerAs(FOREIGN), 'Secret');
  await addRow(stack.ledgerAs(FOREIGN), foreignAccount, {
    date: '2025-02-01',
    payee: 'Shop',
    amount: -999,
    category_id: foreignCategory,
  });
  // Both households built, so that no read below has a reason to write anything.
  await reports('GET', `/api/reports/spending_by_payee?${q(ok)}`);
  await stack.reportsAs(FOREIGN)('GET', `/api/reports/spending_by_payee?${q(ok)}`);
});

afterAll(async () => {
  await stack?.close();
});

const cases: Array<[string, Record<string, string>, number, string]> = [
  [
    'an impossible month',
    { start_date: '2024-13-01' },
    400,
    'The field "start_date" must be a real date (YYYY-MM-DD).',
  ],
  ['an impossible day', { end_date: '2025-02-29' }, 400, 'The field "end_date" must be a real date (YYYY-MM-DD).'],
  [
    'a date in another shape',
    { start_date: '01/02/2025' },
    400,
    'The field "start_date" must match pattern "^\\d{4}-\\d{2}-\\d{2}$".',
  ],
  [
    'a start after the end',
    { start_date: '2025-06-02', end_date: '2025-06-01' },
    400,
    'The start date must be on or before the end date.',
  ],
  [
    'a 100-year range',
    { start_date: '1925-01-01', end_date: '2025-01-01' },
    400,
    'The date range cannot be longer than 10 years.',
  ],
  [
    'SQL in account_ids',
    { account_ids: '1,2) OR 1=1--' },
    400,
    'account_ids must be a comma-separated list of account ids.',
  ],
  [
    'a non-canonical account id',
    { account_ids: '01' },
    400,
    'account_ids must be a comma-separated list of account ids.',
  ],
  [
    'an over-long account_ids',
    { account_ids: '1,'.repeat(7000) },
    400,
    'The field "account_ids" must NOT have more than 12000 characters.',
  ],
  ['an unknown parameter', { limit: '5' }, 400, 'Unexpected field "limit".'],
  ['an unknown format', { format: 'xlsx' }, 400, 'The field "format" must match a schema in anyOf.'],
];

describe.each(ROUTES)('GET /api/reports/%s refuses bad input', (route) => {
  it.each(cases)('%s', async (_name, params, status, message) => {
    const before = await fingerprint();
    const res = await reports('GET', `/api/reports/${route}?${q({ ...ok, ...extra(route), ...params })}`);
    expect(res.status).toBe(status);
    expect(res.body.message).toEqual(expect.any(String));
    if (!message.includes('anyOf')) expect(res.body.message).toBe(message);
    expect(await fingerprint()).toBe(before);
  });

  it("answers 404 for another household's account, with nothing of it shown", async () => {
    const res = await reports(
      'GET',
      `/api/reports/${route}?${q({ ...ok, ...extra(route), account_ids: `${ownAccount},${foreignAccount}` })}`,
    );
    expect(res).toMatchObject({ status: 404, body: { message: 'Account not found.' } });
  });

  it('needs a signed-in user', async () => {
    const res = await stack.reports.inject({
      method: 'GET',
      url: `/api/reports/${route}?${q({ ...ok, ...extra(route) })}`,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('sort_by and the drill-down parameters', () => {
  it.each(['amount;DROP', 'AMOUNT', "name' --", ''])('refuses sort_by=%p', async (sort) => {
    const res = await reports('GET', `/api/reports/spending_by_category?${q({ ...ok, sort_by: sort })}`);
    expect(res.status).toBe(400);
  });

  it("answers 404 for another household's category in hide_category_ids, 400 for a malformed list", async () => {
    const foreign = await reports(
      'GET',
      `/api/reports/spending_by_category?${q({ ...ok, hide_category_ids: String(foreignCategory) })}`,
    );
    expect(foreign).toMatchObject({ status: 404, body: { message: 'Category not found.' } });
    for (const text of ['1,,2', '01', '1) OR 1=1--', 'none']) {
      expect(
        (await reports('GET', `/api/reports/spending_by_category?${q({ ...ok, hide_category_ids: text })}`)).status,
      ).toBe(400);
    }
  });

  it("answers 404 for another household's category", async () => {
    const res = await reports(
      'GET',
      `/api/reports/transactions_by_category?${q({ ...ok, category_id: foreignCategory })}`,
    );
    expect(res).toMatchObject({ status: 404, body: { message: 'Category not found.' } });
  });

  it.each(['0', '01', '1.0', '-1', '1e0', 'abc', '99999999999'])('refuses category_id=%p', async (id) => {
    const res = await reports('GET', `/api/reports/transactions_by_category?${q({ ...ok, category_id: id })}`);
    expect([400, 404]).toContain(res.status);
    if (!/^[1-9]\d{0,9}$/.test(id)) expect(res.status).toBe(400);
  });

  it('refuses a missing, empty or over-long payee_name and treats %, quotes and SQL as text', async () => {
    expect((await reports('GET', `/api/reports/transactions_by_payee?${q(ok)}`)).status).toBe(400);
    expect((await reports('GET', `/api/reports/transactions_by_payee?${q({ ...ok, payee_name: '' })}`)).status).toBe(
      400,
    );
    expect(
      (await reports('GET', `/api/reports/transactions_by_payee?${q({ ...ok, payee_name: 'x'.repeat(201) })}`)).status,
    ).toBe(400);
    for (const payee of ['%', "'", "%' OR 1=1--", '_hop']) {
      const res = await reports('GET', `/api/reports/transactions_by_payee?${q({ ...ok, payee_name: payee })}`);
      expect(res).toMatchObject({ status: 200, body: [] });
    }
  });

  it('ignores an X-Min-Sequence that is not a number', async () => {
    const res = await reports('GET', `/api/reports/spending_by_payee?${q(ok)}`, undefined, {
      'x-min-sequence': '1; DROP TABLE ledger_rows',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: null, name: 'Shop', value: 5, children: [] }]);
  });
});
