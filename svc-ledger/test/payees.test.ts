import { EVENTS } from '@hf/contracts';
import {
  addTransaction,
  lastSequence,
  ledgerForFile,
  openAccount,
  outboxSince,
  register,
  snapshot,
  type Json,
} from './helpers';

const ledger = ledgerForFile('payees');
const call = ledger.client(1);
const other = ledger.client(2);
let checking: number;
let savings: number;
let food: number;
let groceries: number;
let fun: number;
let foreignAccount: number;

beforeAll(async () => {
  checking = await openAccount(call, 'Checking', 100);
  savings = await openAccount(call, 'Savings', 0);
  food = (await call('POST', '/api/categories/', { name: 'Food' })).body.id;
  groceries = (await call('POST', '/api/categories/', { name: 'Groceries', parent_id: food })).body.id;
  fun = (await call('POST', '/api/categories/', { name: 'Fun' })).body.id;
  foreignAccount = await openAccount(other, 'Theirs', 0);
  await addTransaction(other, foreignAccount, { payee: 'Amzn Mktp' });
});

const usage = async (): Promise<Json[]> => (await call('GET', '/api/payees/usage')).body;
const usageOf = async (payee: string) => (await usage()).find((u) => u.payee === payee);

describe('GET /api/payees/usage', () => {
  it('answers each payee of actual rows with its count and last date, most used first; no transfers, budgeted or deleted rows', async () => {
    await addTransaction(call, checking, { payee: 'Usage Baker', date: '2025-03-01' });
    await addTransaction(call, savings, { payee: 'Usage Baker', date: '2025-03-09' });
    await addTransaction(call, checking, { payee: 'Usage Baker', date: '2025-02-01' });
    await addTransaction(call, checking, { payee: 'Usage Butcher', date: '2025-04-01' });
    const gone = await addTransaction(call, checking, { payee: 'Usage Gone', date: '2025-04-01' });
    expect((await call('PATCH', `/api/transactions/${gone.id}/delete`)).status).toBe(200);
    await addTransaction(call, checking, { payee: 'Savings', amount: -5 }); // a transfer to Savings
    const list = await usage();
    expect(list.find((u) => u.payee === 'Usage Baker')).toEqual({
      payee: 'Usage Baker',
      count: 3,
      last_date: '2025-03-09',
    });
    expect(list.find((u) => u.payee === 'Usage Butcher')).toEqual({
      payee: 'Usage Butcher',
      count: 1,
      last_date: '2025-04-01',
    });
    expect(list.map((u) => u.payee)).not.toContain('Usage Gone');
    expect(list.map((u) => u.payee)).not.toContain('Savings');
    expect(list.map((u) => u.payee)).not.toContain('Checking');
    expect(list.map((u) => u.payee)).not.toContain('Amzn Mktp'); // another household's
    expect(list.indexOf(list.find((u) => u.payee === 'Usage Baker'))).toBeLessThan(
      list.indexOf(list.find((u) => u.payee === 'Usage Butcher')),
    );
    // The spec's GET /api/payees/ still answers the names alone.
    const names = (await call('GET', '/api/payees/')).body;
    expect(names).toContain('Usage Baker');
    expect(typeof names[0]).toBe('string');
  });
});

