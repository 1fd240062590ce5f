/**
 * Accounts of every kind on the dashboard (docs/rules/forecast.md): the kind, limit and threshold
 * reach the mirror from the ledger's events and its replay; each projection carries the warning
 * that fits the kind and today's balance as the register has it; net worth subtracts what is owed.
 * Expected figures are worked out by hand from the rows each test writes.
 */
import { addRow, startBudgetStack, type BusKind, type Call, type Json, type Stack } from './helpers';

const TODAY = '2026-11-23';

async function open(ledger: Call, body: Record<string, unknown>): Promise<number> {
  const res = await ledger('POST', '/api/accounts/', { starting_balance: 0, ...body });
  if (res.status !== 201) throw new Error(`open ${JSON.stringify(body)}: ${res.status} ${res.text}`);
  return res.body.id;
}

async function projections(budget: Call): Promise<Map<string, Json>> {
  const res = await budget('GET', '/api/dashboard/balance_projection');
  expect(res.status).toBe(200);
  return new Map((res.body as Json[]).map((p) => [p.account_name, p]));
}

const pointOn = (projection: Json, date: string): number =>
  projection.graph_data.find((p: Json) => p.date === date).balance;

describe('projections of every kind', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startBudgetStack(TODAY, 'inprocess', 'budgetkinds');
  });
  afterAll(async () => stack?.close());

  it('a savings account holding $500 headlines $500 today, as the register does, not its pending $0', async () => {
    const H = 7401;
    const ledger = stack.ledgerAs(H);
    const savings = await open(ledger, { name: 'Savings', kind: 'savings' });
    // A deposit not yet marked pending or cleared: the register counts it, the pending balance does not.
    await addRow(ledger, savings, { date: '2026-11-20', payee: 'Paycheck', amount: 500, status: '' });
    const register = (await ledger('GET', `/api/accounts/${savings}?today=${TODAY}`)).body;
    expect(register.balance_today).toBe(500);
    const projection = (await projections(stack.reportsAs(H))).get('Savings');
    expect(projection).toMatchObject({
      account_kind: 'savings',
      current_pending_balance: 0,
      balance_today: 500,
      warning: null,
    });
    expect(pointOn(projection, TODAY)).toBe(500);
  });

  it('each kind gets its own warning: below zero, below a threshold, over a limit, none for a loan', async () => {
    const H = 7402;
    const ledger = stack.ledgerAs(H);
    const checking = await open(ledger, { name: 'Checking', starting_balance: 300 });
    const savings = await open(ledger, {
      name: 'Savings',
      kind: 'savings',
      starting_balance: 1000,
      low_balance_threshold: 800,
    });
    const card = await open(ledger, { name: 'Visa', kind: 'credit_card', starting_balance: -1500, credit_limit: 2000 });
    const storeCard = await open(ledger, { name: 'Store card', kind: 'credit_card', starting_balance: -5000 });
    const loan = await open(ledger, { name: 'Car loan', kind: 'loan', starting_balance: -9000 });
    // Checking: 300 - 450 on Dec 1 = -150.
    await addRow(ledger, checking, { date: '2026-12-01', payee: 'Rent', amount: -450 });
    // Savings: 1000 - 250 on Dec 5 = 750, below its 800 threshold.
    await addRow(ledger, savings, { date: '2026-12-05', payee: 'Trip', amount: -250 });
    // Visa: -1500 - 400 on Dec 10 = -1900 (within the 2000 limit), - 200 on Dec 20 = -2100 (over).
    await addRow(ledger, card, { date: '2026-12-10', payee: 'Shop', amount: -400 });
    await addRow(ledger, card, { date: '2026-12-20', payee: 'Shop', amount: -200 });
    await addRow(ledger, storeCard, { date: '2026-12-20', payee: 'Shop', amount: -9000 });
    await addRow(ledger, loan, { date: '2026-12-15', payee: 'Interest', amount: -50 });
    const byName = await projections(stack.reportsAs(H));
    expect(byName.get('Checking')!.warning).toEqual({
      kind: 'below_zero',
      date: '2026-12-01',
      balance: -150,
      line: 0,
      now: false,
    });
    expect(byName.get('Savings')!.warning).toEqual({
      kind: 'below_threshold',
      date: '2026-12-05',
      balance: 750,
      line: 800,
      now: false,
    });
    expect(byName.get('Visa')!.warning).toEqual({
      kind: 'over_limit',
      date: '2026-12-20',
      balance: -2100,
      line: -2000,
      now: false,
    });
    // Without a limit a card never warns; a loan never does. Both still have first_negative_date.
    expect(byName.get('Store card')!.warning).toBeNull();
    expect(byName.get('Car loan')).toMatchObject({ account_kind: 'loan', warning: null, first_negative_date: TODAY });
    expect(byName.get('Car loan')!.low_point).toEqual({ date: '2026-12-15', balance: -9050 });
  });

  it('an account already below its line today warns "now", dated today', async () => {
    const H = 7403;
    const ledger = stack.ledgerAs(H);
    const checking = await open(ledger, { name: 'Overdrawn', starting_balance: 100 });
    await addRow(ledger, checking, { date: '2026-11-22', payee: 'Bill', amount: -160.5 });
    const projection = (await projections(stack.reportsAs(H))).get('Overdrawn');
    expect(projection).toMatchObject({
      balance_today: -60.5,
      warning: { kind: 'below_zero', date: TODAY, balance: -60.5, line: 0, now: true },
    });
  });

  it('net worth is the sum of the balances: a loan subtracts what is owed, and net worth never warns', async () => {
    const H = 7404;
    const ledger = stack.ledgerAs(H);
    const checking = await open(ledger, { name: 'Checking', starting_balance: 2500 });
    await open(ledger, { name: 'Car loan', kind: 'loan', starting_balance: -9000 });
    await open(ledger, { name: 'Visa', kind: 'credit_card', starting_balance: -300.25, credit_limit: 1000 });
    await addRow(ledger, checking, { date: '2026-12-01', payee: 'Pay', amount: 1000 });
    const budget = stack.reportsAs(H);
    const res = await budget('GET', '/api/dashboard/net_worth_projection');
    expect(res.status).toBe(200);
    // 2500 - 9000 - 300.25 today; + 1000 from Dec 1.
    expect(res.body).toMatchObject({
      account_name: 'Net Worth',
      account_kind: null,
      balance_today: -6800.25,
      warning: null,
    });
    expect(pointOn(res.body, TODAY)).toBe(-6800.25);
    expect(pointOn(res.body, '2026-12-01')).toBe(-5800.25);
    expect(res.body.first_negative_date).toBe(TODAY);
  });
});

