import type { FastifyInstance } from 'fastify';
import type { Bus } from '@hf/messaging';
import { connectNatsBus } from '@hf/messaging';
import { EVENT_STREAM_SUBJECTS, type ServiceRoute } from '@hf/contracts';
import { envInt, readPem, requireEnv } from './config';
import { ensureDatabase } from './db';
import { tuneHeapGrowth } from './heap-growth';
import { listenWithGracefulShutdown } from './run-service';

/** What every service's `buildApp` needs besides its own extras. */
export interface BaseAppOptions {
  databaseUrl: string;
  jwtPublicKey: string;
  internalToken: string;
  bus: Bus;
  logger?: boolean | { level: string };
}

/**
 * The scaled-mode process entry shared by every `src/server.ts`: reads the environment
 * (fails fast), creates the service's database if needed, connects to NATS, builds the
 * app and listens with graceful shutdown.
 */
export async function runServiceProcess<O extends BaseAppOptions>(
  route: ServiceRoute,
  build: (options: O) => Promise<FastifyInstance>,
  extraOptions: () => Omit<O, keyof BaseAppOptions> = () => ({}) as Omit<O, keyof BaseAppOptions>,
): Promise<void> {
  tuneHeapGrowth();
  try {
    const databaseUrl = requireEnv(`DATABASE_URL_${route.key}`, process.env.DATABASE_URL);
    const port = envInt('PORT', route.defaultPort);
    const host = process.env.HOST ?? '127.0.0.1';
    const jwtPublicKey = readPem('JWT_PUBLIC_KEY');
    const internalToken = requireEnv('INTERNAL_TOKEN');
    const natsUrl = requireEnv('NATS_URL');
    const extras = extraOptions();
    await ensureDatabase(databaseUrl);
    const bus = await connectNatsBus({ servers: natsUrl, name: route.name, subjects: EVENT_STREAM_SUBJECTS });
    const app = await build({
      databaseUrl,
      jwtPublicKey,
      internalToken,
      bus,
      logger: { level: process.env.LOG_LEVEL ?? 'info' },
      ...extras,
    } as O);
    app.addHook('onClose', async () => bus.close());
    await listenWithGracefulShutdown(app, port, host);
  } catch (err) {
    console.error(`${route.name} failed to start: ${(err as Error).message}`);
    process.exit(1);
  }
}
