/**
 * X-Min-Sequence (read-your-writes) cannot make the server wait or rebuild without limit
 * (@hf/ledger-mirror's ensureFresh; docs/decisions/0113-min-sequence-beyond-the-head.md):
 * - a sequence beyond the ledger's latest event is refused at once with 400, and the household is
 *   not rebuilt;
 * - while the consumer lags, reads that wait for a real write rebuild the household at most once
 *   per interval, however many of them come.
 * On both buses (the consumer that lags is the bus's).
 */
import { natsServerAvailable } from '@hf/messaging/testing/private-nats';
import { SEQUENCE_BEYOND_HEAD } from '@hf/ledger-mirror';
import { openAccount, startBudgetStack, type BusKind, type Call, type Stack } from './helpers';

const TODAY = '2026-11-23';

describe.each<BusKind>(['inprocess', 'nats'])('X-Min-Sequence against the ledger head (%s bus)', (kind) => {
  const available = kind === 'inprocess' || natsServerAvailable();
  const maybe = available ? it : it.skip;
  const H = kind === 'inprocess' ? 7701 : 7702;
  let stack: Stack;
  let ledger: Call;
  let budget: Call;
  let checking: number;

  /** When the household's mirror was last rebuilt (the mirror's own record). */
  const rebuiltAt = async (): Promise<string> =>
    (
      await stack.reports.db.query<{ at: string }>(
        'SELECT rebuilt_at::text AS at FROM ledger_households WHERE household_id = $1',
        [H],
      )
    ).rows[0].at;
  /** The ledger's latest event sequence, read from its own outbox. */
  const ledgerHead = async (): Promise<number> =>
    Number((await stack.ledger.db.query('SELECT max(sequence) AS s FROM outbox')).rows[0].s);

  beforeAll(async () => {
    if (!available) return;
    stack = await startBudgetStack(TODAY, kind, `head${kind}`);
    ledger = stack.ledgerAs(H);
    budget = stack.reportsAs(H);
    checking = await openAccount(ledger, 'Checking', 1000);
    expect((await budget('GET', `/api/budget/${checking}`)).status).toBe(200);
  });
  afterAll(async () => stack?.close());

  maybe('a sequence beyond the head: 400 with a message, no wait for it and no rebuild', async () => {
    const before = await rebuiltAt();
    for (const path of [`/api/budget/${checking}`, '/api/dashboard/widgets', `/api/budget/${checking}`]) {
      const beyond = String((await ledgerHead()) + 1000);
      const res = await budget('GET', path, undefined, { 'x-min-sequence': beyond });
      expect([path, res.status, res.body]).toEqual([path, 400, { message: SEQUENCE_BEYOND_HEAD }]);
    }
    expect(await rebuiltAt()).toBe(before);
    // The head itself is a sequence a write answered: served.
    const atHead = await budget('GET', `/api/budget/${checking}`, undefined, {
      'x-min-sequence': String(await ledgerHead()),
    });
    expect(atHead.status).toBe(200);
  });

  maybe('while the consumer is stopped, waiting reads rebuild the household once per interval', async () => {
    await stack.reports.mirror.stop();
    const first = await ledger('POST', `/api/accounts/${checking}/transactions`, {
      date: TODAY,
      payee: 'Seen by a rebuild',
      amount: -5,
    });
    expect(first.status).toBe(201);
    // The household's last rebuild (its first read) is made an hour old: outside the interval.
    await stack.reports.db.query(
      "UPDATE ledger_households SET rebuilt_at = now() - interval '1 hour' WHERE household_id = $1",
      [H],
    );
    const before = await rebuiltAt();
    const read = await budget('GET', '/api/dashboard/widgets', undefined, {
      'x-min-sequence': String(first.headers['x-event-sequence']),
    });
    expect(read.status).toBe(200);
    const rebuilt = await rebuiltAt();
    expect(rebuilt).not.toBe(before);

    // Another write the stopped consumer never applies: its reads answer what the mirror has,
    // without a second rebuild inside the interval.
    const second = await ledger('POST', `/api/accounts/${checking}/transactions`, {
      date: TODAY,
      payee: 'Not rebuilt for again',
      amount: -6,
    });
    for (let i = 0; i < 2; i++) {
      const again = await budget('GET', '/api/dashboard/widgets', undefined, {
        'x-min-sequence': String(second.headers['x-event-sequence']),
      });
      expect(again.status).toBe(200);
    }
    expect(await rebuiltAt()).toBe(rebuilt);
  });
});
