import { waitForPosition } from '@hf/messaging';
import { withTransaction, type Pool } from '@hf/service-kit';
import { LEDGER_SOURCE, REPORTS_CONSUMER } from './events/ledger-consumer';
import type { LedgerReplay } from './ledger-replay';
import { householdSync, lockHousehold, replaceHousehold } from './repositories/read-model';

/**
 * The read model's freshness for one household: rebuilt from the ledger's replay when it was
 * never built, when events were lost (stale), or when a read asks for a sequence (X-Min-Sequence)
 * that the consumer has not reached within its wait.
 */
export class ReportsReadModel {
  private readonly rebuilding = new Map<number, Promise<void>>();

  constructor(
    private readonly pool: Pool,
    private readonly replay: LedgerReplay,
  ) {}

  /** Replaces the household's read model with the ledger's current state (one at a time per household). */
  rebuild(householdId: number): Promise<void> {
    let running = this.rebuilding.get(householdId);
    if (!running) {
      running = withTransaction(this.pool, async (client) => {
        // The lock is taken before the replay is read: every event the consumer applied is in it.
        await lockHousehold(client, householdId);
        const state = await this.replay.household(householdId);
        await replaceHousehold(client, householdId, state);
      })
        // Fresh rows are not yet all-visible: without a vacuum, the index-only scans of the reports
        // read every row from the heap until autovacuum comes by.
        .then(() => this.vacuum())
        .finally(() => this.rebuilding.delete(householdId));
      this.rebuilding.set(householdId, running);
    }
    return running;
  }

  private async vacuum(): Promise<void> {
    await this.pool.query('VACUUM (ANALYZE) report_rows').catch(() => undefined);
  }

  /** Every household of the ledger, one after the other; answers how many. */
  async rebuildAll(): Promise<number> {
    const households = await this.replay.households();
    for (const id of households) await this.rebuild(id);
    return households.length;
  }

  /** Makes the household's read model fit for a read that has seen `minSequence` (0: no wish). */
  async ensureFresh(householdId: number, minSequence: number): Promise<void> {
    let sync = await householdSync(this.pool, householdId);
    if (sync && !sync.stale && minSequence > sync.sequence) {
      if (!(await waitForPosition(this.pool, REPORTS_CONSUMER, LEDGER_SOURCE, minSequence))) {
        sync = await householdSync(this.pool, householdId);
        if (sync && minSequence > sync.sequence) sync = null;
      }
    }
    if (!sync || sync.stale) await this.rebuild(householdId);
  }
}
