import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MESSAGING_MIGRATIONS, startOutboxRelay, type OutboxRelay } from '@hf/messaging';
import { createService, type BaseAppOptions } from '@hf/service-kit';
import { BalanceCache } from './held-registers/balance-cache';
import { DEFAULT_REGISTER_CACHE_BYTES, RegisterCache } from './held-registers/register-cache';
import { mayCheckReferencesOnce } from './repositories/references';
import { accountRoutes } from './routes/accounts';
import { bulkCategorizeRoutes } from './routes/bulk-categorize';
import { categoryRoutes } from './routes/categories';
import { historyRoutes } from './routes/history';
import { budgetedRowRoutes } from './routes/internal/budgeted-rows';
import { importRoutes } from './routes/internal/import';
import { replayRoutes } from './routes/internal/replay';
import { payeeRoutes } from './routes/payees';
import { reconciliationRoutes } from './routes/reconciliations';
import { registerRoutes } from './routes/register';
import { ruleRoutes } from './routes/rules';
import { transactionRoutes } from './routes/transactions';
import { transferRoutes } from './routes/transfers';

export interface AppOptions extends BaseAppOptions {
  /** Memory budget of the full-register cache in bytes; default `LEDGER_REGISTER_CACHE_MB` (MiB) or 200 MiB; 0 turns it off. */
  registerCacheBytes?: number;
}

function registerCacheBytes(options: AppOptions): number {
  if (options.registerCacheBytes !== undefined) return options.registerCacheBytes;
  const mb = Number(process.env.LEDGER_REGISTER_CACHE_MB);
  return process.env.LEDGER_REGISTER_CACHE_MB && Number.isFinite(mb) && mb >= 0
    ? mb * 1024 * 1024
    : DEFAULT_REGISTER_CACHE_BYTES;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes svc-ledger's outbox to the bus; tests call `outbox.flush()`. */
    outbox: OutboxRelay;
    /** Full registers by account and register version (see held-registers/). */
    registerCache: RegisterCache;
    /** Account balances by account and register version (see held-registers/balance-cache.ts). */
    balanceCache: BalanceCache;
    /** True when bulk creates may check their references once instead of per row (repositories/references.ts). */
    checksReferencesOnce: boolean;
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
    packageMigrations: [MESSAGING_MIGRATIONS],
    routes: async (scope) => {
      await scope.register(accountRoutes);
      await scope.register(transferRoutes);
      await scope.register(registerRoutes);
      await scope.register(transactionRoutes);
      await scope.register(bulkCategorizeRoutes);
      await scope.register(categoryRoutes);
      await scope.register(historyRoutes);
      await scope.register(payeeRoutes);
      await scope.register(reconciliationRoutes);
      await scope.register(importRoutes);
      await scope.register(budgetedRowRoutes);
      await scope.register(replayRoutes);
      await scope.register(ruleRoutes);
    },
  });
  // Read by the register route at request time (route scopes see root decorations).
  const balances = new BalanceCache();
  const registers = new RegisterCache(app.db, registerCacheBytes(options), balances);
  app.decorate('balanceCache', balances);
  app.decorate('registerCache', registers);
  app.cacheSizes.set('registers', () => ({
    entries: registers.entries,
    bytes: registers.bytes,
    maxBytes: registers.budgetBytes,
  }));
  app.cacheSizes.set('balances', () => ({ entries: balances.accounts, maxEntries: balances.maxAccounts }));
  app.decorate('checksReferencesOnce', await mayCheckReferencesOnce(app.db));
  const relay = startOutboxRelay({ pool: app.db, bus: app.bus, logger: app.log });
  app.decorate('outbox', relay);
  // onClose hooks run in reverse order of registration: the relay stops before the pool ends.
  app.addHook('onClose', async () => relay.stop());
  return app;
}
