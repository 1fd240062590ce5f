import { RULE_LIMITS, RULE_MESSAGES } from '@hf/contracts/rules';
import { addTransaction, ledgerForFile, openAccount, outboxSince, lastSequence, snapshot, type Json } from './helpers';

const ledger = ledgerForFile('rules');
const call = ledger.client(1);
const other = ledger.client(2);
const internal = ledger.internal();
let checking: number;
let card: number;
let shopping: number;
let food: number;
let foreignCategory: number;
let foreignAccount: number;

/** Every ledger table and the rules: a refused request must leave them as they were. */
async function everything(): Promise<string> {
  const rules = await ledger.app.db.query('SELECT * FROM rules ORDER BY id');
  return (await snapshot(ledger.app)) + JSON.stringify(rules.rows);
}

const amazonRule = (fields: Record<string, unknown> = {}) => ({
  name: 'Amazon',
  conditions: [
    { field: 'payee', op: 'contains', value: 'AMZN' },
    { field: 'amount', op: 'between', value: [null, 0] },
  ],
  actions: { category_id: shopping, payee: 'Amazon' },
  ...fields,
});

async function createRule(body: Record<string, unknown>): Promise<Json> {
  const res = await call('POST', '/api/rules', body);
  if (res.status !== 201) throw new Error(`create rule: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  checking = await openAccount(call, 'Checking', 100);
  card = await openAccount(call, 'Card', 0);
  shopping = (await call('POST', '/api/categories/', { name: 'Shopping' })).body.id;
  food = (await call('POST', '/api/categories/', { name: 'Food' })).body.id;
  foreignAccount = await openAccount(other, 'Theirs', 0);
  foreignCategory = (await other('POST', '/api/categories/', { name: 'Theirs' })).body.id;
});

afterEach(async () => {
  await ledger.app.db.query('DELETE FROM rules');
});

describe('rules CRUD and order', () => {
  it('creates rules in order, answers amounts as decimals, edits one and keeps its place', async () => {
    const a = await createRule(amazonRule());
    expect(a).toEqual({
      id: expect.any(Number),
      name: 'Amazon',
      position: 1,
      conditions: [
        { field: 'payee', op: 'contains', value: 'AMZN' },
        { field: 'amount', op: 'between', value: [null, 0] },
      ],
      actions: { category_id: shopping, payee: 'Amazon', notes: null },
    });
    const b = await createRule({
      name: 'Groceries',
      conditions: [
        { field: 'amount', op: 'is', value: -12.34 },
        { field: 'account', op: 'is', value: checking },
      ],
      actions: { category_id: food, notes: 'weekly' },
    });
    expect(b.position).toBe(2);
    expect(b.conditions[0]).toEqual({ field: 'amount', op: 'is', value: -12.34 });
    const edited = await call('PUT', `/api/rules/${a.id}`, amazonRule({ name: 'Amazon online' }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: a.id, name: 'Amazon online', position: 1 });
    const list = await call('GET', '/api/rules');
    expect(list.body.map((r: Json) => [r.name, r.position])).toEqual([
      ['Amazon online', 1],
      ['Groceries', 2],
    ]);
    expect((await other('GET', '/api/rules')).body).toEqual([]);
  });

  it('reorders by the full order, and deleting closes the gap', async () => {
    const ids = [];
    for (const name of ['One', 'Two', 'Three']) ids.push((await createRule(amazonRule({ name }))).id);
    const reordered = await call('POST', '/api/rules/reorder', { rule_ids: [ids[2], ids[0], ids[1]] });
    expect(reordered.status).toBe(200);
    expect(reordered.body.map((r: Json) => [r.name, r.position])).toEqual([
      ['Three', 1],
      ['One', 2],
      ['Two', 3],
    ]);
    const deleted = await call('DELETE', `/api/rules/${ids[2]}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.map((r: Json) => [r.name, r.position])).toEqual([
      ['One', 1],
      ['Two', 2],
    ]);
  });

  it.each([
    ['a missing rule', (ids: number[]) => [ids[0]]],
    ['a repeated rule', (ids: number[]) => [ids[0], ids[0]]],
    ['an unknown rule', (ids: number[]) => [ids[0], ids[1] + 1000]],
  ])('reorder refuses %s with 400 and changes nothing', async (_label, order) => {
    const ids = [(await createRule(amazonRule({ name: 'A' }))).id, (await createRule(amazonRule({ name: 'B' }))).id];
    const before = await everything();
    const res = await call('POST', '/api/rules/reorder', { rule_ids: order(ids) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(RULE_MESSAGES.reorderSet);
    expect(await everything()).toBe(before);
  });

  it("another household's rule is 404 for edit, delete, apply and reorder", async () => {
    const theirs = (await other('POST', '/api/rules', amazonRule({ actions: { payee: 'Amazon' } }))).body;
    const before = await everything();
    expect((await call('PUT', `/api/rules/${theirs.id}`, amazonRule())).status).toBe(404);
    expect((await call('DELETE', `/api/rules/${theirs.id}`)).status).toBe(404);
    expect((await call('POST', `/api/rules/${theirs.id}/apply`, { dry_run: true })).status).toBe(404);
    expect((await call('POST', '/api/rules/reorder', { rule_ids: [theirs.id] })).status).toBe(400);
    expect(await everything()).toBe(before);
  });
});

