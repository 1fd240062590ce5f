/**
 * Every point of every projection, net worth and every widget figure of a generated household
 * equals the independent calculation of ./oracle.ts fed from the ledger's own tables (and the
 * envelopes svc-budget stores), for several values of "today" including month ends and Feb 29,
 * on both bus adapters: schedules of every frequency (their budgeted rows generated again from the
 * written rule, weekend moves across month ends, end dates inside a month, Feb 29), schedules on
 * days 29-31, scheduled transfers, unpaid bills before today,
 * envelopes on a parent and its child with rollover on and off, over- and under-spending,
 * transfers, future-dated rows, deleted and moved rows.
 */
import pg from 'pg';
import { seededRandom } from '@hf/test-kit/seeded-random';
import { natsServerAvailable } from '@hf/messaging/testing/private-nats';
import {
  addCategory,
  addRow,
  openAccount,
  startBudgetStack,
  type BusKind,
  type Call,
  type Json,
  type Stack,
} from './helpers';
import { expectedBalances, leftThisMonth, oracleOccurrences, type OracleEnvelope, type OracleSchedule } from './oracle';
import { addMonths, firstOfMonth } from '@hf/calendar';

const H = 7301;
const TODAYS = ['2026-11-23', '2026-11-30', '2026-12-31', '2027-02-28', '2028-02-29'];

/**
 * The household's Predictables (all on Checking; a payee naming Card or Savings is a scheduled
 * transfer): `body` is what the client sends, `schedule` the same item as the written rule reads
 * it, `refill` an item whose amounts are filled forward again from each today's month.
 */
interface PlannedItem {
  payee: string;
  item_type: 'payment' | 'deposit';
  body: Json;
  schedule: OracleSchedule;
  refill: boolean;
}
const monthly = (payee: string, item_type: PlannedItem['item_type'], day: number): PlannedItem => ({
  payee,
  item_type,
  body: { day_of_month: day },
  schedule: { frequency: 'monthly', day, start: null, end: null, weekend: 'keep' },
  refill: false,
});
const PLAN: PlannedItem[] = [
  // Days 29, 30, 31 and 1 (an unpaid bill of this month), a salary, a scheduled transfer.
  monthly('Rent', 'payment', 31),
  monthly('Gym', 'payment', 29),
  monthly('Phone', 'payment', 30),
  monthly('Power', 'payment', 1),
  monthly('Employer', 'deposit', 30),
  monthly('Savings', 'payment', 29),
  // Every frequency, weekend moves across month ends, end dates inside a month.
  {
    payee: 'Payroll',
    item_type: 'deposit',
    body: { frequency: 'every_n_weeks', interval: 2, start_date: '2023-01-06' },
    schedule: { frequency: 'every_n_weeks', interval: 2, start: '2023-01-06', end: null, weekend: 'keep' },
    refill: true,
  },
  {
    payee: 'Cleaner',
    item_type: 'payment',
    body: { frequency: 'weekly', start_date: '2026-11-01', end_date: '2027-03-15', weekend: 'after' },
    schedule: { frequency: 'weekly', start: '2026-11-01', end: '2027-03-15', weekend: 'after' },
    refill: true,
  },
  {
    // No start date: it starts the day it is made (the first today).
    payee: 'Side job',
    item_type: 'deposit',
    body: { frequency: 'semi_monthly', days_of_month: [-1, 15], weekend: 'before' },
    schedule: { frequency: 'semi_monthly', days: [15, -1], start: TODAYS[0], end: null, weekend: 'before' },
    refill: true,
  },
  {
    payee: 'Water',
    item_type: 'payment',
    body: { frequency: 'every_n_months', interval: 3, day_of_month: 31, start_date: '2026-10-01', weekend: 'after' },
    schedule: { frequency: 'every_n_months', interval: 3, day: 31, start: '2026-10-01', end: null, weekend: 'after' },
    refill: true,
  },
  {
    payee: 'Insurance',
    item_type: 'payment',
    body: { frequency: 'yearly', start_date: '2024-02-29', weekend: 'after' },
    schedule: { frequency: 'yearly', start: '2024-02-29', end: null, weekend: 'after' },
    refill: true,
  },
  {
    payee: 'Gift',
    item_type: 'payment',
    body: { frequency: 'once', start_date: '2027-01-31', weekend: 'before' },
    schedule: { frequency: 'once', start: '2027-01-31', end: null, weekend: 'before' },
    refill: true,
  },
  {
    payee: 'Card',
    item_type: 'payment',
    body: {
      frequency: 'every_n_weeks',
      interval: 4,
      start_date: '2026-11-14',
      end_date: '2027-06-30',
      weekend: 'after',
    },
    schedule: { frequency: 'every_n_weeks', interval: 4, start: '2026-11-14', end: '2027-06-30', weekend: 'after' },
    refill: true,
  },
  {
    payee: 'Streaming',
    item_type: 'payment',
    body: { day_of_month: -1, start_date: '2026-12-10', weekend: 'before' },
    schedule: { frequency: 'monthly', day: -1, start: '2026-12-10', end: null, weekend: 'before' },
    refill: true,
  },
];

