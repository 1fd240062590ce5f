import type pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import type { EventEnvelope, Subscription } from '../src/bus';
import { pruneProcessedEvents, runConsumer, waitForPosition, type RunConsumerOptions } from '../src/consumer';
import { createInProcessBus } from '../src/inprocess-bus';
import { startOutboxRelay } from '../src/outbox-relay';
import { ensureMessagingTables } from '../src/outbox-tables';
import { writeEvent } from '../src/outbox-writer';
import {
  describeWithNats,
  eventually,
  makeEvent,
  MemoryLogger,
  NATS_URL,
  openTestPool,
  randomName,
  sleep,
  type TestBus,
} from './helpers';
import { natsTestBus } from './nats-test-bus';

interface ConsumerTestBus extends TestBus {
  /** Delivers the same event (same id) again, past the bus's duplicate window. */
  deliverAgain(event: EventEnvelope): Promise<void>;
}

/** What `Type.Object({ cents: Type.Integer() }, { additionalProperties: false })` produces. */
const AmountRecorded = {
  type: 'object',
  required: ['cents'],
  properties: { cents: { type: 'integer' } },
  additionalProperties: false,
};

function describeConsumer(kind: string, makeBus: () => Promise<ConsumerTestBus>): void {
  describe(`runConsumer (${kind} bus)`, () => {
    let pool: pg.Pool;
    let closeDb: (() => Promise<void>) | undefined;
    let t: ConsumerTestBus;
    const subscriptions: Subscription[] = [];
    let ns: string;
    let consumer: string;
    /** Calls of `handle`, including failed ones. */
    let handled: EventEnvelope[];
    let failNext: number;

    beforeAll(async () => {
      ({ pool, close: closeDb } = await openTestPool('consumer', 6));
      await ensureMessagingTables(pool);
      await pool.query(
        'CREATE TABLE totals (consumer text, household_id int, cents bigint NOT NULL, events int NOT NULL, PRIMARY KEY (consumer, household_id))',
      );
      t = await makeBus();
    });
    afterAll(async () => {
      await t?.dispose();
      await closeDb?.();
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
    async function start(
      options: { withSchemas?: boolean } & Pick<
        RunConsumerOptions,
        'processedRetentionMs' | 'pruneEvery' | 'pruneBatchSize'
      > = {},
    ): Promise<void> {
      const { withSchemas, ...pruning } = options;
      const subscription = await runConsumer({
        ...pruning,
        pool,
        bus: t.bus,
        consumer,
        subjects: [`${ns}.>`],
        schemas: withSchemas === false ? undefined : { [`${ns}.amount.recorded.v1`]: AmountRecorded },
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
      const result = await pool.query(
        'SELECT cents::int AS cents, events FROM totals WHERE consumer = $1 AND household_id = $2',
        [consumer, householdId],
      );
      return result.rows[0];
    }

    const recorded = (cents: number, overrides: Partial<EventEnvelope> = {}) =>
      makeEvent(`${ns}.amount.recorded.v1`, { cents }, overrides);

    test('applies events from the outbox and reaches the producer sequence', async () => {
      await start();
      const relay = startOutboxRelay({ pool, bus: t.bus, logger: t.logger });
      try {
        let last = { id: '', sequence: 0 };
        for (const cents of [100, 250, -50]) {
          const client = await pool.connect();
          await client.query('BEGIN');
          last = await writeEvent(client, {
            type: `${ns}.amount.recorded.v1`,
            source: 'svc-ledger',
            subject: 'account/1',
            household_id: 1,
            data: { cents },
          });
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
      await eventually(() =>
        expect(
          t.logger.records.some((r) => r.message === 'duplicate event skipped' && r.fields.eventId === event.id),
        ).toBe(true),
      );
      expect(handled).toHaveLength(1);
      expect(await total()).toEqual({ cents: 500, events: 1 });
      const processed = await pool.query(
        'SELECT count(*)::int AS n FROM processed_events WHERE consumer = $1 AND event_id = $2',
        [consumer, event.id],
      );
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
      expect(
        t.logger.records.some(
          (r) => r.level === 'warn' && r.fields.eventId === event.id && r.fields.deliveryCount === 1,
        ),
      ).toBe(true);
    });

    test('a handling that fails leaves neither a processed record nor a raised position behind', async () => {
      failNext = 1000;
      await start();
      await t.bus.publish(recorded(5, { source: 'svc-x', sequence: 7 }));
      await eventually(() => expect(handled.length).toBeGreaterThanOrEqual(2));
      const positions = await pool.query('SELECT sequence FROM consumer_positions WHERE consumer = $1', [consumer]);
      const processed = await pool.query('SELECT event_id FROM processed_events WHERE consumer = $1', [consumer]);
      expect([positions.rows, processed.rows]).toEqual([[], []]);
      await expect(waitForPosition(pool, consumer, 'svc-x', 7, 50)).resolves.toBe(false);
    });

    test('a backlog is applied in batches, one transaction each', async () => {
      const events = Array.from({ length: 10 }, (_, i) => recorded(i + 1, { source: 'svc-ledger' }));
      for (const event of events) await t.bus.publish(event);
      await start();
      await expect(waitForPosition(pool, consumer, 'svc-ledger', events[9].sequence, 5000)).resolves.toBe(true);
      expect(await total()).toEqual({ cents: 55, events: 10 });
      expect(handled.map((e) => e.id)).toEqual(events.map((e) => e.id));
      // processed_at is now(), the transaction's start: fewer distinct values than events.
      const rows = await pool.query<{ n: number; transactions: number }>(
        'SELECT count(*)::int AS n, count(DISTINCT processed_at)::int AS transactions FROM processed_events WHERE consumer = $1',
        [consumer],
      );
      expect(rows.rows[0].n).toBe(10);
      expect(rows.rows[0].transactions).toBeLessThan(10);
    });

    test('a batch that fails is rolled back and applied one event at a time, each once', async () => {
      const events = Array.from({ length: 6 }, (_, i) => recorded(i + 1, { source: 'svc-ledger' }));
      for (const event of events) await t.bus.publish(event);
      failNext = 1;
      await start();
      await expect(waitForPosition(pool, consumer, 'svc-ledger', events[5].sequence, 5000)).resolves.toBe(true);
      expect(await total()).toEqual({ cents: 21, events: 6 });
      expect(
        t.logger.records.some(
          (r) => r.level === 'warn' && r.message === 'event batch failed; handling its events one at a time',
        ),
      ).toBe(true);
      const processed = await pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM processed_events WHERE consumer = $1',
        [consumer],
      );
      expect(processed.rows[0].n).toBe(6);
    });

    test('positions only move forward, per producer', async () => {
      await start();
      await t.bus.publish(recorded(1, { source: 'svc-a', sequence: 10 }));
      await t.bus.publish(recorded(1, { source: 'svc-a', sequence: 4 }));
      const last = recorded(1, { source: 'svc-b', sequence: 3 });
      await t.bus.publish(last);
      await expect(waitForPosition(pool, consumer, 'svc-b', 3)).resolves.toBe(true);
      const positions = await pool.query(
        'SELECT source, sequence::int AS sequence FROM consumer_positions WHERE consumer = $1 ORDER BY source',
        [consumer],
      );
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

    test('waitForPosition stops with false as soon as its signal aborts (the test ends long before the timeout)', async () => {
      await start();
      const stop = new AbortController();
      const waiting = waitForPosition(pool, consumer, 'svc-ledger', 99, 600_000, stop.signal);
      setImmediate(() => stop.abort());
      await expect(waiting).resolves.toBe(false);
      stop.abort();
      await expect(waitForPosition(pool, consumer, 'svc-ledger', 99, 600_000, stop.signal)).resolves.toBe(false);
    });

    test('with schemas, an event type it does not know is not handled but moves the position', async () => {
      await start();
      const other = makeEvent(`${ns}.account.renamed.v1`, { name: 'x' }, { source: 'svc-ledger', sequence: 77 });
      await t.bus.publish(other);
      await expect(waitForPosition(pool, consumer, 'svc-ledger', 77, 2000)).resolves.toBe(true);
      expect(handled).toHaveLength(0);
    });

    /** Makes the consumer's rows for these events (all when omitted) look processed `days` ago. */
    async function age(days: number, ids?: string[]): Promise<void> {
      await pool.query(
        `UPDATE processed_events SET processed_at = now() - $2::int * interval '1 day' WHERE consumer = $1 AND ($3::uuid[] IS NULL OR event_id = ANY($3::uuid[]))`,
        [consumer, days, ids ?? null],
      );
    }

    async function processedIds(): Promise<string[]> {
      const result = await pool.query<{ event_id: string }>(
        'SELECT event_id FROM processed_events WHERE consumer = $1 ORDER BY sequence',
        [consumer],
      );
      return result.rows.map((r) => r.event_id);
    }

    const duplicateLogged = (id: string) =>
      t.logger.records.some(
        (r) => r.message === 'duplicate event skipped' && r.fields.eventId === id && r.fields.consumer === consumer,
      );

    test('pruning deletes rows past the retention and keeps the rest; a pruned event delivered again is still a duplicate', async () => {
      // The consumer's own prunes (the first after its first event) would race the test's aging: off here.
      await start({ processedRetentionMs: Infinity });
      const old = recorded(100, { source: 'svc-ledger' });
      const recent = recorded(1, { source: 'svc-ledger' });
      await t.bus.publish(old);
      // Committed (handle() runs before the commit): its row can be aged.
      await expect(waitForPosition(pool, consumer, 'svc-ledger', old.sequence, 5000)).resolves.toBe(true);
      await age(8, [old.id]);
      await t.bus.publish(recent);
      await expect(waitForPosition(pool, consumer, 'svc-ledger', recent.sequence)).resolves.toBe(true);

      await expect(pruneProcessedEvents(pool, consumer)).resolves.toBe(1);
      expect(await processedIds()).toEqual([recent.id]);
      const marks = await pool.query(
        'SELECT sequence::int AS sequence, pruned_sequence::int AS pruned_sequence, pruned_time FROM consumer_positions WHERE consumer = $1',
        [consumer],
      );
      expect(marks.rows).toEqual([
        { sequence: recent.sequence, pruned_sequence: old.sequence, pruned_time: new Date(old.time) },
      ]);

      await t.deliverAgain(old);
      await eventually(() => expect(duplicateLogged(old.id)).toBe(true));
      await t.deliverAgain(recent);
      await eventually(() => expect(duplicateLogged(recent.id)).toBe(true));
      expect(handled.map((e) => e.id)).toEqual([old.id, recent.id]);
      expect(await total()).toEqual({ cents: 101, events: 2 });
      expect(await processedIds()).toEqual([recent.id]);
    });

    test('after pruning, an event at or below both pruned marks is a duplicate; one with a later time is applied (a producer whose sequence went back)', async () => {
      // The consumer's own prunes (the first after its first event) would race the test's aging: off here.
      await start({ processedRetentionMs: Infinity });
      const first = recorded(10, { source: 'svc-p', sequence: 50, time: '2024-03-01T10:00:00.000Z' });
      await t.bus.publish(first);
      await expect(waitForPosition(pool, consumer, 'svc-p', 50, 5000)).resolves.toBe(true);
      await age(8);
      await expect(pruneProcessedEvents(pool, consumer)).resolves.toBe(1);
      // Never processed, older in both sequence and time: what a re-published, once terminated event looks like.
      const republished = recorded(1000, { source: 'svc-p', sequence: 7, time: '2024-02-01T10:00:00.000Z' });
      // Lower sequence but a later time: a producer restored from an older backup.
      const restored = recorded(20, { source: 'svc-p', sequence: 3 });
      // Another producer's sequences are its own.
      const otherSource = recorded(5, { source: 'svc-q', sequence: 1, time: '2024-02-01T10:00:00.000Z' });
      for (const event of [republished, restored, otherSource]) await t.bus.publish(event);
      await expect(waitForPosition(pool, consumer, 'svc-q', 1)).resolves.toBe(true);
      expect(handled.map((e) => e.id)).toEqual([first.id, restored.id, otherSource.id]);
      expect(duplicateLogged(republished.id)).toBe(true);
      expect(await total()).toEqual({ cents: 35, events: 3 });
    });

    test('pruning takes at most its batch size per call, oldest first, keeps rows without a sequence, and never runs with an infinite retention', async () => {
      // The consumer's own prunes (the first after its first event) would race the test's aging: off here.
      await start({ processedRetentionMs: Infinity });
      const events = Array.from({ length: 5 }, (_, i) => recorded(i, { source: 'svc-b' }));
      for (const event of events) await t.bus.publish(event);
      await expect(waitForPosition(pool, consumer, 'svc-b', events[4].sequence, 5000)).resolves.toBe(true);
      await age(9, [events[0].id, events[1].id]);
      await age(8, [events[2].id, events[3].id]);
      // A row written before processed_events had these columns.
      const legacy = '00000000-0000-4000-8000-000000000001';
      await pool.query(
        `INSERT INTO processed_events (consumer, event_id, processed_at) VALUES ($1, $2, now() - interval '30 days')`,
        [consumer, legacy],
      );

      await expect(pruneProcessedEvents(pool, consumer, { retentionMs: Infinity })).resolves.toBe(0);
      await expect(pruneProcessedEvents(pool, consumer, { batchSize: 3 })).resolves.toBe(3);
      expect(await processedIds()).toEqual([events[3].id, events[4].id, legacy]);
      await expect(pruneProcessedEvents(pool, consumer, { batchSize: 3 })).resolves.toBe(1);
      await expect(pruneProcessedEvents(pool, consumer, { batchSize: 3 })).resolves.toBe(0);
      expect(await processedIds()).toEqual([events[4].id, legacy]);
      const marks = await pool.query('SELECT pruned_sequence::int AS s FROM consumer_positions WHERE consumer = $1', [
        consumer,
      ]);
      expect(marks.rows).toEqual([{ s: events[3].sequence }]);
    });

    test('runConsumer prunes by itself after the first applied event and then every pruneEvery events', async () => {
      await start({ processedRetentionMs: 60_000, pruneEvery: 2 });
      const [e1, e2, e3] = [
        recorded(1, { source: 'svc-a' }),
        recorded(2, { source: 'svc-a' }),
        recorded(3, { source: 'svc-a' }),
      ];
      /** Publishes the event, then its duplicate: once that is logged, the event's delivery (and any prune in it) is over. */
      const deliverFully = async (event: EventEnvelope) => {
        await t.bus.publish(event);
        await t.deliverAgain(event);
        await eventually(() => expect(duplicateLogged(event.id)).toBe(true));
      };
      await deliverFully(e1); // the first applied event prunes (nothing is old yet)
      await age(1, [e1.id]);
      await deliverFully(e2); // 1 of 2: no prune
      expect(await processedIds()).toEqual([e1.id, e2.id]);
      await t.bus.publish(e3); // 2 of 2: prunes e1
      await eventually(async () => expect(await processedIds()).toEqual([e2.id, e3.id]));
      await eventually(() =>
        expect(
          t.logger.records.some(
            (r) => r.message === 'processed events pruned' && r.fields.consumer === consumer && r.fields.pruned === 1,
          ),
        ).toBe(true),
      );
      expect(await total()).toEqual({ cents: 6, events: 3 });
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

describe('ensureMessagingTables on tables of the version before pruning', () => {
  test('adds the pruning columns and index, keeps the rows, and pruning then leaves the old rows alone', async () => {
    const { pool, close } = await openTestPool('upgrade', 2);
    try {
      await pool.query(`
        CREATE TABLE processed_events (consumer text NOT NULL, event_id uuid NOT NULL, processed_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (consumer, event_id));
        CREATE TABLE consumer_positions (consumer text NOT NULL, source text NOT NULL, sequence bigint NOT NULL, PRIMARY KEY (consumer, source));
        INSERT INTO processed_events VALUES ('c', '00000000-0000-4000-8000-000000000001', now() - interval '30 days');
        INSERT INTO consumer_positions VALUES ('c', 'svc-ledger', 12);
      `);
      await Promise.all([ensureMessagingTables(pool), ensureMessagingTables(pool)]);
      await ensureMessagingTables(pool);
      const columns = await pool.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_name IN ('processed_events', 'consumer_positions') AND column_name IN ('source', 'sequence', 'event_time', 'pruned_sequence', 'pruned_time') ORDER BY table_name, column_name`,
      );
      expect(columns.rows.map((r) => r.column_name)).toEqual([
        'pruned_sequence',
        'pruned_time',
        'sequence',
        'source',
        'event_time',
        'sequence',
        'source',
      ]);
      expect((await pool.query("SELECT to_regclass('processed_events_prunable') IS NOT NULL AS ok")).rows[0].ok).toBe(
        true,
      );
      await expect(pruneProcessedEvents(pool, 'c')).resolves.toBe(0);
      expect((await pool.query('SELECT count(*)::int AS n FROM processed_events')).rows[0].n).toBe(1);
      expect((await pool.query('SELECT sequence::int AS s, pruned_sequence FROM consumer_positions')).rows).toEqual([
        { s: 12, pruned_sequence: null },
      ]);
    } finally {
      await close();
    }
  });
});
