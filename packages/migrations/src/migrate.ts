import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';

/** A folder of numbered `NNN_name.sql` files: one version sequence, recorded under its name. */
export interface MigrationSet {
  /** Recorded beside each version in `schema_migrations`, e.g. `@hf/messaging`. */
  name: string;
  dir: string;
}

/** The name of a service's own `migrations/` folder, and of the versions recorded before sets had names. */
export const SERVICE_MIGRATIONS = 'service';

export interface AppliedMigration {
  set: string;
  version: string;
}

/** The migrator's advisory lock (session level): instances starting together apply each migration once. */
const MIGRATION_LOCK = 7_272_727;

/**
 * The version table. One made before migrations came in sets has no `migration_set`: its
 * versions are the service's own, and its key becomes (migration_set, version).
 */
const VERSION_TABLE = `
CREATE TABLE IF NOT EXISTS schema_migrations (
  migration_set text NOT NULL,
  version text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (migration_set, version)
);
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
      AND table_name = 'schema_migrations' AND column_name = 'migration_set') THEN
    ALTER TABLE schema_migrations ADD COLUMN migration_set text NOT NULL DEFAULT '${SERVICE_MIGRATIONS}';
    ALTER TABLE schema_migrations ALTER COLUMN migration_set DROP DEFAULT;
    ALTER TABLE schema_migrations DROP CONSTRAINT schema_migrations_pkey;
    ALTER TABLE schema_migrations ADD PRIMARY KEY (migration_set, version);
  END IF;
END
$$;`;

function migrationFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort();
}

async function appliedVersions(client: pg.PoolClient): Promise<Set<string>> {
  const result = await client.query<{ key: string }>(
    "SELECT migration_set || '/' || version AS key FROM schema_migrations",
  );
  return new Set(result.rows.map((r) => r.key));
}

async function applyFile(client: pg.PoolClient, set: MigrationSet, file: string): Promise<void> {
  const sql = readFileSync(join(set.dir, file), 'utf8');
  await client.query('BEGIN');
  try {
    await client.query(sql);
    await client.query('INSERT INTO schema_migrations (migration_set, version) VALUES ($1, $2)', [set.name, file]);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw new Error(`Migration ${set.name}/${file} failed: ${(err as Error).message}`);
  }
}

/**
 * Forward-only migrations. The sets are applied in the order given (a package's tables before
 * the service's own migrations, which may index them); in each, every file not yet recorded
 * runs in version order, each in its own transaction. The whole run holds one advisory lock,
 * so that two instances starting together do not race. A plain folder is the service's own set.
 */
export async function migrate(pool: pg.Pool, sets: string | readonly MigrationSet[]): Promise<AppliedMigration[]> {
  const list = typeof sets === 'string' ? [{ name: SERVICE_MIGRATIONS, dir: sets }] : sets;
  const names = list.map((s) => s.name);
  if (new Set(names).size !== names.length) throw new Error(`Migration sets named twice: ${names.join(', ')}.`);
  const applied: AppliedMigration[] = [];
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(VERSION_TABLE);
    const done = await appliedVersions(client);
    for (const set of list) {
      for (const file of migrationFiles(set.dir)) {
        if (done.has(`${set.name}/${file}`)) continue;
        await applyFile(client, set, file);
        applied.push({ set: set.name, version: file });
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  return applied;
}
