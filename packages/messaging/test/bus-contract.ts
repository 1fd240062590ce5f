import type { DeliveryMeta, EventEnvelope, HandlerOutcome, Subscription } from '../src/bus';
import { eventually, makeEvent, randomName, sleep, type TestBus } from './helpers';

/** What a contract run needs: a bus, a subject prefix of its own, its log, and a clean-up. */
export type BusUnderTest = TestBus;

/** Short waits keep the suite fast; redelivery timing is the same rule at any scale. */
const ACK_WAIT = 100;

/**
 * An ack wait far longer than the test may take: an event retried only after its ack wait
 * makes that test time out (the first retry comes after FIRST_RETRY_MS).
 */
const LONG_ACK_WAIT = 60_000;
const BEFORE_LONG_ACK_WAIT = 20_000;

interface Received {
  event: EventEnvelope;
  meta: DeliveryMeta;
}

/**
 * The behaviour both adapters promise (architecture.md, "Events"): ordering per subject,
 * redelivery until ack, duplicate suppression, poison handling, durables, wildcards.
 */
export function describeBusContract(name: string, makeBus: () => Promise<BusUnderTest>): void {
  describe(`${name} bus contract`, () => {
    let t: BusUnderTest;
    const subscriptions: Subscription[] = [];
    let testNumber = 0;
    /** A fresh subject namespace per test: `<prefix>.t<n>`. */
    let ns: string;

    beforeAll(async () => {
      t = await makeBus();
    });
    afterAll(async () => {
      await t?.dispose();
    });
    beforeEach(() => {
      ns = `${t.prefix}.t${++testNumber}`;
    });
    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
    });

    async function collect(
      subjects: string[],
      decide: (
        event: EventEnvelope,
        meta: DeliveryMeta,
      ) => HandlerOutcome | void | Promise<HandlerOutcome | void> = () => 'ack',
      options: { durable?: string; maxDeliver?: number; ackWaitMs?: number } = {},
    ): Promise<Received[]> {
      const received: Received[] = [];
      const subscription = await t.bus.subscribe({
        durable: options.durable ?? randomName('d'),
        subjects,
        ackWaitMs: options.ackWaitMs ?? ACK_WAIT,
        maxDeliver: options.maxDeliver,
        handler: async (event, meta) => {
          received.push({ event, meta });
          return decide(event, meta);
        },
      });
      subscriptions.push(subscription);
      return received;
    }

    test('delivers the published envelope unchanged', async () => {
      const event = makeEvent(`${ns}.recorded`, { amount: 1234, note: 'ünïcode', nested: { list: [1, null, 'x'] } });
      const received = await collect([`${ns}.recorded`]);
      await t.bus.publish(event);
      await eventually(() => expect(received).toHaveLength(1));
      expect(received[0].event).toEqual(event);
      expect(received[0].meta.deliveryCount).toBe(1);
    });

    test('keeps publish order per subject', async () => {
      const received = await collect([`${ns}.a`, `${ns}.b`]);
      const published: EventEnvelope[] = [];
      for (let i = 0; i < 30; i++) {
        const event = makeEvent(i % 3 === 0 ? `${ns}.b` : `${ns}.a`, { i });
        published.push(event);
        await t.bus.publish(event);
      }
      await eventually(() => expect(received).toHaveLength(30));
      for (const subject of [`${ns}.a`, `${ns}.b`]) {
        expect(received.filter((r) => r.event.type === subject).map((r) => r.event.id)).toEqual(
          published.filter((e) => e.type === subject).map((e) => e.id),
        );
      }
    });

    test('redelivers until acked, counting deliveries', async () => {
      const received = await collect([`${ns}.x`], (_event, meta) => {
        if (meta.deliveryCount === 1) throw new Error('transient failure');
        if (meta.deliveryCount === 2) return 'retry';
        return 'ack';
      });
      const started = Date.now();
      await t.bus.publish(makeEvent(`${ns}.x`));
      await eventually(() => expect(received).toHaveLength(3));
      expect(received.map((r) => r.meta.deliveryCount)).toEqual([1, 2, 3]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2 * ACK_WAIT - 20);
      await sleep(ACK_WAIT * 3);
      expect(received).toHaveLength(3);
    });

    test(
      'a failed event comes again long before the ack wait, and so does the next one that fails',
      async () => {
        const events = [makeEvent(`${ns}.x`), makeEvent(`${ns}.x`)];
        const received = await collect(
          [`${ns}.x`],
          (_event, meta) => {
            if (meta.deliveryCount === 1) throw new Error('connection terminated unexpectedly');
          },
          { ackWaitMs: LONG_ACK_WAIT },
        );
        for (const event of events) await t.bus.publish(event);
        await eventually(() => expect(received).toHaveLength(4), BEFORE_LONG_ACK_WAIT);
        expect(received.map((r) => [r.event.id, r.meta.deliveryCount])).toEqual([
          [events[0].id, 1],
          [events[0].id, 2],
          [events[1].id, 1],
          [events[1].id, 2],
        ]);
      },
      BEFORE_LONG_ACK_WAIT + 5_000,
    );

    test('drops a duplicate id, delivers the same content under a new id', async () => {
      const received = await collect([`${ns}.x`]);
      const event = makeEvent(`${ns}.x`, { n: 1 });
      await t.bus.publish(event);
      await t.bus.publish(event);
      await t.bus.publish({ ...event, id: makeEvent('x').id });
      await eventually(() => expect(received).toHaveLength(2));
      await sleep(ACK_WAIT);
      expect(received).toHaveLength(2);
      expect(received[0].event.id).toBe(event.id);
      expect(received[1].event.id).not.toBe(event.id);
    });

    test('terminates a poison message after maxDeliver and the next message still flows', async () => {
      const poison = makeEvent(`${ns}.x`, { poison: true });
      const next = makeEvent(`${ns}.x`, { poison: false });
      const received = await collect(
        [`${ns}.x`],
        (event) => {
          if ((event.data as { poison: boolean }).poison) throw new Error('cannot handle this');
        },
        { maxDeliver: 3 },
      );
      await t.bus.publish(poison);
      await t.bus.publish(next);
      await eventually(() => expect(received.map((r) => r.event.id)).toContain(next.id));
      expect(received.map((r) => [r.event.id, r.meta.deliveryCount])).toEqual([
        [poison.id, 1],
        [poison.id, 2],
        [poison.id, 3],
        [next.id, 1],
      ]);
      await sleep(ACK_WAIT * 3);
      expect(received).toHaveLength(4);
      expect(
        t.logger.records.some((r) => r.level === 'error' && r.fields.eventId === poison.id && /poison/.test(r.message)),
      ).toBe(true);
    });

    test("a 'terminate' outcome drops the message at once and logs it", async () => {
      const bad = makeEvent(`${ns}.x`);
      const good = makeEvent(`${ns}.x`);
      const received = await collect([`${ns}.x`], (event) => (event.id === bad.id ? 'terminate' : 'ack'));
      await t.bus.publish(bad);
      await t.bus.publish(good);
      await eventually(() => expect(received).toHaveLength(2));
      await sleep(ACK_WAIT * 3);
      expect(received.map((r) => r.event.id)).toEqual([bad.id, good.id]);
      expect(t.logger.records.some((r) => r.level === 'error' && r.fields.eventId === bad.id)).toBe(true);
    });

    test('two durables each get every event', async () => {
      const first = await collect([`${ns}.>`]);
      const second = await collect([`${ns}.>`]);
      const events = [makeEvent(`${ns}.a`), makeEvent(`${ns}.b`), makeEvent(`${ns}.a.c`)];
      for (const event of events) await t.bus.publish(event);
      await eventually(() => {
        expect(first.map((r) => r.event.id)).toEqual(events.map((e) => e.id));
        expect(second.map((r) => r.event.id)).toEqual(events.map((e) => e.id));
      });
    });

    test('matches subjects like NATS: `*` is one token, `>` is one or more', async () => {
      const received = await collect([`${ns}.ledger.*.created`, `${ns}.auth.>`]);
      const types = [
        `${ns}.ledger.account.created`, // yes
        `${ns}.ledger.account.renamed`, // no
        `${ns}.ledger.account.x.created`, // no: * is one token
        `${ns}.auth.session.revoked.v1`, // yes
        `${ns}.auth`, // no: > needs a token
        `${ns}.budget.created`, // no
        `${ns}.ledger.category.created`, // yes
      ];
      for (const type of types) await t.bus.publish(makeEvent(type));
      const marker = makeEvent(`${ns}.auth.marker`);
      await t.bus.publish(marker);
      await eventually(() => expect(received.map((r) => r.event.id)).toContain(marker.id));
      expect(received.map((r) => r.event.type)).toEqual([types[0], types[3], types[6], marker.type]);
    });

    test('a durable that subscribes late gets the events published before it', async () => {
      const events = [makeEvent(`${ns}.x`), makeEvent(`${ns}.x`)];
      for (const event of events) await t.bus.publish(event);
      const received = await collect([`${ns}.x`]);
      await eventually(() => expect(received.map((r) => r.event.id)).toEqual(events.map((e) => e.id)));
    });

    test('a durable resumes where it stopped, without redelivering acked events', async () => {
      const durable = randomName('resume');
      const before = await collect([`${ns}.x`], () => 'ack', { durable });
      const first = makeEvent(`${ns}.x`);
      await t.bus.publish(first);
      await eventually(() => expect(before).toHaveLength(1));
      await subscriptions.pop()!.stop();
      const second = makeEvent(`${ns}.x`);
      await t.bus.publish(second);
      await sleep(50);
      expect(before).toHaveLength(1);
      const after = await collect([`${ns}.x`], () => 'ack', { durable });
      await eventually(() => expect(after.map((r) => r.event.id)).toEqual([second.id]));
    });

    /** A durable with a batch handler; `log` gets every call: a batch's ids, or one event and its delivery count. */
    async function collectBatches(
      subjects: string[],
      options: {
        maxBatch?: number;
        failBatch?: (events: EventEnvelope[]) => boolean;
        decide?: (event: EventEnvelope, meta: DeliveryMeta) => HandlerOutcome | void;
      } = {},
    ): Promise<{ batches: string[][]; single: Array<[string, number]>; acked: string[] }> {
      const seen = { batches: [] as string[][], single: [] as Array<[string, number]>, acked: [] as string[] };
      const subscription = await t.bus.subscribe({
        durable: randomName('b'),
        subjects,
        ackWaitMs: ACK_WAIT,
        maxBatch: options.maxBatch,
        handler: async (event, meta) => {
          seen.single.push([event.id, meta.deliveryCount]);
          const outcome = options.decide?.(event, meta) ?? 'ack';
          if (outcome === 'ack') seen.acked.push(event.id);
          return outcome;
        },
        batchHandler: async (events) => {
          seen.batches.push(events.map((e) => e.id));
          if (options.failBatch?.(events)) throw new Error('batch refused');
          seen.acked.push(...events.map((e) => e.id));
        },
      });
      subscriptions.push(subscription);
      return seen;
    }

    test('a backlog goes to the batch handler: matching events only, in order, each once, at most maxBatch at a time', async () => {
      const events = Array.from({ length: 20 }, (_, i) => makeEvent(i % 5 === 4 ? `${ns}.other` : `${ns}.x`, { i }));
      for (const event of events) await t.bus.publish(event);
      const wanted = events.filter((e) => e.type === `${ns}.x`).map((e) => e.id);
      const seen = await collectBatches([`${ns}.x`], { maxBatch: 6 });
      await eventually(() => expect(seen.acked).toEqual(wanted));
      await sleep(ACK_WAIT * 3);
      expect(seen.acked).toEqual(wanted);
      expect(seen.batches.length).toBeGreaterThan(0);
      expect(seen.batches.every((b) => b.length >= 2 && b.length <= 6)).toBe(true);
      // Every event went to exactly one call.
      expect([...seen.batches.flat(), ...seen.single.map(([id]) => id)].sort()).toEqual([...wanted].sort());
    });

    test('a failed batch is handed over one event at a time, in order; an event that fails holds the ones behind it', async () => {
      const events = Array.from({ length: 6 }, (_, i) => makeEvent(`${ns}.x`, { i }));
      const failing = events[2].id;
      for (const event of events) await t.bus.publish(event);
      const seen = await collectBatches([`${ns}.x`], {
        failBatch: (batch) => batch.some((e) => e.id === failing),
        decide: (event, meta) => (event.id === failing && meta.deliveryCount === 1 ? 'retry' : 'ack'),
      });
      await eventually(() => expect(seen.acked).toEqual(events.map((e) => e.id)));
      await sleep(ACK_WAIT * 3);
      expect(seen.acked).toEqual(events.map((e) => e.id));
      expect(seen.single.filter(([id]) => id === failing)).toEqual([
        [failing, 1],
        [failing, 2],
      ]);
      // Nothing behind the failing event was handled between its two deliveries.
      const first = seen.single.findIndex(([id]) => id === failing);
      expect(seen.single[first + 1]).toEqual([failing, 2]);
      expect(seen.batches.some((b) => b.includes(failing))).toBe(true);
    });

    test('rejects an event type that is not a publishable subject', async () => {
      await expect(t.bus.publish(makeEvent(`${ns}.*`))).rejects.toThrow();
      await expect(t.bus.publish(makeEvent(`${ns}..x`))).rejects.toThrow();
    });

    test('is ready while open', async () => {
      await expect(t.bus.isReady()).resolves.toBe(true);
    });
  });
}
