/**
 * What-if scenarios (docs/decisions/0123-what-if-scenarios.md, 0124): the routes, the projections
 * with `?scenario=` checked point by point against the independent calculation of ./oracle.ts
 * (the scenario applied by the written rule), the real projection untouched by a scenario, bad
 * input answering a clear 400 or 404 with nothing changed, and apply making the changes real.
 */
import pg from 'pg';
import { addMonths, firstOfMonth } from '@hf/calendar';
import { SCENARIO_LIMITS } from '@hf/contracts/budget-limits';
import { addRow, openAccount, startBudgetStack, type Call, type Json, type Stack } from './helpers';
import { expectedBalances, oracleScenarioRows, type OraclePlanItem } from './oracle';

const H = 7501;
const OTHER = 7502;
const TODAY = '2026-11-23';
const START = addMonths(firstOfMonth(TODAY), -1);
const END = addMonths(TODAY, 12);

let stack: Stack;
let budget: Call;
let ledger: Call;
let checking: number;
let savings: number;
let otherItem: number;
let otherScenario: number;
const plan = new Map<number, OraclePlanItem>();
const names = new Map<string, number>();

async function item(accountId: number, body: Json, amount: number, schedule: OraclePlanItem['schedule']) {
  const res = await budget('POST', `/api/budget/${accountId}`, body);
  expect(res.status).toBe(201);
  const fill = await budget('POST', '/api/budget/autofill', {
    budget_item_id: res.body.id,
    start_month: firstOfMonth(TODAY),
    amount,
    mode: 'full',
  });
  expect(fill.status).toBe(200);
  const other = names.get(String(body.payee).toLowerCase());
  plan.set(res.body.id, {
    account: accountId,
    other: other ?? null,
    sign: body.item_type === 'payment' ? -1 : 1,
    schedule,
    values: new Map(
      Array.from({ length: 12 }, (_, i) => [addMonths(firstOfMonth(TODAY), i), Math.round(amount * 100)]),
    ),
  });
  return res.body.id as number;
}

async function readLedger(): Promise<{
  accounts: Array<{ id: number; starting_balance: number }>;
  rows: Array<{ account_id: number; date: string; amount: number; is_budgeted: boolean }>;
}> {
  const client = new pg.Client({ connectionString: stack.ledgerDbUrl });
  await client.connect();
  try {
    const accounts = (
      await client.query(
        'SELECT id, starting_balance::float8 AS starting_balance FROM accounts WHERE household_id = $1 AND deleted_at IS NULL ORDER BY id',
        [H],
      )
    ).rows;
    const rows = (
      await client.query(
        `SELECT account_id, to_char(date, 'YYYY-MM-DD') AS date, amount::float8 AS amount, is_budgeted FROM transactions WHERE household_id = $1 AND deleted_at IS NULL`,
        [H],
      )
    ).rows;
    return { accounts, rows };
  } finally {
    await client.end();
  }
}

/** Every account's and net worth's expected points (cents) with the scenario's changes, by the written rule. */
async function expected(changes: Json[]): Promise<{ accounts: Map<number, number[]>; net: number[] }> {
  const data = await readLedger();
  // The ledger's budgeted rows are the plan's (checked below), so the rule starts from the plan.
  const budgeted = oracleScenarioRows(plan, changes, TODAY, names);
  const accounts = new Map<number, number[]>();
  let net: number[] | null = null;
  for (const a of data.accounts) {
    const points = expectedBalances({
      start: START,
      end: END,
      today: TODAY,
      startingBalance: a.starting_balance,
      rows: [
        ...data.rows
          .filter((r) => r.account_id === a.id && !r.is_budgeted)
          .map((r) => ({ date: r.date, amount: r.amount, budgeted: false })),
        ...(budgeted.get(a.id) ?? []),
      ],
      envelopes: new Map(),
      spent: () => 0,
    });
    accounts.set(a.id, points);
    net = net ? net.map((v, i) => v + points[i]) : points;
  }
  return { accounts, net: net! };
}

