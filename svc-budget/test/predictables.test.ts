import { REQUEST_MESSAGES } from '@hf/service-kit';
import { addCategory, openAccount, registerRows, startBudgetStack, type Call, type Json, type Stack } from './helpers';

const TODAY = '2026-11-23';
const H = 7101;
let stack: Stack;
let ledger: Call;
let budget: Call;
let checking: number;
let savings: number;
let housing: number;

beforeAll(async () => {
  stack = await startBudgetStack(TODAY, 'inprocess', 'budgetitems');
  ledger = stack.ledgerAs(H);
  budget = stack.reportsAs(H);
  checking = await openAccount(ledger, 'Checking', 1000);
  savings = await openAccount(ledger, 'Savings', 0);
  housing = await addCategory(ledger, 'Housing');
});
afterAll(async () => stack?.close());

const budgeted = async (accountId: number, payee: string) =>
  (await registerRows(ledger, accountId)).filter((r: Json) => r.is_budgeted && r.payee === payee);

describe('The Predictables', () => {
  let rent: Json;

  it('POST /api/budget/:accountId adds an item with a 12-month grid of zeros', async () => {
    const res = await budget('POST', `/api/budget/${checking}`, {
      payee: 'Landlord',
      item_type: 'payment',
      day_of_month: 31,
      categoryName: 'housing',
    });
    expect(res.status).toBe(201);
    rent = res.body;
    expect(rent).toMatchObject({
      account_id: checking,
      item_type: 'payment',
      payee: 'Landlord',
      category: 'Housing',
      category_id: housing,
      day_of_month: 31,
      transfer_account_id: null,
      is_incoming_transfer: false,
    });
    expect(Object.keys(rent.values)).toEqual([
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
      '2027-03-01',
      '2027-04-01',
      '2027-05-01',
      '2027-06-01',
      '2027-07-01',
      '2027-08-01',
      '2027-09-01',
      '2027-10-01',
    ]);
    expect(Object.values(rent.values).every((v) => v === 0)).toBe(true);
  });

  it('autofill full fills forward and puts one budgeted row per month on the clamped day', async () => {
    const res = await budget('POST', '/api/budget/autofill', {
      budget_item_id: rent.id,
      start_month: '2026-11-01',
      amount: 1200,
      mode: 'full',
    });
    expect(res.status).toBe(200);
    expect(Object.values(res.body.values)).toEqual(Array(12).fill(1200));
    const rows = await budgeted(checking, 'Landlord');
    expect(rows.map((r: Json) => r.date)).toEqual([
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
    ]);
    expect(rows.every((r: Json) => r.amount === -1200 && r.category_id === housing)).toBe(true);
  });

  it('a later cell edit fills forward from its month; single and 0 clear one month', async () => {
    await budget('POST', '/api/budget/autofill', {
      budget_item_id: rent.id,
      start_month: '2027-03-01',
      amount: 1250.5,
      mode: 'full',
    });
    const res = await budget('POST', '/api/budget/autofill', {
      budget_item_id: rent.id,
      start_month: '2027-05-01',
      amount: 0,
      mode: 'single',
    });
    expect(res.body.values['2027-02-01']).toBe(1200);
    expect(res.body.values['2027-03-01']).toBe(1250.5);
    expect(res.body.values['2027-05-01']).toBe(0);
    expect(res.body.values['2027-06-01']).toBe(1250.5);
    const rows = await budgeted(checking, 'Landlord');
    expect(rows).toHaveLength(11);
    expect(rows.find((r: Json) => r.date === '2027-03-31').amount).toBe(-1250.5);
    expect(rows.find((r: Json) => r.date.startsWith('2027-05'))).toBeUndefined();
  });

  it('PUT /api/budget/:id moves the rows to the new day and payee', async () => {
    const res = await budget('PUT', `/api/budget/${rent.id}`, { day_of_month: 15, payee: 'New Landlord' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ day_of_month: 15, payee: 'New Landlord', category_id: housing });
    const rows = await budgeted(checking, 'New Landlord');
    expect(rows).toHaveLength(11);
    expect(rows.every((r: Json) => r.date.endsWith('-15'))).toBe(true);
  });

  it('a month whose row became actual is not generated again', async () => {
    const december = (await budgeted(checking, 'New Landlord')).find((r: Json) => r.date === '2026-12-15');
    expect((await ledger('PUT', `/api/transactions/${december.id}`, { amount: -1199 })).status).toBe(200);
    await budget('POST', '/api/budget/autofill', {
      budget_item_id: rent.id,
      start_month: '2026-12-01',
      amount: 1300,
      mode: 'single',
    });
    const december2 = (await registerRows(ledger, checking)).filter((r: Json) => r.date === '2026-12-15');
    expect(december2).toHaveLength(1);
    expect(december2[0]).toMatchObject({ is_budgeted: false, amount: -1199 });
  });

  it('a payee naming another account makes a scheduled transfer with a read-only mirror there', async () => {
    const res = await budget('POST', `/api/budget/${checking}`, {
      payee: 'savings',
      item_type: 'payment',
      day_of_month: 1,
    });
    expect(res.body).toMatchObject({
      transfer_account_id: savings,
      category: '-- Transfer --',
      category_id: null,
      payee: 'Savings',
    });
    await budget('POST', '/api/budget/autofill', {
      budget_item_id: res.body.id,
      start_month: '2027-01-01',
      amount: 100,
      mode: 'full',
    });
    const legs = (await registerRows(ledger, savings)).filter((r: Json) => r.is_budgeted);
    expect(legs).toHaveLength(10);
    expect(legs[0]).toMatchObject({ amount: 100, date: '2027-01-01' });
    const mirror = (await budget('GET', `/api/budget/${savings}`)).body;
    expect(mirror).toEqual([
      expect.objectContaining({
        id: res.body.id,
        is_incoming_transfer: true,
        item_type: 'deposit',
        payee: 'Checking',
        account_id: checking,
      }),
    ]);
  });

  it('DELETE /api/budget/:id removes the item and its remaining budgeted rows', async () => {
    expect((await budget('DELETE', `/api/budget/${rent.id}`)).status).toBe(200);
    expect(await budgeted(checking, 'New Landlord')).toHaveLength(0);
    expect((await registerRows(ledger, checking)).filter((r: Json) => r.date === '2026-12-15')).toHaveLength(1); // the actual one stays
    expect((await budget('GET', `/api/budget/${checking}`)).body.map((i: Json) => i.payee)).toEqual(['Savings']);
  });
});

