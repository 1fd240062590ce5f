import type { DeliveryMeta, EventEnvelope, Subscription } from '../src/bus';
import { createInProcessBus, type InProcessBus } from '../src/inprocess-bus';
import { DEFAULT_STREAM_LIMITS } from '../src/limits';
import { describeBusContract } from './bus-contract';
import { eventually, makeEvent, MemoryLogger, sleep } from './helpers';

describeBusContract('in-process', async () => {
  const logger = new MemoryLogger();
  const bus = createInProcessBus({ logger });
  return { bus, prefix: 'inproc', logger, dispose: () => bus.close() };
});

// The same promises hold with a log small enough that earlier tests' events are dropped as the
// suite goes (every test's own events fit in 40).
describeBusContract('in-process (log limited to 40 events)', async () => {
  const logger = new MemoryLogger();
  const bus = createInProcessBus({ logger, limits: { maxMessages: 40 } });
  return { bus, prefix: 'inproc', logger, dispose: () => bus.close() };
});

describe('in-process bus specifics', () => {
  test('the duplicate window expires like JetStream', async () => {
    const bus = createInProcessBus({ logger: new MemoryLogger(), duplicateWindowMs: 50 });
    const received: string[] = [];
    await bus.subscribe({ durable: 'w', subjects: ['w.>'], handler: async (e) => void received.push(e.id) });
    const event = makeEvent('w.x');
    await bus.publish(event);
    await bus.publish(event);
    await sleep(80);
    await bus.publish(event);
    await eventually(() => expect(received).toEqual([event.id, event.id]));
    await bus.close();
  });

  test('a handler cannot change what other durables receive', async () => {
    const bus = createInProcessBus({ logger: new MemoryLogger() });
    const seen: unknown[] = [];
    await bus.subscribe({
      durable: 'a',
      subjects: ['m.x'],
      handler: async (e) => void ((e.data as { n: number }).n = 99),
    });
    await bus.subscribe({ durable: 'b', subjects: ['m.x'], handler: async (e) => void seen.push(e.data) });
    const event = makeEvent('m.x', { n: 1 });
    await bus.publish(event);
    event.data = { n: 2 };
    await eventually(() => expect(seen).toEqual([{ n: 1 }]));
    await bus.close();
  });

  test('close stops deliveries and further publishes', async () => {
    const bus = createInProcessBus({ logger: new MemoryLogger() });
    await bus.close();
    expect(await bus.isReady()).toBe(false);
    await expect(bus.publish(makeEvent('c.x'))).rejects.toThrow(/closed/);
  });
});

