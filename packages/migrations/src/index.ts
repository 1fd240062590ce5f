/** @hf/migrations: numbered SQL migrations, in named sets, applied at start. */
export { migrate, SERVICE_MIGRATIONS, type AppliedMigration, type MigrationSet } from './migrate';