describe('POST /api/payees/rename', () => {
  it('a dry run answers the counts and the preview, and changes nothing', async () => {
    await addTransaction(call, checking, { payee: 'AMZN Mktp', date: '2025-05-01' });
    await addTransaction(call, savings, { payee: 'AMZN Mktp', date: '2025-05-02' });
    await addTransaction(call, checking, { payee: 'Amazon', date: '2025-05-03' });
    const before = await snapshot(ledger.app);
    const res = await call('POST', '/api/payees/rename', { from: 'AMZN Mktp', to: 'Amazon', dry_run: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: '2 rows will be renamed to Amazon; Amazon already has 1 row: they will be merged.',
      from: 'AMZN Mktp',
      to: 'Amazon',
      renamed: 2,
      existing: 1,
      dry_run: true,
    });
    expect(await snapshot(ledger.app)).toBe(before);
  });

  it('renames onto an existing name (a merge) on every account, with history and changed events', async () => {
    const sequence = await lastSequence(ledger.app);
    const res = await call('POST', '/api/payees/rename', { from: 'AMZN Mktp', to: ' Amazon ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: '2 rows renamed to Amazon and merged with its 1 row.',
      renamed: 2,
      existing: 1,
      dry_run: false,
    });
    expect(Number(res.headers['x-event-sequence'])).toBe(await lastSequence(ledger.app));
    expect(await usageOf('Amazon')).toEqual({ payee: 'Amazon', count: 3, last_date: '2025-05-03' });
    expect(await usageOf('AMZN Mktp')).toBeUndefined();
    // The other household's row of the same name is untouched.
    expect((await other('GET', '/api/payees/usage')).body).toEqual([
      { payee: 'Amzn Mktp', count: 1, last_date: '2025-01-15' },
    ]);
    const rows = [...(await register(call, checking)), ...(await register(call, savings))].filter(
      (r) => r.payee === 'Amazon',
    );
    expect(rows).toHaveLength(3);
    const renamed = rows.filter((r) => r.date !== '2025-05-03');
    for (const row of renamed) {
      const history = (await call('GET', `/api/transactions/${row.id}/history`)).body;
      expect(history[0]).toMatchObject({
        action: 'payee_renamed',
        old_values: { payee: 'AMZN Mktp' },
        new_values: { payee: 'Amazon' },
      });
    }
    const events = (await outboxSince(ledger.app, sequence)).filter((e) => e.type === EVENTS.transactionChanged);
    expect(events).toHaveLength(1); // batched by size, as bulk categorize does
    expect(events.every((e) => e.data.reason === 'payee_renamed')).toBe(true);
    const changes = events.flatMap((e) => e.data.changes);
    expect(changes.map((c: Json) => [c.before.payee, c.after.payee])).toEqual([
      ['AMZN Mktp', 'Amazon'],
      ['AMZN Mktp', 'Amazon'],
    ]);
    expect(changes.every((c: Json) => c.after.updated_at > c.before.updated_at)).toBe(true);
  });

  it('renames to a new name (no merge) and only actual rows: budgeted and deleted rows keep their payee', async () => {
    const keep = await addTransaction(call, checking, { payee: 'Corner Shop', date: '2025-06-01' });
    const deleted = await addTransaction(call, checking, { payee: 'Corner Shop', date: '2025-06-02' });
    await call('PATCH', `/api/transactions/${deleted.id}/delete`);
    const res = await call('POST', '/api/payees/rename', { from: 'Corner Shop', to: 'Corner Store' });
    expect(res.body).toMatchObject({ message: '1 row renamed to Corner Store.', renamed: 1, existing: 0 });
    expect((await register(call, checking)).find((r) => r.id === keep.id).payee).toBe('Corner Store');
    const stored = await ledger.app.db.query('SELECT payee FROM transactions WHERE id = $1', [deleted.id]);
    expect(stored.rows[0].payee).toBe('Corner Shop');
  });

  it('renames a case variant on its own (exact names), and a case-only change', async () => {
    await addTransaction(call, checking, { payee: 'tesco' });
    await addTransaction(call, checking, { payee: 'Tesco' });
    const res = await call('POST', '/api/payees/rename', { from: 'tesco', to: 'TESCO' });
    expect(res.body).toMatchObject({ renamed: 1, existing: 0 });
    expect(await usageOf('Tesco')).toMatchObject({ count: 1 });
    expect(await usageOf('TESCO')).toMatchObject({ count: 1 });
  });

  describe('bad input: 400 with a clear message, nothing changed', () => {
    let before: string;
    beforeAll(async () => {
      await addTransaction(call, checking, { payee: 'Bad Input Payee' });
    });
    beforeEach(async () => {
      before = await snapshot(ledger.app);
    });
    afterEach(async () => {
      expect(await snapshot(ledger.app)).toBe(before);
    });
    const refused = async (body: unknown, message: string | RegExp) => {
      for (const dry of [false, true]) {
        const res = await call('POST', '/api/payees/rename', {
          ...(body as object),
          ...(dry ? { dry_run: true } : {}),
        });
        expect(res.status).toBe(400);
        if (typeof message === 'string') expect(res.body.message).toBe(message);
        else expect(res.body.message).toMatch(message);
      }
    };

    it('an empty name', () => refused({ from: 'Bad Input Payee', to: '' }, 'Payee is required.'));
    it('a name of spaces', () => refused({ from: 'Bad Input Payee', to: '   ' }, 'Payee is required.'));
    it('a zero-width name', () => refused({ from: 'Bad Input Payee', to: '\u200b\u200d\ufeff' }, 'Payee is required.'));
    it("a 'to' too long", () => refused({ from: 'Bad Input Payee', to: 'x'.repeat(201) }, /200/));
    it('a transfer payee (an account name, any case)', () =>
      refused(
        { from: 'savings', to: 'Bank' },
        `"savings" is an account's name: a transfer's payee cannot be renamed here.`,
      ));
    it('a rename onto an account name', () =>
      refused(
        { from: 'Bad Input Payee', to: 'Checking' },
        `"Checking" is an account's name: rows renamed to it would look like transfers. Please choose another name.`,
      ));
    it('a payee with no rows (and another household’s payee)', async () => {
      await refused({ from: 'Nobody Here', to: 'X' }, 'No transactions have the payee "Nobody Here".');
      await refused({ from: 'Amzn Mktp', to: 'X' }, 'No transactions have the payee "Amzn Mktp".');
    });
    it('the same name', () =>
      refused({ from: 'Bad Input Payee', to: 'Bad Input Payee' }, 'The new name is the same as the old one.'));
    it('a missing or empty from, an unknown field', async () => {
      for (const body of [{ to: 'X' }, { from: '', to: 'X' }, { from: 'Bad Input Payee', to: 'X', extra: 1 }])
        expect((await call('POST', '/api/payees/rename', body)).status).toBe(400);
    });
  });
});

