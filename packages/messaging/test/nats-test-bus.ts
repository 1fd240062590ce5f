import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { StreamLimits } from '../src/limits';
import { connectNatsBus } from '../src/nats-bus';
import { MemoryLogger, NATS_URL, randomName, type TestBus } from './helpers';

/** A NATS bus on a stream of its own (`HF_TEST_<random>` over `<prefix>.>`), deleted by dispose. */
export async function natsTestBus(
  logger = new MemoryLogger(),
  limits?: Partial<StreamLimits>,
): Promise<TestBus & { streamName: string }> {
  const prefix = randomName('t');
  const streamName = `HF_TEST_${prefix}`;
  const bus = await connectNatsBus({
    servers: NATS_URL,
    name: 'messaging-test',
    streamName,
    subjects: [`${prefix}.>`],
    limits,
    logger,
  });
  return {
    bus,
    prefix,
    streamName,
    logger,
    dispose: async () => {
      await bus.close();
      const nc = await connect({ servers: NATS_URL });
      try {
        await (await jetstreamManager(nc)).streams.delete(streamName);
      } catch {
        // already gone
      } finally {
        await nc.close();
      }
    },
  };
}