describe('a deleted account', () => {
  it('takes its items, envelopes and goals with it; a transfer into it becomes an ordinary item', async () => {
    const temp = await openAccount(ledger, 'Temp', 0);
    const own = (await budget('POST', `/api/budget/${temp}`, { payee: 'Club', item_type: 'payment', day_of_month: 3 }))
      .body;
    const into = (
      await budget('POST', `/api/budget/${checking}`, { payee: 'Temp', item_type: 'payment', day_of_month: 4 })
    ).body;
    expect(into.transfer_account_id).toBe(temp);
    expect(
      (
        await budget('POST', '/api/budget/category', {
          account_id: temp,
          category_id: housing,
          month: '2026-11',
          amount: 10,
        })
      ).status,
    ).toBe(201);
    expect(
      (await budget('POST', '/api/budget/goals', { name: 'Temp jar', account_id: temp, target_amount: 10 })).status,
    ).toBe(201);
    expect((await ledger('DELETE', `/api/accounts/${temp}`)).status).toBe(200);
    expect((await budget('GET', `/api/budget/${temp}`)).status).toBe(404);
    const items = (await budget('GET', `/api/budget/${checking}`)).body;
    expect(items.find((i: Json) => i.id === own.id)).toBeUndefined();
    expect(items.find((i: Json) => i.id === into.id)).toMatchObject({ transfer_account_id: null, payee: 'Temp' });
    expect((await budget('GET', '/api/budget/goals')).body).toEqual([]);
    const left = await stack.reports.db.query('SELECT count(*)::int AS n FROM envelopes WHERE account_id = $1', [temp]);
    expect(left.rows[0].n).toBe(0);
  });
});