/** What the household planned: each item's id and amounts by month (`YYYY-MM-01` -> cents), as filled. */
const planned = new Map<string, { id: number; amount: number; values: Map<string, number> }>();

/** Fills an item's amount forward from `start` over the 12 months, in the service and in `planned`. */
async function fillForward(budget: Call, payee: string, start: string): Promise<void> {
  const item = planned.get(payee)!;
  const res = await budget('POST', '/api/budget/autofill', {
    budget_item_id: item.id,
    start_month: start,
    amount: item.amount / 100,
    mode: 'full',
  });
  expect(res.status).toBe(200);
  for (let i = 0; i < 12; i++) item.values.set(addMonths(start, i), item.amount);
}

/**
 * The budgeted rows the written rule expects on an account: every occurrence of every month an
 * item has an amount for (each month was brought in step when it was filled; a month that left
 * the 12 keeps its rows), signed from this account's side.
 */
function plannedRows(
  accountId: number,
  accounts: { checking: number; byName: Map<string, number> },
): Array<{ date: string; amount: number }> {
  const rows: Array<{ date: string; amount: number }> = [];
  for (const p of PLAN) {
    const other = accounts.byName.get(p.payee);
    const sign = p.item_type === 'payment' ? -1 : 1;
    const side = accountId === accounts.checking ? sign : accountId === other ? -sign : 0;
    if (side === 0) continue;
    for (const [month, cents] of planned.get(p.payee)!.values)
      for (const date of oracleOccurrences(p.schedule, month.slice(0, 7))) rows.push({ date, amount: side * cents });
  }
  return rows.sort((a, b) => a.date.localeCompare(b.date) || a.amount - b.amount);
}

interface LedgerData {
  accounts: Array<{ id: number; name: string; starting_balance: number }>;
  rows: Array<{
    account_id: number;
    date: string;
    amount: number;
    is_budgeted: boolean;
    status: string;
    category_id: number | null;
    transfer_id: number | null;
  }>;
  parents: Map<number, number | null>;
  envelopes: Array<{
    account_id: number;
    category_id: number;
    month: string;
    amount: number;
    rollover_enabled: boolean;
  }>;
}

async function readData(stack: Stack): Promise<LedgerData> {
  const ledger = new pg.Client({ connectionString: stack.ledgerDbUrl });
  const budget = new pg.Client({ connectionString: stack.reportsDbUrl });
  await Promise.all([ledger.connect(), budget.connect()]);
  try {
    const accounts = (
      await ledger.query(
        'SELECT id, name, starting_balance::float8 AS starting_balance FROM accounts WHERE household_id = $1 AND deleted_at IS NULL ORDER BY id',
        [H],
      )
    ).rows;
    const rows = (
      await ledger.query(
        `SELECT account_id, to_char(date, 'YYYY-MM-DD') AS date, amount::float8 AS amount, is_budgeted, status, category_id, transfer_id FROM transactions WHERE household_id = $1 AND deleted_at IS NULL`,
        [H],
      )
    ).rows;
    const parents = new Map<number, number | null>(
      (await ledger.query('SELECT id, parent_id FROM categories WHERE household_id = $1', [H])).rows.map((r) => [
        r.id,
        r.parent_id,
      ]),
    );
    const envelopes = (
      await budget.query(
        'SELECT account_id, category_id, month, amount::float8 AS amount, rollover_enabled FROM envelopes WHERE household_id = $1',
        [H],
      )
    ).rows;
    return { accounts, rows, parents, envelopes };
  } finally {
    await Promise.all([ledger.end(), budget.end()]);
  }
}

