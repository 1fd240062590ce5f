import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { Bus, DeliveryMeta, EventEnvelope, HandlerOutcome, Subscription } from '../src/bus';
import { createInProcessBus } from '../src/inprocess-bus';
import { bridgeBusToPort, createPortBus, filterCovers } from '../src/port-bus';
import { eventually, makeEvent, MemoryLogger, sleep } from './helpers';

/**
 * The bus across a thread boundary, over a real MessageChannel: the in-process bus and the
 * bridge on one end, the port bus on the other (a worker thread in the app; the same port
 * semantics here).
 */
interface Setup {
  bus: Bus;
  bridge: Subscription;
  portBus: Bus;
  port: MessagePort;
  logger: MemoryLogger;
}

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const dispose of open.splice(0).reverse()) await dispose().catch(() => undefined);
});

async function setup(subjects: string[], busIn?: Bus, durable = 'gateway-test'): Promise<Setup> {
  const logger = new MemoryLogger();
  const bus = busIn ?? createInProcessBus({ logger });
  const { port1, port2 } = new MessageChannel();
  const bridge = await bridgeBusToPort(bus, port1, { durable, subjects });
  const portBus = createPortBus(port2, { subjects, logger });
  open.push(async () => {
    await portBus.close();
    await bridge.stop();
    if (!busIn) await bus.close();
  });
  return { bus, bridge, portBus, port: port2, logger };
}

async function collect(
  portBus: Bus,
  subjects: string[],
  decide: (event: EventEnvelope, meta: DeliveryMeta) => HandlerOutcome | void | Promise<HandlerOutcome | void> = () =>
    'ack',
  options: { ackWaitMs?: number; maxDeliver?: number } = {},
): Promise<{ received: Array<{ event: EventEnvelope; meta: DeliveryMeta }>; subscription: Subscription }> {
  const received: Array<{ event: EventEnvelope; meta: DeliveryMeta }> = [];
  const subscription = await portBus.subscribe({
    durable: 'gateway-test',
    subjects,
    ackWaitMs: options.ackWaitMs ?? 50,
    maxDeliver: options.maxDeliver,
    handler: async (event, meta) => {
      received.push({ event, meta });
      return decide(event, meta);
    },
  });
  return { received, subscription };
}

