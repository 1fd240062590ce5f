import { TRANSFER_CATEGORY_NAME } from '@hf/contracts/ledger';
import { recordById } from '../src/repositories/transactions';
import { addTransaction, ledgerForFile, openAccount, type Json } from './helpers';

/**
 * Edits, status changes, moves and restores answer the row as the statement that wrote it read it
 * back (persistChanges `records`), and the history entry is written by that same statement: the
 * answer must be the row as a later read gives it, whatever the row is (plain, split, transfer
 * leg, in a child category), and each change must leave exactly one history entry.
 */
const ledger = ledgerForFile('write-answers');
const call = ledger.client(1);

const readBack = (id: number) => recordById(ledger.app.db, 1, id);
const entries = async (id: number) =>
  (
    await ledger.app.db.query('SELECT action FROM transaction_changes WHERE transaction_id = $1 ORDER BY id', [id])
  ).rows.map((r: { action: string }) => r.action);

async function answersAsRead(res: { status: number; body: Json }, id: number): Promise<void> {
  expect(res.status).toBe(200);
  const { message: _, ...answer } = res.body;
  expect(answer).toEqual(JSON.parse(JSON.stringify(await readBack(id))));
}

describe('a write answers the row as it is read back', () => {
  let checking: number;
  let savings: number;
  let food: number;
  let groceries: number;

  beforeAll(async () => {
    checking = await openAccount(call, 'Answers Checking', 100);
    savings = await openAccount(call, 'Answers Savings', 0);
    food = (await call('POST', '/api/categories/', { name: 'Food', parent_id: null })).body.id;
    groceries = (await call('POST', '/api/categories/', { name: 'Groceries', parent_id: food })).body.id;
  });

  test('edits of a plain row, a split row and a transfer leg, and an edit that changes nothing', async () => {
    const row = await addTransaction(call, checking, { payee: 'Market', amount: -12.34 });
    const edited = await call('PUT', `/api/transactions/${row.id}`, {
      amount: -20.01,
      category_id: groceries,
      notes: 'weekly',
    });
    await answersAsRead(edited, row.id);
    expect(edited.body).toMatchObject({ amount: -20.01, category_name: 'Food: Groceries', notes: 'weekly' });

    const split = await call('PUT', `/api/transactions/${row.id}`, {
      splits: [
        { category_id: groceries, amount: -15, notes: 'food' },
        { category_id: null, amount: -5.01 },
      ],
    });
    await answersAsRead(split, row.id);
    expect(split.body.category_name).toBe('Split');
    expect(split.body.splits).toHaveLength(2);

    const same = await call('PUT', `/api/transactions/${row.id}`, { notes: 'weekly' });
    await answersAsRead(same, row.id);
    expect(await entries(row.id)).toEqual(['created', 'edited', 'edited']);

    const leg = await addTransaction(call, checking, { payee: 'Answers Savings', amount: -30 });
    expect(leg.transfer_id).not.toBeNull();
    const legEdit = await call('PUT', `/api/transactions/${leg.id}`, { amount: -31.5, notes: 'to savings' });
    await answersAsRead(legEdit, leg.id);
    expect(legEdit.body).toMatchObject({
      payee: 'Answers Savings',
      category_name: TRANSFER_CATEGORY_NAME,
      amount: -31.5,
    });
    expect((await readBack(leg.transfer_transaction_id)).amount).toBe(31.5);
  });

  test('lines rewritten over fewer, more and no positions leave exactly the new lines stored', async () => {
    const row = await addTransaction(call, checking, { payee: 'Hardware', amount: -9 });
    const stored = async () =>
      (
        await ledger.app.db.query(
          'SELECT position, category_id, amount::int, notes FROM transaction_splits WHERE transaction_id = $1 ORDER BY position',
          [row.id],
        )
      ).rows;
    const lines = (...amounts: number[]) =>
      amounts.map((amount, i) => ({ category_id: i % 2 ? food : groceries, amount, notes: `line ${i + 1}` }));
    await answersAsRead(await call('PUT', `/api/transactions/${row.id}`, { splits: lines(-3, -3, -3) }), row.id);
    expect(await stored()).toHaveLength(3);
    await answersAsRead(await call('PUT', `/api/transactions/${row.id}`, { splits: lines(-4, -5) }), row.id);
    expect(await stored()).toEqual([
      { position: 1, category_id: groceries, amount: -400, notes: 'line 1' },
      { position: 2, category_id: food, amount: -500, notes: 'line 2' },
    ]);
    await answersAsRead(await call('PUT', `/api/transactions/${row.id}`, { splits: lines(-1, -2, -3, -3) }), row.id);
    expect((await stored()).map((l) => l.amount)).toEqual([-100, -200, -300, -300]);
    const unsplit = await call('PUT', `/api/transactions/${row.id}`, { splits: [], category_id: food });
    await answersAsRead(unsplit, row.id);
    expect(unsplit.body.splits).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  test('a status change, a move, a delete and a restore', async () => {
    const row = await addTransaction(call, checking, { payee: 'Pharmacy', amount: -8.5, category_id: groceries });
    await answersAsRead(await call('PATCH', `/api/transactions/${row.id}/status`, { status: 'x' }), row.id);
    const moved = await call('PATCH', `/api/transactions/${row.id}/move`, { destination_account_id: savings });
    await answersAsRead(moved, row.id);
    expect(moved.body).toMatchObject({
      account_id: savings,
      account_name: 'Answers Savings',
      message: 'Transaction moved.',
    });
    expect((await call('PATCH', `/api/transactions/${row.id}/delete`)).status).toBe(200);
    const restored = await call('PATCH', `/api/transactions/${row.id}/restore`);
    await answersAsRead(restored, row.id);
    expect(await entries(row.id)).toEqual(['created', 'status', 'moved', 'deleted', 'restored']);
  });
});
