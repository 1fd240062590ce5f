import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { localToday } from '@hf/calendar';
import { LEDGER_MIRROR_MIGRATIONS, LedgerMirror, LedgerReplay } from '@hf/ledger-mirror';
import { MESSAGING_MIGRATIONS } from '@hf/messaging';
import { LedgerClient } from '@hf/ledger-client';
import { createService, type BaseAppOptions } from '@hf/service-kit';
import { BudgetedRowsRetry } from './budgeted-rows-retry';
import { forgetClosedAccount } from './events/account-closed';
import { dashboardRoutes } from './routes/dashboard';
import { envelopeRoutes } from './routes/envelopes';
import { goalRoutes } from './routes/goals';
import { predictableRoutes } from './routes/predictables';
import { suggestionRoutes } from './routes/suggestions';
import { scenarioRoutes } from './routes/scenarios';

export interface AppOptions extends BaseAppOptions {
  /** svc-ledger's base URL: its replay and its budgeted-row routes. */
  ledgerUrl: string;
  /** The server's "today" (tests inject one; the client's X-Client-Date may move it by a day). */
  today?: () => string;
  /** How often the retry worker brings unsynced Predictables in step (tests make it short). */
  budgetedRowsRetryMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The ledger mirror the budget reads (@hf/ledger-mirror). */
    mirror: LedgerMirror;
    /** svc-ledger's budgeted-row routes (The Predictables' rows). */
    ledger: LedgerClient;
    today: () => string;
    /** The worker that brings Predictables whose budgeted rows failed to reach the ledger in step. */
    budgetedRowsRetry: BudgetedRowsRetry;
  }
}

/**
 * svc-budget as a Fastify app: The Predictables (with their budgeted rows in the ledger),
 * Everyday Envelopes, savings goals and the dashboard, read from its mirror of the ledger.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = await createService({
    ...options,
    name: 'svc-budget',
    migrationsDir: join(__dirname, '..', 'migrations'),
    packageMigrations: [MESSAGING_MIGRATIONS, LEDGER_MIRROR_MIGRATIONS],
    routes: async (scope) => {
      await scope.register(goalRoutes);
      await scope.register(envelopeRoutes);
      await scope.register(scenarioRoutes);
      await scope.register(suggestionRoutes);
      await scope.register(predictableRoutes);
      await scope.register(dashboardRoutes);
    },
  });
  app.decorate('today', options.today ?? (() => localToday()));
  app.decorate('ledger', new LedgerClient(options.ledgerUrl, options.internalToken));
  const mirror = new LedgerMirror({
    pool: app.db,
    consumer: 'svc-budget',
    replay: new LedgerReplay(options.ledgerUrl, options.internalToken),
    vacuumTables: ['ledger_rows'],
    onEvent: forgetClosedAccount,
  });
  app.decorate('mirror', mirror);
  await mirror.start(app.bus, app.log);
  app.addHook('onClose', async () => mirror.stop());
  const retry = new BudgetedRowsRetry({
    pool: app.db,
    ledger: app.ledger,
    today: app.today,
    log: app.log,
    intervalMs: options.budgetedRowsRetryMs,
  });
  app.decorate('budgetedRowsRetry', retry);
  retry.start();
  app.addHook('preClose', async () => retry.stop());
  return app;
}
