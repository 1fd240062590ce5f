import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ensureMessagingTables } from '@hf/messaging';
import { createService, type BaseAppOptions } from '@hf/service-kit';
import { startLedgerConsumer } from './events/ledger-consumer';
import { LedgerReplay } from './ledger-replay';
import { ReportsReadModel } from './read-model';
import { internalRoutes } from './routes/internal';
import { reportRoutes } from './routes/reports';

export interface AppOptions extends BaseAppOptions {
  /** svc-ledger's base URL, for its replay (internal routes). */
  ledgerUrl: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The read model's freshness: rebuilds from the ledger's replay (see read-model.ts). */
    readModel: ReportsReadModel;
  }
}

/**
 * svc-reports as a Fastify app: spending and income reports, their drill-down and the monthly
 * trend, read from its own read model of the ledger, kept by consuming `ledger.*` events and
 * rebuilt from svc-ledger's replay when it is missing or behind.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = await createService({
    ...options,
    name: 'svc-reports',
    migrationsDir: join(__dirname, '..', 'migrations'),
    onDatabaseReady: (pool) => ensureMessagingTables(pool),
    routes: async (scope) => {
      await scope.register(reportRoutes);
      await scope.register(internalRoutes);
    },
  });
  app.decorate('readModel', new ReportsReadModel(app.db, new LedgerReplay(options.ledgerUrl, options.internalToken)));
  const consumer = await startLedgerConsumer(app.db, app.bus, app.log);
  // onClose hooks run in reverse order of registration: the consumer stops before the pool ends.
  app.addHook('onClose', async () => consumer.stop());
  return app;
}
