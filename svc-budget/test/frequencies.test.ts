import { openAccount, registerRows, startBudgetStack, type Call, type Json, type Stack } from './helpers';

// Schedules of any frequency through the routes (docs/rules/predictables.md "Frequencies").
// Expected dates are worked out by hand from a calendar, not from the code.
const TODAY = '2026-11-23'; // a Monday
const H = 7301;
let stack: Stack;
let ledger: Call;
let budget: Call;
let checking: number;
let savings: number;

beforeAll(async () => {
  stack = await startBudgetStack(TODAY, 'inprocess', 'budgetfreq');
  ledger = stack.ledgerAs(H);
  budget = stack.reportsAs(H);
  checking = await openAccount(ledger, 'Checking', 1000);
  savings = await openAccount(ledger, 'Savings', 0);
});
afterAll(async () => stack?.close());

const rowsOf = async (accountId: number, payee: string) =>
  (await registerRows(ledger, accountId)).filter((r: Json) => r.payee === payee);
const budgetedDates = async (accountId: number, payee: string) =>
  (await rowsOf(accountId, payee)).filter((r: Json) => r.is_budgeted).map((r: Json) => r.date);
const fill = (id: number, amount: number, start = '2026-11-01', mode = 'full') =>
  budget('POST', '/api/budget/autofill', { budget_item_id: id, start_month: start, amount, mode });
const itemOf = async (accountId: number, id: number) =>
  ((await budget('GET', `/api/budget/${accountId}`)).body as Json[]).find((i) => i.id === id)!;

// Every second Friday from 2023-01-06 (2026-11-06 is 100 fortnights later) up to the horizon's end.
const BIWEEKLY = [
  ['2026-11-06', '2026-11-20'],
  ['2026-12-04', '2026-12-18'],
  ['2027-01-01', '2027-01-15', '2027-01-29'],
  ['2027-02-12', '2027-02-26'],
  ['2027-03-12', '2027-03-26'],
  ['2027-04-09', '2027-04-23'],
  ['2027-05-07', '2027-05-21'],
  ['2027-06-04', '2027-06-18'],
  ['2027-07-02', '2027-07-16', '2027-07-30'],
  ['2027-08-13', '2027-08-27'],
  ['2027-09-10', '2027-09-24'],
  ['2027-10-08', '2027-10-22'],
];

