import { testToken } from '@hf/service-kit/testing';
import { addTransaction, ledgerForFile, openAccount, register, type Json } from './helpers';

const ledger = ledgerForFile('register');
const call = ledger.client(1);

describe('GET /api/accounts/:id/transactions (the register)', () => {
  it('orders by date, then creation, then id; balances exact to the cent from the starting balance', async () => {
    const account = await openAccount(call, 'Checking', 100.1);
    const food = (await call('POST', '/api/categories/', { name: 'Food' })).body.id;
    const groceries = (await call('POST', '/api/categories/', { name: 'Groceries', parent_id: food })).body.id;
    await addTransaction(call, account, { date: '2025-03-02', payee: 'Later', amount: 0.2, status: 'x' });
    await addTransaction(call, account, { date: '2025-03-01', payee: 'First', amount: 0.1, status: '' });
    await addTransaction(call, account, {
      date: '2025-03-01',
      payee: 'Second',
      amount: -0.3,
      status: 'p',
      category_id: groceries,
    });
    await addTransaction(call, account, {
      date: '2025-03-03',
      payee: 'Third',
      amount: 1234567.89,
      status: 'X',
      category_id: food,
    });
    const rows = await register(call, account);
    expect(rows.map((r) => r.payee)).toEqual(['First', 'Second', 'Later', 'Third']);
    expect(rows.map((r) => [r.running, r.pending, r.cleared])).toEqual([
      [100.2, 100.1, 100.1],
      [99.9, 99.8, 100.1],
      [100.1, 100, 100.3],
      [1234667.99, 1234667.89, 1234668.19],
    ]);
    expect(rows[1]).toMatchObject({
      account_id: account,
      account_name: 'Checking',
      category_id: groceries,
      category_name: 'Food: Groceries',
      category: 'Food: Groceries',
      status: 'p',
      is_budgeted: false,
      transfer_id: null,
      transfer_account_id: null,
    });
    expect(rows[3].category_name).toBe('Food');
    expect(rows[0].category_name).toBeNull();
    expect(rows[0].updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
  });

  it('an empty register is an empty array; a foreign account is 404', async () => {
    const empty = await openAccount(call, 'Empty', 5);
    expect(await register(call, empty)).toEqual([]);
    const raw = await ledger.app.inject({
      method: 'GET',
      url: `/api/accounts/${empty}/transactions`,
      headers: { authorization: `Bearer ${testToken({ userId: 101, householdId: 1 })}` },
    });
    expect(raw.headers['content-type']).toMatch(/^application\/json/);
    expect(raw.body).toBe('[]');
    const other = ledger.client(2);
    expect((await other('GET', `/api/accounts/${empty}/transactions`)).status).toBe(404);
  });
});

describe('register paging', () => {
  let account: number;
  let full: Json[];

  beforeAll(async () => {
    account = await openAccount(call, 'Paged', 1000);
    const transactions = Array.from({ length: 53 }, (_, i) => ({
      date: `2025-01-${String((i % 28) + 1).padStart(2, '0')}`,
      payee: `Payee ${i}`,
      amount_cents: (i % 2 === 0 ? -1 : 1) * (i * 100 + 1),
      status: ['', 'p', 'x'][i % 3],
    }));
    const res = await ledger.internal()('POST', '/internal/transactions/bulk', {
      household_id: 1,
      account_id: account,
      idempotency_key: 'paging-seed',
      transactions,
    });
    expect(res.status).toBe(200);
    await addTransaction(call, account, { date: '2025-01-05', payee: 'Entered later', amount: -7.77, status: 'x' });
    // Text that needs escaping, a category path and a transfer leg: the full list (JSON written by
    // PostgreSQL) and the pages (serialised by Node) must agree on every field.
    const food = (await call('POST', '/api/categories/', { name: 'Fo"od' })).body.id;
    const sub = (await call('POST', '/api/categories/', { name: 'Snäcks \\ more', parent_id: food })).body.id;
    await addTransaction(call, account, {
      date: '2025-01-06',
      payee: 'Quote "q" \\ back\\slash',
      amount: 0.05,
      notes: 'line\nbreak\ttab \u2028 ünï 😀',
      category_id: sub,
    });
    const other = await openAccount(call, 'Other "acct"', 0);
    await addTransaction(call, account, { date: '2025-01-07', payee: 'other "ACCT"', amount: -1000000000 });
    await call('POST', `/api/accounts/${other}/transactions`, { date: '2025-01-07', payee: 'x', amount: 999999999.99 });
    full = await register(call, account);
    expect(full).toHaveLength(56);
    expect(full.find((r) => r.amount === 0.05)).toMatchObject({
      payee: 'Quote "q" \\ back\\slash',
      notes: 'line\nbreak\ttab \u2028 ünï 😀',
      category_name: 'Fo"od: Snäcks \\ more',
    });
    expect(full.find((r) => r.amount === -1000000000)).toMatchObject({
      payee: 'Other "acct"',
      category_name: '-- Transfer --',
      category: '-- Transfer --',
      transfer_account_id: other,
    });
  });

  it('limit alone gives the newest rows, with balances equal to the full list', async () => {
    const res = await call('GET', `/api/accounts/${account}/transactions?limit=10`);
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual(full.slice(-10));
    expect(res.body.total).toBe(56);
    expect(res.body.next_cursor).toBeNull();
    expect(typeof res.body.prev_cursor).toBe('string');
    const before = full[full.length - 11];
    expect(res.body.balance_before).toEqual({
      running: before.running,
      pending: before.pending,
      cleared: before.cleared,
    });
  });

  it('pages walked backwards and then forwards, concatenated, equal the full list', async () => {
    const backward: Json[][] = [];
    let page = (await call('GET', `/api/accounts/${account}/transactions?limit=7`)).body;
    backward.unshift(page.rows);
    while (page.prev_cursor) {
      page = (await call('GET', `/api/accounts/${account}/transactions?limit=7&before=${page.prev_cursor}`)).body;
      backward.unshift(page.rows);
    }
    expect(backward.flat()).toEqual(full);
    // `page` is now the first page: its balances start at the starting balance.
    expect(page.balance_before).toEqual({ running: 1000, pending: 1000, cleared: 1000 });
    const forward: Json[][] = [page.rows];
    while (page.next_cursor) {
      page = (await call('GET', `/api/accounts/${account}/transactions?limit=7&after=${page.next_cursor}`)).body;
      forward.push(page.rows);
    }
    expect(forward.flat()).toEqual(full);
    expect(page.next_cursor).toBeNull();
  });

  it('after the last row: no rows and the final balances; before it: the rows just earlier', async () => {
    const last = (await call('GET', `/api/accounts/${account}/transactions?limit=1`)).body;
    expect(last.rows).toEqual(full.slice(-1));
    const end = full[full.length - 1];
    const after = (await call('GET', `/api/accounts/${account}/transactions?limit=5&after=${last.prev_cursor}`)).body;
    expect(after).toEqual({
      rows: [],
      balance_before: { running: end.running, pending: end.pending, cleared: end.cleared },
      prev_cursor: null,
      next_cursor: null,
      total: 56,
    });
    const before = (await call('GET', `/api/accounts/${account}/transactions?limit=5&before=${last.prev_cursor}`)).body;
    expect(before.rows).toEqual(full.slice(-6, -1));
    expect(typeof before.next_cursor).toBe('string');
  });

  it.each([
    ['a bad cursor', '?limit=5&before=not-a-cursor!'],
    ['a forged cursor', `?limit=5&after=${Buffer.from('2025-13-01|x|1').toString('base64url')}`],
    ['limit 0', '?limit=0'],
    ['a limit over 5000', '?limit=5001'],
    ['both cursors', '?limit=5&before=MjAyNS0wMS0wMXwxfDE&after=MjAyNS0wMS0wMXwxfDE'],
    ['an unknown parameter', '?page=2'],
  ])('refuses %s with 400', async (_label, query) => {
    const res = await call('GET', `/api/accounts/${account}/transactions${query}`);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });
});
