/**
 * Undo of a split change (issue 21 meets issue 24): an edit that split a row, unsplit it or
 * changed its lines is undone line for line, balances unchanged, and the event carries the lines.
 */
import { EVENTS } from '@hf/contracts';
import { addTransaction, lastSequence, ledgerForFile, openAccount, outboxSince, type Json } from './helpers';

const ledger = ledgerForFile('hsplits');
const call = ledger.client(1);

async function category(name: string): Promise<number> {
  const res = await call('POST', '/api/categories/', { name, parent_id: null });
  expect(res.status).toBe(201);
  return res.body.id;
}

const linesOf = async (id: number) =>
  (
    await ledger.app.db.query(
      'SELECT category_id, amount, notes FROM transaction_splits WHERE transaction_id = $1 ORDER BY position',
      [id],
    )
  ).rows;
const balances = async (id: number) => {
  const a = (await call('GET', `/api/accounts/${id}`)).body;
  return [a.balance, a.pending_balance, a.cleared_balance];
};
const undo = async (id: number) => {
  const res = await call('POST', `/api/transactions/${id}/undo`, {});
  expect(res.status).toBe(200);
  return res.body.transactions[0] as Json;
};

describe('undo of split changes', () => {
  let checking: number;
  let groceries: number;
  let household: number;
  let pharmacy: number;

  beforeAll(async () => {
    checking = await openAccount(call, 'Undo Split Checking', 200);
    groceries = await category('Groceries');
    household = await category('Household');
    pharmacy = await category('Pharmacy');
  });

  test('a split undone puts the category back and removes the lines; the split redone and unsplit undone restore the lines', async () => {
    const row = await addTransaction(call, checking, { payee: 'Market', amount: -59.99, category_id: groceries });
    const before = await balances(checking);
    const lines = [
      { category_id: groceries, amount: -40, notes: 'week' },
      { category_id: household, amount: -12.5, notes: '' },
      { category_id: pharmacy, amount: -7.49, notes: 'plasters' },
    ];
    expect((await call('PUT', `/api/transactions/${row.id}`, { splits: lines })).status).toBe(200);
    expect(await linesOf(row.id)).toHaveLength(3);

    let seq = await lastSequence(ledger.app);
    const unsplitBack = await undo(row.id);
    expect(unsplitBack).toMatchObject({ category_id: groceries, splits: [] });
    expect(await linesOf(row.id)).toEqual([]);
    expect(await balances(checking)).toEqual(before);
    let events = await outboxSince(ledger.app, seq);
    expect(events).toHaveLength(1);
    expect(events[0].data.changes[0].before.splits).toHaveLength(3);
    expect(events[0].data.changes[0].after.splits).toBeUndefined();

    // Split again, then unsplit (a category given without lines), then undo the unsplit.
    expect((await call('PUT', `/api/transactions/${row.id}`, { splits: lines })).status).toBe(200);
    expect((await call('PUT', `/api/transactions/${row.id}`, { category_id: household })).status).toBe(200);
    expect(await linesOf(row.id)).toEqual([]);
    seq = await lastSequence(ledger.app);
    const splitBack = await undo(row.id);
    expect(splitBack.category_id).toBeNull();
    expect(splitBack.splits.map((l: Json) => [l.category_id, l.amount, l.notes])).toEqual(
      lines.map((l) => [l.category_id, l.amount, l.notes]),
    );
    expect(await linesOf(row.id)).toEqual([
      { category_id: groceries, amount: -4000, notes: 'week' },
      { category_id: household, amount: -1250, notes: '' },
      { category_id: pharmacy, amount: -749, notes: 'plasters' },
    ]);
    expect(await balances(checking)).toEqual(before);
    events = await outboxSince(ledger.app, seq);
    expect(events.map((e) => e.type)).toEqual([EVENTS.transactionChangedSplit]);
    expect(JSON.stringify(events[0].data)).toContain('"amount_cents":-749');
  });

  test('changed lines (a category and the amounts with the total) undone come back exactly', async () => {
    const lines = [
      { category_id: groceries, amount: -30, notes: '' },
      { category_id: household, amount: -10, notes: 'soap' },
    ];
    const row = await addTransaction(call, checking, { payee: 'Store', amount: -40, splits: lines });
    const before = await balances(checking);
    const edit = await call('PUT', `/api/transactions/${row.id}`, {
      amount: -45,
      splits: [
        { category_id: pharmacy, amount: -35, notes: '' },
        { category_id: household, amount: -10, notes: 'soap' },
      ],
    });
    expect(edit.status).toBe(200);
    const back = await undo(row.id);
    expect(back.amount).toBe(-40);
    expect(back.splits.map((l: Json) => [l.category_id, l.amount, l.notes])).toEqual([
      [groceries, -30, ''],
      [household, -10, 'soap'],
    ]);
    expect(await balances(checking)).toEqual(before);
    const history = (await call('GET', `/api/transactions/${row.id}/history`)).body;
    expect(history.changes?.[0]?.action ?? history[0]?.action).toBe('undone');
  });

  test('a split whose line category was deleted since cannot be put back (409, nothing changes)', async () => {
    const gone = await category('Gone Soon');
    const row = await addTransaction(call, checking, {
      payee: 'Kiosk',
      amount: -10,
      splits: [
        { category_id: gone, amount: -6 },
        { category_id: groceries, amount: -4 },
      ],
    });
    expect((await call('PUT', `/api/transactions/${row.id}`, { category_id: groceries })).status).toBe(200);
    expect((await call('DELETE', `/api/categories/${gone}`)).status).toBeLessThan(300);
    const res = await call('POST', `/api/transactions/${row.id}/undo`, {});
    expect(res.status).toBe(409);
    expect(await linesOf(row.id)).toEqual([]);
  });
});
