import { EVENTS } from '@hf/contracts';
import {
  addTransaction,
  internalClient,
  lastSequence,
  ledgerForFile,
  openAccount,
  outboxSince,
  register,
  snapshot,
  type Json,
} from './helpers';

const ledger = ledgerForFile('splits');
const call = ledger.client(1);
const other = ledger.client(2);

/** Every ledger table and the split lines: a refused request must leave all of them as they were. */
async function everything(): Promise<string> {
  const lines = await ledger.app.db.query('SELECT * FROM transaction_splits ORDER BY 1, 2');
  return (await snapshot(ledger.app)) + JSON.stringify(lines.rows);
}

async function refused(run: () => Promise<{ status: number; body: Json }>, status: number, message: RegExp) {
  const before = await everything();
  const res = await run();
  expect(res.status).toBe(status);
  expect(res.body.message).toMatch(message);
  expect(await everything()).toBe(before);
}

async function category(name: string, parent_id: number | null = null, c = call): Promise<number> {
  const res = await c('POST', '/api/categories/', { name, parent_id });
  expect(res.status).toBe(201);
  return res.body.id;
}

const put = (id: number, body: Record<string, unknown>) => call('PUT', `/api/transactions/${id}`, body);
const accountOf = async (id: number) => (await call('GET', `/api/accounts/${id}`)).body;