/** The account's rows for the oracle: its actual rows from the ledger, its budgeted rows from the written rule. */
function oracleFor(data: LedgerData, accountId: number) {
  const rows = data.rows.filter((r) => r.account_id === accountId && !r.is_budgeted);
  const budgeted = plannedRows(accountId, accountsOf(data));
  const envelopes = new Map<string, OracleEnvelope[]>();
  for (const e of data.envelopes.filter((x) => x.account_id === accountId)) {
    const list = envelopes.get(e.month) ?? [];
    list.push({ category: e.category_id, amount: e.amount, rollover: e.rollover_enabled });
    envelopes.set(e.month, list);
  }
  const spent = (category: number, month: string) =>
    0 -
    rows
      .filter(
        (r) =>
          !r.is_budgeted &&
          r.transfer_id === null &&
          r.date.startsWith(month) &&
          r.category_id !== null &&
          (r.category_id === category || data.parents.get(r.category_id) === category),
      )
      .reduce((sum, r) => sum + r.amount, 0);
  return {
    rows: [
      ...rows.map((r) => ({ date: r.date, amount: r.amount, budgeted: false })),
      ...budgeted.map((r) => ({ ...r, budgeted: true })),
    ],
    envelopes,
    spent,
  };
}

function accountsOf(data: LedgerData): { checking: number; byName: Map<string, number> } {
  const byName = new Map(data.accounts.map((a) => [a.name, a.id]));
  return { checking: byName.get('Checking')!, byName };
}

async function seed(stack: Stack, ledger: Call, budget: Call): Promise<void> {
  const random = seededRandom(4242);
  const checking = await openAccount(ledger, 'Checking', 1000);
  const card = await openAccount(ledger, 'Card', 0);
  const savings = await openAccount(ledger, 'Savings', 5000);
  const food = await addCategory(ledger, 'Food');
  const groceries = await addCategory(ledger, 'Groceries', food);
  const home = await addCategory(ledger, 'Home');
  const categories = [food, groceries, home, null];
  const ids: number[] = [];
  for (let i = 0; i < 120; i++) {
    const account = [checking, card, savings][i % 3];
    const date =
      addMonths('2026-06-01', Math.floor(random() * 8)).slice(0, 8) +
      String(1 + Math.floor(random() * 28)).padStart(2, '0');
    const row = await addRow(ledger, account, {
      date,
      payee: `Shop ${i % 7}`,
      amount: Math.round((random() < 0.85 ? -1 : 1) * random() * 30_000) / 100,
      category_id: categories[i % 4],
      status: random() < 0.4 ? 'x' : random() < 0.5 ? 'p' : '',
    });
    ids.push(row.id);
  }
  for (let i = 0; i < 4; i++)
    expect(
      (
        await ledger('POST', '/api/accounts/transfer', {
          from_account_id: checking,
          to_account_id: savings,
          amount: 50 + i,
          date: `2026-1${i % 2}-1${i}`,
        })
      ).status,
    ).toBe(201);
  for (const id of ids.slice(0, 6)) expect((await ledger('PATCH', `/api/transactions/${id}/delete`)).status).toBe(200);
  for (const id of ids.slice(6, 12))
    if (id % 3 !== 0) await ledger('PATCH', `/api/transactions/${id}/move`, { destination_account_id: card });
  // The Predictables, each with a generated amount, filled forward from today's month.
  for (const p of PLAN) {
    const res = await budget('POST', `/api/budget/${checking}`, { payee: p.payee, item_type: p.item_type, ...p.body });
    expect(res.status).toBe(201);
    const amount = 1 + Math.floor(random() * 300_000);
    planned.set(p.payee, { id: res.body.id, amount, values: new Map() });
    await fillForward(budget, p.payee, '2026-11-01');
  }
  // Envelopes on a parent and its child, with and without rollover, over- and under-spent.
  for (const [account, category, month, amount, rollover] of [
    [checking, food, '2026-09', 400, true],
    [checking, groceries, '2026-09', 150.33, false],
    [checking, home, '2026-10', 90, true],
    [checking, food, '2026-11', 350, true],
    [card, groceries, '2026-10', 77.77, true],
    [checking, food, '2027-01', 500, false],
  ] as const) {
    expect(
      (
        await budget('POST', '/api/budget/category', {
          account_id: account,
          category_id: category,
          month,
          amount,
          rollover_enabled: rollover,
        })
      ).status,
    ).toBe(201);
  }
}

