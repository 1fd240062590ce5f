import { changedByOther, HISTORY_MESSAGES, otherAccountDeleted } from '@hf/contracts/history';
import { addTransaction, ledgerForFile, openAccount, register, snapshot, type Json } from './helpers';

const ledger = ledgerForFile('history');
const alex = ledger.client(1, 101, 'Alex');
const sam = ledger.client(1, 102, 'Sam');
const other = ledger.client(2, 201, 'Olivia');
let checking: number;
let savings: number;
let food: number;
let rent: number;
let foreignRow: number;
let foreignAccount: number;

beforeAll(async () => {
  checking = await openAccount(alex, 'Checking', 100);
  savings = await openAccount(alex, 'Savings', 0);
  food = (await alex('POST', '/api/categories/', { name: 'Food' })).body.id;
  rent = (await alex('POST', '/api/categories/', { name: 'Rent' })).body.id;
  foreignAccount = await openAccount(other, 'Theirs', 0);
  foreignRow = (await addTransaction(other, foreignAccount, { payee: 'Secret' })).id;
});

const historyOf = async (id: number): Promise<Json[]> => {
  const res = await alex('GET', `/api/transactions/${id}/history`);
  expect(res.status).toBe(200);
  return res.body;
};

describe('GET /api/transactions/:id/history', () => {
  it('records every change with the member’s name, newest first; each field from and to', async () => {
    const row = await addTransaction(alex, checking, { payee: 'Cafe', amount: -4.5 });
    expect((await alex('PUT', `/api/transactions/${row.id}`, { payee: 'Cafe Nero', amount: -5.25 })).status).toBe(200);
    expect((await sam('PATCH', `/api/transactions/${row.id}/status`, { status: 'x' })).status).toBe(200);
    expect((await sam('PATCH', `/api/transactions/${row.id}/move`, { destination_account_id: savings })).status).toBe(
      200,
    );
    expect((await alex('PATCH', `/api/transactions/${row.id}/delete`)).status).toBe(200);
    expect((await sam('PATCH', `/api/transactions/${row.id}/restore`)).status).toBe(200);
    const history = await historyOf(row.id);
    expect(history.map((h) => [h.action, h.user_name])).toEqual([
      ['restored', 'Sam'],
      ['deleted', 'Alex'],
      ['moved', 'Sam'],
      ['status', 'Sam'],
      ['edited', 'Alex'],
      ['created', 'Alex'],
    ]);
    expect(history[4]).toMatchObject({
      user_id: 101,
      old_values: { payee: 'Cafe', amount: -4.5 },
      new_values: { payee: 'Cafe Nero', amount: -5.25 },
    });
    expect(history[2]).toMatchObject({ old_values: { account_id: checking }, new_values: { account_id: savings } });
    expect(history[3]).toMatchObject({ old_values: { status: '' }, new_values: { status: 'x' } });
    expect(history.map((h) => h.id)).toEqual([...history.map((h) => h.id)].sort((a, b) => b - a));
  });

  it('an import records one "imported" entry that every row’s history shows, with who imported', async () => {
    const res = await ledger.internal()('POST', '/internal/transactions/bulk', {
      household_id: 1,
      account_id: checking,
      idempotency_key: 'history-import',
      user_id: 102,
      transactions: [
        { date: '2025-03-01', payee: 'Imported A', amount_cents: -100 },
        { date: '2025-03-02', payee: 'Imported B', amount_cents: -200 },
      ],
    });
    expect(res.status).toBe(200);
    for (const id of res.body.transaction_ids) {
      expect((await historyOf(id)).map((h) => [h.action, h.user_name, h.new_values])).toEqual([
        ['imported', 'Sam', { count: 2 }],
      ]);
    }
    // One entry for the whole import (decision 0127), on its first row.
    const stored = await ledger.app.db.query(
      "SELECT transaction_id, new_values FROM transaction_changes WHERE action = 'imported'",
    );
    expect(stored.rows).toEqual([
      { transaction_id: res.body.transaction_ids[0], new_values: { count: 2, ranges: [res.body.transaction_ids] } },
    ]);
    const activity = await alex('GET', `/api/history?kind=imported`);
    expect(activity.body.changes.map((c: Json) => [c.transaction_id, c.user_name, c.new_values.count])).toEqual([
      [res.body.transaction_ids[0], 'Sam', 2],
    ]);
  });

  it('bulk categorize records each row', async () => {
    const a = await addTransaction(alex, checking, { payee: 'Bulk A' });
    const res = await sam('PATCH', '/api/transactions/bulk_categorize', { transaction_ids: [a.id], category_id: food });
    expect(res.status).toBe(200);
    expect((await historyOf(a.id))[0]).toMatchObject({
      action: 'categorized',
      user_name: 'Sam',
      old_values: { category_id: null },
      new_values: { category_id: food },
    });
  });

  it('another household’s row is 404', async () => {
    const res = await alex('GET', `/api/transactions/${foreignRow}/history`);
    expect([res.status, res.body]).toEqual([404, { message: 'Transaction not found.' }]);
  });

  it('a member renamed in their token is named anew in every entry', async () => {
    const jo = ledger.client(1, 103, 'Jo');
    const row = await addTransaction(jo, checking, { payee: 'Renamed' });
    expect((await historyOf(row.id)).map((h) => h.user_name)).toEqual(['Jo']);
    const renamed = ledger.client(1, 103, 'Joanna');
    await renamed('PATCH', `/api/transactions/${row.id}/status`, { status: 'p' });
    expect((await historyOf(row.id)).map((h) => h.user_name)).toEqual(['Joanna', 'Joanna']);
  });
});

