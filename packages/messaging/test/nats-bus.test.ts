import { connect, nanos } from '@nats-io/transport-node';
import { DiscardPolicy, jetstream, jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { DEFAULT_STREAM_LIMITS } from '../src/limits';
import { connectNatsBus } from '../src/nats-bus';
import { describeBusContract } from './bus-contract';
import { describeWithNats, eventually, makeEvent, MemoryLogger, NATS_URL, randomName } from './helpers';
import { natsTestBus } from './nats-test-bus';

describeWithNats('NATS JetStream bus', () => {
  describeBusContract('nats', () => natsTestBus());

  describe('nats specifics', () => {
    let t: Awaited<ReturnType<typeof natsTestBus>>;
    beforeAll(async () => {
      t = await natsTestBus();
    });
    afterAll(async () => {
      await t?.dispose();
    });

    test('a malformed payload is terminated and logged, and the next message flows', async () => {
      const received: string[] = [];
      const subscription = await t.bus.subscribe({
        durable: 'malformed',
        subjects: [`${t.prefix}.m.>`],
        ackWaitMs: 100,
        handler: async (e) => void received.push(e.id),
      });
      const nc = await connect({ servers: NATS_URL });
      await jetstream(nc).publish(`${t.prefix}.m.x`, '{not json');
      await nc.close();
      const good = makeEvent(`${t.prefix}.m.x`);
      await t.bus.publish(good);
      await eventually(() => expect(received).toEqual([good.id]));
      expect(t.logger.records.some((r) => r.level === 'error' && /malformed/.test(r.message))).toBe(true);
      await subscription.stop();
    });

    test('one consumer over several subjects keeps their order on a server without filter_subjects', async () => {
      const received: string[] = [];
      const subscription = await t.bus.subscribe({
        durable: 'multi',
        subjects: [`${t.prefix}.o.ledger.>`, `${t.prefix}.o.auth.>`],
        ackWaitMs: 100,
        handler: async (e) => void received.push(e.id),
      });
      const events = [
        makeEvent(`${t.prefix}.o.ledger.a`),
        makeEvent(`${t.prefix}.o.budget.a`),
        makeEvent(`${t.prefix}.o.auth.b`),
        makeEvent(`${t.prefix}.o.ledger.c`),
      ];
      for (const event of events) await t.bus.publish(event);
      await eventually(() => expect(received).toEqual([events[0].id, events[2].id, events[3].id]));
      await subscription.stop();
    });

    test('re-subscribing a durable with another filter resumes after what it acked', async () => {
      const firstSeen: string[] = [];
      const first = await t.bus.subscribe({
        durable: 'changing',
        subjects: [`${t.prefix}.c.a`],
        ackWaitMs: 100,
        handler: async (e) => void firstSeen.push(e.id),
      });
      const acked = makeEvent(`${t.prefix}.c.a`);
      await t.bus.publish(acked);
      await eventually(() => expect(firstSeen).toEqual([acked.id]));
      await first.stop();
      const received: string[] = [];
      const second = await t.bus.subscribe({
        durable: 'changing',
        subjects: [`${t.prefix}.c.a`, `${t.prefix}.c.b`],
        ackWaitMs: 200,
        maxDeliver: 2,
        handler: async (e) => void received.push(e.id),
      });
      const later = [makeEvent(`${t.prefix}.c.b`), makeEvent(`${t.prefix}.c.a`), makeEvent(`${t.prefix}.c.z`)];
      for (const event of later) await t.bus.publish(event);
      await eventually(() => expect(received).toEqual([later[0].id, later[1].id]));
      await second.stop();
    });

    test('re-subscribing a durable with the same filter and other timings keeps delivering promptly', async () => {
      const first = await t.bus.subscribe({
        durable: 'retimed',
        subjects: [`${t.prefix}.r.>`],
        ackWaitMs: 100,
        handler: async () => undefined,
      });
      await first.stop();
      const received: string[] = [];
      const second = await t.bus.subscribe({
        durable: 'retimed',
        subjects: [`${t.prefix}.r.>`],
        ackWaitMs: 300,
        maxDeliver: 3,
        handler: async (e) => void received.push(e.id),
      });
      const event = makeEvent(`${t.prefix}.r.x`);
      const started = Date.now();
      await t.bus.publish(event);
      await eventually(() => expect(received).toEqual([event.id]));
      expect(Date.now() - started).toBeLessThan(1000);
      await second.stop();
    });

    test('connecting again widens an existing stream instead of failing', async () => {
      const other = await connectNatsBus({
        servers: NATS_URL,
        name: 'messaging-test-2',
        streamName: t.streamName,
        subjects: [`${t.prefix}.>`, `${t.prefix}x.>`],
        logger: new MemoryLogger(),
      });
      await other.publish(makeEvent(`${t.prefix}x.widened`));
      await other.close();
    });

    test('the stream is created with the retention limits of the in-process bus', async () => {
      const nc = await connect({ servers: NATS_URL });
      try {
        const info = await (await jetstreamManager(nc)).streams.info(t.streamName);
        expect(info.config).toMatchObject({
          retention: RetentionPolicy.Limits,
          discard: DiscardPolicy.Old,
          max_age: nanos(DEFAULT_STREAM_LIMITS.maxAgeMs),
          max_msgs: DEFAULT_STREAM_LIMITS.maxMessages,
          max_bytes: DEFAULT_STREAM_LIMITS.maxBytes,
          duplicate_window: nanos(120_000),
        });
      } finally {
        await nc.close();
      }
    });

    test('a stream limited to 3 messages holds the newest 3; a durable that subscribes late gets them, in order', async () => {
      const limited = await natsTestBus(new MemoryLogger(), { maxMessages: 3 });
      try {
        const events = Array.from({ length: 5 }, (_, i) => makeEvent(`${limited.prefix}.l.x`, { i }));
        for (const event of events) await limited.bus.publish(event);
        const received: string[] = [];
        const subscription = await limited.bus.subscribe({
          durable: 'late',
          subjects: [`${limited.prefix}.l.>`],
          ackWaitMs: 100,
          handler: async (e) => void received.push(e.id),
        });
        await eventually(() => expect(received).toEqual(events.slice(2).map((e) => e.id)));
        await subscription.stop();
      } finally {
        await limited.dispose();
      }
    });

    test('connecting brings an existing stream without limits to them (and a shorter duplicate window under a short age)', async () => {
      const prefix = randomName('t');
      const streamName = `HF_TEST_${prefix}`;
      const nc = await connect({ servers: NATS_URL });
      const jsm = await jetstreamManager(nc);
      try {
        await jsm.streams.add({
          name: streamName,
          subjects: [`${prefix}.>`],
          storage: StorageType.File,
          duplicate_window: nanos(120_000),
        });
        const logger = new MemoryLogger();
        const bus = await connectNatsBus({
          servers: NATS_URL,
          name: 'messaging-test-4',
          streamName,
          subjects: [`${prefix}.>`],
          limits: { maxAgeMs: 60_000, maxMessages: 50 },
          logger,
        });
        await bus.close();
        const info = await jsm.streams.info(streamName);
        expect(info.config).toMatchObject({
          max_age: nanos(60_000),
          max_msgs: 50,
          max_bytes: DEFAULT_STREAM_LIMITS.maxBytes,
          duplicate_window: nanos(60_000),
        });
        expect(logger.records.some((r) => r.level === 'info' && r.message === 'stream limits changed')).toBe(true);
        // Same limits again: nothing to change.
        const again = new MemoryLogger();
        await (
          await connectNatsBus({
            servers: NATS_URL,
            name: 'messaging-test-5',
            streamName,
            subjects: [`${prefix}.>`],
            limits: { maxAgeMs: 60_000, maxMessages: 50 },
            logger: again,
          })
        ).close();
        expect(again.records.some((r) => r.message === 'stream limits changed')).toBe(false);
      } finally {
        await jsm.streams.delete(streamName).catch(() => undefined);
        await nc.close();
      }
    });

    test('isReady is false once closed', async () => {
      const other = await connectNatsBus({
        servers: NATS_URL,
        name: 'messaging-test-3',
        streamName: t.streamName,
        subjects: [`${t.prefix}.>`],
        logger: new MemoryLogger(),
      });
      expect(await other.isReady()).toBe(true);
      await other.close();
      expect(await other.isReady()).toBe(false);
    });
  });
});
