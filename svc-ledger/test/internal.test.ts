import { EVENT_SEQUENCE_HEADER, expandRows } from '@hf/contracts';
import { testToken } from '@hf/service-kit/testing';
import { addTransaction, ledgerForFile, openAccount, outboxSince, register, snapshot, type Json } from './helpers';

const ledger = ledgerForFile('internal');
const call = ledger.client(1);
const internal = ledger.internal();
let checking: number;
let savings: number;
let foreignAccount: number;
let foreignCategory: number;
let foreignTransaction: number;
let food: number;

beforeAll(async () => {
  checking = await openAccount(call, 'Checking', 0);
  savings = await openAccount(call, 'Savings', 0);
  food = (await call('POST', '/api/categories/', { name: 'Food' })).body.id;
  await call('POST', '/api/categories/', { name: 'Fruit', parent_id: food });
  const other = ledger.client(2);
  foreignAccount = await openAccount(other, 'Theirs', 0);
  foreignCategory = (await other('POST', '/api/categories/', { name: 'Theirs' })).body.id;
  foreignTransaction = (await addTransaction(other, foreignAccount, {})).id;
});

describe('internal routes need the internal token', () => {
  it('answers 404 without it, and a user token is not enough', async () => {
    const body = { household_id: 1, account_id: checking, from: '2025-01-01', to: '2025-12-31' };
    expect((await ledger.app.inject({ method: 'POST', url: '/internal/candidates', payload: body })).statusCode).toBe(
      404,
    );
    const withUser = await ledger.app.inject({
      method: 'POST',
      url: '/internal/candidates',
      payload: body,
      headers: { authorization: `Bearer ${testToken({ userId: 1, householdId: 1 })}` },
    });
    expect(withUser.statusCode).toBe(404);
    expect(
      (
        await ledger.app.inject({
          method: 'POST',
          url: '/internal/candidates',
          payload: body,
          headers: { 'x-internal-token': 'wrong' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('POST /internal/transactions/bulk', () => {
  it('creates every row in one transaction, with categories by id or name, and announces them', async () => {
    const since = (await outboxSince(ledger.app)).at(-1)!.sequence;
    const res = await internal('POST', '/internal/transactions/bulk', {
      household_id: 1,
      account_id: checking,
      idempotency_key: 'file-1',
      user_id: 101,
      transactions: [
        { date: '2025-01-02', payee: 'Shop', amount_cents: -1050, status: 'x' },
        { date: '2025-01-03', payee: 'Salary', amount_cents: 200000, status: 'X', category_id: food },
        { date: '2025-01-03', payee: 'Apples', amount_cents: -300, category: 'food: fruit', notes: 'n' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      created: 3,
      transaction_ids: [expect.any(Number), expect.any(Number), expect.any(Number)],
      replayed: false,
    });
    expect(Number(res.headers[EVENT_SEQUENCE_HEADER])).toBeGreaterThan(since);
    const rows = await register(call, checking);
    expect(rows.map((r) => [r.payee, r.amount, r.status, r.category_name, r.running])).toEqual([
      ['Shop', -10.5, 'x', null, -10.5],
      ['Salary', 2000, 'x', 'Food', 1989.5],
      ['Apples', -3, '', 'Food: Fruit', 1986.5],
    ]);
    const events = await outboxSince(ledger.app, since);
    // One compact event (v2): the fields the rows share written once, the rows whole when expanded.
    expect(events.map((e) => e.type)).toEqual(['ledger.transaction.recorded.v2']);
    expect(events[0].data.origin).toBe('import');
    expect(events[0].data.shared).toMatchObject({
      household_id: 1,
      account_id: checking,
      is_budgeted: false,
      transfer_id: null,
      deleted: false,
    });
    const announced = expandRows(events[0].data);
    expect(announced.map((t) => [t.id, t.amount_cents, t.status, t.category_id, t.notes])).toEqual([
      [res.body.transaction_ids[0], -1050, 'x', null, ''],
      [res.body.transaction_ids[1], 200000, 'x', food, ''],
      [res.body.transaction_ids[2], -300, '', expect.any(Number), 'n'],
    ]);
  });

  it('a repeated idempotency key creates nothing twice and answers the first result', async () => {
    // Three rows: consecutive ids, which the key keeps as their range.
    const rows = [1, 2, 3].map((n) => ({ date: '2025-01-05', payee: `Once ${n}`, amount_cents: -n * 100 }));
    const first = await internal('POST', '/internal/transactions/bulk', {
      household_id: 1,
      account_id: savings,
      idempotency_key: 'file-2',
      transactions: rows,
    });
    expect(first.body.transaction_ids).toHaveLength(3);
    const before = await snapshot(ledger.app);
    const again = await internal('POST', '/internal/transactions/bulk', {
      household_id: 1,
      account_id: savings,
      idempotency_key: 'file-2',
      transactions: rows,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, replayed: true });
    expect(await snapshot(ledger.app)).toBe(before);
    // Two concurrent calls with one key also create once.
    const body = {
      household_id: 1,
      account_id: savings,
      idempotency_key: 'file-3',
      transactions: [{ date: '2025-01-06', payee: 'Race', amount_cents: -200 }],
    };
    const [a, b] = await Promise.all([
      internal('POST', '/internal/transactions/bulk', body),
      internal('POST', '/internal/transactions/bulk', body),
    ]);
    expect(a.body.transaction_ids).toEqual(b.body.transaction_ids);
    expect((await register(call, savings)).filter((r) => r.payee === 'Race')).toHaveLength(1);
  });

  it('all or nothing: one bad row (date, amount, category) refuses the whole call', async () => {
    const before = await snapshot(ledger.app);
    const good = { date: '2025-01-07', payee: 'Good', amount_cents: -100 };
    const cases: Array<[object, number, RegExp]> = [
      [{ date: '2025-02-30', payee: 'Bad', amount_cents: -100 }, 400, /Transaction 2: the date/],
      // Refused by service-kit's JSON parser from the number's text, before the rows are read.
      [
        { date: '2025-02-01', payee: 'Bad', amount_cents: -1.001 },
        400,
        /^Amounts can have at most 2 decimal places\.$/,
      ],
      [{ date: '2025-02-01', payee: 'Bad', amount_cents: -100, category: 'Nope' }, 400, /does not exist/],
      [
        { date: '2025-02-01', payee: 'Bad', amount_cents: -100, category_id: foreignCategory },
        404,
        /Category not found/,
      ],
      [{ date: '2025-02-01', payee: 'Bad', amount_cents: '-100' }, 400, /./],
    ];
    for (const [bad, status, message] of cases) {
      const res = await internal('POST', '/internal/transactions/bulk', {
        household_id: 1,
        account_id: checking,
        idempotency_key: `bad-${status}-${Math.random()}`,
        transactions: [good, bad],
      });
      expect([res.status, res.body.message]).toEqual([status, expect.stringMatching(message)]);
    }
    expect(
      (
        await internal('POST', '/internal/transactions/bulk', {
          household_id: 1,
          account_id: foreignAccount,
          idempotency_key: 'x',
          transactions: [good],
        })
      ).status,
    ).toBe(404);
    expect(await snapshot(ledger.app)).toBe(before);
  });

  it('10,000 rows in one call', async () => {
    const transactions = Array.from({ length: 10_000 }, (_, i) => ({
      date: `2024-${String((i % 12) + 1).padStart(2, '0')}-15`,
      payee: `Row ${i}`,
      amount_cents: -((i % 500) * 100 + 99),
    }));
    const account = await openAccount(call, 'Big import', 0);
    const started = Date.now();
    const res = await internal('POST', '/internal/transactions/bulk', {
      household_id: 1,
      account_id: account,
      idempotency_key: 'big',
      transactions,
    });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(10_000);
    console.log(`bulk create of 10,000 rows: ${elapsed} ms`);
    const total = transactions.reduce((sum, t) => sum + t.amount_cents, 0);
    expect((await call('GET', `/api/accounts/${account}`)).body.balance).toBe(total / 100);
    // Announced in events that each stay well under the bus's 1 MB message limit.
    const events = await ledger.app.db.query(
      `SELECT sum(json_array_length(data::json->'transactions'))::int AS n, max(length(data))::int AS biggest FROM outbox
       WHERE type = 'ledger.transaction.recorded.v2' AND data::json->>'origin' = 'import' AND subject = $1`,
      [`account/${account}`],
    );
    expect(events.rows[0].n).toBe(10_000);
    expect(events.rows[0].biggest).toBeLessThan(900_000);
  });
});

describe('POST /internal/candidates', () => {
  const candidates = (account_id: number, from: string, to: string) =>
    internal('POST', '/internal/candidates', { household_id: 1, account_id, from, to });

  it('answers non-deleted rows of the account in the date range', async () => {
    const res = await candidates(checking, '2025-01-03', '2025-01-03');
    expect(res.status).toBe(200);
    expect(res.body.map((r: Json) => [r.payee, r.amount_cents, r.status, r.is_budgeted])).toEqual([
      ['Salary', 200000, 'x', false],
      ['Apples', -300, '', false],
    ]);
    expect((await candidates(foreignAccount, '2025-01-01', '2025-01-31')).status).toBe(404);
    expect((await candidates(checking, '2025-02-30', '2025-03-01')).status).toBe(400);
  });

  it('answers every field as the contract says (the JSON is written by PostgreSQL): text escaped, amounts exact, nulls, date order', async () => {
    const account = await openAccount(call, 'Candidates', 0);
    const payee = 'Café "Q" \\ tab\t😀';
    const created = await internal('POST', '/internal/transactions/bulk', {
      household_id: 1,
      account_id: account,
      idempotency_key: 'candidates-fields',
      transactions: [
        { date: '2025-03-02', payee, amount_cents: -7, category_id: food, status: 'p' },
        { date: '2025-03-01', payee: 'Big', amount_cents: 99999999999999 },
        { date: '2025-03-01', payee: 'Round', amount_cents: 12000 },
      ],
    });
    const [first, big, round] = created.body.transaction_ids;
    expect(
      (
        await call('POST', '/api/accounts/transfer', {
          from_account_id: account,
          to_account_id: savings,
          amount: 5,
          date: '2025-03-03',
        })
      ).status,
    ).toBe(201);
    const res = await candidates(account, '2025-03-01', '2025-03-03');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.slice(0, 3)).toEqual([
      {
        id: big,
        date: '2025-03-01',
        payee: 'Big',
        amount_cents: 99999999999999,
        status: '',
        is_budgeted: false,
        category_id: null,
        transfer_id: null,
      },
      {
        id: round,
        date: '2025-03-01',
        payee: 'Round',
        amount_cents: 12000,
        status: '',
        is_budgeted: false,
        category_id: null,
        transfer_id: null,
      },
      {
        id: first,
        date: '2025-03-02',
        payee,
        amount_cents: -7,
        status: 'p',
        is_budgeted: false,
        category_id: food,
        transfer_id: null,
      },
    ]);
    expect(res.body[3]).toMatchObject({ date: '2025-03-03', amount_cents: -500, transfer_id: expect.any(Number) });
    expect((await candidates(account, '2024-01-01', '2024-01-02')).body).toEqual([]);
  });
});

describe('POST /internal/transactions/clear', () => {
  it('clears rows; a budgeted row becomes actual with the imported amount and date', async () => {
    const plain = await addTransaction(call, checking, { payee: 'To clear', amount: -5, date: '2025-02-01' });
    const planPower = () =>
      internal('PUT', '/internal/budgeted-rows', {
        household_id: 1,
        account_id: checking,
        schedule_id: 77,
        month: '2025-02',
        date: '2025-02-10',
        payee: 'Power',
        amount_cents: -6000,
      });
    const planned = await planPower();
    const res = await internal('POST', '/internal/transactions/clear', {
      household_id: 1,
      transaction_ids: [plain.id, planned.body.transaction_id],
      updates: [
        { id: planned.body.transaction_id, date: '2025-02-11', amount_cents: -6123 },
        { id: plain.id, amount_cents: -99900 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: '2 transactions cleared.', cleared: 2 });
    const rows = await register(call, checking);
    expect(rows.find((r) => r.id === plain.id)).toMatchObject({ status: 'x', amount: -5 });
    expect(rows.find((r) => r.id === planned.body.transaction_id)).toMatchObject({
      status: 'x',
      is_budgeted: false,
      amount: -61.23,
      date: '2025-02-11',
    });
    // The month is now detached from its schedule: an upsert does not re-create it.
    const again = await planPower();
    expect(again.body).toMatchObject({ state: 'detached', transaction_id: planned.body.transaction_id });
  });

  it('a foreign id is 404 and changes nothing; too many ids is 400', async () => {
    const mine = await addTransaction(call, checking, { payee: 'Mine' });
    const before = await snapshot(ledger.app);
    expect(
      (
        await internal('POST', '/internal/transactions/clear', {
          household_id: 1,
          transaction_ids: [mine.id, foreignTransaction],
        })
      ).status,
    ).toBe(404);
    const many = await internal('POST', '/internal/transactions/clear', {
      household_id: 1,
      transaction_ids: Array.from({ length: 200_001 }, (_, i) => i + 1),
    });
    expect([many.status, many.body.message]).toEqual([400, 'Too many transactions (limit 200000).']);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('PUT/DELETE /internal/budgeted-rows', () => {
  it('upserts one budgeted row per schedule and month; deleting removes still-budgeted rows', async () => {
    const base = {
      household_id: 1,
      account_id: savings,
      schedule_id: 5,
      payee: 'Netflix',
      amount_cents: -1599,
      category_id: food,
    };
    const jan = await internal('PUT', '/internal/budgeted-rows', { ...base, month: '2025-01', date: '2025-01-20' });
    expect(jan.body.state).toBe('created');
    expect(
      (await internal('PUT', '/internal/budgeted-rows', { ...base, month: '2025-01', date: '2025-01-20' })).body,
    ).toMatchObject({ state: 'unchanged', transaction_id: jan.body.transaction_id });
    const changed = await internal('PUT', '/internal/budgeted-rows', {
      ...base,
      amount_cents: -1799,
      month: '2025-01',
      date: '2025-01-21',
    });
    expect(changed.body).toMatchObject({ state: 'updated', transaction_id: jan.body.transaction_id });
    await internal('PUT', '/internal/budgeted-rows', { ...base, month: '2025-02', date: '2025-02-20' });
    await internal('PUT', '/internal/budgeted-rows', { ...base, month: '2025-03', date: '2025-03-20' });
    let rows = (await register(call, savings)).filter((r) => r.payee === 'Netflix');
    expect(rows.map((r) => [r.date, r.amount, r.is_budgeted, r.category_name])).toEqual([
      ['2025-01-21', -17.99, true, 'Food'],
      ['2025-02-20', -15.99, true, 'Food'],
      ['2025-03-20', -15.99, true, 'Food'],
    ]);
    // The user edits February: it becomes actual and stays when the schedule is removed.
    await call('PUT', `/api/transactions/${rows[1].id}`, { notes: 'paid' });
    const one = await internal('DELETE', '/internal/budgeted-rows', {
      household_id: 1,
      schedule_id: 5,
      month: '2025-03',
    });
    expect(one.body).toEqual({ deleted: 1 });
    const all = await internal('DELETE', '/internal/budgeted-rows', { household_id: 1, schedule_id: 5 });
    expect(all.body).toEqual({ deleted: 1 });
    rows = (await register(call, savings)).filter((r) => r.payee === 'Netflix');
    expect(rows.map((r) => [r.date, r.is_budgeted, r.notes])).toEqual([['2025-02-20', false, 'paid']]);
  });

  it('a payee naming another account makes a budgeted transfer pair, kept in step', async () => {
    const base = {
      household_id: 1,
      account_id: checking,
      schedule_id: 6,
      month: '2025-04',
      date: '2025-04-01',
      payee: 'savings',
    };
    const created = await internal('PUT', '/internal/budgeted-rows', { ...base, amount_cents: -10000 });
    expect(created.body.state).toBe('created');
    const mine = (await register(call, checking)).find((r) => r.id === created.body.transaction_id);
    expect(mine).toMatchObject({
      amount: -100,
      is_budgeted: true,
      category_name: '-- Transfer --',
      transfer_account_id: savings,
    });
    await internal('PUT', '/internal/budgeted-rows', { ...base, amount_cents: -12000, date: '2025-04-02' });
    expect((await register(call, savings)).find((r) => r.transfer_id === mine.transfer_id)).toMatchObject({
      amount: 120,
      date: '2025-04-02',
      is_budgeted: true,
    });
    expect((await internal('DELETE', '/internal/budgeted-rows', { household_id: 1, schedule_id: 6 })).body).toEqual({
      deleted: 2,
    });
    expect((await register(call, savings)).find((r) => r.transfer_id === mine.transfer_id)).toBeUndefined();
  });

  it('refuses a foreign account or category (404) and a bad month (400)', async () => {
    const before = await snapshot(ledger.app);
    const base = {
      household_id: 1,
      account_id: checking,
      schedule_id: 8,
      month: '2025-05',
      date: '2025-05-01',
      payee: 'X',
      amount_cents: -100,
    };
    expect((await internal('PUT', '/internal/budgeted-rows', { ...base, account_id: foreignAccount })).status).toBe(
      404,
    );
    expect((await internal('PUT', '/internal/budgeted-rows', { ...base, category_id: foreignCategory })).status).toBe(
      404,
    );
    expect((await internal('PUT', '/internal/budgeted-rows', { ...base, month: '2025-13' })).status).toBe(400);
    expect((await internal('PUT', '/internal/budgeted-rows', { ...base, date: '2025-02-29' })).status).toBe(400);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('POST /internal/replay', () => {
  it('needs the internal token', async () => {
    const res = await ledger.app.inject({
      method: 'POST',
      url: '/internal/replay',
      payload: { household_id: 1 },
      headers: { authorization: `Bearer ${testToken({ userId: 1, householdId: 1 })}` },
    });
    expect(res.statusCode).toBe(404);
  });

  it("pages a household's live rows as event snapshots, with its accounts, categories and the sequence the first page includes", async () => {
    const kept = await addTransaction(call, checking, { date: '2025-05-01', payee: 'Replay kept', amount: -3 });
    const gone = await addTransaction(call, checking, { date: '2025-05-02', payee: 'Replay gone', amount: -4 });
    expect((await call('PATCH', `/api/transactions/${gone.id}/delete`)).status).toBe(200);
    const sequence = (await outboxSince(ledger.app)).at(-1)!.sequence;
    const first = await internal('POST', '/internal/replay', { household_id: 1, limit: 4000 });
    expect(first.status).toBe(200);
    expect(first.body.sequence).toBe(sequence);
    expect(first.body.accounts.map((a: Json) => a.name)).toEqual(expect.arrayContaining(['Checking', 'Savings']));
    expect(first.body.accounts.map((a: Json) => a.name)).not.toContain('Theirs');
    expect(first.body.categories.map((c: Json) => c.name).sort()).toEqual(['Food', 'Fruit']);
    const rows: Json[] = [...first.body.transactions];
    let pages = 1;
    for (let after = first.body.next_after_id; after !== null;) {
      const page = await internal('POST', '/internal/replay', { household_id: 1, after_id: after, limit: 4000 });
      expect(page.body).toMatchObject({ sequence: null, accounts: [], categories: [] });
      rows.push(...page.body.transactions);
      after = page.body.next_after_id;
      pages++;
    }
    expect(pages).toBeGreaterThan(1); // the bulk import above put 10,000 rows in this household
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toContain(kept.id);
    expect(ids).not.toContain(gone.id);
    expect(ids).not.toContain(foreignTransaction);
    expect(rows.find((r) => r.id === kept.id)).toMatchObject({
      household_id: 1,
      account_id: checking,
      payee: 'Replay kept',
      amount_cents: -300,
      deleted: false,
    });
  });

  it("carries each account's kind, credit limit and threshold in cents", async () => {
    const card = await call('POST', '/api/accounts/', {
      name: 'Replay card',
      starting_balance: 0,
      kind: 'credit_card',
      credit_limit: 1500.25,
    });
    expect(
      (await call('PUT', `/api/accounts/${savings}`, { name: 'Savings', kind: 'savings', low_balance_threshold: 20 }))
        .status,
    ).toBe(200);
    const first = await internal('POST', '/internal/replay', { household_id: 1, limit: 1 });
    const byName = new Map(first.body.accounts.map((a: Json) => [a.name, a]));
    expect(byName.get('Replay card')).toMatchObject({
      id: card.body.id,
      kind: 'credit_card',
      credit_limit_cents: 150_025,
      low_balance_threshold_cents: null,
    });
    expect(byName.get('Savings')).toMatchObject({ kind: 'savings', low_balance_threshold_cents: 2000 });
    expect(byName.get('Checking')).toMatchObject({ kind: 'checking', credit_limit_cents: null });
  });

  it('lists the households', async () => {
    const res = await internal('POST', '/internal/replay/households', {});
    expect(res.body.household_ids).toEqual([1, 2]);
  });
});

describe('GET /internal/memory', () => {
  it('answers 404 without the internal token, and a user token is not enough', async () => {
    expect((await ledger.app.inject({ method: 'GET', url: '/internal/memory' })).statusCode).toBe(404);
    expect(
      (await ledger.app.inject({ method: 'GET', url: '/internal/memory', headers: { 'x-internal-token': 'wrong' } }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/internal/memory')).status).toBe(404);
  });

  it('reports the process memory and the held registers and balances against their bounds', async () => {
    await addTransaction(call, checking, { payee: 'Held' });
    const rows = await register(call, checking);
    await call('GET', '/api/accounts/');
    const res = await internal('GET', '/internal/memory');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'svc-ledger',
      pid: process.pid,
      rss: expect.any(Number),
      heapUsed: expect.any(Number),
      external: expect.any(Number),
    });
    const { registers, balances, tokens } = res.body.caches;
    expect(registers).toEqual({
      entries: ledger.app.registerCache.entries,
      bytes: ledger.app.registerCache.bytes,
      maxBytes: 200 * 1024 * 1024,
    });
    expect(registers.entries).toBeGreaterThanOrEqual(1);
    // The held register counts at least its JSON body.
    expect(registers.bytes).toBeGreaterThan(Buffer.byteLength(JSON.stringify(rows)));
    expect(balances).toEqual({ entries: expect.any(Number), maxEntries: 100_000 });
    expect(balances.entries).toBeGreaterThanOrEqual(2);
    expect(tokens).toEqual({ entries: expect.any(Number), maxEntries: 10_000 });
    expect(tokens.entries).toBeGreaterThanOrEqual(1);
  });
});