describe('GET /api/history', () => {
  it('answers the household’s changes newest first, filtered by account, person, kind and since, in pages', async () => {
    const acct = await openAccount(alex, 'Activity', 0);
    const a = await addTransaction(alex, acct, { payee: 'Act A', amount: -1 });
    const b = await addTransaction(sam, acct, { payee: 'Act B', amount: -2 });
    await sam('PATCH', `/api/transactions/${a.id}/status`, { status: 'x' });
    const all = await alex('GET', `/api/history?account_id=${acct}`);
    expect(all.status).toBe(200);
    expect(
      all.body.changes.map((c: Json) => [c.transaction_id, c.action, c.user_name, c.payee, c.account_name]),
    ).toEqual([
      [a.id, 'status', 'Sam', 'Act A', 'Activity'],
      [b.id, 'created', 'Sam', 'Act B', 'Activity'],
      [a.id, 'created', 'Alex', 'Act A', 'Activity'],
    ]);
    expect(all.body.next_before).toBeNull();
    expect(all.body.members).toEqual(
      expect.arrayContaining([
        { user_id: 101, name: 'Alex' },
        { user_id: 102, name: 'Sam' },
      ]),
    );
    const bySam = await alex('GET', `/api/history?account_id=${acct}&user_id=102`);
    expect(bySam.body.changes.map((c: Json) => c.action)).toEqual(['status', 'created']);
    const statuses = await alex('GET', `/api/history?account_id=${acct}&kind=status`);
    expect(statuses.body.changes.map((c: Json) => c.transaction_id)).toEqual([a.id]);
    const page1 = await alex('GET', `/api/history?account_id=${acct}&limit=2`);
    expect(page1.body.changes).toHaveLength(2);
    expect(page1.body.next_before).toBe(page1.body.changes[1].id);
    const page2 = await alex('GET', `/api/history?account_id=${acct}&limit=2&before=${page1.body.next_before}`);
    expect(page2.body.changes.map((c: Json) => [c.transaction_id, c.action])).toEqual([[a.id, 'created']]);
    expect(page2.body.next_before).toBeNull();
    const future = await alex('GET', `/api/history?account_id=${acct}&since=2199-01-01`);
    expect([future.status, future.body.changes]).toEqual([200, []]);
    const past = await alex('GET', `/api/history?account_id=${acct}&since=2000-01-01T00:00:00Z`);
    expect(past.body.changes).toHaveLength(3);
  });

  it('without an account: walks past the changes of a deleted account to fill the page, and pages on', async () => {
    const kept = await addTransaction(alex, checking, { payee: 'Kept row', amount: -1 });
    const gone = await openAccount(alex, 'Gone soon', 0);
    for (const payee of ['Gone 1', 'Gone 2', 'Gone 3']) await addTransaction(alex, gone, { payee, amount: -1 });
    expect((await alex('DELETE', `/api/accounts/${gone}`)).status).toBeLessThan(300);
    const first = await alex('GET', '/api/history?limit=1');
    expect(first.status).toBe(200);
    expect(first.body.changes.map((c: Json) => [c.transaction_id, c.action, c.payee])).toEqual([
      [kept.id, 'created', 'Kept row'],
    ]);
    const next = await alex('GET', `/api/history?limit=1&before=${first.body.next_before}`);
    expect(next.body.changes).toHaveLength(1);
    expect(next.body.changes[0].id).toBeLessThan(first.body.changes[0].id);
    const all = await alex('GET', '/api/history?limit=500');
    expect(all.body.changes.some((c: Json) => String(c.payee).startsWith('Gone'))).toBe(false);
    expect(all.body.changes.map((c: Json) => c.id)).toEqual(
      [...all.body.changes.map((c: Json) => c.id)].sort((x: number, y: number) => y - x),
    );
  });

  it('never shows another household’s changes; bad filters are 400, a foreign account 404', async () => {
    const mine = await alex('GET', '/api/history?limit=500');
    expect(mine.body.changes.some((c: Json) => c.transaction_id === foreignRow)).toBe(false);
    const theirs = await other('GET', '/api/history');
    expect(theirs.body.changes.map((c: Json) => c.transaction_id)).toEqual([foreignRow]);
    expect(theirs.body.members).toEqual([{ user_id: 201, name: 'Olivia' }]);
    expect(await alex('GET', `/api/history?account_id=${foreignAccount}`)).toMatchObject({
      status: 404,
      body: { message: 'Account not found.' },
    });
    expect(await alex('GET', '/api/history?kind=sneezed')).toMatchObject({
      status: 400,
      body: { message: HISTORY_MESSAGES.unknownKind },
    });
    expect(await alex('GET', '/api/history?since=yesterday')).toMatchObject({
      status: 400,
      body: { message: HISTORY_MESSAGES.badSince },
    });
    expect((await alex('GET', '/api/history?limit=0')).status).toBe(400);
  });
});