describe('bad rules: a clear 400 (404 for another household) and nothing changed', () => {
  it.each<[string, () => Record<string, unknown>, number, string]>([
    ['no condition', () => amazonRule({ conditions: [] }), 400, RULE_MESSAGES.noCondition],
    ['no action', () => amazonRule({ actions: {} }), 400, RULE_MESSAGES.noAction],
    [
      'a category of another household',
      () => amazonRule({ actions: { category_id: foreignCategory } }),
      404,
      'Category not found.',
    ],
    [
      'an account of another household',
      () => amazonRule({ conditions: [{ field: 'account', op: 'is', value: foreignAccount }] }),
      404,
      'Account not found.',
    ],
    [
      '1,000 conditions',
      () =>
        amazonRule({
          conditions: Array.from({ length: 1000 }, () => ({ field: 'payee', op: 'contains', value: 'a' })),
        }),
      400,
      RULE_MESSAGES.tooManyConditions,
    ],
    [
      'a payee pattern of 10,000 characters',
      () => amazonRule({ conditions: [{ field: 'payee', op: 'contains', value: 'a'.repeat(10_000) }] }),
      400,
      RULE_MESSAGES.patternTooLong,
    ],
    [
      'amount bounds reversed',
      () => amazonRule({ conditions: [{ field: 'amount', op: 'between', value: [0, -5] }] }),
      400,
      RULE_MESSAGES.boundsReversed,
    ],
    [
      'an unknown operator',
      () => amazonRule({ conditions: [{ field: 'payee', op: 'ends_with', value: 'x' }] }),
      400,
      RULE_MESSAGES.unknownCondition,
    ],
    ['a blank name', () => amazonRule({ name: ' ' }), 400, RULE_MESSAGES.nameRequired],
  ])('%s', async (_label, body, status, message) => {
    const existing = await createRule(amazonRule({ name: 'Kept' }));
    const before = await everything();
    for (const [method, url] of [
      ['POST', '/api/rules'],
      ['PUT', `/api/rules/${existing.id}`],
    ] as const) {
      const res = await call(method, url, body());
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect(await everything()).toBe(before);
  });

  it('states the limit of conditions in its message', () => {
    expect(RULE_MESSAGES.tooManyConditions).toContain(String(RULE_LIMITS.conditions));
  });

  it('apply of a deleted rule is 404', async () => {
    const rule = await createRule(amazonRule());
    await call('DELETE', `/api/rules/${rule.id}`);
    const before = await everything();
    for (const dryRun of [true, false]) {
      const res = await call('POST', `/api/rules/${rule.id}/apply`, { dry_run: dryRun });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(RULE_MESSAGES.notFound);
    }
    expect(await everything()).toBe(before);
  });
});

describe('POST /api/rules/:id/apply', () => {
  let rows: Json[];
  beforeAll(async () => {
    rows = [
      await addTransaction(call, checking, {
        payee: 'AMZN Mktp US',
        amount: -25.99,
        date: '2025-03-01',
        notes: 'books',
      }),
      await addTransaction(call, card, { payee: 'amzn digital', amount: -4.99, date: '2025-03-02' }),
      await addTransaction(call, checking, { payee: 'AMZN refund', amount: 10, date: '2025-03-03' }),
      await addTransaction(call, checking, { payee: 'Tesco', amount: -30, date: '2025-03-04' }),
    ];
    // A transfer's leg never changes by rule.
    await call('POST', '/api/accounts/transfer', {
      from_account_id: checking,
      to_account_id: card,
      amount: 1,
      date: '2025-03-05',
    });
  });

  it('a dry run lists the rows that would change with before and after, and changes nothing', async () => {
    const rule = await createRule(amazonRule({ actions: { category_id: shopping, payee: 'Amazon', notes: 'online' } }));
    const before = await everything();
    const res = await call('POST', `/api/rules/${rule.id}/apply`, { dry_run: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dry_run: true, count: 2, message: '2 transactions would change.' });
    expect(res.body.rows).toEqual([
      {
        id: rows[1].id,
        account_id: card,
        account_name: 'Card',
        date: '2025-03-02',
        amount: -4.99,
        before: { payee: 'amzn digital', category_id: null, category_name: null, notes: '' },
        after: { payee: 'Amazon', category_id: shopping, category_name: 'Shopping', notes: 'online' },
      },
      {
        id: rows[0].id,
        account_id: checking,
        account_name: 'Checking',
        date: '2025-03-01',
        amount: -25.99,
        before: { payee: 'AMZN Mktp US', category_id: null, category_name: null, notes: 'books' },
        after: { payee: 'Amazon', category_id: shopping, category_name: 'Shopping', notes: 'books online' },
      },
    ]);
    expect(await everything()).toBe(before);
  });

  it('the real run changes the rows in one write with history and events; a second run changes nothing', async () => {
    const rule = await createRule(
      amazonRule({
        conditions: [
          { field: 'payee', op: 'starts_with', value: 'amzn' },
          { field: 'account', op: 'is', value: checking },
        ],
        actions: { category_id: food },
      }),
    );
    const sequence = await lastSequence(ledger.app);
    const res = await call('POST', `/api/rules/${rule.id}/apply`, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: '2 transactions changed.', dry_run: false, count: 2, rows: [] });
    const stored = await ledger.app.db.query(
      'SELECT id, category_id FROM transactions WHERE id = ANY($1) ORDER BY id',
      [[rows[0].id, rows[1].id, rows[2].id]],
    );
    expect(stored.rows.map((r) => r.category_id)).toEqual([food, null, food]);
    const history = await ledger.app.db.query(
      `SELECT transaction_id, old_values, new_values FROM transaction_changes WHERE action = 'rule' ORDER BY transaction_id`,
    );
    expect(history.rows).toEqual([
      {
        transaction_id: rows[0].id,
        old_values: { category_id: null },
        new_values: { category_id: food, rule_id: rule.id, rule_name: 'Amazon' },
      },
      {
        transaction_id: rows[2].id,
        old_values: { category_id: null },
        new_values: { category_id: food, rule_id: rule.id, rule_name: 'Amazon' },
      },
    ]);
    const events = await outboxSince(ledger.app, sequence);
    expect(events.map((e) => e.type)).toEqual(['ledger.transaction.changed.v1']);
    expect(events[0].data.reason).toBe('rule');
    expect(events[0].data.changes.map((c: Json) => c.after.category_id)).toEqual([food, food]);

    const before = await everything();
    const again = await call('POST', `/api/rules/${rule.id}/apply`, {});
    expect(again.body).toMatchObject({ count: 0, message: '0 transactions changed.' });
    expect((await call('POST', `/api/rules/${rule.id}/apply`, { dry_run: true })).body.count).toBe(0);
    expect(await everything()).toBe(before);
  });
});