describe.each<BusKind>(['inprocess', 'nats'])(
  'projection and widgets against the independent calculation (%s bus)',
  (kind) => {
    const available = kind === 'inprocess' || natsServerAvailable();
    const maybe = available ? it : it.skip;
    let stack: Stack;
    let today = TODAYS[0];
    let budget: Call;

    beforeAll(async () => {
      if (!available) return;
      stack = await startBudgetStack(() => today, kind, `proj${kind}`);
      budget = stack.reportsAs(H);
      await seed(stack, stack.ledgerAs(H), budget);
    }, 120_000);
    afterAll(async () => stack?.close());

    maybe.each(TODAYS)(
      'is exact to the cent for every account, net worth and widget with today = %s',
      async (value) => {
        today = value;
        // Items filled forward again from today's month: their new months get rows, earlier ones keep theirs.
        for (const p of PLAN.filter((x) => x.refill)) await fillForward(budget, p.payee, firstOfMonth(today));
        const data = await readData(stack);
        for (const account of data.accounts) {
          const ledgerBudgeted = data.rows
            .filter((r) => r.account_id === account.id && r.is_budgeted)
            .map((r) => ({ date: r.date, amount: r.amount }))
            .sort((a, b) => a.date.localeCompare(b.date) || a.amount - b.amount);
          expect(ledgerBudgeted).toEqual(plannedRows(account.id, accountsOf(data)));
        }
        for (const fullHistory of [false, true]) {
          const res = await budget('GET', `/api/dashboard/balance_projection?fullHistory=${fullHistory}`);
          expect(res.status).toBe(200);
          const start = fullHistory ? addMonths(today, -12) : addMonths(firstOfMonth(today), -1);
          const end = addMonths(today, 12);
          let net: number[] | null = null;
          for (const account of data.accounts) {
            const projection = res.body.find((p: Json) => p.account_id === account.id);
            const expected = expectedBalances({
              start,
              end,
              today,
              startingBalance: account.starting_balance,
              ...oracleFor(data, account.id),
            });
            expect(projection.graph_data.map((p: Json) => p.date)[0]).toBe(start);
            expect(projection.graph_data.map((p: Json) => Math.round(p.balance * 100))).toEqual(expected);
            const pending =
              account.starting_balance +
              data.rows
                .filter((r) => r.account_id === account.id && ['p', 'x'].includes(r.status) && r.date <= today)
                .reduce((s, r) => s + r.amount, 0);
            expect(Math.round(projection.current_pending_balance * 100)).toBe(pending);
            const todayIndex = projection.graph_data.findIndex((p: Json) => p.date === today);
            const fromToday = expected.map((balance, i) => ({ i, balance })).slice(todayIndex);
            const low = fromToday.reduce((a, b) => (b.balance < a.balance ? b : a));
            expect(Math.round(projection.low_point.balance * 100)).toBe(low.balance);
            expect(projection.low_point.date).toBe(projection.graph_data[low.i].date);
            const negative = fromToday.find((p) => p.balance < 0);
            expect(projection.first_negative_date).toBe(negative ? projection.graph_data[negative.i].date : null);
            net = net ? net.map((v, i) => v + expected[i]) : expected;
          }
          const worth = await budget('GET', `/api/dashboard/net_worth_projection?fullHistory=${fullHistory}`);
          expect(worth.body.graph_data.map((p: Json) => Math.round(p.balance * 100))).toEqual(net);
        }
        const widgets = (await budget('GET', '/api/dashboard/widgets')).body;
        const expectedWidgets = data.accounts.flatMap((account) =>
          [...leftThisMonth({ today, ...oracleFor(data, account.id) })].map(([category, e]) => ({
            account_id: account.id,
            category_id: category,
            amount: e.amount,
            rollover: e.carried,
            spent: e.spent,
          })),
        );
        const cents = (v: number) => Math.round(v * 100);
        expect(
          widgets.category_budgets
            .map((w: Json) => ({
              account_id: w.account_id,
              category_id: w.category_id,
              amount: cents(w.amount),
              rollover: cents(w.rollover),
              spent: cents(w.spent),
            }))
            .sort((a: Json, b: Json) => a.account_id - b.account_id || a.category_id - b.category_id),
        ).toEqual(expectedWidgets.sort((a, b) => a.account_id - b.account_id || a.category_id - b.category_id));
      },
      60_000,
    );
  },
);
