import { EVENT_STREAM_SUBJECTS } from '@hf/contracts';
import { connectNatsBus } from '@hf/messaging';
import { listenWithGracefulShutdown, tuneHeapGrowth } from '@hf/service-kit';
import { buildGateway } from './app';
import { gatewayOptionsFromEnv } from './config';

/** Scaled-mode process: the gateway on PORT (8080), services and NATS from the environment. */
async function main(): Promise<void> {
  tuneHeapGrowth();
  try {
    const { port, host, natsUrl, ...options } = gatewayOptionsFromEnv();
    const bus = await connectNatsBus({ servers: natsUrl, name: 'gateway', subjects: EVENT_STREAM_SUBJECTS });
    const app = await buildGateway({ ...options, bus });
    app.addHook('onClose', async () => bus.close());
    await listenWithGracefulShutdown(app, port, host);
  } catch (err) {
    console.error(`gateway failed to start: ${(err as Error).message}`);
    process.exit(1);
  }
}

void main();