describe('GET /api/payees/suggestion', () => {
  const suggest = async (query: string) => call('GET', `/api/payees/suggestion?${query}`);

  it('answers the category most used with the payee (case-insensitive) in the last 12 months', async () => {
    for (const [date, category] of [
      ['2025-01-10', groceries],
      ['2025-02-10', groceries],
      ['2025-03-10', fun],
      ['2023-01-10', fun], // outside the 12 months
      ['2023-02-10', fun],
      ['2023-03-10', fun],
    ] as const)
      await addTransaction(call, checking, { payee: 'Suggest Market', date, category_id: category });
    await addTransaction(call, checking, { payee: 'Suggest Market', date: '2025-03-11' }); // no category
    const res = await suggest('payee=suggest%20MARKET&today=2025-06-30');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      category_id: groceries,
      category_name: 'Food: Groceries',
      source: 'history',
      rule_id: null,
    });
    // With the old rows in the window, Fun is most used.
    expect((await suggest('payee=Suggest%20Market&today=2023-12-31')).body).toMatchObject({ category_id: fun });
  });

  it('breaks a tie with the most recent row; the window is 12 months up to today inclusive', async () => {
    await addTransaction(call, checking, { payee: 'Tie Cafe', date: '2024-07-01', category_id: fun });
    await addTransaction(call, checking, { payee: 'Tie Cafe', date: '2025-06-01', category_id: groceries });
    expect((await suggest('payee=Tie%20Cafe&today=2025-06-30')).body).toMatchObject({ category_id: groceries });
    await addTransaction(call, checking, { payee: 'Tie Cafe', date: '2025-06-30', category_id: fun });
    expect((await suggest('payee=Tie%20Cafe&today=2025-06-30')).body).toMatchObject({ category_id: fun });
    // On 2025-07-01 the window starts 2024-07-02: one row each, the most recent (Fun) wins.
    expect((await suggest('payee=Tie%20Cafe&today=2025-07-01')).body).toMatchObject({ category_id: fun });
  });

  it('answers null fields for an unknown payee, a blank one, transfers and another household', async () => {
    const none = { category_id: null, category_name: null, source: null, rule_id: null };
    expect((await suggest('payee=Never%20Seen')).body).toEqual(none);
    expect((await suggest('payee=')).body).toEqual(none);
    expect((await suggest('payee=Savings')).body).toEqual(none);
    expect((await other('GET', '/api/payees/suggestion?payee=Suggest%20Market&today=2025-06-30')).body).toEqual(none);
  });

  it('accepts amount and account_id; another household’s account is 404; bad input 400', async () => {
    expect(
      (await suggest(`payee=Suggest%20Market&amount=-12.5&account_id=${checking}&today=2025-06-30`)).body,
    ).toMatchObject({ category_id: groceries });
    expect((await suggest(`payee=Suggest%20Market&account_id=${foreignAccount}`)).status).toBe(404);
    expect((await suggest('amount=1')).status).toBe(400);
    expect((await suggest(`payee=${'x'.repeat(201)}`)).status).toBe(400);
    expect((await suggest('payee=a&today=2025-02-30')).status).toBe(400);
    expect((await suggest('payee=a&amount=abc')).status).toBe(400);
  });
});
