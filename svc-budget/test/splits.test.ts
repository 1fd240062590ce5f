/**
 * Split transactions in the Everyday Envelopes (issue 21): `spent` counts each line of a split
 * row under its category (a parent's envelope with its children's lines), checked against plain
 * SQL over svc-ledger's tables (@hf/test-kit/split-seed) on both bus adapters, through the
 * consumer and after a rebuild from the ledger's replay.
 */
import { natsServerAvailable } from '@hf/messaging/testing/private-nats';
import { countedLines, ledgerCategories, seedSplits, type SplitSeed } from '@hf/test-kit/split-seed';
import { startBudgetStack, type BusKind, type Json, type Stack } from './helpers';

const H = 7301;
const MONTH = '2026-10';

async function expectSpentAsLedger(stack: Stack, seed: SplitSeed): Promise<number> {
  const lines = await countedLines(stack.ledgerDbUrl, H);
  const parents = new Map((await ledgerCategories(stack.ledgerDbUrl, H)).map((c) => [c.id, c.parent_id]));
  let compared = 0;
  for (const account of seed.accounts) {
    const envelopes = (await stack.reportsAs(H)('GET', `/api/budget/category/${account}/${MONTH}`)).body as Json[];
    expect(envelopes).toHaveLength(4);
    for (const e of envelopes) {
      const spent = -lines
        .filter(
          (l) =>
            l.account_id === account &&
            l.date.startsWith(MONTH) &&
            l.category_id !== null &&
            (l.category_id === e.category_id || parents.get(l.category_id) === e.category_id),
        )
        .reduce((s, l) => s + l.amount, 0);
      expect([e.category_id, Math.round(e.spent * 100)]).toEqual([e.category_id, spent]);
      compared++;
    }
  }
  return compared;
}

describe.each<BusKind>(['inprocess', 'nats'])('envelope spent with split rows on the %s bus', (kind) => {
  const available = kind === 'inprocess' || natsServerAvailable();
  const maybe = available ? it : it.skip;
  let stack: Stack;
  let seed: SplitSeed;

  beforeAll(async () => {
    if (!available) return;
    stack = await startBudgetStack('2026-11-23', kind, `bsplit${kind}`);
    seed = await seedSplits(stack.ledgerAs(H), MONTH, false);
    for (const account of seed.accounts)
      for (const category_id of Object.values(seed.categories)) {
        const res = await stack.reportsAs(H)('POST', '/api/budget/category', {
          account_id: account,
          category_id,
          month: MONTH,
          amount: 100,
        });
        expect(res.status).toBe(201);
      }
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  maybe(
    'counts the lines through the consumer, and the same after a rebuild',
    async () => {
      expect(await expectSpentAsLedger(stack, seed)).toBe(8);
      const consumer = [];
      for (const account of seed.accounts)
        consumer.push((await stack.reportsAs(H)('GET', `/api/budget/category/${account}/${MONTH}`)).body);
      // Some envelope spends a split line (the parent carries a child's line; mixed signs net).
      expect(consumer.flat().some((e: Json) => e.spent !== 0)).toBe(true);
      await stack.reports.db.query('UPDATE ledger_households SET stale = true');
      const after = [];
      for (const account of seed.accounts)
        after.push((await stack.reportsAs(H)('GET', `/api/budget/category/${account}/${MONTH}`)).body);
      expect(after).toEqual(consumer);
      expect((await stack.reports.db.query('SELECT stale FROM ledger_households')).rows).toEqual([{ stale: false }]);
      await expectSpentAsLedger(stack, seed);
    },
    180_000,
  );
});