describe.each<BusKind>(['inprocess', 'nats'])('the kind reaches the mirror on the %s bus', (bus) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startBudgetStack(TODAY, bus, 'budgetkindbus');
  });
  afterAll(async () => stack?.close());

  it('follows a kind change (ledger.account.changed.v1), and a rebuilt mirror keeps it', async () => {
    const H = 7411;
    const ledger = stack.ledgerAs(H);
    const budget = stack.reportsAs(H);
    const id = await open(ledger, { name: 'Everyday', starting_balance: -100 });
    expect((await projections(budget)).get('Everyday')).toMatchObject({
      account_kind: 'checking',
      warning: { kind: 'below_zero', now: true },
    });
    const changed = await ledger('PUT', `/api/accounts/${id}`, {
      name: 'Everyday card',
      kind: 'credit_card',
      credit_limit: 50,
    });
    expect(changed.status).toBe(200);
    const expected = {
      account_kind: 'credit_card',
      warning: { kind: 'over_limit', date: TODAY, balance: -100, line: -50, now: true },
    };
    expect((await projections(budget)).get('Everyday card')).toMatchObject(expected);
    await stack.reports.mirror.rebuild(H);
    expect((await projections(budget)).get('Everyday card')).toMatchObject(expected);
    await ledger('PUT', `/api/accounts/${id}`, { name: 'Everyday card', kind: 'loan' });
    expect((await projections(budget)).get('Everyday card')).toMatchObject({ account_kind: 'loan', warning: null });
  });
});
