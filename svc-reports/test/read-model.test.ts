/**
 * The read model against an independent calculation: a seeded household with 3 years of rows,
 * transfers, refunds, budgeted rows, deleted, moved and re-categorised rows, renamed, merged and
 * deleted categories. Every report for many ranges and account sets must equal what plain SQL
 * over svc-ledger's own tables gives (with the report rules written again below, straight from
 * docs/rules/reports.md), on both bus adapters: through the consumer (no rebuild allowed), after a full
 * rebuild from the ledger's replay, and from the ledger's events delivered shuffled and twice.
 */
import pg from 'pg';
import { createTestDatabase, TEST_INTERNAL_TOKEN, testKeys, testToken } from '@hf/service-kit/testing';
import { createInProcessBus } from '@hf/messaging';
import { seededRandom } from '@hf/test-kit/seeded-random';
import { buildApp as buildReports } from '../src/app';
import { applyChanges, changesOf } from '@hf/ledger-mirror';
import { addCategory, openAccount, q, startStack, type BusKind, type Call, type Stack } from './helpers';
import { natsServerAvailable } from '@hf/messaging/testing/private-nats';

const H = 5201;
const OTHER = 5202;
type Side = 'spending' | 'income';
interface Item {
  id: number | null;
  name: string;
  value: number;
  children: Item[];
}
interface LedgerRow {
  category_id: number | null;
  payee: string;
  amount: number;
}
interface LedgerCategory {
  id: number;
  name: string;
  parent_id: number | null;
}

// --- The oracle: plain SQL over the ledger's tables, and the report rules written again ----------

async function ledgerRows(db: pg.Client, start: string, end: string, accounts: number[] | null): Promise<LedgerRow[]> {
  const result = await db.query<LedgerRow>(
    `SELECT category_id, payee, amount FROM transactions
     WHERE household_id = $1 AND deleted_at IS NULL AND NOT is_budgeted AND transfer_id IS NULL
       AND date BETWEEN $2 AND $3 AND ($4::int[] IS NULL OR account_id = ANY($4::int[]))`,
    [H, start, end, accounts],
  );
  return result.rows;
}

const byName = (a: Item, b: Item) =>
  a.name.toLowerCase() < b.name.toLowerCase()
    ? -1
    : a.name.toLowerCase() > b.name.toLowerCase()
      ? 1
      : a.name < b.name
        ? -1
        : a.name > b.name
          ? 1
          : 0;
function sortItems(items: Item[], sort: string): Item[] {
  items.sort(
    sort === 'name' ? (a, b) => byName(a, b) || b.value - a.value : (a, b) => b.value - a.value || byName(a, b),
  );
  for (const i of items) sortItems(i.children, sort);
  return items;
}
const shown = (net: number, side: Side) => Math.max(side === 'spending' ? -net : net, 0);

function expectedByCategory(rows: LedgerRow[], categories: LedgerCategory[], side: Side, sort: string): Item[] {
  const net = new Map<number | null, number>();
  for (const r of rows) net.set(r.category_id, (net.get(r.category_id) ?? 0) + r.amount);
  const items: Item[] = [];
  for (const top of categories.filter((c) => c.parent_id === null)) {
    const children = categories
      .filter((c) => c.parent_id === top.id)
      .map((c) => ({ id: c.id, name: c.name, value: shown(net.get(c.id) ?? 0, side), children: [] }))
      .filter((c) => c.value > 0);
    const value = shown(net.get(top.id) ?? 0, side) + children.reduce((a, c) => a + c.value, 0);
    if (value > 0) items.push({ id: top.id, name: top.name, value, children });
  }
  const none = shown(net.get(null) ?? 0, side);
  if (none > 0) items.push({ id: null, name: 'Uncategorized', value: none, children: [] });
  return sortItems(items, sort);
}

function expectedByPayee(rows: LedgerRow[], sort: string): Item[] {
  const net = new Map<string, number>();
  for (const r of rows) net.set(r.payee, (net.get(r.payee) ?? 0) + r.amount);
  const items = [...net]
    .map(([name, n]) => ({ id: null, name, value: shown(n, 'spending'), children: [] }))
    .filter((i) => i.value > 0);
  return sortItems(items, sort);
}

