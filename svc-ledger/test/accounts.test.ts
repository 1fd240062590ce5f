import { EVENT_SEQUENCE_HEADER } from '@hf/contracts';
import { addTransaction, ledgerForFile, openAccount, outboxSince, register, snapshot, type Json } from './helpers';

const ledger = ledgerForFile('accounts');
const call = ledger.client(1);
const other = ledger.client(2);

describe('POST /api/accounts/', () => {
  it('creates accounts; the first is the default; ordered by sort_order', async () => {
    const res = await call('POST', '/api/accounts/', { name: 'Checking', starting_balance: 100.5 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Checking',
      starting_balance: 100.5,
      kind: 'checking',
      credit_limit: null,
      low_balance_threshold: null,
      is_default: true,
      sort_order: 0,
      balance: 100.5,
      cleared_balance: 100.5,
      pending_balance: 100.5,
      last_reconciliation: null,
    });
    expect(Number(res.headers[EVENT_SEQUENCE_HEADER])).toBeGreaterThan(0);
    const second = await call('POST', '/api/accounts', { name: 'Savings', starting_balance: 0 });
    expect(second.body).toMatchObject({ is_default: false, sort_order: 1 });
    const list = await call('GET', '/api/accounts/');
    expect(list.status).toBe(200);
    expect(list.body.map((a: Json) => a.name)).toEqual(['Checking', 'Savings']);
  });

  it('refuses a name already used in the household, case-insensitively (409 with a message)', async () => {
    const before = await snapshot(ledger.app);
    const res = await call('POST', '/api/accounts/', { name: '  checking ', starting_balance: 0 });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already exists/);
    expect(await snapshot(ledger.app)).toBe(before);
    // Another household may use it.
    expect((await other('POST', '/api/accounts/', { name: 'Checking', starting_balance: 0 })).status).toBe(201);
  });

  it.each([
    ['a blank name', { name: '   ', starting_balance: 0 }],
    ['3 decimals', { name: 'X', starting_balance: 1.005 }],
    ['a string amount', { name: 'X', starting_balance: '10' }],
    ['a missing starting balance', { name: 'X' }],
    ['an extra field', { name: 'X', starting_balance: 0, household_id: 2 }],
  ])('refuses %s with 400 and changes nothing', async (_label, body) => {
    const before = await snapshot(ledger.app);
    const res = await call('POST', '/api/accounts/', body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(await snapshot(ledger.app)).toBe(before);
  });

  it('refuses 1e309 sent as raw JSON text', async () => {
    const before = await snapshot(ledger.app);
    const res = await call('POST', '/api/accounts/', '{"name":"Huge","starting_balance":1e309}');
    expect(res.status).toBe(400);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('account kinds (docs/rules/ledger.md, "Accounts")', () => {
  it('creates a credit card with a limit, a loan and a savings account with a threshold', async () => {
    const card = await call('POST', '/api/accounts/', {
      name: 'Visa',
      starting_balance: -250.5,
      kind: 'credit_card',
      credit_limit: 2000,
    });
    expect(card.status).toBe(201);
    expect(card.body).toMatchObject({ kind: 'credit_card', credit_limit: 2000, low_balance_threshold: null });
    expect(card.body.balance).toBe(-250.5);
    const loan = await call('POST', '/api/accounts/', { name: 'Car loan', starting_balance: -9000, kind: 'loan' });
    expect(loan.body).toMatchObject({ kind: 'loan', credit_limit: null, low_balance_threshold: null });
    const savings = await call('POST', '/api/accounts/', {
      name: 'Rainy day',
      starting_balance: 500,
      kind: 'savings',
      low_balance_threshold: 100.25,
    });
    expect(savings.body).toMatchObject({ kind: 'savings', low_balance_threshold: 100.25 });
    const listed = (await call('GET', `/api/accounts/${card.body.id}`)).body;
    expect(listed).toMatchObject({ kind: 'credit_card', credit_limit: 2000 });
  });

  it('changes the kind: a limit the new kind cannot have is dropped; the name stays', async () => {
    const id = await openAccount(call, 'Kind change');
    let res = await call('PUT', `/api/accounts/${id}`, { name: 'Kind change', kind: 'credit_card', credit_limit: 750 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Kind change', kind: 'credit_card', credit_limit: 750 });
    res = await call('PUT', `/api/accounts/${id}`, {
      name: 'Kind change',
      kind: 'savings',
      low_balance_threshold: -50,
    });
    expect(res.body).toMatchObject({ kind: 'savings', credit_limit: null, low_balance_threshold: -50 });
    // A plain rename (the spec's client) leaves the kind and threshold as they are.
    res = await call('PUT', `/api/accounts/${id}`, { name: 'Kind changed' });
    expect(res.body).toMatchObject({ name: 'Kind changed', kind: 'savings', low_balance_threshold: -50 });
  });

  it.each([
    [
      'an unknown kind',
      { kind: 'mortgage' },
      /"kind" must be one of: checking, savings, cash, credit_card, loan, investment/,
    ],
    ['a credit limit below zero', { kind: 'credit_card', credit_limit: -1 }, /credit limit cannot be below zero/],
    ['a credit limit of 3 decimals', { kind: 'credit_card', credit_limit: 10.005 }, /at most 2 decimal places/],
    ['a credit limit on a checking account', { credit_limit: 100 }, /Only a credit card has a credit limit/],
    ['a threshold on a loan', { kind: 'loan', low_balance_threshold: 10 }, /threshold applies to/],
  ])('create refuses %s with 400 and changes nothing', async (_label, fields, message) => {
    const before = await snapshot(ledger.app);
    const res = await call('POST', '/api/accounts/', { name: 'Bad kind', starting_balance: 0, ...fields });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await snapshot(ledger.app)).toBe(before);
  });

  it.each([
    ['an unknown kind', { kind: 'Credit Card' }, /"kind" must be one of/],
    ['a credit limit below zero', { credit_limit: -0.01 }, /credit limit cannot be below zero/],
    ['a threshold on the card', { low_balance_threshold: 5 }, /threshold applies to/],
  ])('update refuses %s with 400 and changes nothing', async (_label, fields, message) => {
    const id = (await call('GET', '/api/accounts/')).body.find((a: Json) => a.name === 'Visa').id;
    const before = await snapshot(ledger.app);
    const res = await call('PUT', `/api/accounts/${id}`, { name: 'Visa renamed', ...fields });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await snapshot(ledger.app)).toBe(before);
  });

  it("another household's account is 404 for a kind change, untouched", async () => {
    const foreign = await openAccount(other, 'Theirs');
    const before = await snapshot(ledger.app);
    expect((await call('PUT', `/api/accounts/${foreign}`, { name: 'Theirs', kind: 'loan' })).status).toBe(404);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('concurrent account creation', () => {
  it('a new household gets exactly one default account', async () => {
    const h = ledger.client(7);
    const results = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name) => h('POST', '/api/accounts/', { name, starting_balance: 0 })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const list = (await h('GET', '/api/accounts/')).body;
    expect(list.filter((a: Json) => a.is_default)).toHaveLength(1);
    expect(new Set(list.map((a: Json) => a.sort_order)).size).toBe(4);
  });
});

describe('GET /api/accounts/:id and balances', () => {
  it('balance, pending and cleared include the starting balance', async () => {
    const id = await openAccount(call, 'Wallet', 50);
    await addTransaction(call, id, { amount: -10.25, status: '' });
    await addTransaction(call, id, { amount: -4.75, status: 'p' });
    await addTransaction(call, id, { amount: 100, status: 'X' });
    const res = await call('GET', `/api/accounts/${id}`);
    expect(res.body).toMatchObject({ balance: 135, pending_balance: 145.25, cleared_balance: 150 });
  });

  it('a foreign or unknown id is 404', async () => {
    const foreign = (await other('GET', '/api/accounts/')).body[0].id;
    expect((await call('GET', `/api/accounts/${foreign}`)).status).toBe(404);
    expect((await call('GET', '/api/accounts/999999')).body).toEqual({ message: 'Account not found.' });
  });
});

describe('PUT /api/accounts/:id', () => {
  it('renames; transfer legs show the new name as payee', async () => {
    const a = await openAccount(call, 'Rename A');
    const b = await openAccount(call, 'Rename B');
    await addTransaction(call, a, { payee: 'Rename B', amount: -5 });
    const res = await call('PUT', `/api/accounts/${b}`, { name: 'Renamed B' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Renamed B');
    expect((await register(call, a))[0]).toMatchObject({ payee: 'Renamed B', category_name: '-- Transfer --' });
  });

  it('refuses a taken name (409) and a foreign account (404)', async () => {
    const list = (await call('GET', '/api/accounts/')).body;
    expect((await call('PUT', `/api/accounts/${list[1].id}`, { name: list[0].name.toUpperCase() })).status).toBe(409);
    const foreign = (await other('GET', '/api/accounts/')).body[0].id;
    const before = await snapshot(ledger.app);
    expect((await call('PUT', `/api/accounts/${foreign}`, { name: 'Mine now' })).status).toBe(404);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('POST /api/accounts/reorder', () => {
  it('saves the full order', async () => {
    const ids = (await call('GET', '/api/accounts/')).body.map((a: Json) => a.id);
    const reversed = [...ids].reverse();
    const res = await call('POST', '/api/accounts/reorder', { account_ids: reversed });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Account order saved.');
    expect((await call('GET', '/api/accounts/')).body.map((a: Json) => a.id)).toEqual(reversed);
  });

  it('refuses a partial order (400), a foreign id (404) and 10,000 ids (400 with the limit)', async () => {
    const ids = (await call('GET', '/api/accounts/')).body.map((a: Json) => a.id);
    const foreign = (await other('GET', '/api/accounts/')).body[0].id;
    const before = await snapshot(ledger.app);
    expect((await call('POST', '/api/accounts/reorder', { account_ids: ids.slice(1) })).status).toBe(400);
    expect((await call('POST', '/api/accounts/reorder', { account_ids: [...ids, ids[0]] })).status).toBe(400);
    expect((await call('POST', '/api/accounts/reorder', { account_ids: [...ids.slice(1), foreign] })).status).toBe(404);
    const many = await call('POST', '/api/accounts/reorder', {
      account_ids: Array.from({ length: 10_000 }, (_, i) => i + 1),
    });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('Too many accounts (limit 1000).');
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('DELETE /api/accounts/:id', () => {
  it('deletes its rows; the other leg of a transfer stays as an ordinary row naming the account', async () => {
    const a = await openAccount(call, 'Closing', 10);
    const b = await openAccount(call, 'Staying', 0);
    await addTransaction(call, a, { payee: 'Groceries', amount: -3 });
    await addTransaction(call, b, { payee: 'Closing', amount: 20 });
    const since = (await outboxSince(ledger.app)).at(-1)!.sequence;
    const res = await call('DELETE', `/api/accounts/${a}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Account deleted successfully.');
    expect((await call('GET', `/api/accounts/${a}`)).status).toBe(404);
    expect((await call('GET', `/api/accounts/${a}/transactions`)).status).toBe(404);
    const rows = await register(call, b);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      payee: 'Closing',
      amount: 20,
      category_name: null,
      transfer_id: null,
      transfer_account_id: null,
      running: 20,
    });
    const events = await outboxSince(ledger.app, since);
    expect(events.map((e) => e.type)).toEqual([
      'ledger.transaction.deleted.v1',
      'ledger.transaction.changed.v1',
      'ledger.account.closed.v1',
    ]);
    expect(events[0].data.reason).toBe('account_closed');
    expect(events[0].data.transactions).toHaveLength(2);
    // The name is free again.
    expect((await call('POST', '/api/accounts/', { name: 'Closing', starting_balance: 0 })).status).toBe(201);
  });

  it('moves the default flag to the next account', async () => {
    const list = (await call('GET', '/api/accounts/')).body;
    const def = list.find((a: Json) => a.is_default);
    await call('DELETE', `/api/accounts/${def.id}`);
    const after = (await call('GET', '/api/accounts/')).body;
    expect(after.filter((a: Json) => a.is_default)).toHaveLength(1);
  });

  it('a foreign account is 404 and untouched', async () => {
    const foreign = (await other('GET', '/api/accounts/')).body[0].id;
    const before = await snapshot(ledger.app);
    expect((await call('DELETE', `/api/accounts/${foreign}`)).status).toBe(404);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('GET /api/accounts/?today= (balance without planned rows)', () => {
  it('adds balance_today: rows dated today or earlier; the balance keeps every row', async () => {
    const id = await openAccount(call, 'Planned Today', 100);
    await addTransaction(call, id, { date: '2025-03-10', amount: -10 });
    await addTransaction(call, id, { date: '2025-03-11', amount: -20 });
    await addTransaction(call, id, { date: '2025-03-12', amount: -40 });
    const list = await call('GET', '/api/accounts/?today=2025-03-11');
    expect(list.status).toBe(200);
    expect(list.body.find((a: Json) => a.id === id)).toMatchObject({ balance: 30, balance_today: 70 });
    const one = await call('GET', `/api/accounts/${id}?today=2025-03-09`);
    expect(one.body).toMatchObject({ balance: 30, balance_today: 100 });
    expect((await call('GET', `/api/accounts/${id}`)).body.balance_today).toBeUndefined();
  });

  it.each(['2025-02-30', '2025-3-1', 'today'])('refuses today=%s with 400 and a message', async (today) => {
    const res = await call('GET', `/api/accounts/?today=${today}`);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });
});
