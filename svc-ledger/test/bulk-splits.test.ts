import { EVENTS, expandRows } from '@hf/contracts';
import { ledgerForFile, openAccount, outboxSince, register, snapshot } from './helpers';

// POST /internal/transactions/bulk with split lines (an import's rows split on the reconcile
// page): the public create's rules, stored with the rows in the same write, carried by events.
const ledger = ledgerForFile('bulk-splits');
const call = ledger.client(1);
const internal = ledger.internal();
let checking: number;
let food: number;
let home: number;
let foreignCategory: number;

beforeAll(async () => {
  checking = await openAccount(call, 'Checking', 0);
  food = (await call('POST', '/api/categories/', { name: 'Food' })).body.id;
  home = (await call('POST', '/api/categories/', { name: 'Home' })).body.id;
  foreignCategory = (await ledger.client(2)('POST', '/api/categories/', { name: 'Theirs' })).body.id;
});

/** Every ledger table and the split lines: a refused call must leave all of them as they were. */
async function everything(): Promise<string> {
  const lines = await ledger.app.db.query('SELECT * FROM transaction_splits ORDER BY 1, 2');
  return (await snapshot(ledger.app)) + JSON.stringify(lines.rows);
}

const bulk = (key: string, transactions: object[]) =>
  internal('POST', '/internal/transactions/bulk', {
    household_id: 1,
    account_id: checking,
    idempotency_key: key,
    user_id: 101,
    transactions,
  });

describe('POST /internal/transactions/bulk with split lines', () => {
  it('stores the lines with their rows, answers them in the register and announces them', async () => {
    const since = (await outboxSince(ledger.app)).at(-1)!.sequence;
    const res = await bulk('split-1', [
      { date: '2025-03-01', payee: 'Plain', amount_cents: -500, status: 'x', category_id: food },
      {
        date: '2025-03-02',
        payee: 'Supermarket',
        amount_cents: -6050,
        status: 'x',
        // A split row's own category does not apply: its lines carry the categories.
        category_id: home,
        splits: [
          { category_id: food, amount_cents: -4025, notes: ' week ' },
          { category_id: home, amount_cents: -2525 },
          { category_id: null, amount_cents: 500, notes: 'refund' },
        ],
      },
      { date: '2025-03-03', payee: 'Other', amount_cents: -100, status: 'x' },
    ]);
    expect(res.status).toBe(200);
    const [plainId, splitId, otherId] = res.body.transaction_ids;
    const rows = await register(call, checking);
    expect(rows.find((r) => r.id === splitId)).toMatchObject({
      category_id: null,
      category_name: 'Split',
      amount: -60.5,
      status: 'x',
      splits: [
        { category_id: food, category_name: 'Food', amount: -40.25, notes: 'week' },
        { category_id: home, category_name: 'Home', amount: -25.25, notes: '' },
        { category_id: null, category_name: null, amount: 5, notes: 'refund' },
      ],
    });
    expect(rows.find((r) => r.id === plainId)).toMatchObject({ category_id: food, splits: [] });
    // The rows without lines stay in a compact event; the split row goes in recorded.v3 with its lines.
    const events = await outboxSince(ledger.app, since);
    expect(events.map((e) => e.type).sort()).toEqual([
      EVENTS.transactionRecordedCompact,
      EVENTS.transactionRecordedSplit,
    ]);
    const compact = events.find((e) => e.type === EVENTS.transactionRecordedCompact)!;
    expect(expandRows(compact.data).map((t) => t.id)).toEqual([plainId, otherId]);
    const split = events.find((e) => e.type === EVENTS.transactionRecordedSplit)!;
    expect(split.data.origin).toBe('import');
    expect(split.data.transactions).toEqual([
      expect.objectContaining({
        id: splitId,
        category_id: null,
        amount_cents: -6050,
        splits: [
          { category_id: food, amount_cents: -4025, notes: 'week' },
          { category_id: home, amount_cents: -2525, notes: '' },
          { category_id: null, amount_cents: 500, notes: 'refund' },
        ],
      }),
    ]);
  });

  it('a call without lines writes one compact event as before', async () => {
    const since = (await outboxSince(ledger.app)).at(-1)!.sequence;
    const res = await bulk('plain-1', [
      { date: '2025-03-04', payee: 'A', amount_cents: -100, splits: [] },
      { date: '2025-03-04', payee: 'B', amount_cents: -200, splits: null },
    ]);
    expect(res.status).toBe(200);
    expect((await outboxSince(ledger.app, since)).map((e) => e.type)).toEqual([EVENTS.transactionRecordedCompact]);
  });

  it('refuses bad lines with the public rules and a row number, creating nothing', async () => {
    const good = { date: '2025-03-05', payee: 'Good', amount_cents: -100 };
    const row = (splits: unknown, amount_cents = -1000) => ({ date: '2025-03-05', payee: 'Bad', amount_cents, splits });
    const line = (amount_cents: unknown, category_id: number | null = food) => ({ category_id, amount_cents });
    const cases: Array<[string, object, number, RegExp]> = [
      [
        'sum off by one cent',
        row([line(-400), line(-599)]),
        400,
        /^Transaction 2: The split lines add up to -\$9\.99 but the transaction is -\$10\.00: a difference of \$0\.01\.$/,
      ],
      ['one line', row([line(-1000)]), 400, /^Transaction 2: A split needs at least 2 lines\.$/],
      [
        '101 lines',
        row(
          Array.from({ length: 101 }, () => line(-10)),
          -1010,
        ),
        400,
        /^Transaction 2: A split can have at most 100 lines\.$/,
      ],
      [
        'a zero line',
        row([line(-1000), line(0)]),
        400,
        /^Transaction 2: Line 2 of the split is zero: give it an amount or remove it\.$/,
      ],
      ["another household's category", row([line(-600), line(-400, foreignCategory)]), 404, /^Category not found\.$/],
      [
        'more than 2 decimals',
        row([line(-600.001), line(-399.999)]),
        400,
        /^Amounts can have at most 2 decimal places\.$/,
      ],
      ['cents not whole', row([line(-600.5), line(-399.5)]), 400, /amount_cents/],
      ['a line with extra fields', row([{ ...line(-600), amount: -6 }, line(-400)]), 400, /./],
    ];
    for (const [name, bad, status, message] of cases) {
      const before = await everything();
      const res = await bulk(`bad-${Math.random()}`, [good, bad]);
      expect([name, res.status, res.body.message]).toEqual([name, status, expect.stringMatching(message)]);
      expect(await everything()).toBe(before);
    }
  });
});
