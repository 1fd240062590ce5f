/**
 * Split transactions in the reports (issue 21): a household with split rows (mixed signs, a line
 * in a parent and one in its child, an uncategorised line, a split row edited, moved, deleted,
 * unsplit and bulk-categorized, then categories merged and deleted) against plain SQL over
 * svc-ledger's tables (@hf/test-kit/split-seed), every report, the drill-down and its CSV, on both
 * bus adapters: through the consumer alone, then after a rebuild from the ledger's replay.
 */
import { natsServerAvailable } from '@hf/messaging/testing/private-nats';
import { TEST_INTERNAL_TOKEN } from '@hf/service-kit/testing';
import { countedLines, ledgerCategories, seedSplits, type CountedLine, type SplitSeed } from '@hf/test-kit/split-seed';
import { q, startStack, type BusKind, type Call, type Json, type Stack } from './helpers';

const H = 6301;
const MONTH = '2025-03';
const RANGE = { start_date: '2025-03-01', end_date: '2025-03-31' };
type Category = { id: number; name: string; parent_id: number | null };
interface Item {
  id: number | null;
  name: string;
  value: number;
  children: Item[];
}

const shown = (net: number, side: 'spending' | 'income') => Math.max(side === 'spending' ? -net : net, 0);
const byValue = (a: Item, b: Item) => b.value - a.value || a.name.toLowerCase().localeCompare(b.name.toLowerCase());

/** The report by category, written again from the rules: each line under its category, parents carrying their children. */
function expectedByCategory(lines: CountedLine[], categories: Category[], side: 'spending' | 'income'): Item[] {
  const net = new Map<number | null, number>();
  for (const l of lines) net.set(l.category_id, (net.get(l.category_id) ?? 0) + l.amount);
  const items: Item[] = [];
  for (const top of categories.filter((c) => c.parent_id === null)) {
    const children = categories
      .filter((c) => c.parent_id === top.id)
      .map((c) => ({ id: c.id, name: c.name, value: shown(net.get(c.id) ?? 0, side), children: [] as Item[] }))
      .filter((c) => c.value > 0)
      .sort(byValue);
    const value = shown(net.get(top.id) ?? 0, side) + children.reduce((s, c) => s + c.value, 0);
    if (value > 0) items.push({ id: top.id, name: top.name, value, children });
  }
  const none = shown(net.get(null) ?? 0, side);
  if (none > 0) items.push({ id: null, name: 'Uncategorized', value: none, children: [] });
  return items.sort(byValue);
}

function expectedByPayee(lines: CountedLine[]): Item[] {
  const net = new Map<string, number>();
  for (const l of lines) net.set(l.payee, (net.get(l.payee) ?? 0) + l.amount);
  return [...net]
    .map(([name, n]) => ({ id: null, name, value: shown(n, 'spending'), children: [] as Item[] }))
    .filter((i) => i.value > 0)
    .sort(byValue);
}

const inCents = (items: Json[]): Item[] =>
  items.map((i) => ({ id: i.id, name: i.name, value: Math.round(i.value * 100), children: inCents(i.children) }));

