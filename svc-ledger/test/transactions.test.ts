import { EVENT_SEQUENCE_HEADER } from '@hf/contracts';
import { addTransaction, lastSequence, ledgerForFile, openAccount, register, snapshot, type Json } from './helpers';

const ledger = ledgerForFile('transactions');
const call = ledger.client(1);
const other = ledger.client(2);
let checking: number;
let savings: number;
let food: number;
let groceries: number;
let foreignAccount: number;
let foreignCategory: number;
let foreignTransaction: number;

beforeAll(async () => {
  checking = await openAccount(call, 'Checking', 100);
  savings = await openAccount(call, 'Savings', 0);
  food = (await call('POST', '/api/categories/', { name: 'Food' })).body.id;
  groceries = (await call('POST', '/api/categories/', { name: 'Groceries', parent_id: food })).body.id;
  foreignAccount = await openAccount(other, 'Theirs', 0);
  foreignCategory = (await other('POST', '/api/categories/', { name: 'Theirs' })).body.id;
  foreignTransaction = (await addTransaction(other, foreignAccount, { payee: 'Secret' })).id;
});

describe('POST /api/accounts/:id/transactions', () => {
  it('creates a row and answers it with id and date; status stored lower-case', async () => {
    const res = await call('POST', `/api/accounts/${checking}/transactions`, {
      date: '2025-02-01',
      payee: ' Corner Shop ',
      amount: -12.34,
      status: 'P',
      notes: 'milk',
      category_id: groceries,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      date: '2025-02-01',
      payee: 'Corner Shop',
      amount: -12.34,
      status: 'p',
      notes: 'milk',
      category_id: groceries,
      category_name: 'Food: Groceries',
      account_id: checking,
      account_name: 'Checking',
      is_budgeted: false,
    });
    expect(Number(res.headers[EVENT_SEQUENCE_HEADER])).toBe(await lastSequence(ledger.app));
  });

  it('accepts a category by name ("Parent: Child", case-insensitive); an unknown name is 400', async () => {
    const byName = await addTransaction(call, checking, { category: 'food:  GROCERIES' });
    expect(byName.category_id).toBe(groceries);
    const top = await addTransaction(call, checking, { category: 'FOOD' });
    expect(top.category_id).toBe(food);
    const before = await snapshot(ledger.app);
    const res = await call('POST', `/api/accounts/${checking}/transactions`, {
      date: '2025-02-01',
      payee: 'X',
      amount: 1,
      category: 'Food: Nothing',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The category "Food: Nothing" does not exist.');
    expect(await snapshot(ledger.app)).toBe(before);
  });

  it.each([
    ['a date that does not exist', { date: '2025-02-30' }],
    ['a date in another format', { date: '02/03/2025' }],
    ['3 decimals', { amount: 1.234 }],
    ['a string amount', { amount: '12.00' }],
    ['an amount beyond 10^12', { amount: 1e13 }],
    ['a blank payee', { payee: '   ' }],
    ['a bad status', { status: 'y' }],
    ['is_budgeted from the client', { is_budgeted: true }],
    ['household_id from the client', { household_id: 2 }],
  ])('refuses %s with 400 and changes nothing', async (_label, fields) => {
    const before = await snapshot(ledger.app);
    const res = await call('POST', `/api/accounts/${checking}/transactions`, {
      date: '2025-02-01',
      payee: 'X',
      amount: 1,
      ...fields,
    });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(await snapshot(ledger.app)).toBe(before);
  });

  it('refuses 1e309 sent as raw JSON text', async () => {
    const before = await snapshot(ledger.app);
    const res = await call(
      'POST',
      `/api/accounts/${checking}/transactions`,
      '{"date":"2025-02-01","payee":"X","amount":1e309}',
    );
    expect(res.status).toBe(400);
    expect(await snapshot(ledger.app)).toBe(before);
  });

  it('a foreign account or category is 404 and changes nothing', async () => {
    const before = await snapshot(ledger.app);
    expect(
      (
        await call('POST', `/api/accounts/${foreignAccount}/transactions`, {
          date: '2025-02-01',
          payee: 'X',
          amount: 1,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('POST', `/api/accounts/${checking}/transactions`, {
          date: '2025-02-01',
          payee: 'X',
          amount: 1,
          category_id: foreignCategory,
        })
      ).status,
    ).toBe(404);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('a payee with nothing visible in it (the Name rule of @hf/contracts/names)', () => {
  // Zero-width space, joiner, non-joiner, word joiner, BOM, a bidi isolate and a Hangul filler.
  const invisible = ['\u200b', '\u200b\u200d\u200c', '\u2060\ufeff', ' \u2066 ', '\u3164'];

  it.each(invisible.map((payee) => [JSON.stringify(payee), payee]))(
    'refuses %s on create and on edit with "Payee is required.", changing nothing',
    async (_label, payee) => {
      const row = await addTransaction(call, checking, { payee: 'Visible' });
      const before = await snapshot(ledger.app);
      const created = await call('POST', `/api/accounts/${checking}/transactions`, {
        date: '2025-02-01',
        payee,
        amount: 1,
      });
      expect([created.status, created.body]).toEqual([400, { message: 'Payee is required.' }]);
      const edited = await call('PUT', `/api/transactions/${row.id}`, { payee });
      expect([edited.status, edited.body]).toEqual([400, { message: 'Payee is required.' }]);
      expect(await snapshot(ledger.app)).toBe(before);
    },
  );

  it('keeps a payee that has a visible character among invisible ones', async () => {
    const res = await call('POST', `/api/accounts/${checking}/transactions`, {
      date: '2025-02-01',
      payee: '\u200bCafe',
      amount: -1,
    });
    expect([res.status, res.body.payee]).toEqual([201, '\u200bCafe']);
  });
});

describe('PUT /api/transactions/:id', () => {
  it('edits the given fields and records the change history', async () => {
    const row = await addTransaction(call, checking, { payee: 'Cafe', amount: -4.5 });
    const res = await call('PUT', `/api/transactions/${row.id}`, {
      date: '2025-02-03',
      payee: 'Cafe Nero',
      amount: -5.25,
      status: 'x',
      notes: 'latte',
      category_id: food,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      date: '2025-02-03',
      payee: 'Cafe Nero',
      amount: -5.25,
      status: 'x',
      notes: 'latte',
      category_id: food,
      category_name: 'Food',
    });
    expect(res.body.updated_at > row.updated_at).toBe(true);
    const history = (await call('GET', `/api/transactions/${row.id}/history`)).body;
    expect(history[0]).toMatchObject({
      action: 'edited',
      user_id: 101,
      transaction_id: row.id,
      old_values: { date: '2025-01-15', payee: 'Cafe', amount: -4.5, status: '', notes: '', category_id: null },
      new_values: {
        date: '2025-02-03',
        payee: 'Cafe Nero',
        amount: -5.25,
        status: 'x',
        notes: 'latte',
        category_id: food,
      },
    });
    expect(history.at(-1).action).toBe('created');
  });

  it('with updated_at: 409 when the row changed since, 200 when current; category_id null uncategorises', async () => {
    const row = await addTransaction(call, checking, { payee: 'Versioned', category_id: food });
    const first = await call('PUT', `/api/transactions/${row.id}`, { amount: -1, updated_at: row.updated_at });
    expect(first.status).toBe(200);
    const before = await snapshot(ledger.app);
    const stale = await call('PUT', `/api/transactions/${row.id}`, { amount: -2, updated_at: row.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed since/);
    expect(await snapshot(ledger.app)).toBe(before);
    const current = await call('PUT', `/api/transactions/${row.id}`, {
      amount: -2,
      category_id: null,
      updated_at: first.body.updated_at,
    });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ amount: -2, category_id: null, category_name: null });
  });

  it('refuses bad values with 400, a foreign row or category with 404, all changing nothing', async () => {
    const row = await addTransaction(call, checking, { payee: 'Guarded' });
    const before = await snapshot(ledger.app);
    for (const body of [
      { date: '2025-02-30' },
      { amount: 0.001 },
      { amount: '5' },
      { payee: '' },
      { status: 'q' },
      { updated_at: 'yesterday' },
      { account_id: savings },
    ]) {
      expect((await call('PUT', `/api/transactions/${row.id}`, body)).status).toBe(400);
    }
    expect((await call('PUT', `/api/transactions/${row.id}`, '{"amount":1e309}')).status).toBe(400);
    expect((await call('PUT', `/api/transactions/${row.id}`, { category_id: foreignCategory })).status).toBe(404);
    expect((await call('PUT', `/api/transactions/${foreignTransaction}`, { amount: 1 })).status).toBe(404);
    expect(await snapshot(ledger.app)).toBe(before);
  });

  it('editing a budgeted row makes it actual', async () => {
    const internal = ledger.internal();
    const up = await internal('PUT', '/internal/budgeted-rows', {
      household_id: 1,
      account_id: checking,
      schedule_id: 9,
      month: '2025-03',
      date: '2025-03-05',
      payee: 'Rent',
      amount_cents: -90000,
    });
    expect(up.body.state).toBe('created');
    let row = (await register(call, checking)).find((r) => r.id === up.body.transaction_id);
    expect(row.is_budgeted).toBe(true);
    await call('PUT', `/api/transactions/${row.id}`, { amount: -950 });
    row = (await register(call, checking)).find((r) => r.id === up.body.transaction_id);
    expect(row).toMatchObject({ is_budgeted: false, amount: -950 });
  });
});

describe('PATCH /api/transactions/:id/status', () => {
  it('stores p / x lower-case and clears with an empty status', async () => {
    const row = await addTransaction(call, checking, { payee: 'Status' });
    expect((await call('PATCH', `/api/transactions/${row.id}/status`, { status: 'X' })).body.status).toBe('x');
    expect((await call('PATCH', `/api/transactions/${row.id}/status`, { status: 'p' })).body.status).toBe('p');
    expect((await call('PATCH', `/api/transactions/${row.id}/status`, { status: '' })).body.status).toBe('');
    const history = (await call('GET', `/api/transactions/${row.id}/history`)).body;
    expect(history.slice(0, 3).map((h: Json) => [h.action, h.old_values.status, h.new_values.status])).toEqual([
      ['status', 'p', ''],
      ['status', 'x', 'p'],
      ['status', '', 'x'],
    ]);
  });

  it('refuses other values (400) and a foreign row (404)', async () => {
    const row = await addTransaction(call, checking, { payee: 'Status 2' });
    expect((await call('PATCH', `/api/transactions/${row.id}/status`, { status: 'c' })).status).toBe(400);
    expect((await call('PATCH', `/api/transactions/${row.id}/status`, { status: 'xx' })).status).toBe(400);
    expect((await call('PATCH', `/api/transactions/${foreignTransaction}/status`, { status: 'x' })).status).toBe(404);
  });

  it('setting a status on a budgeted row makes it actual', async () => {
    const up = await ledger.internal()('PUT', '/internal/budgeted-rows', {
      household_id: 1,
      account_id: checking,
      schedule_id: 10,
      month: '2025-03',
      date: '2025-03-09',
      payee: 'Gym',
      amount_cents: -3000,
    });
    const res = await call('PATCH', `/api/transactions/${up.body.transaction_id}/status`, { status: 'x' });
    expect(res.body).toMatchObject({ status: 'x', is_budgeted: false });
  });
});

describe('PATCH /api/transactions/:id/delete and /restore', () => {
  it('soft-deletes (gone from the register and balances) and restores', async () => {
    const account = await openAccount(call, 'Deletions', 10);
    const row = await addTransaction(call, account, { amount: -3 });
    const res = await call('PATCH', `/api/transactions/${row.id}/delete`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Transaction deleted.');
    expect(await register(call, account)).toEqual([]);
    expect((await call('GET', `/api/accounts/${account}`)).body.balance).toBe(10);
    expect((await call('PUT', `/api/transactions/${row.id}`, { amount: -1 })).status).toBe(404);
    const restored = await call('PATCH', `/api/transactions/${row.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: row.id, amount: -3 });
    expect((await register(call, account)).map((r) => r.running)).toEqual([7]);
    const actions = (await call('GET', `/api/transactions/${row.id}/history`)).body.map((h: Json) => h.action);
    expect(actions.slice(0, 2)).toEqual(['restored', 'deleted']);
  });

  it('a foreign row is 404 for delete, restore and history', async () => {
    const before = await snapshot(ledger.app);
    expect((await call('PATCH', `/api/transactions/${foreignTransaction}/delete`)).status).toBe(404);
    expect((await call('PATCH', `/api/transactions/${foreignTransaction}/restore`)).status).toBe(404);
    expect((await call('GET', `/api/transactions/${foreignTransaction}/history`)).status).toBe(404);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('PATCH /api/transactions/:id/move', () => {
  it('changes the account and keeps id, date, amount and status', async () => {
    const row = await addTransaction(call, checking, { payee: 'Mover', amount: -8.8, status: 'x', date: '2025-04-04' });
    const res = await call('PATCH', `/api/transactions/${row.id}/move`, { destination_account_id: savings });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: row.id,
      account_id: savings,
      account_name: 'Savings',
      date: '2025-04-04',
      amount: -8.8,
      status: 'x',
      message: 'Transaction moved.',
    });
    expect((await register(call, checking)).some((r) => r.id === row.id)).toBe(false);
    expect((await register(call, savings)).find((r) => r.id === row.id)).toMatchObject({
      running: -8.8,
      cleared: -8.8,
    });
    expect((await call('GET', `/api/transactions/${row.id}/history`)).body[0]).toMatchObject({
      action: 'moved',
      old_values: { account_id: checking },
      new_values: { account_id: savings },
    });
  });

  it('a foreign destination or row is 404 and changes nothing', async () => {
    const row = await addTransaction(call, checking, { payee: 'Stay' });
    const before = await snapshot(ledger.app);
    expect(
      (await call('PATCH', `/api/transactions/${row.id}/move`, { destination_account_id: foreignAccount })).status,
    ).toBe(404);
    expect(
      (await call('PATCH', `/api/transactions/${foreignTransaction}/move`, { destination_account_id: checking }))
        .status,
    ).toBe(404);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('POST /api/transactions/search', () => {
  let account: number;
  beforeAll(async () => {
    account = await openAccount(call, 'Searchable', 0);
    await addTransaction(call, account, { payee: 'AMAZON Marketplace', amount: -20, date: '2025-05-01' });
    await addTransaction(call, account, { payee: 'amazon prime', amount: -9, date: '2025-05-02', category_id: food });
    await addTransaction(call, account, { payee: '100% Organic', amount: -3, date: '2025-05-03' });
    await addTransaction(call, account, { payee: 'Bakery', amount: -2, date: '2025-05-04' });
  });

  it('matches payees containing any term, case-insensitively, newest first', async () => {
    const res = await call('POST', '/api/transactions/search', {
      account_id: account,
      search_terms: ['amazon', 'bakery'],
      uncategorized_only: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.map((r: Json) => r.payee)).toEqual(['Bakery', 'amazon prime', 'AMAZON Marketplace']);
    expect(res.body[1]).toEqual({
      id: expect.any(Number),
      date: '2025-05-02',
      payee: 'amazon prime',
      amount: -9,
      category_id: food,
      category_name: 'Food',
      splits: [],
    });
  });

  it('uncategorized_only, literal % and _, and no terms = every row', async () => {
    const search = async (search_terms: string[], uncategorized_only = false) =>
      (await call('POST', '/api/transactions/search', { account_id: account, search_terms, uncategorized_only })).body;
    expect((await search(['amazon'], true)).map((r: Json) => r.payee)).toEqual(['AMAZON Marketplace']);
    expect((await search(['0%'])).map((r: Json) => r.payee)).toEqual(['100% Organic']);
    expect(await search(['_'])).toEqual([]);
    expect(await search([])).toHaveLength(4);
  });

  it('refuses 51 terms (400) and a foreign account (404)', async () => {
    const many = await call('POST', '/api/transactions/search', {
      account_id: account,
      search_terms: Array.from({ length: 51 }, (_, i) => `t${i}`),
      uncategorized_only: false,
    });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('Too many search terms (limit 50).');
    expect(
      (
        await call('POST', '/api/transactions/search', {
          account_id: foreignAccount,
          search_terms: ['Secret'],
          uncategorized_only: false,
        })
      ).status,
    ).toBe(404);
  });
});

describe('PATCH /api/transactions/bulk_categorize', () => {
  it('sets the category of every given row and answers a message', async () => {
    const a = await addTransaction(call, checking, { payee: 'Bulk 1' });
    const b = await addTransaction(call, checking, { payee: 'Bulk 2' });
    const res = await call('PATCH', '/api/transactions/bulk_categorize', {
      transaction_ids: [a.id, b.id],
      category_id: groceries,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: '2 transactions categorized.', selected: 2, changed: 2, skipped_split: 0 });
    const rows = (await register(call, checking)).filter((r) => r.id === a.id || r.id === b.id);
    expect(rows.map((r) => r.category_name)).toEqual(['Food: Groceries', 'Food: Groceries']);
    expect((await call('GET', `/api/transactions/${a.id}/history`)).body[0]).toMatchObject({
      action: 'categorized',
      new_values: { category_id: groceries },
    });
  });

  it('counts the selected rows and the rows that changed (one already in the category)', async () => {
    const a = await addTransaction(call, checking, { payee: 'Count 1' });
    const b = await addTransaction(call, checking, { payee: 'Count 2' });
    expect(
      (await call('PATCH', '/api/transactions/bulk_categorize', { transaction_ids: [a.id], category_id: groceries }))
        .body,
    ).toMatchObject({ changed: 1 });
    const res = await call('PATCH', '/api/transactions/bulk_categorize', {
      transaction_ids: [a.id, b.id, b.id],
      category_id: groceries,
    });
    expect(res.body).toEqual({ message: '1 transaction categorized.', selected: 2, changed: 1, skipped_split: 0 });
  });

  it('refuses 10,000 ids with the limit, a foreign id or category with 404, an empty list with 400; nothing changes', async () => {
    const mine = await addTransaction(call, checking, { payee: 'Bulk 3' });
    const before = await snapshot(ledger.app);
    const many = await call('PATCH', '/api/transactions/bulk_categorize', {
      transaction_ids: Array.from({ length: 10_000 }, (_, i) => i + 1),
      category_id: food,
    });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('Too many transactions (limit 1000).');
    expect(
      (
        await call('PATCH', '/api/transactions/bulk_categorize', {
          transaction_ids: [mine.id, foreignTransaction],
          category_id: food,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('PATCH', '/api/transactions/bulk_categorize', {
          transaction_ids: [mine.id],
          category_id: foreignCategory,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('PATCH', '/api/transactions/bulk_categorize', { transaction_ids: [], category_id: food })).status,
    ).toBe(400);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('GET /api/payees/', () => {
  it('lists payees of actual rows, most used first (no transfers, budgeted or deleted rows)', async () => {
    const h = ledger.client(3);
    const a = await openAccount(h, 'P1', 0);
    await openAccount(h, 'P2', 0);
    for (const payee of ['Cafe', 'Bakery', 'Cafe', 'Deli', 'Cafe', 'Bakery']) await addTransaction(h, a, { payee });
    const gone = await addTransaction(h, a, { payee: 'Gone' });
    await h('PATCH', `/api/transactions/${gone.id}/delete`);
    await addTransaction(h, a, { payee: 'P2' });
    await ledger.internal()('PUT', '/internal/budgeted-rows', {
      household_id: 3,
      account_id: a,
      schedule_id: 1,
      month: '2025-01',
      date: '2025-01-01',
      payee: 'Planned',
      amount_cents: -100,
    });
    const res = await h('GET', '/api/payees/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(['Cafe', 'Bakery', 'Deli']);
  });
});