describe('an item stored before frequencies existed', () => {
  it('is monthly on its day, without start, end or weekend move, and its rows are as before', async () => {
    const inserted = await stack.reports.db.query<{ id: number }>(
      `INSERT INTO scheduled_items (household_id, account_id, item_type, payee, category_id, day_of_month, transfer_account_id, synced)
       VALUES ($1, $2, 'payment', 'Old Rent', NULL, 31, NULL, true) RETURNING id`,
      [H, checking],
    );
    const id = inserted.rows[0].id;
    expect(await itemOf(checking, id)).toMatchObject({
      frequency: 'monthly',
      day_of_month: 31,
      interval: null,
      days_of_month: null,
      start_date: null,
      end_date: null,
      weekend: 'keep',
      next_dates: ['2026-11-30', '2026-12-31', '2027-01-31'],
    });
    expect((await itemOf(checking, id)).occurrences['2027-02-01']).toEqual(['2027-02-28']);
    expect((await fill(id, 100)).status).toBe(200);
    expect(await budgetedDates(checking, 'Old Rent')).toEqual([
      '2026-11-30',
      '2026-12-31',
      '2027-01-31', // a Sunday, kept
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
  });
});

describe('a bi-weekly payday anchored years back', () => {
  let pay: Json;

  it('answers its schedule, each month’s dates and the next three', async () => {
    const res = await budget('POST', `/api/budget/${checking}`, {
      payee: 'Employer',
      item_type: 'deposit',
      frequency: 'every_n_weeks',
      interval: 2,
      start_date: '2023-01-06',
    });
    expect(res.status).toBe(201);
    pay = res.body;
    expect(pay).toMatchObject({ frequency: 'every_n_weeks', interval: 2, day_of_month: 6, weekend: 'keep' });
    expect(Object.values(pay.occurrences)).toEqual(BIWEEKLY);
    expect(pay.next_dates).toEqual(['2026-12-04', '2026-12-18', '2027-01-01']);
  });

  it('has one budgeted row per occurrence, each with its month’s amount', async () => {
    await fill(pay.id, 2000);
    await fill(pay.id, 2100, '2027-01-01', 'single');
    const rows = await rowsOf(checking, 'Employer');
    expect(rows.map((r: Json) => r.date)).toEqual(BIWEEKLY.flat());
    expect(rows.filter((r: Json) => r.date.startsWith('2027-01')).map((r: Json) => r.amount)).toEqual([
      2100, 2100, 2100,
    ]);
    expect(rows.filter((r: Json) => r.amount === 2000)).toHaveLength(BIWEEKLY.flat().length - 3);
  });

  it('DELETE removes every occurrence’s budgeted row', async () => {
    expect((await budget('DELETE', `/api/budget/${pay.id}`)).status).toBe(200);
    expect(await rowsOf(checking, 'Employer')).toEqual([]);
  });
});

describe('a frequency change', () => {
  it('never touches rows that became actual; the other occurrences follow', async () => {
    const gym = (
      await budget('POST', `/api/budget/${checking}`, { payee: 'Gym', item_type: 'payment', day_of_month: 5 })
    ).body;
    await fill(gym.id, 40);
    const december = (await rowsOf(checking, 'Gym')).find((r: Json) => r.date === '2026-12-05');
    expect((await ledger('PUT', `/api/transactions/${december.id}`, { amount: -45, notes: 'paid' })).status).toBe(200);

    const weekly = await budget('PUT', `/api/budget/${gym.id}`, { frequency: 'weekly', start_date: '2026-11-27' });
    expect(weekly.status).toBe(200);
    expect(weekly.body).toMatchObject({ frequency: 'weekly', start_date: '2026-11-27', day_of_month: 27 });
    const rows = await rowsOf(checking, 'Gym');
    const actual = rows.find((r: Json) => r.id === december.id);
    expect(actual).toMatchObject({ date: '2026-12-05', amount: -45, notes: 'paid', is_budgeted: false });
    // December's first occurrence is the paid row; its other Fridays are budgeted.
    expect(rows.filter((r: Json) => r.is_budgeted && r.date < '2027-02').map((r: Json) => r.date)).toEqual([
      '2026-11-27',
      '2026-12-11',
      '2026-12-18',
      '2026-12-25',
      '2027-01-01',
      '2027-01-08',
      '2027-01-15',
      '2027-01-22',
      '2027-01-29',
    ]);

    // Back to monthly, the start date cleared (a start date stays until changed or cleared).
    const back = await budget('PUT', `/api/budget/${gym.id}`, {
      frequency: 'monthly',
      day_of_month: 5,
      start_date: null,
    });
    expect(back.body).toMatchObject({ frequency: 'monthly', day_of_month: 5 });
    const again = await rowsOf(checking, 'Gym');
    // The row as it was (its running balance aside, which the other rows move).
    const { running: _before, ...kept } = actual;
    const { running: _after, ...now } = again.find((r: Json) => r.id === december.id);
    expect(now).toEqual(kept);
    expect(again.filter((r: Json) => r.date < '2027-02').map((r: Json) => [r.date, r.is_budgeted])).toEqual([
      ['2026-11-05', true],
      ['2026-12-05', false],
      ['2027-01-05', true],
    ]);
  });
});

describe('twice a month, weekends moved, once, yearly', () => {
  it('semi-monthly [15, -1] moved to the Friday before', async () => {
    const res = await budget('POST', `/api/budget/${checking}`, {
      payee: 'Salary',
      item_type: 'deposit',
      frequency: 'semi_monthly',
      days_of_month: [-1, 15],
      weekend: 'before',
    });
    expect(res.status).toBe(201);
    expect(res.body.days_of_month).toEqual([15, -1]);
    expect(res.body.start_date).toBe(TODAY);
    // Nov 15 is a Sunday but before the start; Feb 28 2027 is a Sunday.
    expect(res.body.occurrences['2026-11-01']).toEqual(['2026-11-30']);
    expect(res.body.occurrences['2027-02-01']).toEqual(['2027-02-15', '2027-02-26']);
  });

  it('once on its date only; yearly on Feb 29 shows its next dates years ahead', async () => {
    const once = await budget('POST', `/api/budget/${checking}`, {
      payee: 'Car tax',
      item_type: 'payment',
      frequency: 'once',
      start_date: '2027-03-14', // a Sunday
      weekend: 'after',
    });
    expect(Object.entries(once.body.occurrences).filter(([, d]) => (d as string[]).length)).toEqual([
      ['2027-03-01', ['2027-03-15']],
    ]);
    const leap = await budget('POST', `/api/budget/${checking}`, {
      payee: 'Leap club',
      item_type: 'payment',
      frequency: 'yearly',
      start_date: '2028-02-29',
    });
    expect(Object.values(leap.body.occurrences).flat()).toEqual([]);
    expect(leap.body.next_dates).toEqual(['2028-02-29', '2029-02-28', '2030-02-28']);
  });
});

describe('a scheduled transfer of any frequency', () => {
  it('mirrors each occurrence as a transfer pair, and the other account shows its dates', async () => {
    const res = await budget('POST', `/api/budget/${checking}`, {
      payee: 'Savings',
      item_type: 'payment',
      frequency: 'weekly',
      start_date: '2026-12-01',
      end_date: '2026-12-31',
    });
    await fill(res.body.id, 50, '2026-12-01', 'single');
    const tuesdays = ['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22', '2026-12-29'];
    const incoming = await itemOf(savings, res.body.id);
    expect(incoming).toMatchObject({ is_incoming_transfer: true, item_type: 'deposit', frequency: 'weekly' });
    expect(incoming.occurrences['2026-12-01']).toEqual(tuesdays);
    const intoSavings = (await registerRows(ledger, savings)).filter((r: Json) => r.transfer_account_id === checking);
    expect(intoSavings.map((r: Json) => [r.date, r.amount, r.is_budgeted])).toEqual(tuesdays.map((d) => [d, 50, true]));
    const fromChecking = (await registerRows(ledger, checking)).filter((r: Json) => r.transfer_account_id === savings);
    expect(fromChecking.map((r: Json) => r.amount)).toEqual(tuesdays.map(() => -50));
  });
});

describe('bad schedules: 400 with the rule, nothing changed', () => {
  let item: Json;
  beforeAll(async () => {
    item = (await budget('POST', `/api/budget/${checking}`, { payee: 'Water', item_type: 'payment', day_of_month: 9 }))
      .body;
    await fill(item.id, 60);
  });

  const cases: Array<[string, Json, string]> = [
    [
      'interval 0 weeks',
      { frequency: 'every_n_weeks', interval: 0 },
      'Every N weeks needs an interval of 2 to 52 weeks.',
    ],
    [
      'interval 1 week',
      { frequency: 'every_n_weeks', interval: 1 },
      'Every N weeks needs an interval of 2 to 52 weeks.',
    ],
    [
      'interval 53 weeks',
      { frequency: 'every_n_weeks', interval: 53 },
      'Every N weeks needs an interval of 2 to 52 weeks.',
    ],
    [
      'every 1 month',
      { frequency: 'every_n_months', interval: 1, day_of_month: 9 },
      'Every N months needs an interval of 2 to 12 months.',
    ],
    [
      'every 13 months',
      { frequency: 'every_n_months', interval: 13, day_of_month: 9 },
      'Every N months needs an interval of 2 to 12 months.',
    ],
    [
      'days [15, 15]',
      { frequency: 'semi_monthly', days_of_month: [15, 15] },
      "Twice a month needs two different days, each 1 to 31 or -1 for the month's last day.",
    ],
    [
      'days [0, 32]',
      { frequency: 'semi_monthly', days_of_month: [0, 32] },
      "Twice a month needs two different days, each 1 to 31 or -1 for the month's last day.",
    ],
    [
      'an end before the start',
      { frequency: 'weekly', start_date: '2027-01-10', end_date: '2027-01-09' },
      'The end date must not be before the start date.',
    ],
    ['once without a date', { frequency: 'once' }, 'A once item needs its date (start_date).'],
    [
      'a start date that is not a date',
      { frequency: 'weekly', start_date: '2027-02-29' },
      'The start date must be a real date (YYYY-MM-DD).',
    ],
  ];

  it.each(cases)('refuses %s on create and on edit', async (_name, fields, message) => {
    const items = (await budget('GET', `/api/budget/${checking}`)).body;
    const rows = await registerRows(ledger, checking);
    const created = await budget('POST', `/api/budget/${checking}`, { payee: 'X', item_type: 'payment', ...fields });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ message });
    const edited = await budget('PUT', `/api/budget/${item.id}`, fields);
    expect(edited.status).toBe(400);
    expect(edited.body).toEqual({ message });
    expect((await budget('GET', `/api/budget/${checking}`)).body).toEqual(items);
    expect(await registerRows(ledger, checking)).toEqual(rows);
  });

  it('refuses an unknown frequency or weekend rule by the schema', async () => {
    for (const body of [{ frequency: 'daily' }, { weekend: 'sunday' }, { interval: 'two' }]) {
      const res = await budget('PUT', `/api/budget/${item.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^The field "(frequency|weekend|interval)"/);
    }
  });
});