async function projections(scenario?: number): Promise<{ accounts: Json[]; net: Json }> {
  const suffix = scenario === undefined ? '' : `?scenario=${scenario}`;
  const accounts = await budget('GET', `/api/dashboard/balance_projection${suffix}`);
  const net = await budget('GET', `/api/dashboard/net_worth_projection${suffix}`);
  expect([accounts.status, net.status]).toEqual([200, 200]);
  return { accounts: accounts.body, net: net.body };
}

const cents = (points: Json[]) => points.map((p: Json) => Math.round(p.balance * 100));

async function expectMatchesOracle(scenario: number | undefined, changes: Json[]): Promise<void> {
  const want = await expected(changes);
  const got = await projections(scenario);
  for (const [id, points] of want.accounts)
    expect(cents(got.accounts.find((p: Json) => p.account_id === id).graph_data)).toEqual(points);
  expect(cents(got.net.graph_data)).toEqual(want.net);
}

async function scenarioCount(): Promise<number> {
  return (await budget('GET', '/api/budget/scenarios')).body.length;
}

let rent: number;
let payroll: number;
let transfer: number;

beforeAll(async () => {
  stack = await startBudgetStack(TODAY, 'inprocess', 'whatif');
  ledger = stack.ledgerAs(H);
  budget = stack.reportsAs(H);
  checking = await openAccount(ledger, 'Checking', 2500);
  savings = await openAccount(ledger, 'Savings', 8000);
  names.set('checking', checking).set('savings', savings);
  for (const [date, amount] of [
    ['2026-10-03', -120.5],
    ['2026-11-02', -40],
    ['2026-11-20', 900],
    ['2026-12-24', -75.25],
  ] as const)
    await addRow(ledger, checking, { date, amount, payee: 'Shop' });
  rent = await item(checking, { payee: 'Rent', item_type: 'payment', day_of_month: 31 }, 1400, {
    frequency: 'monthly',
    day: 31,
    start: null,
    end: null,
    weekend: 'keep',
  });
  payroll = await item(
    checking,
    { payee: 'Payroll', item_type: 'deposit', frequency: 'every_n_weeks', interval: 2, start_date: '2026-11-06' },
    2100,
    { frequency: 'every_n_weeks', interval: 2, start: '2026-11-06', end: null, weekend: 'keep' },
  );
  transfer = await item(checking, { payee: 'Savings', item_type: 'payment', day_of_month: 15 }, 300, {
    frequency: 'monthly',
    day: 15,
    start: null,
    end: null,
    weekend: 'keep',
  });
  // Another household with an item and a scenario of its own.
  const otherLedger = stack.ledgerAs(OTHER);
  const otherBudget = stack.reportsAs(OTHER);
  const otherAccount = await openAccount(otherLedger, 'Theirs', 10);
  otherItem = (
    await otherBudget('POST', `/api/budget/${otherAccount}`, { payee: 'X', item_type: 'payment', day_of_month: 1 })
  ).body.id;
  otherScenario = (await otherBudget('POST', '/api/budget/scenarios', { name: 'Theirs', changes: [] })).body.id;
}, 120_000);
afterAll(async () => stack?.close());

const NEW_CAR = () => [
  { kind: 'one_off', account_id: checking, item_type: 'payment', date: '2027-03-03', amount: 2000 },
  {
    kind: 'add_item',
    account_id: checking,
    payee: 'Car loan',
    item_type: 'payment',
    day_of_month: 5,
    amount: 350.25,
    start_month: '2027-01-01',
  },
  { kind: 'change_amount', item_id: payroll, start_month: '2027-02-01', amount: 2300 },
  { kind: 'stop_item', item_id: transfer, start_month: '2027-06-01' },
  {
    kind: 'add_item',
    account_id: checking,
    payee: 'Gym',
    item_type: 'payment',
    frequency: 'weekly',
    start_date: '2026-12-02',
    weekend: 'after',
    amount: 12,
    start_month: '2026-12-01',
  },
  {
    kind: 'add_item',
    account_id: savings,
    payee: 'checking',
    item_type: 'payment',
    day_of_month: -1,
    amount: 50,
    start_month: '2026-11-01',
  },
];

const oneOff = (extra: Json) => ({
  kind: 'one_off',
  account_id: checking,
  item_type: 'payment',
  date: '2027-01-04',
  amount: 5,
  ...extra,
});