async function compareEverything(read: Call, stack: Stack, seed: SplitSeed): Promise<void> {
  const lines = await countedLines(stack.ledgerDbUrl, H);
  const categories = await ledgerCategories(stack.ledgerDbUrl, H);
  // The seed's split rows are there, line by line.
  for (const [id, n] of seed.split) expect(lines.filter((l) => l.id === id)).toHaveLength(n);
  for (const set of [null, [seed.accounts[0]], [seed.accounts[1]]]) {
    const scoped = lines.filter((l) => set === null || set.includes(l.account_id));
    const params = q({ ...RANGE, account_ids: set?.join(',') });
    const spending = await read('GET', `/api/reports/spending_by_category?${params}`);
    expect(inCents(spending.body)).toEqual(expectedByCategory(scoped, categories, 'spending'));
    const income = await read('GET', `/api/reports/income_by_category?${params}`);
    expect(inCents(income.body)).toEqual(expectedByCategory(scoped, categories, 'income'));
    const payees = await read('GET', `/api/reports/spending_by_payee?${params}`);
    expect(inCents(payees.body)).toEqual(expectedByPayee(scoped));
    // The monthly trend of one month: that month's report totals.
    const trend = await read('GET', `/api/reports/monthly_trend?${params}`);
    const total = (items: Item[]) => items.reduce((s, i) => s + i.value, 0);
    expect(trend.body.months).toEqual([MONTH]);
    expect(Math.round(trend.body.spending[0] * 100)).toBe(total(expectedByCategory(scoped, categories, 'spending')));
    expect(Math.round(trend.body.income[0] * 100)).toBe(total(expectedByCategory(scoped, categories, 'income')));
    // The drill-down lists lines: the row's date, payee and account with the line's amount.
    for (const top of [...categories.filter((c) => c.parent_id === null), null]) {
      const ids = new Set(top ? [top.id, ...categories.filter((c) => c.parent_id === top.id).map((c) => c.id)] : []);
      const expected = scoped
        .filter((l) => (top ? l.category_id !== null && ids.has(l.category_id) : l.category_id === null))
        .map((l) => [l.id, l.date, l.payee, l.account_id, l.amount])
        .sort();
      const drill = await read(
        'GET',
        `/api/reports/transactions_by_category?${params}&category_id=${top ? top.id : 'uncategorized'}`,
      );
      expect(drill.status).toBe(200);
      expect(
        drill.body.map((r: Json) => [r.id, r.date, r.payee, r.account_id, Math.round(r.amount * 100)]).sort(),
      ).toEqual(expected);
      // A line comes with its row's lines, the line itself at its place.
      for (const r of drill.body.filter((x: Json) => x.line > 0)) {
        expect(r.category_name).not.toBe('Split');
        expect(Math.round(r.splits[r.line - 1].amount * 100)).toBe(Math.round(r.amount * 100));
        expect(r.splits[r.line - 1].category_id).toBe(r.category_id);
      }
      const csv = await read(
        'GET',
        `/api/reports/transactions_by_category?${params}&category_id=${top ? top.id : 'uncategorized'}&format=csv`,
      );
      expect(csv.text.trim().split('\r\n')).toHaveLength(expected.length + 1);
    }
  }
  // By payee a split row is listed whole, as "Split" with its lines.
  const market = await read('GET', `/api/reports/transactions_by_payee?${q({ ...RANGE, payee_name: 'Market' })}`);
  const splitRow = market.body.find((r: Json) => r.splits.length > 0);
  expect(splitRow).toMatchObject({ category_name: 'Split', line: 0 });
  expect(JSON.stringify(JSON.parse(market.text))).toBe(market.text);
  expect(splitRow.splits.reduce((s: number, l: Json) => s + Math.round(l.amount * 100), 0)).toBe(
    Math.round(splitRow.amount * 100),
  );
}

describe.each<BusKind>(['inprocess', 'nats'])('split rows in the reports on the %s bus', (kind) => {
  const available = kind === 'inprocess' || natsServerAvailable();
  const maybe = available ? it : it.skip;
  let stack: Stack;
  let seed: SplitSeed;

  beforeAll(async () => {
    if (!available) return;
    stack = await startStack(kind, `rsplit${kind}`);
    // Read (and so built) while empty: every later change comes through events.
    expect((await stack.reportsAs(H)('GET', `/api/reports/spending_by_category?${q(RANGE)}`)).status).toBe(200);
    seed = await seedSplits(stack.ledgerAs(H), MONTH, true);
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  maybe(
    'every report and the drill-down count the lines, through the consumer alone',
    async () => {
      const marks = async () => (await stack.reports.db.query('SELECT * FROM ledger_households ORDER BY 1')).rows;
      const before = await marks();
      await compareEverything(stack.reportsAs(H), stack, seed);
      expect(await marks()).toEqual(before);
    },
    180_000,
  );

  maybe(
    'and the same after a rebuild from the replay',
    async () => {
      // The figures the consumer gave, and the same figures after the rebuild.
      const figures = async () => {
        const read = stack.reportsAs(H);
        const out: Json[] = [];
        for (const report of ['spending_by_category', 'income_by_category', 'spending_by_payee', 'monthly_trend'])
          out.push((await read('GET', `/api/reports/${report}?${q(RANGE)}`)).body);
        const live = (await ledgerCategories(stack.ledgerDbUrl, H)).map((c) => c.id);
        for (const id of [...live, 'uncategorized'])
          out.push(
            // updated_at aside: a category merge or delete moves it in the ledger without a row event.
            (await read('GET', `/api/reports/transactions_by_category?${q(RANGE)}&category_id=${id}`)).body.map(
              ({ updated_at: _, ...r }: Json) => r,
            ),
          );
        return out;
      };
      const consumer = await figures();
      const rebuilt = await stack.reports.inject({
        method: 'POST',
        url: '/internal/rebuild',
        headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      });
      expect(rebuilt.statusCode).toBe(200);
      expect(await figures()).toEqual(consumer);
      await compareEverything(stack.reportsAs(H), stack, seed);
    },
    180_000,
  );
});