describe('Recently deleted and restore', () => {
  it('lists an account’s deleted rows with who deleted them; restore brings a row back and off the list', async () => {
    const acct = await openAccount(alex, 'Deleting', 0);
    const keep = await addTransaction(alex, acct, { payee: 'Keep', amount: -1 });
    const gone = await addTransaction(alex, acct, { payee: 'Gone', amount: -2 });
    expect((await sam('PATCH', `/api/transactions/${gone.id}/delete`)).status).toBe(200);
    const list = await alex('GET', `/api/accounts/${acct}/deleted`);
    expect(list.status).toBe(200);
    expect(list.body.rows.map((r: Json) => [r.id, r.payee, r.amount, r.deleted_by])).toEqual([
      [gone.id, 'Gone', -2, 'Sam'],
    ]);
    expect(typeof list.body.rows[0].deleted_at).toBe('string');
    expect((await alex('PATCH', `/api/transactions/${gone.id}/restore`)).status).toBe(200);
    expect((await alex('GET', `/api/accounts/${acct}/deleted`)).body.rows).toEqual([]);
    expect((await register(alex, acct)).map((r) => r.id).sort()).toEqual([keep.id, gone.id].sort());
    expect((await alex('GET', `/api/accounts/${foreignAccount}/deleted`)).status).toBe(404);
  });

  it('restoring a row that is not deleted is 400 and changes nothing', async () => {
    const row = await addTransaction(alex, checking, { payee: 'Alive' });
    const before = await snapshot(ledger.app);
    const res = await alex('PATCH', `/api/transactions/${row.id}/restore`);
    expect([res.status, res.body]).toEqual([400, { message: HISTORY_MESSAGES.notDeleted }]);
    expect(await snapshot(ledger.app)).toBe(before);
  });

  it('restores both legs of a transfer; a leg whose other account was deleted since is 409 and changes nothing', async () => {
    const from = await openAccount(alex, 'Leg From', 0);
    const to = await openAccount(alex, 'Leg To', 0);
    const made = await alex('POST', '/api/accounts/transfer', {
      from_account_id: from,
      to_account_id: to,
      amount: 25,
      date: '2025-04-01',
    });
    expect(made.status).toBe(201);
    const fromLeg = made.body.from_transaction.id;
    const toLeg = made.body.to_transaction.id;
    await alex('PATCH', `/api/transactions/${fromLeg}/delete`);
    expect((await alex('GET', `/api/accounts/${to}/deleted`)).body.rows.map((r: Json) => r.id)).toEqual([toLeg]);
    expect((await alex('PATCH', `/api/transactions/${toLeg}/restore`)).status).toBe(200);
    expect((await register(alex, from)).map((r) => r.id)).toEqual([fromLeg]);
    expect((await register(alex, to)).map((r) => r.id)).toEqual([toLeg]);
    // Deleted again, then the other account is deleted: the leg left cannot come back as a transfer.
    await alex('PATCH', `/api/transactions/${fromLeg}/delete`);
    expect((await alex('DELETE', `/api/accounts/${to}`)).status).toBe(200);
    const before = await snapshot(ledger.app);
    const res = await alex('PATCH', `/api/transactions/${fromLeg}/restore`);
    expect([res.status, res.body]).toEqual([409, { message: otherAccountDeleted('Leg To') }]);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('Undo', () => {
  const undo = (call: typeof alex, id: number, body: unknown = {}) =>
    call('POST', `/api/transactions/${id}/undo`, body);

  it('undoes an edit, a status change, a move and a delete (a restore), recorded as such', async () => {
    const row = await addTransaction(alex, checking, { payee: 'Undo me', amount: -7, notes: 'n' });
    await alex('PUT', `/api/transactions/${row.id}`, { payee: 'Undone?', amount: -8 });
    const res = await undo(alex, row.id);
    expect(res.status).toBe(200);
    expect(res.body.transactions[0]).toMatchObject({ payee: 'Undo me', amount: -7, notes: 'n' });
    expect((await historyOf(row.id))[0]).toMatchObject({
      action: 'undone',
      user_name: 'Alex',
      old_values: { payee: 'Undone?', amount: -8 },
      new_values: { payee: 'Undo me', amount: -7 },
    });

    await alex('PATCH', `/api/transactions/${row.id}/status`, { status: 'x' });
    expect((await undo(alex, row.id)).body.transactions[0].status).toBe('');

    await alex('PATCH', `/api/transactions/${row.id}/move`, { destination_account_id: savings });
    expect((await undo(alex, row.id)).body.transactions[0].account_id).toBe(checking);
    expect((await register(alex, checking)).some((r) => r.id === row.id)).toBe(true);

    await alex('PATCH', `/api/transactions/${row.id}/delete`);
    expect((await undo(alex, row.id)).status).toBe(200);
    expect((await register(alex, checking)).some((r) => r.id === row.id)).toBe(true);
    expect((await historyOf(row.id))[0].action).toBe('restored');
  });

  it('undoes both legs of a transfer edit', async () => {
    const made = await alex('POST', '/api/accounts/transfer', {
      from_account_id: checking,
      to_account_id: savings,
      amount: 10,
      date: '2025-05-01',
    });
    const leg = made.body.from_transaction.id;
    const peer = made.body.to_transaction.id;
    await alex('PUT', `/api/transactions/${leg}`, { amount: -12, date: '2025-05-02' });
    expect((await undo(alex, leg)).status).toBe(200);
    const rows = [...(await register(alex, checking)), ...(await register(alex, savings))];
    expect(rows.find((r) => r.id === leg)).toMatchObject({ amount: -10, date: '2025-05-01' });
    expect(rows.find((r) => r.id === peer)).toMatchObject({ amount: 10, date: '2025-05-01' });
  });

  it('undoes a bulk categorize, all or nothing', async () => {
    const a = await addTransaction(alex, checking, { payee: 'Cat A' });
    const b = await addTransaction(alex, checking, { payee: 'Cat B', category_id: rent });
    await alex('PATCH', '/api/transactions/bulk_categorize', { transaction_ids: [a.id, b.id], category_id: food });
    await sam('PATCH', `/api/transactions/${b.id}/status`, { status: 'p' });
    const before = await snapshot(ledger.app);
    const refused = await alex('POST', '/api/transactions/undo', { transaction_ids: [a.id, b.id] });
    expect([refused.status, refused.body]).toEqual([409, { message: changedByOther('Sam') }]);
    expect(await snapshot(ledger.app)).toBe(before);
    // Sam's undo of their status change is now b's latest change: still not Alex's to undo.
    expect((await sam('POST', `/api/transactions/${b.id}/undo`, {})).status).toBe(200);
    expect((await alex('POST', '/api/transactions/undo', { transaction_ids: [a.id, b.id] })).status).toBe(409);
    const c = await addTransaction(alex, checking, { payee: 'Cat C', category_id: food });
    await alex('PATCH', '/api/transactions/bulk_categorize', { transaction_ids: [a.id, c.id], category_id: rent });
    const res = await alex('POST', '/api/transactions/undo', { transaction_ids: [a.id, c.id] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('2 changes undone.');
    expect(res.body.transactions.map((r: Json) => r.category_id)).toEqual([food, food]);
  });

  it('after another member changed the row: 409 naming them, nothing changed', async () => {
    const row = await addTransaction(alex, checking, { payee: 'Shared' });
    await alex('PUT', `/api/transactions/${row.id}`, { notes: 'mine' });
    await sam('PUT', `/api/transactions/${row.id}`, { notes: 'theirs' });
    const before = await snapshot(ledger.app);
    const res = await undo(alex, row.id);
    expect([res.status, res.body]).toEqual([
      409,
      { message: 'Sam changed this row after you, so your change cannot be undone.' },
    ]);
    expect(await snapshot(ledger.app)).toBe(before);
  });

  it('a pinned change that is no longer the latest is 409; a change that cannot be undone 400; a foreign row 404', async () => {
    const row = await addTransaction(alex, checking, { payee: 'Pinned' });
    await alex('PUT', `/api/transactions/${row.id}`, { notes: 'one' });
    const first = (await historyOf(row.id))[0].id;
    await alex('PUT', `/api/transactions/${row.id}`, { notes: 'two' });
    const before = await snapshot(ledger.app);
    expect(await undo(alex, row.id, { change_id: first })).toMatchObject({
      status: 409,
      body: { message: HISTORY_MESSAGES.changedSince },
    });
    expect(await snapshot(ledger.app)).toBe(before);
    const fresh = await addTransaction(alex, checking, { payee: 'Just made' });
    expect(await undo(alex, fresh.id)).toMatchObject({ status: 400, body: { message: HISTORY_MESSAGES.cannotUndo } });
    expect((await undo(alex, foreignRow)).status).toBe(404);
    expect((await undo(alex, row.id, { change_id: 'x' })).status).toBe(400);
  });
});
