import { join } from 'node:path';
import type pg from 'pg';
import { migrate, type MigrationSet } from '@hf/migrations';

/**
 * The outbox, the processed-events record and the consumer positions, as numbered migrations
 * (`packages/messaging/migrations/`). A service whose database holds them lists this set beside
 * its own migrations (createService's `packageMigrations`).
 */
export const MESSAGING_MIGRATIONS: MigrationSet = {
  name: '@hf/messaging',
  dir: join(__dirname, '..', 'migrations'),
};

/** Applies MESSAGING_MIGRATIONS alone: for a database without a service's migrations (tests, tools). */
export async function ensureMessagingTables(pool: pg.Pool): Promise<void> {
  await migrate(pool, [MESSAGING_MIGRATIONS]);
}
