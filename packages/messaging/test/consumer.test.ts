import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { createTestDatabase } from '@hf/service-kit/src/testing';
import type { EventEnvelope, Subscription } from '../src/bus';
import { runConsumer, waitForPosition } from '../src/consumer';
import { createInProcessBus } from '../src/inprocess-bus';
import { ensureMessagingTables, startOutboxRelay, writeEvent } from '../src/outbox';
import { describeWithNats, eventually, makeEvent, MemoryLogger, NATS_URL, randomName, sleep, type TestBus } from './helpers';
import { natsTestBus } from './nats-test-bus';

interface ConsumerTestBus extends TestBus {
  /** Delivers the same event (same id) again, past the bus's duplicate window. */
  deliverAgain(event: EventEnvelope): Promise<void>;
}

/** What `Type.Object({ cents: Type.Integer() }, { additionalProperties: false })` produces. */
const AmountRecorded = { type: 'object', required: ['cents'], properties: { cents: { type: 'integer' } }, additionalProperties: false };

function describeConsumer(kind: string, makeBus: () => Promise<ConsumerTestBus>): void {
  describe(`runConsumer (${kind} bus)`, () => {
    let db: { url: string; drop: () => Promise<void> };
    let pool: pg.Pool;
    let t: ConsumerTestBus;
    const subscriptions: Subscription[] = [];
    let ns: string;
    let consumer: string;
    /** Calls of `handle`, including failed ones. */
    let handled: EventEnvelope[];
    let failNext: number;

    beforeAll(async () => {
      db = await createTestDatabase('consumer');
      pool = new pg.Pool({ connectionString: db.url, max: 6 });
      await ensureMessagingTables(pool);
      await pool.query('CREATE TABLE totals (consumer text, household_id int, cents bigint NOT NULL, events int NOT NULL, PRIMARY KEY (consumer, household_id))');
      t = await makeBus();
    });
    afterAll(async () => {
      await t?.dispose();
      await pool?.end();
      await db?.drop();
    });
    beforeEach(() => {
      ns = `${t.prefix}.${randomName('c')}`;
      consumer = randomName('totals-');
      handled = [];
      failNext = 0;
    });
    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
    });

    /** A read model: the household's total, updated in the consumer's transaction. */
    async function start(options: { withSchemas?: boolean } = {}): Promise<void> {
      const subscription = await runConsumer({
        pool,
        bus: t.bus,
        consumer,
        subjects: [`${ns}.>`],
        schemas: options.withSchemas === false ? undefined : { [`${ns}.amount.recorded.v1`]: AmountRecorded },
        logger: t.logger,
        ackWaitMs: 100,
        maxDeliver: 4,
        handle: async (client, event) => {
          handled.push(event);
          await client.query(
            `INSERT INTO totals (consumer, household_id, cents, events) VALUES ($1, $2, $3, 1)
             ON CONFLICT (consumer, household_id) DO UPDATE SET cents = totals.cents + excluded.cents, events = totals.events + 1`,
            [consumer, event.household_id, (event.data as { cents: number }).cents],
          );
          if (failNext > 0) {
            failNext--;
            throw new Error('read model store hiccup');
          }
        },
      });
      subscriptions.push(subscription);
    }

    async function total(householdId = 1): Promise<{ cents: number; events: number } | undefined> {
      const result = await pool.query('SELECT cents::int AS cents, events FROM totals WHERE consumer = $1 AND household_id = $2', [consumer, householdId]);
      return result.rows[0];
    }

    const recorded = (cents: number, overrides: Partial<EventEnvelope> = {}) => makeEvent(`${ns}.amount.recorded.v1`, { cents }, overrides);

    test('applies events from the outbox and reaches the producer sequence', async () => {
      await start();
      const relay = startOutboxRelay({ pool, bus: t.bus, logger: t.logger });
      try {
        let last = { id: '', sequence: 0 };
        for (const cents of [100, 250, -50]) {
          const client = await pool.connect();
          await client.query('BEGIN');
          last = await writeEvent(client, { type: `${ns}.amount.recorded.v1`, source: 'svc-ledger', subject: 'account/1', household_id: 1, data: { cents } });
          await client.query('COMMIT');
          client.release();
        }
        await expect(waitForPosition(pool, consumer, 'svc-ledger', last.sequence, 3000)).resolves.toBe(true);
        expect(await total()).toEqual({ cents: 300, events: 3 });
      } finally {
        await relay.stop();
      }
    });

    test('a duplicate delivery is handled once', async () => {
      await start();
      const event = recorded(500);
      await t.bus.publish(event);
      await eventually(() => expect(handled).toHaveLength(1));
      await t.deliverAgain(event);
      await eventually(() => expect(t.logger.records.some((r) => r.message === 'duplicate event skipped' && r.fields.eventId === event.id)).toBe(true));
      expect(handled).toHaveLength(1);
      expect(await total()).toEqual({ cents: 500, events: 1 });
      const processed = await pool.query('SELECT count(*)::int AS n FROM processed_events WHERE consumer = $1 AND event_id = $2', [consumer, event.id]);
      expect(processed.rows[0].n).toBe(1);
    });

    test('a malformed envelope or payload is terminated and logged, and later events flow', async () => {
      await start();
      const badEnvelope = { ...recorded(1), household_id: 'one' } as unknown as EventEnvelope;
      const badId = recorded(2, { id: 'not-a-uuid' });
      const badData = makeEvent(`${ns}.amount.recorded.v1`, { cents: '12.5' });
      const extraField = makeEvent(`${ns}.amount.recorded.v1`, { cents: 1, admin: true });
      const good = recorded(700);
      for (const event of [badEnvelope, badId, badData, extraField, good]) await t.bus.publish(event);
      await eventually(() => expect(handled.map((e) => e.id)).toEqual([good.id]));
      await sleep(300);
      expect(handled).toHaveLength(1);
      expect(await total()).toEqual({ cents: 700, events: 1 });
      const malformed = t.logger.records.filter((r) => r.level === 'error' && /^malformed event/.test(r.message));
      expect(malformed.map((r) => r.fields.eventId)).toEqual([badEnvelope.id, 'not-a-uuid', badData.id, extraField.id]);
    });

    test('a failing handler rolls back, is retried, then succeeds once', async () => {
      failNext = 1;
      await start();
      const event = recorded(900);
      await t.bus.publish(event);
      await eventually(() => expect(handled).toHaveLength(2));
      await sleep(300);
      expect(handled.map((e) => e.id)).toEqual([event.id, event.id]);
      expect(await total()).toEqual({ cents: 900, events: 1 });
      expect(t.logger.records.some((r) => r.level === 'warn' && r.fields.eventId === event.id && r.fields.deliveryCount === 1)).toBe(true);
    });

    test('positions only move forward, per producer', async () => {
      await start();
      await t.bus.publish(recorded(1, { source: 'svc-a', sequence: 10 }));
      await t.bus.publish(recorded(1, { source: 'svc-a', sequence: 4 }));
      const last = recorded(1, { source: 'svc-b', sequence: 3 });
      await t.bus.publish(last);
      await eventually(() => expect(handled.map((e) => e.id)).toContain(last.id));
      const positions = await pool.query('SELECT source, sequence::int AS sequence FROM consumer_positions WHERE consumer = $1 ORDER BY source', [consumer]);
      expect(positions.rows).toEqual([
        { source: 'svc-a', sequence: 10 },
        { source: 'svc-b', sequence: 3 },
      ]);
      await expect(waitForPosition(pool, consumer, 'svc-a', 10)).resolves.toBe(true);
    });

    test('waitForPosition gives up after its timeout, and wakes as soon as the consumer gets there', async () => {
      await start();
      const started = Date.now();
      await expect(waitForPosition(pool, consumer, 'svc-ledger', 99, 150)).resolves.toBe(false);
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      const waiting = waitForPosition(pool, consumer, 'svc-ledger', 42, 2000);
      await t.bus.publish(recorded(5, { source: 'svc-ledger', sequence: 42 }));
      await expect(waiting).resolves.toBe(true);
    });

    test('with schemas, an event type it does not know is not handled but moves the position', async () => {
      await start();
      const other = makeEvent(`${ns}.account.renamed.v1`, { name: 'x' }, { source: 'svc-ledger', sequence: 77 });
      await t.bus.publish(other);
      await expect(waitForPosition(pool, consumer, 'svc-ledger', 77, 2000)).resolves.toBe(true);
      expect(handled).toHaveLength(0);
    });

    test('without schemas, every event is handled', async () => {
      await start({ withSchemas: false });
      const event = makeEvent(`${ns}.anything.v1`, { cents: 3 });
      await t.bus.publish(event);
      await eventually(() => expect(handled.map((e) => e.id)).toEqual([event.id]));
    });
  });
}

describeConsumer('in-process', async () => {
  const logger = new MemoryLogger();
  // No duplicate window, so that the same id can be delivered twice on purpose.
  const bus = createInProcessBus({ logger, duplicateWindowMs: 0 });
  return { bus, prefix: 'inproc', logger, dispose: () => bus.close(), deliverAgain: (event) => bus.publish(event) };
});

describeWithNats('runConsumer over NATS', () => {
  describeConsumer('nats', async () => {
    const base = await natsTestBus();
    return {
      ...base,
      // Same event id, another msgID: the stream stores it again, as after its duplicate window.
      deliverAgain: async (event) => {
        const nc = await connect({ servers: NATS_URL });
        await jetstream(nc).publish(event.type, JSON.stringify(event), { msgID: `${event.id}-again` });
        await nc.close();
      },
    };
  });
});
