import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ensureMessagingTables, startOutboxRelay, type OutboxRelay } from '@hf/messaging';
import { createService, type BaseAppOptions } from '@hf/service-kit';
import { accountRoutes } from './routes/accounts';
import { categoryRoutes } from './routes/categories';
import { internalRoutes } from './routes/internal';
import { payeeRoutes } from './routes/payees';
import { transactionRoutes } from './routes/transactions';
import { transferRoutes } from './routes/transfers';

export type AppOptions = BaseAppOptions;

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes svc-ledger's outbox to the bus; tests call `outbox.flush()`. */
    outbox: OutboxRelay;
  }
}

/**
 * svc-ledger as a Fastify app: accounts, transactions (register, transfers, budgeted rows),
 * categories and payees, plus internal routes for svc-import and svc-budget. Every write
 * records its events in the outbox in the same database transaction; the relay started here
 * publishes them.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = await createService({
    ...options,
    name: 'svc-ledger',
    migrationsDir: join(__dirname, '..', 'migrations'),
    onDatabaseReady: (pool) => ensureMessagingTables(pool),
    routes: async (scope) => {
      await scope.register(accountRoutes);
      await scope.register(transferRoutes);
      await scope.register(transactionRoutes);
      await scope.register(categoryRoutes);
      await scope.register(payeeRoutes);
      await scope.register(internalRoutes);
    },
  });
  const relay = startOutboxRelay({ pool: app.db, bus: app.bus, logger: app.log });
  app.decorate('outbox', relay);
  // onClose hooks run in reverse order of registration: the relay stops before the pool ends.
  app.addHook('onClose', async () => relay.stop());
  return app;
}