/** The service's report values (dollars) in cents, to compare exactly with the oracle's cents. */
function inCents(items: Item[]): Item[] {
  return items.map((i) => ({ ...i, value: Math.round(i.value * 100), children: inCents(i.children) }));
}

// --- The seeded household ---------------------------------------------------------------------

interface Seeded {
  accounts: number[];
}

async function seedHousehold(stack: Stack, call: Call, seed: number): Promise<Seeded> {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const accounts = [
    await openAccount(call, 'Checking', 100),
    await openAccount(call, 'Card'),
    await openAccount(call, 'Savings', 5000),
    await openAccount(call, 'Cash'),
  ];
  const food = await addCategory(call, 'Food');
  const home = await addCategory(call, 'Home');
  const fun = await addCategory(call, 'Fun');
  const pay = await addCategory(call, 'Pay');
  const cats = [
    food,
    home,
    fun,
    pay,
    await addCategory(call, 'Groceries', food),
    await addCategory(call, 'Dining', food),
    await addCategory(call, 'Rent', home),
    await addCategory(call, 'Repairs', home),
    await addCategory(call, 'Games', fun),
    await addCategory(call, 'Groceries', fun),
  ];
  const payees = [
    'Market',
    'market',
    'Bistro',
    'Landlord',
    'Hardware',
    'Arcade',
    'Employer',
    'Refunds Inc',
    "O'Hara & Sons",
  ];
  const day = () =>
    `${2023 + Math.floor(random() * 3)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
  const amount = () => Math.round((random() < 0.8 ? -1 : 1) * (1 + random() * 50000)) / 100;
  for (const account of accounts) {
    const transactions = Array.from({ length: 150 }, () => ({
      date: day(),
      payee: pick(payees),
      amount_cents: Math.round(amount() * 100),
      category_id: random() < 0.15 ? null : pick(cats),
    }));
    const res = await stack.internal('POST', '/internal/transactions/bulk', {
      household_id: H,
      account_id: account,
      idempotency_key: `seed-${account}`,
      transactions,
    });
    expect(res.status).toBe(200);
  }
  const rowIds = async (accountId: number) =>
    (
      await stack.internal('POST', '/internal/candidates', {
        household_id: H,
        account_id: accountId,
        from: '2023-01-01',
        to: '2025-12-31',
      })
    ).body.map((r: { id: number }) => r.id) as number[];
  const ids = await rowIds(accounts[0]);
  const ids2 = await rowIds(accounts[1]);
  const ok = async (p: Promise<{ status: number; text: string }>) => {
    const res = await p;
    if (res.status >= 300) throw new Error(`${res.status} ${res.text}`);
  };
  for (let i = 0; i < 8; i++)
    await ok(
      call('POST', '/api/accounts/transfer', {
        from_account_id: pick(accounts),
        to_account_id: accounts[(i % 3) + 1] === accounts[0] ? accounts[2] : accounts[(i % 3) + 1],
        amount: 10 + i,
        date: day(),
      }).then((r) => (r.status === 400 ? { status: 201, text: '' } : r)),
    );
  for (let i = 0; i < 6; i++) {
    await ok(
      stack.internal('PUT', '/internal/budgeted-rows', {
        household_id: H,
        account_id: accounts[0],
        schedule_id: 900 + i,
        month: `2025-0${i + 1}`,
        date: `2025-0${i + 1}-15`,
        payee: 'Landlord',
        amount_cents: -120000,
        category_id: cats[6],
      }),
    );
  }
  // One budgeted row becomes actual by an edit of its amount.
  const budgeted = await stack.internal('PUT', '/internal/budgeted-rows', {
    household_id: H,
    account_id: accounts[1],
    schedule_id: 990,
    month: '2024-06',
    date: '2024-06-10',
    payee: 'Gym',
    amount_cents: -4000,
    category_id: fun,
  });
  await ok(call('PUT', `/api/transactions/${budgeted.body.transaction_id}`, { amount: -45 }));
  for (const id of ids.slice(0, 10)) await ok(call('PATCH', `/api/transactions/${id}/delete`));
  for (const id of ids.slice(0, 3)) await ok(call('PATCH', `/api/transactions/${id}/restore`));
  for (const id of ids.slice(10, 20))
    await ok(call('PATCH', `/api/transactions/${id}/move`, { destination_account_id: accounts[3] }));
  for (const id of ids2.slice(0, 10))
    await ok(call('PUT', `/api/transactions/${id}`, { amount: -(id % 97) - 0.01, date: '2024-02-29' }));
  await ok(
    call('PATCH', '/api/transactions/bulk_categorize', { transaction_ids: ids2.slice(10, 40), category_id: cats[5] }),
  );
  await ok(call('PUT', `/api/categories/${fun}`, { name: 'Leisure' }));
  await ok(call('PUT', `/api/categories/${cats[7]}`, { parent_id: food }));
  await ok(call('POST', '/api/categories/merge', { source_id: fun, destination_id: food }));
  await ok(call('DELETE', `/api/categories/${home}`));
  await ok(call('PATCH', `/api/transactions/${ids[30]}/status`, { status: 'x' }));
  return { accounts };
}

// --- The comparison ---------------------------------------------------------------------------

async function compareEveryReport(read: Call, ledgerUrl: string, accounts: number[], seed: number): Promise<number> {
  const random = seededRandom(seed);
  const db = new pg.Client({ connectionString: ledgerUrl });
  await db.connect();
  let compared = 0;
  try {
    const categories = (
      await db.query<LedgerCategory>('SELECT id, name, parent_id FROM categories WHERE household_id = $1', [H])
    ).rows;
    const ranges: Array<[string, string]> = [
      ['2023-01-01', '2025-12-31'],
      ['2023-01-01', '2023-12-31'],
      ['2024-02-29', '2024-02-29'],
      ['2024-02-01', '2024-02-29'],
      ['2025-01-01', '2025-06-30'],
    ];
    for (let i = 0; i < 5; i++) {
      const a = `${2023 + Math.floor(random() * 3)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
      const b = `${2023 + Math.floor(random() * 3)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
      ranges.push(a <= b ? [a, b] : [b, a]);
    }
    const accountSets: Array<number[] | null> = [null, [accounts[0]], [accounts[1], accounts[3]], accounts];
    for (const [start, end] of ranges) {
      for (const set of accountSets) {
        const rows = await ledgerRows(db, start, end, set);
        for (const sort of ['amount', 'name']) {
          const params = q({ start_date: start, end_date: end, account_ids: set?.join(','), sort_by: sort });
          const spending = await read('GET', `/api/reports/spending_by_category?${params}`);
          expect(inCents(spending.body)).toEqual(expectedByCategory(rows, categories, 'spending', sort));
          const income = await read('GET', `/api/reports/income_by_category?${params}`);
          expect(inCents(income.body)).toEqual(expectedByCategory(rows, categories, 'income', sort));
          const payees = await read('GET', `/api/reports/spending_by_payee?${params}`);
          expect(inCents(payees.body)).toEqual(expectedByPayee(rows, sort));
          compared += 3;
        }
        // Drill-down: the rows behind each category equal the ledger's rows of it and its children.
        const params = q({ start_date: start, end_date: end, account_ids: set?.join(',') });
        for (const top of [...categories.filter((c) => c.parent_id === null), null]) {
          const drill = await read(
            'GET',
            `/api/reports/transactions_by_category?${params}&category_id=${top ? top.id : 'uncategorized'}`,
          );
          const ids = new Set(
            top ? [top.id, ...categories.filter((c) => c.parent_id === top.id).map((c) => c.id)] : [],
          );
          const expected = rows.filter((r) =>
            top ? r.category_id !== null && ids.has(r.category_id) : r.category_id === null,
          );
          expect(drill.body.map((r: { amount: number }) => Math.round(r.amount * 100)).sort()).toEqual(
            expected.map((r) => r.amount).sort(),
          );
          compared++;
        }
      }
    }
  } finally {
    await db.end();
  }
  return compared;
}

async function rebuildMarks(stack: Stack): Promise<unknown[]> {
  return (await stack.reports.db.query('SELECT household_id, sequence, stale FROM ledger_households ORDER BY 1')).rows;
}

describe.each<BusKind>(['inprocess', 'nats'])('the reports read model on the %s bus', (kind) => {
  const available = kind === 'inprocess' || natsServerAvailable();
  const maybe = available ? it : it.skip;
  let stack: Stack;
  let seeded: Seeded;

  beforeAll(async () => {
    if (!available) return;
    stack = await startStack(kind, `rm${kind}`);
    // Both households are read (and so built) while empty: every later change must come through events.
    for (const h of [H, OTHER])
      expect(
        (
          await stack.reportsAs(h)(
            'GET',
            `/api/reports/spending_by_category?${q({ start_date: '2023-01-01', end_date: '2025-12-31' })}`,
          )
        ).status,
      ).toBe(200);
    await openAccount(stack.ledgerAs(OTHER), 'Elsewhere');
    seeded = await seedHousehold(stack, stack.ledgerAs(H), 11);
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  maybe(
    'equals the ledger through the consumer alone (no rebuild), for every report, range, account set and sort',
    async () => {
      const before = await rebuildMarks(stack);
      const compared = await compareEveryReport(stack.reportsAs(H), stack.ledgerDbUrl, seeded.accounts, 5);
      expect(compared).toBeGreaterThan(300);
      expect(await rebuildMarks(stack)).toEqual(before);
      // The other household sees nothing of this one.
      expect(
        (
          await stack.reportsAs(OTHER)(
            'GET',
            `/api/reports/spending_by_payee?${q({ start_date: '2023-01-01', end_date: '2025-12-31' })}`,
          )
        ).body,
      ).toEqual([]);
    },
    180_000,
  );

  maybe(
    'equals the ledger after a full rebuild from the replay',
    async () => {
      const rebuilt = await stack.reports.inject({
        method: 'POST',
        url: '/internal/rebuild',
        headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      });
      expect(rebuilt.statusCode).toBe(200);
      expect(rebuilt.json().households).toBe(2);
      await compareEveryReport(stack.reportsAs(H), stack.ledgerDbUrl, seeded.accounts, 6);
    },
    180_000,
  );

  maybe(
    'equals the ledger from its events delivered shuffled and twice',
    async () => {
      const events = (
        await stack.ledger.db.query<{ sequence: number; type: string; data: unknown }>(
          'SELECT sequence::int AS sequence, type, data::json AS data FROM outbox ORDER BY sequence',
        )
      ).rows;
      const db = await createTestDatabase('rmshuffle');
      const app = await buildReports({
        databaseUrl: db.url,
        jwtPublicKey: testKeys().publicKey,
        internalToken: TEST_INTERNAL_TOKEN,
        bus: createInProcessBus(),
        ledgerUrl: 'http://127.0.0.1:1',
      });
      try {
        const random = seededRandom(99);
        const deliveries = [...events, ...events.filter(() => random() < 0.5)].sort(() => random() - 0.5);
        for (const e of deliveries) await applyChanges(app.db, changesOf(e.type, e.data), e.sequence);
        // Marked as built so no read tries the (unreachable) ledger: every figure comes from the events.
        await app.db.query('INSERT INTO ledger_households (household_id, sequence) VALUES ($1, 0)', [H]);
        const token = testToken({ userId: 1, householdId: H });
        const read: Call = async (method, url) => {
          const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
          return { status: res.statusCode, body: res.json(), text: res.body, headers: res.headers };
        };
        await compareEveryReport(read, stack.ledgerDbUrl, seeded.accounts, 7);
      } finally {
        await app.close();
        await db.drop();
      }
    },
    180_000,
  );
});