describe('in-process bus retention limits', () => {
  const buses: InProcessBus[] = [];
  const subscriptions: Subscription[] = [];
  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });

  function makeBus(options: Parameters<typeof createInProcessBus>[0] = {}): {
    bus: InProcessBus;
    logger: MemoryLogger;
  } {
    const logger = new MemoryLogger();
    const bus = createInProcessBus({ logger, ...options });
    buses.push(bus);
    return { bus, logger };
  }

  /** A clock the test moves by hand. */
  function manualClock(start = 1_700_000_000_000) {
    let now = start;
    return { now: () => now, advance: (ms: number) => void (now += ms) };
  }

  async function collect(
    bus: InProcessBus,
    durable: string,
    subjects: string[],
    decide: (event: EventEnvelope, meta: DeliveryMeta) => 'ack' | 'retry' = () => 'ack',
    ackWaitMs = 200,
  ) {
    const received: Array<{ id: string; deliveryCount: number }> = [];
    subscriptions.push(
      await bus.subscribe({
        durable,
        subjects,
        ackWaitMs,
        maxDeliver: 100,
        handler: async (event, meta) => {
          received.push({ id: event.id, deliveryCount: meta.deliveryCount });
          return decide(event, meta);
        },
      }),
    );
    return received;
  }

  test('holds at most maxMessages events; a durable that subscribes late gets the newest, in order', async () => {
    const { bus } = makeBus({ limits: { maxMessages: 3 } });
    const events = Array.from({ length: 5 }, (_, i) => makeEvent('l.x', { i }));
    for (const event of events) await bus.publish(event);
    expect(bus.stats()).toMatchObject({ messages: 3, dropped: 2 });
    const received = await collect(bus, 'late', ['l.>']);
    await eventually(() => expect(received.map((r) => r.id)).toEqual(events.slice(2).map((e) => e.id)));
  });

  test('holds at most maxBytes (subject + JSON body), and always the newest event even when it alone is bigger', async () => {
    const sized = (n: number) => makeEvent('b.x', { pad: 'x'.repeat(100), n }, { sequence: 1 });
    const size = (event: EventEnvelope) => Buffer.byteLength(event.type) + Buffer.byteLength(JSON.stringify(event));
    const { bus } = makeBus({ limits: { maxBytes: 3 * size(sized(0)) + 10 } });
    const events = Array.from({ length: 5 }, (_, i) => sized(i));
    for (const event of events) await bus.publish(event);
    expect(bus.stats()).toEqual({ messages: 3, bytes: 3 * size(sized(0)), dropped: 2 });
    const huge = makeEvent('b.x', { pad: 'y'.repeat(2000) });
    await bus.publish(huge);
    expect(bus.stats()).toEqual({ messages: 1, bytes: size(huge), dropped: 5 });
    const received = await collect(bus, 'late', ['b.x']);
    await eventually(() => expect(received.map((r) => r.id)).toEqual([huge.id]));
  });

  test('drops events older than maxAgeMs, also while nothing is published (injected clock)', async () => {
    const clock = manualClock();
    const { bus } = makeBus({ limits: { maxAgeMs: 1000 }, now: clock.now });
    const old = makeEvent('a.x');
    const recent = makeEvent('a.x');
    await bus.publish(old);
    clock.advance(600);
    await bus.publish(recent);
    clock.advance(401); // old is 1,001 ms old, recent 401 ms
    expect(bus.stats()).toMatchObject({ messages: 1, dropped: 1 });
    const received = await collect(bus, 'late', ['a.x']);
    await eventually(() => expect(received.map((r) => r.id)).toEqual([recent.id]));
    clock.advance(1000);
    expect(bus.stats()).toEqual({ messages: 0, bytes: 0, dropped: 2 });
  });

  test('the duplicate window is never longer than maxAgeMs', async () => {
    const clock = manualClock();
    const { bus } = makeBus({ limits: { maxAgeMs: 1000 }, now: clock.now });
    const received = await collect(bus, 'd', ['d.x']);
    const event = makeEvent('d.x');
    await bus.publish(event);
    await eventually(() => expect(received).toHaveLength(1));
    clock.advance(500);
    await bus.publish(event); // within the window: dropped
    clock.advance(600);
    await bus.publish(event); // 1,100 ms after the first: past the (clamped) window
    await eventually(() => expect(received.map((r) => r.id)).toEqual([event.id, event.id]));
  });

  test('a durable that fell behind resumes at the oldest event held, and the skip is logged', async () => {
    const { bus, logger } = makeBus({ limits: { maxMessages: 2 } });
    const events = Array.from({ length: 4 }, (_, i) => makeEvent('f.x', { i }));
    const first = await collect(bus, 'behind', ['f.x']);
    await bus.publish(events[0]);
    await eventually(() => expect(first).toHaveLength(1));
    await subscriptions.pop()!.stop();
    for (const event of events.slice(1)) await bus.publish(event);
    const again = await collect(bus, 'behind', ['f.x']);
    await eventually(() => expect(again.map((r) => r.id)).toEqual([events[2].id, events[3].id]));
    const warning = logger.records.find((r) => r.level === 'warn' && /fell behind/.test(r.message));
    expect(warning?.fields).toMatchObject({ durable: 'behind', skipped: 1 });
  });

  test('an event waiting for redelivery that the limits drop is skipped, and the next one flows', async () => {
    const { bus, logger } = makeBus({ limits: { maxMessages: 1 } });
    const stuck = makeEvent('r.x', { stuck: true });
    const next = makeEvent('r.x', { stuck: false });
    const received = await collect(
      bus,
      'retrying',
      ['r.x'],
      (event) => ((event.data as { stuck: boolean }).stuck ? 'retry' : 'ack'),
      200,
    );
    await bus.publish(stuck);
    await eventually(() => expect(received.map((r) => r.id)).toContain(stuck.id));
    await bus.publish(next);
    await eventually(() =>
      expect(received.filter((r) => r.id === next.id)).toEqual([{ id: next.id, deliveryCount: 1 }]),
    );
    expect(received.at(-1)?.id).toBe(next.id);
    expect(
      logger.records.some(
        (r) => r.level === 'warn' && /fell behind/.test(r.message) && r.fields.durable === 'retrying',
      ),
    ).toBe(true);
  });

  test('a long run stays within the limits and every durable keeps its place', async () => {
    const { bus } = makeBus({ limits: { maxMessages: 100 } });
    const live: string[] = [];
    let delivered: (() => void) | undefined;
    subscriptions.push(
      await bus.subscribe({
        durable: 'live',
        subjects: ['g.>'],
        handler: async (event) => {
          live.push(event.id);
          delivered?.();
        },
      }),
    );
    const paused = await collect(bus, 'paused', ['g.>']);
    const published: string[] = [];
    for (let i = 0; i < 5000; i++) {
      if (i === 10) {
        await eventually(() => expect(paused).toHaveLength(10));
        await subscriptions.pop()!.stop();
      }
      const event = makeEvent(i % 2 === 0 ? 'g.a' : 'g.b', { i });
      published.push(event.id);
      const arrived = new Promise<void>((resolve) => (delivered = resolve));
      await bus.publish(event);
      await arrived;
    }
    expect(live).toEqual(published);
    expect(bus.stats()).toMatchObject({ messages: 100, dropped: 4900 });
    const resumed = await collect(bus, 'paused', ['g.>']);
    await eventually(() => expect(resumed.map((r) => r.id)).toEqual(published.slice(4900)));
    expect(paused.map((r) => r.id)).toEqual(published.slice(0, 10));
  });

  test('refuses limits that are not positive numbers', () => {
    expect(() => createInProcessBus({ limits: { maxMessages: 0 } })).toThrow(
      'maxMessages must be a positive number or Infinity',
    );
    expect(() => createInProcessBus({ limits: { maxAgeMs: Number.NaN } })).toThrow('maxAgeMs');
    expect(createInProcessBus({ limits: { maxBytes: Infinity } }).stats()).toEqual({
      messages: 0,
      bytes: 0,
      dropped: 0,
    });
    expect(createInProcessBus({ limits: { maxBytes: 1024 } }).limits).toEqual({
      ...DEFAULT_STREAM_LIMITS,
      maxBytes: 1024,
    });
  });
});
