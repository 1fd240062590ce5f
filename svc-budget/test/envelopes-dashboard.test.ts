import { addCategory, addRow, openAccount, q, startBudgetStack, type Call, type Json, type Stack } from './helpers';

const TODAY = '2026-11-23';
const H = 7201;
let stack: Stack;
let ledger: Call;
let budget: Call;
let checking: number;
let savings: number;
let food: number;
let groceries: number;
let fun: number;

beforeAll(async () => {
  stack = await startBudgetStack(TODAY, 'inprocess', 'budgetenv');
  ledger = stack.ledgerAs(H);
  budget = stack.reportsAs(H);
  checking = await openAccount(ledger, 'Checking', 1000);
  savings = await openAccount(ledger, 'Savings', 500);
  food = await addCategory(ledger, 'Food');
  groceries = await addCategory(ledger, 'Groceries', food);
  fun = await addCategory(ledger, 'Fun');
  // October: Food 300 with rollover, Fun 100 without.
  for (const [category_id, amount, rollover_enabled] of [
    [food, 300, true],
    [fun, 100, false],
  ] as const) {
    const res = await budget('POST', '/api/budget/category', {
      account_id: checking,
      category_id,
      month: '2026-10',
      amount,
      rollover_enabled,
    });
    expect(res.status).toBe(201);
  }
  await addRow(ledger, checking, { date: '2026-10-03', payee: 'Market', amount: -250, category_id: groceries }); // child counts for the parent
  await addRow(ledger, checking, { date: '2026-10-04', payee: 'Market', amount: 20, category_id: groceries }); // a refund
  await addRow(ledger, checking, { date: '2026-10-09', payee: 'Cinema', amount: -130, category_id: fun }); // overspent, no rollover
  await addRow(ledger, checking, { date: '2026-11-02', payee: 'Market', amount: -400, category_id: food }); // November: overspent
});
afterAll(async () => stack?.close());

describe('Everyday Envelopes', () => {
  it('GET /api/budget/category/:accountId/:month: amount, spent net of refunds over the category and its children', async () => {
    const res = await budget('GET', `/api/budget/category/${checking}/2026-10`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        category_id: food,
        category_name: 'Food',
        month: '2026-10',
        amount: 300,
        rollover: 0,
        spent: 230,
        rollover_enabled: true,
        carried_from: null,
      }),
      expect.objectContaining({
        category_id: fun,
        category_name: 'Fun',
        amount: 100,
        rollover: 0,
        spent: 130,
        rollover_enabled: false,
      }),
    ]);
  });

  it('carries months forward with the rollover chain (negative carries, no rollover carries nothing)', async () => {
    const november = (await budget('GET', `/api/budget/category/${checking}/2026-11`)).body;
    expect(november).toEqual([
      expect.objectContaining({ category_id: food, amount: 300, rollover: 70, spent: 400, carried_from: '2026-10' }),
      expect.objectContaining({ category_id: fun, amount: 100, rollover: 0, spent: 0, carried_from: '2026-10' }),
    ]);
    const december = (await budget('GET', `/api/budget/category/${checking}/2026-12`)).body;
    expect(december[0]).toMatchObject({ category_id: food, rollover: -30, spent: 0 });
  });

  it('writing a month that shows carried envelopes keeps the others there, and leaves earlier months', async () => {
    const res = await budget('POST', '/api/budget/category', {
      account_id: checking,
      category_id: groceries,
      month: '2026-12',
      amount: 50,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ category_name: 'Food: Groceries', rollover_enabled: true, month: '2026-12' });
    const december = (await budget('GET', `/api/budget/category/${checking}/2026-12`)).body;
    expect(december.map((e: Json) => [e.category_name, e.carried_from])).toEqual([
      ['Food', null],
      ['Food: Groceries', null],
      ['Fun', null],
    ]);
    expect((await budget('GET', `/api/budget/category/${checking}/2026-10`)).body).toHaveLength(2);
  });

  it('refuses a duplicate, other households ids and bad months; deletes from a carried month only there', async () => {
    expect(
      (
        await budget('POST', '/api/budget/category', {
          account_id: checking,
          category_id: food,
          month: '2026-10',
          amount: 1,
        })
      ).body,
    ).toEqual({ message: 'This category already has an envelope for this month.' });
    const other = stack.reportsAs(H + 1);
    const theirCategory = await addCategory(stack.ledgerAs(H + 1), 'Theirs');
    expect(
      (
        await other('POST', '/api/budget/category', {
          account_id: checking,
          category_id: theirCategory,
          month: '2026-10',
          amount: 1,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await budget('POST', '/api/budget/category', {
          account_id: checking,
          category_id: theirCategory,
          month: '2026-10',
          amount: 1,
        })
      ).body,
    ).toEqual({ message: 'Category not found.' });
    for (const month of ['2024-13', '2024-1', '24-01', '2024-01-15']) {
      expect(
        (await budget('POST', '/api/budget/category', { account_id: checking, category_id: food, month, amount: 1 }))
          .status,
      ).toBe(400);
      expect((await budget('GET', `/api/budget/category/${checking}/${month}`)).status).toBe(400);
    }
    const october = (await budget('GET', `/api/budget/category/${checking}/2026-10`)).body;
    const funOctober = october.find((e: Json) => e.category_id === fun);
    expect((await other('DELETE', `/api/budget/category/${funOctober.id}`)).status).toBe(404);
    expect((await budget('DELETE', `/api/budget/category/${funOctober.id}?month=2026-11`)).status).toBe(200);
    expect(
      (await budget('GET', `/api/budget/category/${checking}/2026-11`)).body.map((e: Json) => e.category_name),
    ).toEqual(['Food']);
    expect((await budget('GET', `/api/budget/category/${checking}/2026-10`)).body).toHaveLength(2);
  });
});

