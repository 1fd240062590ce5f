import { join } from 'node:path';
import { migrate, type MigrationSet, type Pool } from '@hf/service-kit';

/**
 * The mirror's tables (ledger_accounts, ledger_categories, ledger_rows, ledger_households) as
 * numbered migrations (`packages/ledger-mirror/migrations/`). A service that keeps a mirror lists
 * this set beside its own migrations (createService's `packageMigrations`); its own migrations
 * add the indexes its queries need.
 */
export const LEDGER_MIRROR_MIGRATIONS: MigrationSet = {
  name: '@hf/ledger-mirror',
  dir: join(__dirname, '..', 'migrations'),
};

/** Applies LEDGER_MIRROR_MIGRATIONS alone: for a database without a service's migrations (tests, tools). */
export async function ensureMirrorTables(pool: Pool): Promise<void> {
  await migrate(pool, [LEDGER_MIRROR_MIGRATIONS]);
}
