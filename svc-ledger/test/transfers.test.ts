import { addTransaction, ledgerForFile, openAccount, register, snapshot } from './helpers';

const ledger = ledgerForFile('transfers');
const call = ledger.client(1);
const other = ledger.client(2);
let checking: number;
let savings: number;
let card: number;
let foreignAccount: number;

beforeAll(async () => {
  checking = await openAccount(call, 'Checking', 1000);
  savings = await openAccount(call, 'Savings', 50);
  card = await openAccount(call, 'Visa Card', 0);
  foreignAccount = await openAccount(other, 'Theirs', 0);
});

const legOf = async (accountId: number, transferId: number) =>
  (await register(call, accountId)).find((r) => r.transfer_id === transferId);

describe('POST /api/accounts/transfer', () => {
  it('creates both legs in one go: -amount from, +amount to, each naming the other account', async () => {
    const res = await call('POST', '/api/accounts/transfer', {
      from_account_id: checking,
      to_account_id: savings,
      amount: 200.55,
      date: '2025-06-01',
      notes: 'monthly',
      payee: 'ignored',
      category: 'ignored',
    });
    expect(res.status).toBe(201);
    const { transfer_id: transferId, from_transaction: from, to_transaction: to } = res.body;
    expect(from).toMatchObject({
      account_id: checking,
      amount: -200.55,
      payee: 'Savings',
      category_name: '-- Transfer --',
      transfer_id: transferId,
      transfer_account_id: savings,
      transfer_transaction_id: to.id,
      notes: 'monthly',
      date: '2025-06-01',
    });
    expect(to).toMatchObject({
      account_id: savings,
      amount: 200.55,
      payee: 'Checking',
      category_name: '-- Transfer --',
      transfer_id: transferId,
      transfer_account_id: checking,
      transfer_transaction_id: from.id,
    });
    expect((await call('GET', `/api/accounts/${checking}`)).body.balance).toBe(799.45);
    expect((await call('GET', `/api/accounts/${savings}`)).body.balance).toBe(250.55);
  });

  it.each([
    ['a zero amount', { amount: 0 }, 400],
    ['a negative amount', { amount: -5 }, 400],
    ['3 decimals', { amount: 1.001 }, 400],
    ['a date that does not exist', { date: '2025-02-30' }, 400],
    ['the same account twice', { to_account_id: -1 }, 400],
    ['a destination of another household', { to_account_id: -2 }, 404],
    ['a source of another household', { from_account_id: -2 }, 404],
  ])('refuses %s and changes nothing', async (_label, fields: Record<string, unknown>, status) => {
    const body: Record<string, unknown> = {
      from_account_id: checking,
      to_account_id: savings,
      amount: 10,
      date: '2025-06-02',
      ...fields,
    };
    for (const key of ['from_account_id', 'to_account_id']) {
      if (body[key] === -1) body[key] = checking;
      if (body[key] === -2) body[key] = foreignAccount;
    }
    const before = await snapshot(ledger.app);
    const res = await call('POST', '/api/accounts/transfer', body);
    expect(res.status).toBe(status);
    if (_label === 'the same account twice')
      expect(res.body.message).toBe('Please select a valid account for the transfer.');
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('entry line transfers (POST /api/accounts/:id/transactions)', () => {
  it('a payee equal to another account name (any case) makes a transfer; a negative net leaves this account', async () => {
    const row = await addTransaction(call, checking, {
      payee: 'visa card',
      amount: -75,
      status: 'x',
      date: '2025-06-03',
    });
    expect(row).toMatchObject({
      account_id: checking,
      amount: -75,
      payee: 'Visa Card',
      category_name: '-- Transfer --',
      transfer_account_id: card,
      status: 'x',
    });
    const other = await legOf(card, row.transfer_id);
    expect(other).toMatchObject({ amount: 75, payee: 'Checking', status: '', transfer_transaction_id: row.id });
  });

  it('a positive net comes from the destination into this account', async () => {
    const row = await addTransaction(call, checking, { payee: 'Savings', amount: 30, date: '2025-06-04' });
    expect(row).toMatchObject({ account_id: checking, amount: 30, transfer_account_id: savings });
    expect(await legOf(savings, row.transfer_id)).toMatchObject({ amount: -30, payee: 'Checking' });
  });

  it('isTransfer with destination_account_id uses the destination whatever the payee', async () => {
    const row = await addTransaction(call, checking, {
      payee: 'To card',
      amount: -12,
      isTransfer: true,
      destination_account_id: card,
      category_id: null,
    });
    expect(row).toMatchObject({ payee: 'Visa Card', transfer_account_id: card, amount: -12 });
  });

  it('refuses no valid destination (400 with the spec message), the same account (400) and a foreign one (404)', async () => {
    const before = await snapshot(ledger.app);
    const none = await call('POST', `/api/accounts/${checking}/transactions`, {
      date: '2025-06-05',
      payee: 'Nowhere',
      amount: -1,
      isTransfer: true,
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please select a valid account for the transfer.');
    const same = await call('POST', `/api/accounts/${checking}/transactions`, {
      date: '2025-06-05',
      payee: 'X',
      amount: -1,
      isTransfer: true,
      destination_account_id: checking,
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('Please select a valid account for the transfer.');
    const foreign = await call('POST', `/api/accounts/${checking}/transactions`, {
      date: '2025-06-05',
      payee: 'Theirs',
      amount: -1,
      isTransfer: true,
      destination_account_id: foreignAccount,
    });
    expect(foreign.status).toBe(404);
    // A payee naming another household's account is an ordinary payee, not a transfer.
    expect(await snapshot(ledger.app)).toBe(before);
    const ordinary = await addTransaction(call, checking, { payee: 'Theirs', amount: -1 });
    expect(ordinary.transfer_id).toBeNull();
  });
});

describe('legs stay in step', () => {
  it('editing amount or date of one leg mirrors it on the other; payee and category of a leg are fixed', async () => {
    const row = await addTransaction(call, checking, { payee: 'Savings', amount: -40, date: '2025-07-01' });
    const res = await call('PUT', `/api/transactions/${row.id}`, {
      amount: -45.5,
      date: '2025-07-02',
      payee: 'Something else',
      category: 'ignored',
      notes: 'only here',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      amount: -45.5,
      date: '2025-07-02',
      payee: 'Savings',
      category_name: '-- Transfer --',
      notes: 'only here',
    });
    expect(await legOf(savings, row.transfer_id)).toMatchObject({ amount: 45.5, date: '2025-07-02', notes: '' });
    // Editing from the other side works the same way.
    const otherLeg = await legOf(savings, row.transfer_id);
    await call('PUT', `/api/transactions/${otherLeg.id}`, { amount: 50 });
    expect((await register(call, checking)).find((r) => r.id === row.id)).toMatchObject({ amount: -50 });
  });

  it('the status of a leg is its own', async () => {
    const row = await addTransaction(call, checking, { payee: 'Savings', amount: -1, date: '2025-07-03' });
    await call('PATCH', `/api/transactions/${row.id}/status`, { status: 'x' });
    expect((await legOf(savings, row.transfer_id)).status).toBe('');
  });

  it('deleting one leg deletes both; restoring one restores both', async () => {
    const row = await addTransaction(call, checking, { payee: 'Savings', amount: -9, date: '2025-07-04' });
    const savingsBalance = (await call('GET', `/api/accounts/${savings}`)).body.balance;
    await call('PATCH', `/api/transactions/${row.id}/delete`);
    expect(await legOf(checking, row.transfer_id)).toBeUndefined();
    expect(await legOf(savings, row.transfer_id)).toBeUndefined();
    expect((await call('GET', `/api/accounts/${savings}`)).body.balance).toBe(savingsBalance - 9);
    const peerId = row.transfer_transaction_id;
    await call('PATCH', `/api/transactions/${peerId}/restore`);
    expect(await legOf(checking, row.transfer_id)).toMatchObject({ id: row.id, amount: -9 });
    expect(await legOf(savings, row.transfer_id)).toMatchObject({ id: peerId, amount: 9 });
  });

  it("moving a leg to a third account re-points the other leg; into the other leg's account is 400", async () => {
    const row = await addTransaction(call, checking, { payee: 'Savings', amount: -15, date: '2025-07-05' });
    const before = await snapshot(ledger.app);
    const refused = await call('PATCH', `/api/transactions/${row.id}/move`, { destination_account_id: savings });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('A transfer cannot be moved into the account of its other leg.');
    expect(await snapshot(ledger.app)).toBe(before);
    const moved = await call('PATCH', `/api/transactions/${row.id}/move`, { destination_account_id: card });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: row.id, account_id: card, amount: -15, payee: 'Savings' });
    expect(await legOf(savings, row.transfer_id)).toMatchObject({
      payee: 'Visa Card',
      transfer_account_id: card,
      amount: 15,
    });
  });

  it('concurrent edits from both legs queue: no error, legs stay mirrored', async () => {
    const row = await addTransaction(call, checking, { payee: 'Savings', amount: -10, date: '2025-07-06' });
    const peerId = row.transfer_transaction_id;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('PUT', `/api/transactions/${i % 2 ? row.id : peerId}`, { amount: i % 2 ? -(i + 1) : i + 1 }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const a = (await register(call, checking)).find((r) => r.id === row.id);
    const b = (await register(call, savings)).find((r) => r.id === peerId);
    expect(a.amount).toBe(-b.amount);
  });

  it('every transfer has both legs and they sum to zero', async () => {
    const rows = (
      await ledger.app.db.query(
        'SELECT transfer_id, count(*)::int AS n, sum(amount)::int AS total FROM transactions WHERE transfer_id IS NOT NULL GROUP BY transfer_id',
      )
    ).rows;
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) expect([r.n, r.total]).toEqual([2, 0]);
  });
});
