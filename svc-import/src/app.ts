import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { localToday } from '@hf/calendar';
import { LedgerClient } from '@hf/ledger-client';
import { createService, type BaseAppOptions } from '@hf/service-kit';
import { StatementCache } from './reading/statement-cache';
import { commitRoutes } from './routes/commit';
import { mappingRoutes } from './routes/mappings';
import { analyzeRoutes } from './routes/analyze';
import { reconcileRoutes } from './routes/reconcile';
import { acceptMultipart } from './upload';

export interface AppOptions extends BaseAppOptions {
  /** svc-ledger's base URL: its internal candidates, bulk-create and clear routes. */
  ledgerUrl: string;
  /** The server's "today" (tests inject one; the client's X-Client-Date may move it by a day). */
  today?: () => string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** svc-ledger's internal API (its import routes: candidates, bulk create, clear). */
    ledger: LedgerClient;
    today: () => string;
    /** Tables the analysis read, for the reconciliation of the same bytes (reading/statement-cache.ts). */
    statements: StatementCache;
  }
}

/**
 * svc-import as a Fastify app: bank files analysed and read under a mapping (src/reading),
 * reconciled with the account's rows (src/domain/matching), committed through svc-ledger.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = await createService({
    ...options,
    name: 'svc-import',
    migrationsDir: join(__dirname, '..', 'migrations'),
    routes: async (scope) => {
      acceptMultipart(scope);
      await scope.register(mappingRoutes);
      await scope.register(commitRoutes);
      await scope.register(analyzeRoutes);
      await scope.register(reconcileRoutes);
    },
  });
  app.decorate('today', options.today ?? (() => localToday()));
  app.decorate('ledger', new LedgerClient(options.ledgerUrl, options.internalToken));
  const statements = new StatementCache();
  app.decorate('statements', statements);
  app.cacheSizes.set('statements', () => ({
    entries: statements.size,
    bytes: statements.heapBytes,
    maxBytes: statements.limits.maxHeapBytes,
  }));
  return app;
}
