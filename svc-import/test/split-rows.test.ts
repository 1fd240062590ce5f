import { addCategory, importStackForFile, openAccount, registerRows } from './helpers';

// import_new with a row split on the reconcile page (issue 21): the lines go to the ledger with
// the rows, in the request's digest, and the ledger's split rules answer bad ones.
const stack = importStackForFile();
const call = () => stack.reportsAs(1);
let accountId: number;
let food: number;
let home: number;

beforeAll(async () => {
  accountId = await openAccount(stack.ledgerAs(1), 'Split Checking', 0);
  food = await addCategory(stack.ledgerAs(1), 'Food');
  home = await addCategory(stack.ledgerAs(1), 'Home');
});

const importNew = (body: object, key: string) =>
  call()('POST', `/api/import/${accountId}/import_new`, body, { 'idempotency-key': key });

const supermarket = (splits: unknown, extra: object = {}) => ({
  row_number: 2,
  date: '2024-03-05',
  payee: 'Supermarket',
  amount: -60.5,
  category: '',
  notes: '',
  fitid: null,
  splits,
  ...extra,
});

describe('import_new with split rows', () => {
  test('a split row is created with its lines; its own and the request category do not apply', async () => {
    const res = await importNew(
      {
        category_id: home,
        transactions: [
          { date: '2024-03-04', payee: 'Coffee', amount: -4.5 },
          supermarket(
            [
              { category_id: food, amount: -40.25, notes: 'week' },
              { category_id: home, amount: -25.25 },
              { category_id: null, amount: 5 },
            ],
            { category_id: food },
          ),
        ],
      },
      'split-good',
    );
    expect([res.status, res.body]).toEqual([200, { message: '2 transactions imported.', count: 2 }]);
    const rows = await registerRows(stack.ledgerAs(1), accountId);
    expect(rows.find((r) => r.payee === 'Coffee')).toMatchObject({ category_id: home, splits: [] });
    expect(rows.find((r) => r.payee === 'Supermarket')).toMatchObject({
      category_id: null,
      category_name: 'Split',
      status: 'x',
      splits: [
        { category_id: food, amount: -40.25, notes: 'week' },
        { category_id: home, amount: -25.25, notes: '' },
        { category_id: null, amount: 5, notes: '' },
      ],
    });
  });

  test('a retry with the same key and the same lines creates nothing twice; other lines are 409', async () => {
    const lines = [
      { category_id: food, amount: -30 },
      { category_id: home, amount: -30.5 },
    ];
    const body = { transactions: [supermarket(lines, { date: '2024-03-06' })] };
    expect((await importNew(body, 'split-retry')).status).toBe(200);
    const after = await registerRows(stack.ledgerAs(1), accountId);
    expect((await importNew(body, 'split-retry')).status).toBe(200);
    const moved = [
      { category_id: food, amount: -30.01 },
      { category_id: home, amount: -30.49 },
    ];
    const other = await importNew({ transactions: [supermarket(moved, { date: '2024-03-06' })] }, 'split-retry');
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/split-retry/);
    const unsplit = await importNew({ transactions: [supermarket(null, { date: '2024-03-06' })] }, 'split-retry');
    expect(unsplit.status).toBe(409);
    expect(await registerRows(stack.ledgerAs(1), accountId)).toEqual(after);
  });

  test('bad lines are refused with the ledger rules and nothing is created; the key can go with corrected lines', async () => {
    const before = await registerRows(stack.ledgerAs(1), accountId);
    const theirs = await addCategory(stack.ledgerAs(2), 'Theirs');
    const cases: Array<[unknown, number, RegExp]> = [
      [
        [
          { category_id: food, amount: -40.25 },
          { category_id: home, amount: -20.24 },
        ],
        400,
        /^Transaction 2: The split lines add up to -\$60\.49 but the transaction is -\$60\.50: a difference of \$0\.01\.$/,
      ],
      [[{ category_id: food, amount: -60.5 }], 400, /^Transaction 2: A split needs at least 2 lines\.$/],
      [
        Array.from({ length: 101 }, (_, i) => ({ category_id: food, amount: i === 0 ? -59.5 : -0.01 })),
        400,
        /^Transaction 2: A split can have at most 100 lines\.$/,
      ],
      [
        [
          { category_id: food, amount: -60.5 },
          { category_id: home, amount: 0 },
        ],
        400,
        /^Transaction 2: Line 2 of the split is zero/,
      ],
      [
        [
          { category_id: food, amount: -30.5 },
          { category_id: theirs, amount: -30 },
        ],
        404,
        /^Category not found\.$/,
      ],
      [
        [
          { category_id: food, amount: -30.501 },
          { category_id: home, amount: -29.999 },
        ],
        400,
        /decimal/,
      ],
    ];
    for (const [splits, status, message] of cases) {
      const res = await importNew(
        { transactions: [{ date: '2024-03-07', payee: 'Plain', amount: -1 }, supermarket(splits)] },
        'split-bad',
      );
      expect([res.status, res.body.message]).toEqual([status, expect.stringMatching(message)]);
    }
    expect(await registerRows(stack.ledgerAs(1), accountId)).toEqual(before);
    const fixed = await importNew(
      {
        transactions: [
          { date: '2024-03-07', payee: 'Plain', amount: -1 },
          supermarket([
            { category_id: food, amount: -30.5 },
            { category_id: home, amount: -30 },
          ]),
        ],
      },
      'split-bad',
    );
    expect(fixed.status).toBe(200);
  });
});
