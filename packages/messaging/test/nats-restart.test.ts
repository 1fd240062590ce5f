/**
 * A NATS server restart under a running durable (the fault drills' "NATS down, then up"): the
 * durable gets the events published after the server is back, each once, without a restart of
 * the subscriber. Runs a nats-server of its own (stopped and started on the same port and store);
 * skipped with a message when nats-server is not installed, unless REQUIRE_NATS=1.
 */
import { natsServerPresent, NATS_SERVER, startRestartableNats, type RestartableNats } from '../../../scripts/drills/private-nats';
import type { EventEnvelope } from '../src';
import { connectNatsBus } from '../src';
import { eventually, makeEvent, MemoryLogger, sleep } from './helpers';

const present = natsServerPresent();
if (!present && process.env.REQUIRE_NATS === '1') throw new Error(`${NATS_SERVER} is missing (REQUIRE_NATS=1)`);
const maybe = present ? describe : describe.skip;
if (!present) console.warn(`NATS restart test skipped: ${NATS_SERVER} is missing`);

maybe('nats bus across a server restart', () => {
  let nats: RestartableNats;
  beforeAll(async () => {
    nats = await startRestartableNats();
  });
  afterAll(async () => {
    await nats.destroy();
  });

  it('keeps delivering to a durable once the server is back, each event once', async () => {
    const logger = new MemoryLogger();
    const bus = await connectNatsBus({ servers: nats.url, name: 'restart-test', logger });
    const seen: string[] = [];
    const subscription = await bus.subscribe({
      durable: 'restart-test',
      subjects: ['ledger.>'],
      handler: async (event: EventEnvelope) => {
        seen.push(event.id);
      },
    });
    try {
      const before = makeEvent('ledger.thing.happened.v1');
      await bus.publish(before);
      await eventually(() => expect(seen).toEqual([before.id]));

      await nats.stop();
      await sleep(1500);
      await nats.start();

      // Publishing waits for the client to reconnect; tried again until the server has it.
      const after = makeEvent('ledger.thing.happened.v1');
      await eventually(() => bus.publish(after), 30_000);
      await eventually(() => expect(seen).toEqual([before.id, after.id]), 30_000);
    } finally {
      await subscription.stop();
      await bus.close();
    }
  }, 90_000);
  it('an event in flight when the server went away (its ack lost) is handled again and the durable goes on', async () => {
    const logger = new MemoryLogger();
    const bus = await connectNatsBus({ servers: nats.url, name: 'restart-in-flight', logger });
    const seen: string[] = [];
    let started = false;
    const subscription = await bus.subscribe({
      durable: 'restart-in-flight',
      subjects: ['ledger.>'],
      handler: async (event: EventEnvelope) => {
        // A delivery is still running when the server stops: its ack cannot arrive.
        if (!started) {
          started = true;
          await sleep(3000);
        }
        seen.push(event.id);
      },
    });
    try {
      const inFlight = makeEvent('ledger.thing.happened.v1');
      await bus.publish(inFlight);
      await sleep(500);
      await nats.stop();
      await sleep(1500);
      await nats.start();
      const after = makeEvent('ledger.thing.happened.v1');
      await eventually(() => bus.publish(after), 30_000);
      await eventually(() => expect(seen).toContain(after.id), 60_000);
      // Redelivered (a consumer's processed-events table makes that idempotent), never skipped.
      expect(seen).toContain(inFlight.id);
      expect(seen.filter((id) => id === after.id)).toHaveLength(1);
    } finally {
      await subscription.stop();
      await bus.close();
    }
  }, 120_000);
});
