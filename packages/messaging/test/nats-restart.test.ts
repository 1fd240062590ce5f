/**
 * A NATS server restart under a running durable (the fault drills' "NATS down, then up"): the
 * durable gets the events published after the server is back, each once, without a restart of
 * the subscriber. Runs a nats-server of its own (stopped and started on the same port and store);
 * skipped with a message when nats-server is not installed, unless REQUIRE_NATS=1.
 */
import { natsServerAvailable, startRestartableNats, type RestartableNats } from '../src/testing/private-nats';
import type { EventEnvelope } from '../src';
import { connect, nanos } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connectNatsBus } from '../src';
import { eventually, makeEvent, MemoryLogger, sleep } from './helpers';

const maybe = natsServerAvailable('NATS restart test') ? describe : describe.skip;

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
    const bus = await connectNatsBus({ servers: nats.url, name: 'restart-test', subjects: ['ledger.>'], logger });
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
    const bus = await connectNatsBus({ servers: nats.url, name: 'restart-in-flight', subjects: ['ledger.>'], logger });
    const seen: string[] = [];
    let started = false;
    const subscription = await bus.subscribe({
      durable: 'restart-in-flight',
      subjects: ['ledger.>'],
      // Far longer than the test: what was in flight must come back without waiting for it.
      ackWaitMs: 600_000,
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

  it('events a subscriber that died held unacked come to the next subscriber at once, in order, without waiting for the ack wait', async () => {
    const logger = new MemoryLogger();
    const bus = await connectNatsBus({ servers: nats.url, name: 'restart-left-over', subjects: ['ledger.>'], logger });
    const events = Array.from({ length: 8 }, () => makeEvent('ledger.thing.happened.v1'));
    for (const event of events) await bus.publish(event);
    // A process that took three events and died: its durable (same settings) has them in flight.
    const raw = await connect({ servers: nats.url });
    const jsm = await jetstreamManager(raw);
    await jsm.consumers.add('HF_EVENTS', {
      durable_name: 'left-over',
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(600_000),
      filter_subject: 'ledger.>',
      max_ack_pending: 10,
    });
    const consumer = await jetstream(raw).consumers.get('HF_EVENTS', 'left-over');
    const taken = await consumer.fetch({ max_messages: 3, expires: 2000 });
    const held: number[] = [];
    for await (const msg of taken) held.push(msg.seq);
    expect(held).toHaveLength(3);
    expect((await jsm.consumers.info('HF_EVENTS', 'left-over')).num_ack_pending).toBe(3);
    await raw.close();

    const seen: string[] = [];
    const subscription = await bus.subscribe({
      durable: 'left-over',
      subjects: ['ledger.>'],
      ackWaitMs: 600_000,
      maxBatch: 10,
      handler: async (event: EventEnvelope) => void seen.push(event.id),
      batchHandler: async (batch: EventEnvelope[]) => void seen.push(...batch.map((e) => e.id)),
    });
    try {
      const all = [...events].map((e) => e.id);
      await eventually(() => expect(seen.filter((id) => all.includes(id))).toEqual(all), 30_000);
      expect(
        logger.records.some(
          (r) => r.message === 're-creating the durable from its ack floor' && r.fields.inFlight === 3,
        ),
      ).toBe(true);
    } finally {
      await subscription.stop();
      await bus.close();
    }
  }, 60_000);
});
