import { createInProcessBus } from '../src/inprocess-bus';
import { describeBusContract } from './bus-contract';
import { eventually, makeEvent, MemoryLogger, sleep } from './helpers';

describeBusContract('in-process', async () => {
  const logger = new MemoryLogger();
  const bus = createInProcessBus({ logger });
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
    await bus.subscribe({ durable: 'a', subjects: ['m.x'], handler: async (e) => void ((e.data as { n: number }).n = 99) });
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
