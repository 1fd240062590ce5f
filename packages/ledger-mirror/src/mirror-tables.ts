import { join } from 'node:path';
import type { MigrationSet } from '@hf/service-kit';

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
