import type pg from 'pg';
import type { Bus, EventEnvelope, Subscription } from '../src/bus';
import { createInProcessBus } from '../src/inprocess-bus';
import { startOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from '../src/outbox-relay';
import { ensureMessagingTables } from '../src/outbox-tables';
import { writeEvent, writeEvents } from '../src/outbox-writer';
import { withTransaction } from '../src/transaction';
import { describeWithNats, eventually, MemoryLogger, openTestPool, randomName, sleep, type TestBus } from './helpers';
import { natsTestBus } from './nats-test-bus';

function describeOutbox(kind: string, makeBus: () => Promise<TestBus>): void {
  describe(`transactional outbox (${kind} bus)`, () => {
    let pool: pg.Pool;
    let closeDb: (() => Promise<void>) | undefined;
    let t: TestBus;
    const relays: OutboxRelay[] = [];
    const subscriptions: Subscription[] = [];
    let ns: string;

    beforeAll(async () => {
      ({ pool, close: closeDb } = await openTestPool('outbox', 8));
      // Two instances starting together must not trip over each other.
      await Promise.all([ensureMessagingTables(pool), ensureMessagingTables(pool)]);
      await ensureMessagingTables(pool);
      t = await makeBus();
    });
    afterAll(async () => {
      await t?.dispose();
      await closeDb?.();
    });
    beforeEach(() => {
      ns = `${t.prefix}.${randomName('o')}`;
    });
    afterEach(async () => {
      await Promise.all(relays.splice(0).map((r) => r.stop()));
      await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
    });

    function relay(bus: Bus = t.bus, pollIntervalMs = 1000, more: Partial<OutboxRelayOptions> = {}): OutboxRelay {
      const started = startOutboxRelay({ pool, bus, logger: t.logger, pollIntervalMs, ...more });
      relays.push(started);
      return started;
    }

    async function received(): Promise<EventEnvelope[]> {
      const events: EventEnvelope[] = [];
      subscriptions.push(
        await t.bus.subscribe({
          durable: randomName('r'),
          subjects: [`${ns}.>`],
          ackWaitMs: 200,
          handler: async (e) => void events.push(e),
        }),
      );
      return events;
    }

    const write = (client: pg.PoolClient, n = 0) =>
      writeEvent(client, {
        type: `${ns}.transaction.recorded.v1`,
        source: 'svc-ledger',
        subject: `transaction/${n}`,
        household_id: 7,
        data: { n, amount: 1250 },
      });

    test('publishes a committed event with its outbox sequence and marks the row published', async () => {
      const events = await received();
      const written = await withTransaction(pool, (c) => write(c, 1));
      const r = relay();
      await r.flush();
      await eventually(() => expect(events).toHaveLength(1));
      expect(events[0]).toEqual({
        id: written.id,
        type: `${ns}.transaction.recorded.v1`,
        source: 'svc-ledger',
        subject: 'transaction/1',
        time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        household_id: 7,
        sequence: written.sequence,
        data: { n: 1, amount: 1250 },
      });
      const row = await pool.query('SELECT published_at FROM outbox WHERE id = $1', [written.id]);
      expect(row.rows[0].published_at).toBeInstanceOf(Date);
    });

    test('a rolled-back transaction publishes nothing', async () => {
      const events = await received();
      const r = relay();
      await expect(
        withTransaction(pool, async (c) => {
          await write(c, 1);
          throw new Error('the state change failed');
        }),
      ).rejects.toThrow('the state change failed');
      await r.flush();
      await sleep(200);
      expect(events).toHaveLength(0);
      expect(
        (await pool.query("SELECT count(*)::int AS n FROM outbox WHERE type LIKE $1 || '%'", [ns])).rows[0].n,
      ).toBe(0);
    });

    test('publishes only after commit', async () => {
      const events = await received();
      const r = relay(t.bus, 50);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const written = await write(client, 2);
        await r.flush();
        await sleep(250);
        expect(events).toHaveLength(0);
        await client.query('COMMIT');
        await eventually(() => expect(events.map((e) => e.id)).toEqual([written.id]), 2000);
      } finally {
        client.release();
      }
    });

    test('a notification wakes the relay without waiting for the poll', async () => {
      const events = await received();
      relay(t.bus, 60_000);
      await sleep(100); // the listener connects
      const started = Date.now();
      const written = await withTransaction(pool, (c) => write(c, 3));
      await eventually(() => expect(events.map((e) => e.id)).toEqual([written.id]), 3000);
      expect(Date.now() - started).toBeLessThan(1500);
    });

    test('two relays publish every event exactly once, in sequence order', async () => {
      const events = await received();
      relay(t.bus, 20);
      relay(t.bus, 20);
      const writers = Array.from({ length: 6 }, (_, w) =>
        (async () => {
          const sequences: number[] = [];
          for (let i = 0; i < 10; i++)
            sequences.push((await withTransaction(pool, (c) => write(c, w * 100 + i))).sequence);
          return sequences;
        })(),
      );
      const sequences = (await Promise.all(writers)).flat().sort((a, b) => a - b);
      await Promise.all(relays.map((r) => r.flush()));
      await eventually(() => expect(events).toHaveLength(60));
      await sleep(200);
      expect(events.map((e) => e.sequence)).toEqual(sequences);
      const unpublished = await pool.query('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL');
      expect(unpublished.rows[0].n).toBe(0);
    });

    test('keeps rows while the bus refuses them and publishes them, in order, once it is back', async () => {
      const events = await received();
      let failures = 3;
      const flaky: Bus = {
        ...t.bus,
        kind: t.bus.kind,
        publish: async (event) => {
          if (failures > 0) {
            failures--;
            throw new Error('bus unavailable');
          }
          return t.bus.publish(event);
        },
      };
      const written: number[] = [];
      for (let i = 0; i < 3; i++) written.push((await withTransaction(pool, (c) => write(c, i))).sequence);
      const r = relay(flaky, 30);
      await r.flush(5000);
      await eventually(() => expect(events.map((e) => e.sequence)).toEqual(written));
      expect(t.logger.records.some((rec) => rec.level === 'error' && /outbox relay/.test(rec.message))).toBe(true);
    });

    test('a refusal in the middle of a batch commits the rows published before it and unmarks the rest', async () => {
      const events = await received();
      const published: string[] = [];
      let calls = 0;
      const refusesSecond: Bus = {
        ...t.bus,
        kind: t.bus.kind,
        publish: async (event) => {
          if (++calls === 2) throw new Error('bus unavailable');
          published.push(event.id);
          return t.bus.publish(event);
        },
      };
      const written: number[] = [];
      for (let i = 0; i < 3; i++) written.push((await withTransaction(pool, (c) => write(c, i))).sequence);
      const r = relay(refusesSecond, 30);
      await r.flush(5000);
      await eventually(() => expect(events.map((e) => e.sequence)).toEqual(written));
      // Each row was handed to the bus once: the first stayed marked, the other two were taken again.
      expect(published).toHaveLength(3);
      expect(new Set(published).size).toBe(3);
      const unpublished = await pool.query('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL');
      expect(unpublished.rows[0].n).toBe(0);
    });

    const maxSequence = async () =>
      Number((await pool.query('SELECT coalesce(max(sequence), 0)::text AS s FROM outbox')).rows[0].s);
    const sequences = async () =>
      (
        await pool.query<{ s: string; published: boolean }>(
          'SELECT sequence::text AS s, published_at IS NOT NULL AS published FROM outbox ORDER BY sequence',
        )
      ).rows.map((r) => [Number(r.s), r.published]);
    /** Makes every published row look published `days` ago. */
    const agePublished = (days: number) =>
      pool.query(`UPDATE outbox SET published_at = now() - $1::int * interval '1 day' WHERE published_at IS NOT NULL`, [
        days,
      ]);
    const refusing: () => Bus = () => ({
      ...t.bus,
      kind: t.bus.kind,
      publish: async () => Promise.reject(new Error('bus unavailable')),
    });

    test('prune deletes published rows past the retention, never unpublished rows nor the newest row (max(sequence) is kept)', async () => {
      const r = relay();
      const written: number[] = [];
      for (let i = 0; i < 3; i++) written.push((await withTransaction(pool, (c) => write(c, i))).sequence);
      await r.flush();
      await agePublished(8);
      const newest = written[2];
      await expect(r.prune()).resolves.toBeGreaterThanOrEqual(2);
      expect(await sequences()).toEqual([[newest, true]]);
      expect(await maxSequence()).toBe(newest);
      await expect(r.prune()).resolves.toBe(0);

      // With the bus down, new rows stay unpublished: they are kept however old, and the old
      // published row is no longer the newest, so it goes.
      await relays.pop()!.stop();
      const down = relay(refusing(), 60_000);
      const pending = (await withTransaction(pool, (c) => write(c, 9))).sequence;
      await pool.query(`UPDATE outbox SET time = now() - interval '30 days'`);
      // (The new relay's first run may already have pruned it.)
      await expect(down.prune()).resolves.toBeLessThanOrEqual(1);
      expect(await sequences()).toEqual([[pending, false]]);
      expect(await maxSequence()).toBe(pending);
    });

    test('the relay prunes by itself after publishing (pruneIntervalMs 0), in DELETEs of pruneBatchSize rows', async () => {
      const events = await received();
      const r = relay(t.bus, 20, { pruneIntervalMs: 0, pruneBatchSize: 2, publishedRetentionMs: 60 * 60 * 1000 });
      const written: number[] = [];
      for (let i = 0; i < 5; i++) written.push((await withTransaction(pool, (c) => write(c, i))).sequence);
      await r.flush();
      await agePublished(1);
      const last = (await withTransaction(pool, (c) => write(c, 5))).sequence;
      await r.flush();
      await eventually(async () => expect(await sequences()).toEqual([[last, true]]));
      await eventually(() =>
        expect(
          t.logger.records.some((rec) => rec.level === 'info' && rec.message === 'published outbox rows pruned'),
        ).toBe(true),
      );
      await eventually(() => expect(events.map((e) => e.sequence)).toEqual([...written, last]));
    });

    test('the relay prunes on its first run, then not again before pruneIntervalMs', async () => {
      const r = relay(t.bus, 20, { pruneIntervalMs: 60 * 60 * 1000, publishedRetentionMs: 60 * 60 * 1000 });
      await r.flush();
      for (let i = 0; i < 2; i++) await withTransaction(pool, (c) => write(c, i));
      await r.flush();
      await agePublished(1);
      const last = (await withTransaction(pool, (c) => write(c, 2))).sequence;
      await r.flush();
      await sleep(100); // a few more polls: none of them prunes
      expect((await sequences()).length).toBeGreaterThan(1);
      await expect(r.prune()).resolves.toBeGreaterThan(0);
      expect(await sequences()).toEqual([[last, true]]);
    });

    test('a relay with an infinite retention keeps every row', async () => {
      const r = relay(t.bus, 1000, { publishedRetentionMs: Infinity, pruneIntervalMs: 0 });
      for (let i = 0; i < 2; i++) await withTransaction(pool, (c) => write(c, i));
      await r.flush();
      const before = await sequences();
      await agePublished(365);
      await expect(r.prune()).resolves.toBe(0);
      expect(await sequences()).toEqual(before);
    });

    test('one prune makes at most 10 DELETEs of pruneBatchSize rows; the next one goes on', async () => {
      const r = relay(t.bus, 1000, { pruneBatchSize: 2, publishedRetentionMs: 60 * 60 * 1000 });
      const written: number[] = [];
      for (let i = 0; i < 25; i++) written.push((await withTransaction(pool, (c) => write(c, i))).sequence);
      await r.flush();
      await agePublished(1);
      await expect(r.prune()).resolves.toBe(20);
      await expect(r.prune()).resolves.toBeGreaterThan(0);
      expect(await sequences()).toEqual([[written[24], true]]);
    });

    test('a write answers increasing sequences', async () => {
      const first = await withTransaction(pool, (c) => write(c));
      const second = await withTransaction(pool, async (c) => {
        await write(c);
        return write(c);
      });
      expect(second.sequence).toBeGreaterThan(first.sequence);
      expect(first.id).not.toBe(second.id);
    });

    test('writeEvents writes several events in their order, with increasing sequences, and each is published once', async () => {
      const events = await received();
      const written = await withTransaction(pool, (c) =>
        writeEvents(
          c,
          [3, 1, 2].map((n) => ({
            type: `${ns}.transaction.recorded.v1`,
            source: 'svc-ledger',
            subject: `transaction/${n}`,
            household_id: 7,
            data: { n, text: `row "${n}" \\ é` },
          })),
        ),
      );
      expect(written.map((w) => w.sequence)).toEqual([
        written[0].sequence,
        written[0].sequence + 1,
        written[0].sequence + 2,
      ]);
      await expect(withTransaction(pool, (c) => writeEvents(c, []))).resolves.toEqual([]);
      await relay().flush();
      await eventually(() => expect(events).toHaveLength(3));
      expect(events.map((e) => [e.id, e.sequence, e.data])).toEqual([
        [written[0].id, written[0].sequence, { n: 3, text: 'row "3" \\ é' }],
        [written[1].id, written[1].sequence, { n: 1, text: 'row "1" \\ é' }],
        [written[2].id, written[2].sequence, { n: 2, text: 'row "2" \\ é' }],
      ]);
    });
  });
}