describe('bad input: clear message, nothing changed', () => {
  let item: Json;
  beforeAll(async () => {
    item = (await budget('POST', `/api/budget/${checking}`, { payee: 'Gym', item_type: 'payment', day_of_month: 5 }))
      .body;
  });

  it.each([0, 32, -2, 100, '1; DROP', 1.5])('refuses day_of_month %p', async (day) => {
    const res = await budget('POST', `/api/budget/${checking}`, {
      payee: 'X',
      item_type: 'payment',
      day_of_month: day,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.stringContaining('day_of_month'));
  });

  it.each(['2026-13-01', '2026-1-01', '26-11-01', '2026-11-15', '2026-11'])('refuses start_month %p', async (month) => {
    const res = await budget('POST', '/api/budget/autofill', {
      budget_item_id: item.id,
      start_month: month,
      amount: 5,
      mode: 'full',
    });
    expect(res.status).toBe(400);
  });

  it('refuses a month outside the horizon, 3 decimals, 1e309 and a negative amount', async () => {
    expect(
      (
        await budget('POST', '/api/budget/autofill', {
          budget_item_id: item.id,
          start_month: '2025-01-01',
          amount: 5,
          mode: 'full',
        })
      ).body.message,
    ).toBe('The month is outside the 12 months of the budget.');
    expect(
      (
        await budget('POST', '/api/budget/autofill', {
          budget_item_id: item.id,
          start_month: '2026-11-01',
          amount: 5.123,
          mode: 'full',
        })
      ).body.message,
    ).toBe(REQUEST_MESSAGES.tooManyDecimals);
    const huge = await budget(
      'POST',
      '/api/budget/autofill',
      `{"budget_item_id": ${item.id}, "start_month": "2026-11-01", "amount": 1e309, "mode": "full"}`,
      { 'content-type': 'application/json' },
    );
    expect(huge.status).toBe(400);
    expect(
      (
        await budget('POST', '/api/budget/autofill', {
          budget_item_id: item.id,
          start_month: '2026-11-01',
          amount: -5,
          mode: 'full',
        })
      ).body.message,
    ).toBe('The amount must not be negative: the type gives the sign.');
    expect(
      Object.values(
        (await budget('GET', `/api/budget/${checking}`)).body.find((i: Json) => i.id === item.id).values,
      ).every((v) => v === 0),
    ).toBe(true);
  });

  it("answers 404 for another household's item, account and category, changing nothing", async () => {
    const other = stack.reportsAs(H + 1);
    expect(
      (
        await other('POST', '/api/budget/autofill', {
          budget_item_id: item.id,
          start_month: '2026-11-01',
          amount: 5,
          mode: 'full',
        })
      ).status,
    ).toBe(404);
    expect((await other('PUT', `/api/budget/${item.id}`, { day_of_month: 9 })).status).toBe(404);
    expect((await other('DELETE', `/api/budget/${item.id}`)).status).toBe(404);
    expect((await other('GET', `/api/budget/${checking}`)).body).toEqual({ message: 'Account not found.' });
    expect(
      (await other('POST', `/api/budget/${checking}`, { payee: 'X', item_type: 'payment', day_of_month: 1 })).status,
    ).toBe(404);
    const foreignCategory = await addCategory(stack.ledgerAs(H + 1), 'Theirs');
    expect(
      (
        await budget('POST', `/api/budget/${checking}`, {
          payee: 'X',
          item_type: 'payment',
          day_of_month: 1,
          category_id: foreignCategory,
        })
      ).body,
    ).toEqual({ message: 'Category not found.' });
    expect((await budget('GET', `/api/budget/${checking}`)).body.find((i: Json) => i.id === item.id).day_of_month).toBe(
      5,
    );
  });

  it("a payee naming another household's account is an ordinary payee, not a transfer", async () => {
    await openAccount(stack.ledgerAs(H + 1), 'Offshore');
    const res = await budget('POST', `/api/budget/${checking}`, {
      payee: 'Offshore',
      item_type: 'payment',
      day_of_month: 1,
    });
    expect(res.body).toMatchObject({ transfer_account_id: null, category: null });
  });
});

describe('a payee with nothing visible in it (the Name rule of @hf/contracts/names)', () => {
  it.each(['\u200b', '\u200b\u200c\u200d', ' \u2060\ufeff ', '\u3164'])(
    'refuses %j on create and on edit with "Payee is required.", changing nothing',
    async (payee) => {
      const item = (
        await budget('POST', `/api/budget/${checking}`, { payee: 'Visible', item_type: 'payment', day_of_month: 7 })
      ).body;
      const before = (await budget('GET', `/api/budget/${checking}`)).body;
      const created = await budget('POST', `/api/budget/${checking}`, { payee, item_type: 'payment', day_of_month: 7 });
      expect([created.status, created.body]).toEqual([400, { message: 'Payee is required.' }]);
      const edited = await budget('PUT', `/api/budget/${item.id}`, { payee });
      expect([edited.status, edited.body]).toEqual([400, { message: 'Payee is required.' }]);
      expect((await budget('GET', `/api/budget/${checking}`)).body).toEqual(before);
      expect((await budget('DELETE', `/api/budget/${item.id}`)).status).toBe(200);
    },
  );
});