describe('apply to a split row', () => {
  it("keeps its lines (a rule's category is not for a split row) and still sets its payee", async () => {
    const split = await addTransaction(call, checking, {
      payee: 'AMZN split order',
      amount: -15,
      date: '2025-04-01',
      splits: [
        { category_id: shopping, amount: -10, notes: '' },
        { category_id: food, amount: -5, notes: '' },
      ],
    });
    const linesOf = async () =>
      (
        await ledger.app.db.query(
          'SELECT category_id, amount FROM transaction_splits WHERE transaction_id = $1 ORDER BY position',
          [split.id],
        )
      ).rows;
    const lines = await linesOf();
    expect(lines).toHaveLength(2);

    const categoryOnly = await createRule(
      amazonRule({
        conditions: [{ field: 'payee', op: 'contains', value: 'split order' }],
        actions: { category_id: food },
      }),
    );
    const dry = await call('POST', `/api/rules/${categoryOnly.id}/apply`, { dry_run: true });
    expect(dry.body.count).toBe(0);

    const renaming = await createRule(
      amazonRule({ conditions: [{ field: 'payee', op: 'contains', value: 'split order' }] }),
    );
    const res = await call('POST', `/api/rules/${renaming.id}/apply`, {});
    expect(res.body).toMatchObject({ count: 1 });
    const stored = await ledger.app.db.query('SELECT payee, category_id FROM transactions WHERE id = $1', [split.id]);
    expect(stored.rows[0]).toEqual({ payee: 'Amazon', category_id: null });
    expect(await linesOf()).toEqual(lines);
  });
});

