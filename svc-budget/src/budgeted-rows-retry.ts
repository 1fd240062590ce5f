import type { FastifyBaseLogger } from 'fastify';
import type { LedgerClient } from '@hf/ledger-client';
import { withTransaction, type Pool } from '@hf/service-kit';
import { householdView } from './budget-reads';
import { syncBudgetedRows } from './budgeted-rows';
import { horizonMonths } from './domain/schedule';
import { findItem, unsyncedItems } from './repositories/items';

/** How often the worker looks for Predictables whose budgeted rows are not in step. */
export const BUDGETED_ROWS_RETRY_MS = 10_000;

export interface BudgetedRowsRetryOptions {
  pool: Pool;
  ledger: LedgerClient;
  today: () => string;
  log: FastifyBaseLogger;
  intervalMs?: number;
}

/**
 * The repair of a Predictable write whose budgeted rows did not reach the ledger (the write was
 * saved with `synced = false` and answered 503): started with the service, it brings every such
 * item's rows in step, again and again until the ledger takes them. Each item is locked while it
 * is synced, so a write of the same item waits and syncs after it.
 */
export class BudgetedRowsRetry {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<number> | undefined;

  constructor(private readonly options: BudgetedRowsRetryOptions) {}

  start(): void {
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs ?? BUDGETED_ROWS_RETRY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.pass;
  }

  /** One pass over every unsynced item; answers how many were brought in step. One pass at a time. */
  runOnce(): Promise<number> {
    this.pass ??= this.syncAll().finally(() => (this.pass = undefined));
    return this.pass;
  }

  private async syncAll(): Promise<number> {
    const { pool, ledger, log } = this.options;
    let synced = 0;
    try {
      const horizon = horizonMonths(this.options.today());
      for (const [householdId, ids] of await unsyncedItems(pool)) {
        const view = await householdView(pool, householdId);
        for (const id of ids) {
          const done = await withTransaction(pool, async (client) => {
            const item = await findItem(client, householdId, id, true);
            if (!item || item.synced) return false;
            await syncBudgetedRows(ledger, client, householdId, item, view, horizon);
            return true;
          }).catch((err) => {
            log.warn({ err, item: id }, 'budgeted rows still not in step');
            return false;
          });
          if (done) synced++;
        }
      }
    } catch (err) {
      log.warn({ err }, 'budgeted rows retry pass failed');
    }
    return synced;
  }
}