describe('port bus (bridgeBusToPort + createPortBus)', () => {
  test('delivers the published envelope unchanged across the port', async () => {
    const t = await setup(['auth.session.revoked.v1']);
    const { received } = await collect(t.portBus, ['auth.session.revoked.v1']);
    const event = makeEvent('auth.session.revoked.v1', {
      session_ids: ['a', 'b'],
      note: 'ünïcode',
      nested: { list: [1, null, 'x'] },
    });
    await t.bus.publish(event);
    await eventually(() => expect(received).toHaveLength(1));
    expect(received[0].event).toEqual(event);
    expect(received[0].meta.deliveryCount).toBe(1);
  });

  test('keeps publish order', async () => {
    const t = await setup(['o.a', 'o.b']);
    const { received } = await collect(t.portBus, ['o.a', 'o.b']);
    const published: string[] = [];
    for (let i = 0; i < 50; i++) {
      const event = makeEvent(i % 3 === 0 ? 'o.b' : 'o.a', { i });
      published.push(event.id);
      await t.bus.publish(event);
    }
    await eventually(() => expect(received).toHaveLength(50));
    expect(received.map((r) => r.event.id)).toEqual(published);
  });

  test('matches subjects like NATS on both sides: `*` is one token, `>` one or more', async () => {
    const t = await setup(['w.>']);
    const star = await collect(t.portBus, ['w.*.x']);
    const tail = await collect(t.portBus, ['w.a.>']);
    for (const type of ['w.a.x', 'w.b.x', 'w.a.b.x', 'w.a', 'other.a.x', 'w.a.y']) await t.bus.publish(makeEvent(type));
    await eventually(() => expect(tail.received.map((r) => r.event.type)).toEqual(['w.a.x', 'w.a.b.x', 'w.a.y']));
    expect(star.received.map((r) => r.event.type)).toEqual(['w.a.x', 'w.b.x']);
  });

  test('only the bridged subjects cross; events published before the subscription wait in the port', async () => {
    const t = await setup(['early.kept']);
    const early = makeEvent('early.kept', { n: 1 });
    await t.bus.publish(early);
    await t.bus.publish(makeEvent('early.other'));
    await sleep(30);
    const { received } = await collect(t.portBus, ['early.kept']);
    await eventually(() => expect(received.map((r) => r.event.id)).toEqual([early.id]));
  });

  test('refuses a subject the bridge does not forward, and invalid subjects', async () => {
    const t = await setup(['auth.session.revoked.v1', 'ledger.>']);
    await expect(collect(t.portBus, ['auth.user.deleted.v1'])).rejects.toThrow(
      'auth.user.deleted.v1 is not forwarded to this thread',
    );
    await expect(collect(t.portBus, ['ledger.>', 'budget.*'])).rejects.toThrow('budget.* is not forwarded');
    await expect(collect(t.portBus, ['bad..subject'])).rejects.toThrow('Invalid subjects');
    await expect(collect(t.portBus, ['ledger.transaction.recorded.v1'])).resolves.toBeDefined();
  });

  test('publish rejects with a clear error: events are published on the main thread', async () => {
    const t = await setup(['x.y']);
    await expect(t.portBus.publish(makeEvent('x.y'))).rejects.toThrow("publish x.y on the main thread's bus");
  });

  test('redelivers on retry or a throw with a growing deliveryCount, then drops the poison and moves on', async () => {
    const t = await setup(['r.>']);
    const poison = makeEvent('r.poison');
    const retried = makeEvent('r.retried');
    const after = makeEvent('r.after');
    const { received } = await collect(
      t.portBus,
      ['r.>'],
      (event, meta) => {
        if (event.id === poison.id) throw new Error('cannot handle');
        if (event.id === retried.id && meta.deliveryCount < 2) return 'retry';
        return 'ack';
      },
      { ackWaitMs: 20, maxDeliver: 3 },
    );
    for (const event of [poison, retried, after]) await t.bus.publish(event);
    await eventually(() =>
      expect(received.map((r) => r.event.id)).toEqual([
        poison.id,
        poison.id,
        poison.id,
        retried.id,
        retried.id,
        after.id,
      ]),
    );
    expect(received.map((r) => r.meta.deliveryCount)).toEqual([1, 2, 3, 1, 2, 1]);
    expect(
      t.logger.records.some((r) => r.level === 'error' && r.fields.eventId === poison.id && /poison/.test(r.message)),
    ).toBe(true);
  });

  test('a failed event comes again long before the ack wait (60 s here)', async () => {
    const t = await setup(['s.>']);
    const event = makeEvent('s.x');
    const { received } = await collect(
      t.portBus,
      ['s.>'],
      (_event, meta) => (meta.deliveryCount === 1 ? 'retry' : 'ack'),
      { ackWaitMs: 60_000 },
    );
    await t.bus.publish(event);
    await eventually(() => expect(received.map((r) => r.meta.deliveryCount)).toEqual([1, 2]), 20_000);
  }, 25_000);

  test("a 'terminate' outcome drops the event at once and logs it; a handler cannot change the next delivery", async () => {
    const t = await setup(['m.>']);
    const first = makeEvent('m.first', { n: 1 });
    const seen: unknown[] = [];
    const { received } = await collect(t.portBus, ['m.>'], (event, meta) => {
      if (event.type === 'm.first') seen.push({ ...(event.data as object) });
      (event.data as { n: number }).n = 99;
      if (event.type === 'm.first' && meta.deliveryCount === 1) return 'retry';
      return event.type === 'm.first' ? 'terminate' : 'ack';
    });
    await t.bus.publish(first);
    await t.bus.publish(makeEvent('m.second'));
    await eventually(() => expect(received.map((r) => r.event.type)).toEqual(['m.first', 'm.first', 'm.second']));
    // The second delivery got the event as published, not the first handler's changes.
    expect(seen).toEqual([{ n: 1 }, { n: 1 }]);
    expect(
      t.logger.records.some(
        (r) => r.level === 'error' && r.fields.eventId === first.id && /terminated/.test(r.message),
      ),
    ).toBe(true);
  });

  test('a stopped subscription gets nothing more, and stop waits for the running handler', async () => {
    const t = await setup(['s.>']);
    let finished = false;
    const { received, subscription } = await collect(t.portBus, ['s.>'], async () => {
      await sleep(50);
      finished = true;
    });
    await t.bus.publish(makeEvent('s.one'));
    await eventually(() => expect(received).toHaveLength(1));
    await subscription.stop();
    expect(finished).toBe(true);
    await t.bus.publish(makeEvent('s.two'));
    await sleep(50);
    expect(received).toHaveLength(1);
  });

  test('is ready while the port is open; not once the bridge stops or the bus closes', async () => {
    const t = await setup(['ready.x']);
    expect(await t.portBus.isReady()).toBe(true);
    await t.bridge.stop();
    await eventually(async () => expect(await t.portBus.isReady()).toBe(false));

    const u = await setup(['ready.y']);
    await u.portBus.close();
    expect(await u.portBus.isReady()).toBe(false);
    await expect(collect(u.portBus, ['ready.y'])).rejects.toThrow('The bus is closed.');
  });

  test('a bridge whose port closes from the other side stops; a new bridge with the same durable resumes there', async () => {
    const logger = new MemoryLogger();
    const bus = createInProcessBus({ logger });
    open.push(() => bus.close());
    const first = await setup(['g.>'], bus, 'gateway-restart');
    const one = await collect(first.portBus, ['g.>']);
    const e1 = makeEvent('g.one');
    await bus.publish(e1);
    await eventually(() => expect(one.received.map((r) => r.event.id)).toEqual([e1.id]));

    // The receiving thread goes away: its end of the channel closes.
    first.port.close();
    await sleep(20);
    const e2 = makeEvent('g.two');
    await bus.publish(e2);
    await sleep(30);

    const second = await setup(['g.>'], bus, 'gateway-restart');
    const two = await collect(second.portBus, ['g.>']);
    await eventually(() => expect(two.received.map((r) => r.event.id)).toEqual([e2.id]));
    expect(one.received).toHaveLength(1);
  });
});

describe('filterCovers', () => {
  test.each([
    ['w.>', 'w.*.x', true],
    ['w.>', 'w.a', true],
    ['w.>', 'w.>', true],
    ['w.>', 'w', false],
    ['w.*', 'w.a', true],
    ['w.*', 'w.*', true],
    ['w.*', 'w.>', false],
    ['w.*', 'w.a.b', false],
    ['a.b.c', 'a.b.c', true],
    ['a.b.c', 'a.*.c', false],
    ['a.b', 'a.b.c', false],
    ['>', 'anything.at.all', true],
  ])('%s covers %s: %s', (outer, inner, expected) => {
    expect(filterCovers(outer, inner)).toBe(expected);
  });
});