describe('apply: the read narrowed in SQL finds what the domain module finds', () => {
  it('accents, case and runs of spaces, for contains, starts with and is', async () => {
    const account = await openAccount(call, 'Folding', 0);
    const ids: Record<string, number> = {};
    for (const payee of ['Café  Crème', 'CAFE   creme', 'cafe creme', 'Cafeteria', 'Tesco'])
      ids[payee] = (await addTransaction(call, account, { payee, amount: -1, date: '2025-04-01' })).id;
    const matched = async (op: string, value: string) => {
      const rule = await createRule({
        name: `${op} ${value}`,
        conditions: [
          { field: 'payee', op, value },
          { field: 'account', op: 'is', value: account },
        ],
        actions: { notes: 'x' },
      });
      const res = await call('POST', `/api/rules/${rule.id}/apply`, { dry_run: true });
      return res.body.rows.map((r: Json) => r.before.payee).sort();
    };
    expect(await matched('contains', 'CAFE CREME')).toEqual(['CAFE   creme', 'Café  Crème', 'cafe creme']);
    expect(await matched('is', 'cafe creme')).toEqual(['CAFE   creme', 'Café  Crème', 'cafe creme']);
    expect(await matched('starts_with', 'cafe')).toEqual(['CAFE   creme', 'Cafeteria', 'Café  Crème', 'cafe creme']);
    expect(await matched('contains', 'crème')).toEqual(['CAFE   creme', 'Café  Crème', 'cafe creme']);
    expect(await matched('contains', "o'neil")).toEqual([]);
  });
});

describe('POST /internal/rules/count', () => {
  it('answers how many rules the household has; a missing household id is 400', async () => {
    expect((await internal('POST', '/internal/rules/count', { household_id: 1 })).body).toEqual({ count: 0 });
    await createRule(amazonRule({ actions: { category_id: shopping } }));
    expect((await internal('POST', '/internal/rules/count', { household_id: 1 })).body).toEqual({ count: 1 });
    expect((await internal('POST', '/internal/rules/count', {})).status).toBe(400);
  });
});

describe('POST /internal/rules/evaluate', () => {
  it('applies the household rules in order to each row, first match per field; null where none matches', async () => {
    const first = await createRule(amazonRule({ actions: { category_id: shopping } }));
    const second = await createRule({
      name: 'Any payment',
      conditions: [{ field: 'amount', op: 'between', value: [null, -0.01] }],
      actions: { category_id: food, payee: 'Someone', notes: 'paid' },
    });
    await createRule({
      name: 'Card only',
      conditions: [{ field: 'account', op: 'is', value: card }],
      actions: { notes: 'card' },
    });
    const res = await internal('POST', '/internal/rules/evaluate', {
      household_id: 1,
      account_id: checking,
      payees: ['AMZN Mktp', 'Café Crème', 'Salary'],
      amounts_cents: [-2599, -450, 250000],
      notes: ['', '', ''],
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { rule_id: first.id, category_id: shopping, payee: 'Someone', notes: 'paid' },
      { rule_id: second.id, category_id: food, payee: 'Someone', notes: 'paid' },
      null,
    ]);
  });

  it("another household's account is 404; columns of different lengths are 400", async () => {
    const body = { household_id: 1, account_id: foreignAccount, payees: ['a'], amounts_cents: [1], notes: [''] };
    expect((await internal('POST', '/internal/rules/evaluate', body)).status).toBe(404);
    const uneven = await internal('POST', '/internal/rules/evaluate', { ...body, account_id: checking, notes: [] });
    expect(uneven.status).toBe(400);
  });
});

describe('GET /api/payees/suggestion with rules', () => {
  it("answers a matching rule's category first (source rule), else history's", async () => {
    await addTransaction(call, checking, { payee: 'Corner Café', amount: -3, date: '2025-06-01', category_id: food });
    const history = await call('GET', '/api/payees/suggestion?payee=Corner%20Caf%C3%A9&today=2025-06-30');
    expect(history.body).toMatchObject({ category_id: food, source: 'history', rule_id: null });
    const rule = await createRule({
      name: 'Cafes',
      conditions: [{ field: 'payee', op: 'contains', value: 'CAFE' }],
      actions: { category_id: shopping },
    });
    const byRule = await call('GET', '/api/payees/suggestion?payee=Corner%20Caf%C3%A9&today=2025-06-30');
    expect(byRule.body).toEqual({ category_id: shopping, category_name: 'Shopping', source: 'rule', rule_id: rule.id });
    // A rule that needs the amount is judged only when the amount is asked with.
    await call('DELETE', `/api/rules/${rule.id}`);
    const payments = await createRule({
      name: 'Payments',
      conditions: [
        { field: 'payee', op: 'contains', value: 'cafe' },
        { field: 'amount', op: 'between', value: [null, 0] },
      ],
      actions: { category_id: shopping },
    });
    const noAmount = await call('GET', '/api/payees/suggestion?payee=Corner%20Caf%C3%A9&today=2025-06-30');
    expect(noAmount.body.source).toBe('history');
    const withAmount = await call(
      'GET',
      '/api/payees/suggestion?payee=Corner%20Caf%C3%A9&amount=-3.5&today=2025-06-30',
    );
    expect(withAmount.body).toMatchObject({ source: 'rule', rule_id: payments.id, category_id: shopping });
    const deposit = await call('GET', '/api/payees/suggestion?payee=Corner%20Caf%C3%A9&amount=3.5&today=2025-06-30');
    expect(deposit.body.source).toBe('history');
  });
});