describe('editing an envelope (PUT /api/budget/category/:id)', () => {
  const envelopesOf = async (month: string) =>
    ((await mine('GET', `/api/budget/category/${holiday}/${month}`)).body as Json[]).map((e) => ({
      name: e.category_name,
      amount: e.amount,
      rollover_enabled: e.rollover_enabled,
      carried_from: e.carried_from,
    }));
  // A household of its own: the dashboard tests below count every envelope of household H.
  const mine = (...args: Parameters<Call>) => stack.reportsAs(H + 5)(...args);
  let foodJanuary: number;
  let holiday: number;
  let food: number;
  let fun: number;

  beforeAll(async () => {
    const ledger = stack.ledgerAs(H + 5);
    holiday = await openAccount(ledger, 'Holiday', 0);
    food = await addCategory(ledger, 'Food');
    fun = await addCategory(ledger, 'Fun');
    for (const [category_id, amount] of [
      [food, 200],
      [fun, 40],
    ] as const) {
      const res = await mine('POST', '/api/budget/category', {
        account_id: holiday,
        category_id,
        month: '2027-01',
        amount,
      });
      expect(res.status).toBe(201);
      if (category_id === food) foodJanuary = res.body.id;
    }
  });

  it('changes the amount in the envelope’s own month', async () => {
    const res = await mine('PUT', `/api/budget/category/${foodJanuary}`, { month: '2027-01', amount: 250.5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: foodJanuary,
      category_name: 'Food',
      month: '2027-01',
      amount: 250.5,
      rollover_enabled: true,
      carried_from: null,
    });
  });

  it('writing a carried-forward month makes the month’s envelopes its own; earlier months do not change', async () => {
    const res = await mine('PUT', `/api/budget/category/${foodJanuary}`, {
      month: '2027-03',
      amount: 80,
      rollover_enabled: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ month: '2027-03', amount: 80, rollover_enabled: false, carried_from: null });
    expect(res.body.id).not.toBe(foodJanuary);
    const january = [
      { name: 'Food', amount: 250.5, rollover_enabled: true, carried_from: null },
      { name: 'Fun', amount: 40, rollover_enabled: true, carried_from: null },
    ];
    expect(await envelopesOf('2027-01')).toEqual(january);
    expect(await envelopesOf('2027-02')).toEqual(january.map((e) => ({ ...e, carried_from: '2027-01' })));
    expect(await envelopesOf('2027-03')).toEqual([
      { name: 'Food', amount: 80, rollover_enabled: false, carried_from: null },
      { name: 'Fun', amount: 40, rollover_enabled: true, carried_from: null },
    ]);
    expect((await envelopesOf('2027-04'))[0]).toEqual({
      name: 'Food',
      amount: 80,
      rollover_enabled: false,
      carried_from: '2027-03',
    });
    // Only the flag: the amount stays.
    const flag = await mine('PUT', `/api/budget/category/${foodJanuary}`, {
      month: '2027-01',
      rollover_enabled: false,
    });
    expect(flag.body).toMatchObject({ amount: 250.5, rollover_enabled: false });
  });

  it('refuses bad bodies (400, nothing changed), other households and months that do not show it (404)', async () => {
    const before = await envelopesOf('2027-01');
    const bad: [unknown, string | null][] = [
      [{ month: '2027-01' }, 'Send the amount or rollover_enabled to change.'],
      [{ month: '2027-01', amount: -1 }, 'The amount must not be negative: the type gives the sign.'],
      [{ month: '2027-01', amount: 1.001 }, null],
      [{ month: '2027-13', amount: 1 }, 'The month must be a real month (YYYY-MM).'],
      [{ month: '2027-1', amount: 1 }, null],
      [{ amount: 1 }, null],
      [{ month: '2027-01', amount: '12' }, null],
      [{ month: '2027-01', amount: 1, category_id: fun }, null],
      [{ month: '2027-01', rollover_enabled: 'yes' }, null],
    ];
    for (const [body, message] of bad) {
      const res = await mine('PUT', `/api/budget/category/${foodJanuary}`, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(typeof res.body.message).toBe('string');
      if (message) expect(res.body.message).toBe(message);
    }
    expect((await mine('PUT', '/api/budget/category/0', { month: '2027-01', amount: 1 })).status).toBe(400);
    const other = stack.reportsAs(H + 1);
    expect(await other('PUT', `/api/budget/category/${foodJanuary}`, { month: '2027-01', amount: 1 })).toMatchObject({
      status: 404,
      body: { message: 'Envelope not found.' },
    });
    // December 2026 is before the envelope; March 2027 has envelopes of its own now.
    for (const month of ['2026-12', '2027-03'])
      expect((await mine('PUT', `/api/budget/category/${foodJanuary}`, { month, amount: 1 })).status).toBe(404);
    expect((await mine('PUT', '/api/budget/category/999999999', { month: '2027-01', amount: 1 })).status).toBe(404);
    expect(await envelopesOf('2027-01')).toEqual(before);
    expect((await envelopesOf('2027-03'))[0]).toMatchObject({ amount: 80 });
  });
});

describe('savings goals', () => {
  it('adds, edits and deletes a jar; saved is the cleared balance capped at the target', async () => {
    const created = await budget('POST', '/api/budget/goals', {
      name: 'Holiday',
      account_id: savings,
      target_amount: 800,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Holiday',
      account_name: 'Savings',
      target_amount: 800,
      saved_amount: 500,
    });
    await addRow(ledger, savings, { date: '2026-11-01', payee: 'Deposit', amount: 400, status: 'x' });
    await addRow(ledger, savings, { date: '2026-11-02', payee: 'Pending', amount: 50, status: 'p' });
    expect((await budget('GET', '/api/budget/goals')).body[0].saved_amount).toBe(800);
    const edited = await budget('PUT', `/api/budget/goals/${created.body.id}`, {
      target_amount: 2000,
      name: 'Big Holiday',
    });
    expect(edited.body).toMatchObject({ name: 'Big Holiday', target_amount: 2000, saved_amount: 900 });
    expect(
      (await budget('POST', '/api/budget/goals', { name: 'X', account_id: savings, target_amount: 0 })).status,
    ).toBe(400);
    expect((await stack.reportsAs(H + 1)('PUT', `/api/budget/goals/${created.body.id}`, { name: 'Mine' })).status).toBe(
      404,
    );
    const widgets = (await budget('GET', '/api/dashboard/widgets')).body;
    expect(widgets.savings_goals).toEqual([
      { id: created.body.id, name: 'Big Holiday', target_amount: 2000, saved_amount: 900 },
    ]);
    expect((await budget('DELETE', `/api/budget/goals/${created.body.id}`)).status).toBe(200);
    expect((await budget('GET', '/api/budget/goals')).body).toEqual([]);
  });
});

describe('the dashboard', () => {
  it('GET /api/dashboard/widgets: the month name and this month’s envelopes with amount, rollover and spent', async () => {
    const res = await budget('GET', '/api/dashboard/widgets');
    expect(res.body.month_name).toBe('November');
    expect(res.body.category_budgets).toEqual([
      {
        category_id: food,
        category_name: 'Food',
        account_id: checking,
        account_name: 'Checking',
        amount: 300,
        rollover: 70,
        spent: 400,
      },
    ]);
  });

  it('GET /api/dashboard/balance_projection: one point a day from the previous month to 12 months ahead, unpaid bills today', async () => {
    const bill = (
      await budget('POST', `/api/budget/${checking}`, { payee: 'Power', item_type: 'payment', day_of_month: 1 })
    ).body;
    await budget('POST', '/api/budget/autofill', {
      budget_item_id: bill.id,
      start_month: '2026-11-01',
      amount: 3000,
      mode: 'single',
    });
    const res = await budget('GET', '/api/dashboard/balance_projection');
    expect(res.status).toBe(200);
    const account = res.body.find((p: Json) => p.account_id === checking);
    expect(account.graph_data[0].date).toBe('2026-10-01');
    expect(account.graph_data.at(-1).date).toBe('2027-11-23');
    expect(account.graph_data).toHaveLength(419);
    const at = (d: string) => account.graph_data.find((p: Json) => p.date === d).balance;
    // Before today: actual rows only (1000 - 250 + 20 - 130 = 640 on Oct 10; -400 on Nov 2).
    expect(at('2026-10-10')).toBe(640);
    expect(at('2026-11-22')).toBe(240);
    expect(at('2026-11-23')).toBe(-2760); // the unpaid Nov 1 bill counts today
    expect(account.current_pending_balance).toBe(1000);
    expect(account.first_negative_date).toBe('2026-11-23');
    expect(account.low_point.balance).toBeLessThanOrEqual(-2760);
    const net = (await budget('GET', '/api/dashboard/net_worth_projection')).body;
    expect(net.account_name).toBe('Net Worth');
    const other = res.body.find((p: Json) => p.account_id === savings);
    net.graph_data.forEach((p: Json, i: number) =>
      expect(Math.round(p.balance * 100)).toBe(
        Math.round(account.graph_data[i].balance * 100) + Math.round(other.graph_data[i].balance * 100),
      ),
    );
  });

  it('a kept projection is never served after a budget write (an envelope changes the draw-down)', async () => {
    const last = async () =>
      (await budget('GET', '/api/dashboard/balance_projection')).body
        .find((p: Json) => p.account_id === savings)
        .graph_data.at(-1).balance;
    const before = await last();
    expect(await last()).toBe(before);
    expect(
      (
        await budget('POST', '/api/budget/category', {
          account_id: savings,
          category_id: fun,
          month: '2026-11',
          amount: 10,
        })
      ).status,
    ).toBe(201);
    // $10 over the rest of November, $10 a month for 11 months, 23/30 of $10 by 2027-11-23.
    expect(Math.round((before - (await last())) * 100)).toBe(1000 + 11 * 1000 + 767);
  });

  it('fullHistory starts 12 months before today; fullHistory=maybe is refused', async () => {
    const res = await budget('GET', `/api/dashboard/balance_projection?${q({ fullHistory: 'true' })}`);
    expect(res.body[0].graph_data[0].date).toBe('2025-11-23');
    expect((await budget('GET', '/api/dashboard/balance_projection?fullHistory=maybe')).status).toBe(400);
    expect((await budget('GET', '/api/dashboard/net_worth_projection?fullHistory=maybe')).status).toBe(400);
  });

  it('answers empty lists for a household with no accounts', async () => {
    const empty = stack.reportsAs(H + 9);
    expect((await empty('GET', '/api/dashboard/balance_projection')).body).toEqual([]);
    expect((await empty('GET', '/api/dashboard/net_worth_projection')).body).toMatchObject({
      account_id: null,
      account_name: 'Net Worth',
      graph_data: [],
    });
    expect((await empty('GET', '/api/dashboard/widgets')).body).toEqual({
      month_name: 'November',
      category_budgets: [],
      savings_goals: [],
    });
  });
});