describe('what-if scenarios', () => {
  let scenarioId: number;

  it('the real projection is exact before any scenario (the oracle starts from the plan)', async () => {
    const data = await readLedger();
    const budgetedRows = data.rows.filter((r) => r.is_budgeted).length;
    const planned = oracleScenarioRows(plan, [], TODAY, names);
    expect(budgetedRows).toBe([...planned.values()].reduce((n, r) => n + r.length, 0));
    await expectMatchesOracle(undefined, []);
  });

  it('creating, reading, updating and deleting scenarios leaves the real projection byte for byte', async () => {
    const before = [
      (await budget('GET', '/api/dashboard/balance_projection')).text,
      (await budget('GET', '/api/dashboard/net_worth_projection')).text,
      (await budget('GET', `/api/budget/${checking}`)).text,
      (await ledger('GET', `/api/accounts/${checking}/transactions`)).text,
    ];
    const res = await budget('POST', '/api/budget/scenarios', { name: ' New car ', changes: NEW_CAR() });
    expect(res.status).toBe(201);
    scenarioId = res.body.id;
    expect(res.body.name).toBe('New car');
    expect(res.body.changes).toHaveLength(6);
    expect(res.body.changes[1]).toMatchObject({
      kind: 'add_item',
      frequency: 'monthly',
      day_of_month: 5,
      amount: 350.25,
    });
    expect(res.body.changes[0]).toMatchObject({ payee: 'One-off payment', amount: 2000 });
    expect((await budget('GET', `/api/budget/scenarios/${scenarioId}`)).body).toEqual(res.body);
    expect((await budget('GET', '/api/budget/scenarios')).body.map((s: Json) => s.id)).toEqual([scenarioId]);
    await projections(scenarioId);
    const after = [
      (await budget('GET', '/api/dashboard/balance_projection')).text,
      (await budget('GET', '/api/dashboard/net_worth_projection')).text,
      (await budget('GET', `/api/budget/${checking}`)).text,
      (await ledger('GET', `/api/accounts/${checking}/transactions`)).text,
    ];
    expect(after).toEqual(before);
  });

  it('the projection with the scenario equals the written rule, every account and net worth', async () => {
    await expectMatchesOracle(scenarioId, NEW_CAR());
    const { accounts } = await projections(scenarioId);
    const real = await projections();
    const mine = accounts.find((p: Json) => p.account_id === checking);
    const theirs = real.accounts.find((p: Json) => p.account_id === checking);
    expect(mine.graph_data.find((p: Json) => p.date === '2027-03-03').balance).not.toBe(
      theirs.graph_data.find((p: Json) => p.date === '2027-03-03').balance,
    );
  });

  it('a scenario read back can be sent back unchanged (the editor saves what it was given)', async () => {
    const read = (await budget('GET', `/api/budget/scenarios/${scenarioId}`)).body;
    const res = await budget('PUT', `/api/budget/scenarios/${scenarioId}`, { name: read.name, changes: read.changes });
    expect(res.status).toBe(200);
    expect(res.body.changes).toEqual(read.changes);
  });

  it('an update replaces the name and changes; the projection follows', async () => {
    const changes = [{ kind: 'change_amount', item_id: rent, start_month: '2026-11-01', amount: 1500 }];
    const res = await budget('PUT', `/api/budget/scenarios/${scenarioId}`, { changes });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('New car');
    expect((await budget('PUT', `/api/budget/scenarios/${scenarioId}`, { name: 'Raise' })).body.changes).toEqual(
      res.body.changes,
    );
    await expectMatchesOracle(scenarioId, changes);
    expect(
      (await budget('PUT', `/api/budget/scenarios/${scenarioId}`, { name: 'New car', changes: NEW_CAR() })).status,
    ).toBe(200);
  });

  it('a kept scenario projection is answered again until the scenario is edited or the real data change', async () => {
    const first = await projections(scenarioId);
    expect(await projections(scenarioId)).toEqual(first);
    const changes = [{ kind: 'stop_item', item_id: rent, start_month: '2026-12-01' }];
    expect((await budget('PUT', `/api/budget/scenarios/${scenarioId}`, { changes })).status).toBe(200);
    await expectMatchesOracle(scenarioId, changes);
    await addRow(ledger, checking, { date: '2026-11-21', amount: -33.5, payee: 'Shop' });
    await expectMatchesOracle(scenarioId, changes);
    expect((await budget('PUT', `/api/budget/scenarios/${scenarioId}`, { changes: NEW_CAR() })).status).toBe(200);
    await expectMatchesOracle(scenarioId, NEW_CAR());
    expect(await projections(scenarioId)).not.toEqual(first); // the row written since counts
  });

  describe('bad input: a clear answer and nothing changed', () => {
    async function refused(method: 'POST' | 'PUT', url: string, body: Json, status: number, message: RegExp) {
      const before = (await budget('GET', '/api/budget/scenarios')).text;
      const res = await budget(method, url, body);
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
      expect((await budget('GET', '/api/budget/scenarios')).text).toBe(before);
    }
    it("another household's scenario is not found, to read, change, delete, apply or project", async () => {
      for (const [method, url] of [
        ['GET', `/api/budget/scenarios/${otherScenario}`],
        ['PUT', `/api/budget/scenarios/${otherScenario}`],
        ['DELETE', `/api/budget/scenarios/${otherScenario}`],
        ['POST', `/api/budget/scenarios/${otherScenario}/apply`],
        ['GET', `/api/dashboard/balance_projection?scenario=${otherScenario}`],
        ['GET', `/api/dashboard/net_worth_projection?scenario=${otherScenario}`],
      ] as const) {
        const res = await budget(method, url, method === 'PUT' ? { name: 'Mine now' } : undefined);
        expect([url, res.status, res.body.message]).toEqual([url, 404, 'Scenario not found.']);
      }
      expect((await stack.reportsAs(OTHER)('GET', `/api/budget/scenarios/${otherScenario}`)).body.name).toBe('Theirs');
    });

    it(`${SCENARIO_LIMITS.changes} changes at most: 1,000 are refused`, async () => {
      const many = Array.from({ length: 1000 }, () => oneOff({}));
      await refused('POST', '/api/budget/scenarios', { name: 'Many', changes: many }, 400, /at most 200 changes/);
      await refused('PUT', `/api/budget/scenarios/${scenarioId}`, { changes: many }, 400, /at most 200 changes/);
    });

    it("a change naming another household's item or account answers 404 (their ids are not found, as everywhere)", async () => {
      await refused(
        'POST',
        '/api/budget/scenarios',
        { name: 'X', changes: [oneOff({}), { kind: 'stop_item', item_id: otherItem, start_month: '2026-12-01' }] },
        404,
        /^Change 2: Scheduled item not found\.$/,
      );
      await refused(
        'POST',
        '/api/budget/scenarios',
        { name: 'X', changes: [{ kind: 'change_amount', item_id: otherItem, start_month: '2026-12-01', amount: 1 }] },
        404,
        /^Change 1: Scheduled item not found\.$/,
      );
      await refused(
        'POST',
        '/api/budget/scenarios',
        { name: 'X', changes: [oneOff({ account_id: 999_999 })] },
        404,
        /^Change 1: Account not found\.$/,
      );
    });

    it('a one-off with 3 decimals, unknown kinds, bad months and dates', async () => {
      await refused(
        'POST',
        '/api/budget/scenarios',
        { name: 'X', changes: [oneOff({ amount: 12.345 })] },
        400,
        /at most 2 decimal/,
      );
      await refused(
        'POST',
        '/api/budget/scenarios',
        { name: 'X', changes: [{ kind: 'sell_house' }] },
        400,
        /^Change 1: its kind must be one of/,
      );
      for (const date of ['2026-11-22', '2027-02-30', '2028-01-01', '03/03/2027'])
        await refused(
          'POST',
          '/api/budget/scenarios',
          { name: 'X', changes: [oneOff({ date })] },
          400,
          /^Change 1: its date must be/,
        );
      for (const start_month of ['2026-10-01', '2027-11-01', '2027-01', '2027-01-15'])
        await refused(
          'POST',
          '/api/budget/scenarios',
          { name: 'X', changes: [{ kind: 'stop_item', item_id: rent, start_month }] },
          400,
          /^Change 1: its start_month/,
        );
      await refused('POST', '/api/budget/scenarios', { name: '   ', changes: [] }, 400, /name/);
      await refused('POST', '/api/budget/scenarios', { name: 'X' }, 400, /changes/);
      await refused(
        'PUT',
        `/api/budget/scenarios/${scenarioId}`,
        { changes: [oneOff({ amount: -1 })] },
        400,
        /negative/,
      );
    });

    it('an unknown scenario in a projection is not found; a bad id is a 400', async () => {
      expect((await budget('GET', '/api/dashboard/balance_projection?scenario=999999')).status).toBe(404);
      expect((await budget('GET', '/api/dashboard/balance_projection?scenario=abc')).status).toBe(400);
      expect((await budget('GET', '/api/dashboard/net_worth_projection?scenario=0')).status).toBe(400);
    });
  });

  it('apply makes the changes real (the real projection becomes the scenario one) and removes the scenario', async () => {
    const withScenario = await projections(scenarioId);
    const res = await budget('POST', `/api/budget/scenarios/${scenarioId}/apply`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Scenario "New car" applied.');
    expect(res.body.created_item_ids).toHaveLength(4);
    expect(res.body.changed_item_ids).toEqual([payroll, transfer]);
    const items = (await budget('GET', `/api/budget/${checking}`)).body;
    const loan = items.find((i: Json) => i.payee === 'Car loan');
    expect(loan.values['2026-12-01']).toBe(0);
    expect(loan.values['2027-01-01']).toBe(350.25);
    const once = items.find((i: Json) => i.payee === 'One-off payment');
    expect([once.frequency, once.start_date, once.values['2027-03-01']]).toEqual(['once', '2027-03-03', 2000]);
    expect(items.find((i: Json) => i.id === transfer).values['2027-06-01']).toBe(0);
    const real = await projections();
    expect(real.net.graph_data).toEqual(withScenario.net.graph_data);
    for (const p of withScenario.accounts)
      expect(real.accounts.find((a: Json) => a.account_id === p.account_id).graph_data).toEqual(p.graph_data);
    expect((await budget('GET', `/api/budget/scenarios/${scenarioId}`)).status).toBe(404);
  });

  it('applying a deleted scenario is not found and changes nothing', async () => {
    const id = (
      await budget('POST', '/api/budget/scenarios', {
        name: 'Gone',
        changes: [{ kind: 'stop_item', item_id: rent, start_month: '2026-12-01' }],
      })
    ).body.id;
    expect((await budget('DELETE', `/api/budget/scenarios/${id}`)).body.message).toBe('Scenario deleted.');
    const before = (await budget('GET', `/api/budget/${checking}`)).text;
    const res = await budget('POST', `/api/budget/scenarios/${id}/apply`);
    expect([res.status, res.body.message]).toEqual([404, 'Scenario not found.']);
    expect((await budget('GET', `/api/budget/${checking}`)).text).toBe(before);
    expect((await budget('DELETE', `/api/budget/scenarios/${id}`)).status).toBe(404);
    expect(await scenarioCount()).toBe(0);
  });

  it('a scenario naming an item deleted since cannot be applied (404) and nothing is applied', async () => {
    const doomed = (
      await budget('POST', `/api/budget/${checking}`, { payee: 'Doomed', item_type: 'payment', day_of_month: 3 })
    ).body.id;
    const id = (
      await budget('POST', '/api/budget/scenarios', {
        name: 'Half',
        changes: [
          oneOff({ date: '2027-01-09', payee: 'Half one-off' }),
          { kind: 'stop_item', item_id: doomed, start_month: '2026-12-01' },
        ],
      })
    ).body.id;
    expect((await budget('DELETE', `/api/budget/${doomed}`)).status).toBe(200);
    await projections(id); // left out of the projection
    const res = await budget('POST', `/api/budget/scenarios/${id}/apply`);
    expect([res.status, res.body.message]).toEqual([404, 'Change 2: Scheduled item not found.']);
    expect((await budget('GET', `/api/budget/${checking}`)).body.some((i: Json) => i.payee === 'Half one-off')).toBe(
      false,
    );
    expect((await budget('GET', `/api/budget/scenarios/${id}`)).status).toBe(200);
  });
});