describe('outbox of an earlier version', () => {
  test.each(['jsonb', 'json'])('its %s data column becomes uncompressed text, rows kept', async (type) => {
    const { pool, close } = await openTestPool(`outboxold${type}`, 2);
    try {
      await pool.query(`CREATE TABLE outbox (sequence bigserial PRIMARY KEY, id uuid NOT NULL UNIQUE, type text NOT NULL, source text NOT NULL,
        subject text NOT NULL, household_id int NOT NULL, time timestamptz NOT NULL DEFAULT now(), data ${type} NOT NULL, published_at timestamptz NULL)`);
      await pool.query(
        `INSERT INTO outbox (id, type, source, subject, household_id, data) VALUES (gen_random_uuid(), 'a.b.v1', 's', 'x/1', 1, '{"n": 1}')`,
      );
      await ensureMessagingTables(pool);
      const column = await pool.query(
        "SELECT format_type(atttypid, NULL) AS type, attstorage AS storage FROM pg_attribute WHERE attrelid = 'outbox'::regclass AND attname = 'data'",
      );
      expect(column.rows[0]).toEqual({ type: 'text', storage: 'e' });
      expect((await pool.query('SELECT data::json AS data FROM outbox')).rows).toEqual([{ data: { n: 1 } }]);
      const written = await withTransaction(pool, (c) =>
        writeEvent(c, { type: 'a.b.v1', source: 's', subject: 'x/2', household_id: 1, data: { n: 2 } }),
      );
      expect(written.sequence).toBe(2);
    } finally {
      await close();
    }
  });
});

