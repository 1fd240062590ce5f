/**
 * svc-budget's writes honour X-Min-Sequence (read-your-writes): a write right after a ledger
 * write names the ledger's `x-event-sequence`, and svc-budget's mirror holds that write before the
 * write is checked against it. On both buses: an envelope for a category created a moment ago is
 * 201 (never 404), and a scheduled item whose payee is an account opened a moment ago is a
 * transfer to it (a mirror without the account would make it an ordinary payee, silently).
 */
import { natsServerAvailable } from '@hf/messaging/testing/private-nats';
import { openAccount, startBudgetStack, type BusKind, type Call, type Reply, type Stack } from './helpers';

const TODAY = '2026-11-23';
const ROUNDS = 8;

/** The ledger's sequence of a write's answer (what the browser sends back as X-Min-Sequence). */
function sequenceOf(reply: Reply): string {
  const value = String(reply.headers['x-event-sequence'] ?? '');
  expect(value).toMatch(/^[1-9]\d*$/);
  return value;
}

describe.each<BusKind>(['inprocess', 'nats'])(
  'writes right after a ledger write, with X-Min-Sequence (%s bus)',
  (kind) => {
    const available = kind === 'inprocess' || natsServerAvailable();
    const maybe = available ? it : it.skip;
    const H = kind === 'inprocess' ? 7601 : 7602;
    let stack: Stack;
    let ledger: Call;
    let budget: Call;
    let checking: number;

    beforeAll(async () => {
      if (!available) return;
      stack = await startBudgetStack(TODAY, kind, `ryw${kind}`);
      ledger = stack.ledgerAs(H);
      budget = stack.reportsAs(H);
      checking = await openAccount(ledger, 'Checking', 1000);
      // The household is in the mirror before the rounds (its first read builds it).
      expect((await budget('GET', `/api/budget/${checking}`)).status).toBe(200);
    });
    afterAll(async () => stack?.close());

    maybe('POST /api/budget/category for a category created a moment ago: 201', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const created = await ledger('POST', '/api/categories/', { name: `Fresh ${round}` });
        expect(created.status).toBe(201);
        const res = await budget(
          'POST',
          '/api/budget/category',
          { account_id: checking, category_id: created.body.id, month: '2026-11', amount: 25 },
          { 'x-min-sequence': sequenceOf(created) },
        );
        expect([round, res.status, res.body]).toEqual([
          round,
          201,
          expect.objectContaining({ category_id: created.body.id, category_name: `Fresh ${round}`, amount: 25 }),
        ]);
      }
    });

    maybe('POST /api/budget/:accountId paying an account opened a moment ago: a scheduled transfer to it', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const opened = await ledger('POST', '/api/accounts/', { name: `Pot ${round}`, starting_balance: 0 });
        expect(opened.status).toBe(201);
        const res = await budget(
          'POST',
          `/api/budget/${checking}`,
          { payee: `Pot ${round}`, item_type: 'payment', day_of_month: 5 },
          { 'x-min-sequence': sequenceOf(opened) },
        );
        expect([round, res.status, res.body]).toEqual([
          round,
          201,
          expect.objectContaining({ transfer_account_id: opened.body.id, category: '-- Transfer --' }),
        ]);
      }
    });

    maybe('POST /api/budget/goals on an account opened a moment ago: 201', async () => {
      const opened = await ledger('POST', '/api/accounts/', { name: 'Jar account', starting_balance: 300 });
      const res = await budget(
        'POST',
        '/api/budget/goals',
        { name: 'Trip', account_id: opened.body.id, target_amount: 1000 },
        { 'x-min-sequence': sequenceOf(opened) },
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'Trip', account_id: opened.body.id, saved_amount: 300 });
    });
  },
);
