/**
 * Every point of every projection, net worth and every widget figure of a generated household
 * equals the independent calculation of ./oracle.ts fed from the ledger's own tables (and the
 * envelopes svc-budget stores), for several values of "today" including month ends and Feb 29,
 * on both bus adapters: schedules on days 29-31, a scheduled transfer, unpaid bills before today,
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
import { expectedBalances, leftThisMonth, type OracleEnvelope } from './oracle';
import { addMonths, firstOfMonth } from '@hf/calendar';

const H = 7301;
const TODAYS = ['2026-11-23', '2026-11-30', '2026-12-31', '2027-02-28', '2028-02-29'];

interface LedgerData {
  accounts: Array<{ id: number; starting_balance: number }>;
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
        'SELECT id, starting_balance::float8 AS starting_balance FROM accounts WHERE household_id = $1 AND deleted_at IS NULL ORDER BY id',
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

function oracleFor(data: LedgerData, accountId: number) {
  const rows = data.rows.filter((r) => r.account_id === accountId);
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
  return { rows: rows.map((r) => ({ date: r.date, amount: r.amount, budgeted: r.is_budgeted })), envelopes, spent };
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
  // The Predictables: days 29, 30, 31 and 1 (an unpaid bill of this month), a salary, a scheduled transfer.
  for (const [payee, item_type, day, amount] of [
    ['Rent', 'payment', 31, 1500],
    ['Gym', 'payment', 29, 45.55],
    ['Phone', 'payment', 30, 60.01],
    ['Power', 'payment', 1, 120],
    ['Employer', 'deposit', 30, 3200],
    ['Savings', 'payment', 29, 200],
  ] as const) {
    const item = (await budget('POST', `/api/budget/${checking}`, { payee, item_type, day_of_month: day })).body;
    expect(
      (
        await budget('POST', '/api/budget/autofill', {
          budget_item_id: item.id,
          start_month: '2026-11-01',
          amount,
          mode: 'full',
        })
      ).status,
    ).toBe(200);
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
        const data = await readData(stack);
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
