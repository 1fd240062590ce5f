import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LEDGER_MIRROR_MIGRATIONS, LedgerMirror, LedgerReplay } from '@hf/ledger-mirror';
import { MESSAGING_MIGRATIONS } from '@hf/messaging';
import { createService, type BaseAppOptions } from '@hf/service-kit';
import { drillDownRoutes } from './routes/drill-downs';
import { internalRoutes } from './routes/internal';
import { monthlyTrendRoutes } from './routes/monthly-trend';
import { reportRoutes } from './routes/reports';
import { readModelUrl } from './read-model-url';

export interface AppOptions extends BaseAppOptions {
  /** svc-ledger's base URL, for its replay (internal routes). */
  ledgerUrl: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The ledger mirror the reports read (@hf/ledger-mirror): consumer, rebuilds, freshness. */
    mirror: LedgerMirror;
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
    databaseUrl: readModelUrl(options.databaseUrl),
    name: 'svc-reports',
    migrationsDir: join(__dirname, '..', 'migrations'),
    packageMigrations: [MESSAGING_MIGRATIONS, LEDGER_MIRROR_MIGRATIONS],
    routes: async (scope) => {
      await scope.register(reportRoutes);
      await scope.register(drillDownRoutes);
      await scope.register(monthlyTrendRoutes);
      await scope.register(internalRoutes);
    },
  });
  const mirror = new LedgerMirror({
    pool: app.db,
    consumer: 'svc-reports',
    replay: new LedgerReplay(options.ledgerUrl, options.internalToken),
    vacuumTables: [
      'ledger_rows',
      'report_month_categories',
      'report_month_account_categories',
      'report_payee_totals',
      'report_split_lines',
    ],
  });
  app.decorate('mirror', mirror);
  await mirror.start(app.bus, app.log);
  // onClose hooks run in reverse order of registration: the consumer stops before the pool ends.
  app.addHook('onClose', async () => mirror.stop());
  return app;
}