describe('split transactions', () => {
  let checking: number;
  let savings: number;
  let food: number;
  let groceries: number;
  let home: number;

  beforeAll(async () => {
    checking = await openAccount(call, 'Split Checking', 100);
    savings = await openAccount(call, 'Split Savings', 0);
    food = await category('Food');
    groceries = await category('Groceries', food);
    home = await category('Home');
  });

  test('a split row answers "Split" with its lines everywhere rows are listed, and its events and history carry them', async () => {
    const seq = await lastSequence(ledger.app);
    const row = await addTransaction(call, checking, {
      payee: 'Supermarket',
      amount: -60.5,
      category_id: home,
      splits: [
        { category_id: groceries, amount: -40.25, notes: 'week' },
        { category_id: home, amount: -25.25 },
        { category_id: null, amount: 5, notes: 'refund' },
      ],
    });
    expect(row).toMatchObject({ category_id: null, category_name: 'Split', category: 'Split', amount: -60.5 });
    expect(row.splits).toEqual([
      { category_id: groceries, category_name: 'Food: Groceries', amount: -40.25, notes: 'week' },
      { category_id: home, category_name: 'Home', amount: -25.25, notes: '' },
      { category_id: null, category_name: null, amount: 5, notes: 'refund' },
    ]);
    const full = (await register(call, checking)).find((r) => r.id === row.id);
    expect(full).toMatchObject({ category_name: 'Split', splits: row.splits });
    const page = await call('GET', `/api/accounts/${checking}/transactions?limit=50`);
    expect(page.body.rows.find((r: Json) => r.id === row.id).splits).toEqual(row.splits);
    const search = await call('POST', '/api/transactions/search', { account_id: checking, search_terms: ['super'] });
    expect(search.body[0]).toMatchObject({ id: row.id, category_name: 'Split', splits: row.splits });
    const uncategorised = await call('POST', '/api/transactions/search', {
      account_id: checking,
      search_terms: ['super'],
      uncategorized_only: true,
    });
    expect(uncategorised.body).toEqual([]);
    const events = await outboxSince(ledger.app, seq);
    expect(events.map((e) => e.type)).toEqual([EVENTS.transactionRecordedSplit]);
    expect(events[0].data.transactions[0].splits).toEqual([
      { category_id: groceries, amount_cents: -4025, notes: 'week' },
      { category_id: home, amount_cents: -2525, notes: '' },
      { category_id: null, amount_cents: 500, notes: 'refund' },
    ]);
    const history = await call('GET', `/api/transactions/${row.id}/history`);
    expect(history.body[0].new_values.splits).toHaveLength(3);
  });

  test('editing lines, the total with its lines, unsplitting; balances never move', async () => {
    const row = await addTransaction(call, checking, { payee: 'Pharmacy', amount: -30, status: 'x' });
    const before = await accountOf(checking);
    const regBefore = (await register(call, checking)).map((r) => [r.id, r.running, r.pending, r.cleared]);
    const seq = await lastSequence(ledger.app);
    const split = await put(row.id, {
      splits: [
        { category_id: home, amount: -10 },
        { category_id: food, amount: -20 },
      ],
    });
    expect(split.status).toBe(200);
    expect(split.body).toMatchObject({ category_name: 'Split', amount: -30 });
    expect((await outboxSince(ledger.app, seq)).map((e) => e.type)).toEqual([EVENTS.transactionChangedSplit]);
    const after = await accountOf(checking);
    expect([after.balance, after.pending_balance, after.cleared_balance]).toEqual([
      before.balance,
      before.pending_balance,
      before.cleared_balance,
    ]);
    expect((await register(call, checking)).map((r) => [r.id, r.running, r.pending, r.cleared])).toEqual(regBefore);
    // Total and lines together.
    const both = await put(row.id, {
      amount: -35,
      splits: [
        { category_id: home, amount: -15 },
        { category_id: food, amount: -20 },
      ],
    });
    expect(both.status).toBe(200);
    expect(both.body.splits.map((l: Json) => l.amount)).toEqual([-15, -20]);
    // Other fields keep the lines.
    const renamed = await put(row.id, { payee: 'Pharmacy 24h', category_id: null });
    expect(renamed.body.splits).toHaveLength(2);
    const history = await call('GET', `/api/transactions/${row.id}/history`);
    expect(history.body.find((h: Json) => h.new_values.splits)?.action).toBe('edited');
    // [] unsplits: uncategorised; the balances and the register's running balances do not move.
    const splitAccount = await accountOf(checking);
    const splitRegister = (await register(call, checking)).map((r) => [r.id, r.running, r.pending, r.cleared]);
    const unsplit = await put(row.id, { splits: [] });
    expect(unsplit.body).toMatchObject({ category_id: null, category_name: null, splits: [] });
    expect(await accountOf(checking)).toEqual(splitAccount);
    expect((await register(call, checking)).map((r) => [r.id, r.running, r.pending, r.cleared])).toEqual(splitRegister);
    // A category given to a split row unsplits it into that category.
    await put(row.id, {
      splits: [
        { category_id: home, amount: -5 },
        { category_id: food, amount: -30 },
      ],
    });
    const categorised = await put(row.id, { category_id: food });
    expect(categorised.body).toMatchObject({ category_id: food, category_name: 'Food', splits: [] });
    const lines = await ledger.app.db.query('SELECT * FROM transaction_splits WHERE transaction_id = $1', [row.id]);
    expect(lines.rowCount).toBe(0);
  });

  test('bad input: clear 400 (or 404), nothing changed', async () => {
    const row = await addTransaction(call, checking, { payee: 'Market', amount: -10 });
    const two = (a: number, b: number) => [
      { category_id: food, amount: a },
      { category_id: home, amount: b },
    ];
    const create = (body: Record<string, unknown>) =>
      call('POST', `/api/accounts/${checking}/transactions`, { date: '2025-03-01', payee: 'Market', ...body });
    await refused(
      () => create({ amount: -10, splits: two(-4, -5.99) }),
      400,
      /add up to -\$9\.99 but the transaction is -\$10\.00: a difference of \$0\.01\./,
    );
    await refused(
      () => put(row.id, { splits: two(-4, -6.01) }),
      400,
      /add up to -\$10\.01 .* a difference of \$0\.01\./,
    );
    await refused(() => create({ amount: -10, splits: [{ category_id: food, amount: -10 }] }), 400, /at least 2 lines/);
    const many = Array.from({ length: 101 }, (_, i) => ({ category_id: food, amount: i === 0 ? -11 : 0.01 }));
    await refused(() => create({ amount: -10, splits: many }), 400, /at most 100 lines/);
    await refused(
      () => put(row.id, { splits: [...two(-4, -6), { category_id: food, amount: 0 }] }),
      400,
      /Line 3 of the split is zero/,
    );
    const foreign = await category('Theirs', null, other);
    await refused(
      () =>
        put(row.id, {
          splits: [
            { category_id: foreign, amount: -4 },
            { category_id: food, amount: -6 },
          ],
        }),
      404,
      /Category not found/,
    );
    await refused(() => create({ amount: -10, splits: two(-4.001, -5.999) }), 400, /at most 2 decimal places/);
    // A transfer: created by naming another account, or an existing leg edited.
    await refused(
      () => create({ payee: 'Split Savings', amount: -10, splits: two(-4, -6) }),
      400,
      /A transfer cannot be split/,
    );
    const transfer = await call('POST', '/api/accounts/transfer', {
      from_account_id: checking,
      to_account_id: savings,
      amount: 10,
      date: '2025-03-02',
    });
    await refused(
      () => put(transfer.body.from_transaction.id, { splits: two(-4, -6) }),
      400,
      /A transfer cannot be split/,
    );
    // The total of a split row cannot move away from its lines.
    await put(row.id, { splits: two(-4, -6) });
    await refused(
      () => put(row.id, { amount: -12 }),
      400,
      /its lines add up to -\$10\.00, so its amount cannot become -\$12\.00/,
    );
  });

  test('bulk categorize skips split rows and says how many', async () => {
    const plain = await addTransaction(call, checking, { payee: 'Bulk A', amount: -3 });
    const split = await addTransaction(call, checking, {
      payee: 'Bulk B',
      amount: -3,
      splits: [
        { category_id: food, amount: -1 },
        { category_id: home, amount: -2 },
      ],
    });
    const before = JSON.stringify(
      (await ledger.app.db.query('SELECT * FROM transaction_splits WHERE transaction_id = $1', [split.id])).rows,
    );
    const res = await call('PATCH', '/api/transactions/bulk_categorize', {
      transaction_ids: [plain.id, split.id],
      category_id: food,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: '1 transaction categorized. 1 split transaction skipped: its lines keep their categories.',
      selected: 2,
      changed: 1,
      skipped_split: 1,
    });
    const rows = await register(call, checking);
    expect(rows.find((r) => r.id === split.id)).toMatchObject({ category_id: null, category_name: 'Split' });
    expect(
      JSON.stringify(
        (await ledger.app.db.query('SELECT * FROM transaction_splits WHERE transaction_id = $1', [split.id])).rows,
      ),
    ).toBe(before);
  });

  test('move, delete, restore and replay keep the lines; category delete and merge move them as rows', async () => {
    const fuel = await category('Fuel');
    const car = await category('Car');
    const row = await addTransaction(call, checking, {
      payee: 'Station',
      amount: -50,
      splits: [
        { category_id: fuel, amount: -45 },
        { category_id: car, amount: -5, notes: 'wash' },
      ],
    });
    const seq = await lastSequence(ledger.app);
    const moved = await call('PATCH', `/api/transactions/${row.id}/move`, { destination_account_id: savings });
    expect(moved.body.splits).toHaveLength(2);
    expect((await register(call, savings)).find((r) => r.id === row.id)?.splits).toHaveLength(2);
    await call('PATCH', `/api/transactions/${row.id}/delete`);
    const restored = await call('PATCH', `/api/transactions/${row.id}/restore`);
    expect(restored.body.splits.map((l: Json) => l.category_id)).toEqual([fuel, car]);
    expect((await outboxSince(ledger.app, seq)).map((e) => e.type)).toEqual([
      EVENTS.transactionMovedSplit,
      EVENTS.transactionDeletedSplit,
      EVENTS.transactionRestoredSplit,
    ]);
    // Merge Fuel into Car: the line follows; delete Car: the lines become uncategorised.
    const merged = await call('POST', '/api/categories/merge', { source_id: fuel, destination_id: car });
    expect(merged.status).toBe(200);
    let shown = (await register(call, savings)).find((r) => r.id === row.id);
    expect(shown.splits.map((l: Json) => [l.category_id, l.category_name])).toEqual([
      [car, 'Car'],
      [car, 'Car'],
    ]);
    const deleted = await call('DELETE', `/api/categories/${car}`);
    expect(deleted.status).toBe(200);
    shown = (await register(call, savings)).find((r) => r.id === row.id);
    expect(shown).toMatchObject({ category_name: 'Split', amount: -50 });
    expect(shown.splits.map((l: Json) => l.category_id)).toEqual([null, null]);
    // The replay hands the lines over.
    const replay = await internalClient(ledger.app)('POST', '/internal/replay', { household_id: 1 });
    expect(replay.status).toBe(200);
    const replayed = replay.body.transactions.find((t: Json) => t.id === row.id);
    expect(replayed.splits).toEqual([
      { category_id: null, amount_cents: -4500, notes: '' },
      { category_id: null, amount_cents: -500, notes: 'wash' },
    ]);
  });

  test('the held register follows split edits row by row', async () => {
    const row = await addTransaction(call, checking, { payee: 'Held', amount: -8 });
    await register(call, checking); // held now
    await put(row.id, {
      splits: [
        { category_id: food, amount: -3 },
        { category_id: home, amount: -5 },
      ],
    });
    const held = (await register(call, checking)).find((r) => r.id === row.id);
    expect(held).toMatchObject({ category_name: 'Split' });
    expect(held.splits.map((l: Json) => l.category_name)).toEqual(['Food', 'Home']);
    const renamed = await call('PUT', `/api/categories/${home}`, { name: 'House' });
    expect(renamed.status).toBe(200);
    const afterRename = (await register(call, checking)).find((r) => r.id === row.id);
    expect(afterRename.splits.map((l: Json) => l.category_name)).toEqual(['Food', 'House']);
    const record = await call('PUT', `/api/transactions/${row.id}`, { notes: 'x' });
    const again = (await register(call, checking)).find((r) => r.id === row.id);
    const { running: _r, pending: _p, cleared: _c, ...rest } = again;
    expect(rest).toEqual(record.body);
  });
});
