import type { FastifyBaseLogger } from 'fastify';
import { runConsumer, type Bus, type Subscription } from '@hf/messaging';
import type { Pool } from '@hf/service-kit';
import { changesOf } from '../domain/ledger-events';
import { applyChanges, householdSync, lockHousehold, markAllStale } from '../repositories/read-model';
import { ALL_LEDGER_SCHEMAS } from './schemas';

/** Durable name of the reports consumer (processed_events, consumer_positions, the bus). */
export const REPORTS_CONSUMER = 'svc-reports';
export const LEDGER_SOURCE = 'svc-ledger';

/**
 * Keeps the read model from `ledger.*` events. Each event is applied under its household's lock,
 * skipped when the household was rebuilt at or after its sequence, and written row by row only
 * over older states. A gap in the ledger's sequence means events were lost (dropped by the bus's
 * retention, or terminated): every household is then marked stale and rebuilt from the ledger's
 * replay before its next report.
 */
export function startLedgerConsumer(pool: Pool, bus: Bus, logger: FastifyBaseLogger): Promise<Subscription> {
  return runConsumer({
    pool,
    bus,
    consumer: REPORTS_CONSUMER,
    subjects: ['ledger.>'],
    schemas: ALL_LEDGER_SCHEMAS,
    logger,
    handle: async (client, event) => {
      const position = await client.query<{ sequence: number }>(
        'SELECT sequence FROM consumer_positions WHERE consumer = $1 AND source = $2',
        [REPORTS_CONSUMER, event.source],
      );
      const previous = position.rows[0]?.sequence ?? 0;
      if (event.sequence > previous + 1) {
        logger.warn({ previous, sequence: event.sequence }, 'ledger events missing: households will be rebuilt from the ledger');
        await markAllStale(client);
      }
      await lockHousehold(client, event.household_id);
      const sync = await householdSync(client, event.household_id);
      if (sync && event.sequence <= sync.sequence) return;
      await applyChanges(client, changesOf(event.type, event.data), event.sequence);
    },
  });
}