describe('tables made at start by the version before migrations', () => {
  test('the migration leaves them and their rows as they are; an unpublished row is published', async () => {
    const { pool, close } = await openTestPool('outboxbefore', 4);
    const bus = createInProcessBus();
    try {
      // What ensureMessagingTables created before the tables had migrations (the outbox part).
      await pool.query(`
        CREATE TABLE outbox (sequence bigserial PRIMARY KEY, id uuid NOT NULL UNIQUE, type text NOT NULL, source text NOT NULL,
          subject text NOT NULL, household_id int NOT NULL, time timestamptz NOT NULL DEFAULT now(), data text NOT NULL,
          published_at timestamptz NULL);
        CREATE INDEX outbox_unpublished ON outbox (sequence) WHERE published_at IS NULL;
        ALTER TABLE outbox ALTER COLUMN data TYPE text USING data::text, ALTER COLUMN data SET STORAGE EXTERNAL;
        INSERT INTO outbox (id, type, source, subject, household_id, data, published_at)
          VALUES (gen_random_uuid(), 'before.x.v1', 's', 'x/1', 1, '{"n":1}', now()),
                 (gen_random_uuid(), 'before.x.v1', 's', 'x/2', 1, '{"n":2}', NULL);`);
      await ensureMessagingTables(pool);
      const events: EventEnvelope[] = [];
      const subscription = await bus.subscribe({
        durable: 'before',
        subjects: ['before.>'],
        handler: async (e) => void events.push(e),
      });
      const relay = startOutboxRelay({ pool, bus, publishedRetentionMs: Infinity });
      try {
        await relay.flush();
        await eventually(() => expect(events.map((e) => [e.sequence, e.data])).toEqual([[2, { n: 2 }]]));
      } finally {
        await relay.stop();
        await subscription.stop();
      }
      const written = await withTransaction(pool, (c) =>
        writeEvent(c, { type: 'before.x.v1', source: 's', subject: 'x/3', household_id: 1, data: { n: 3 } }),
      );
      expect(written.sequence).toBe(3);
    } finally {
      await bus.close();
      await close();
    }
  });
});

describeOutbox('in-process', async () => {
  const logger = new MemoryLogger();
  const bus = createInProcessBus({ logger });
  return { bus, prefix: 'inproc', logger, dispose: () => bus.close() };
});

describeWithNats('outbox over NATS', () => {
  describeOutbox('nats', () => natsTestBus());
});
