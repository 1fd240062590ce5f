import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate, SERVICE_MIGRATIONS, type MigrationSet } from './db';
import { createTestDatabase } from './testing';

/** A folder of migration files, `{ '001_a.sql': 'CREATE ...' }`. */
function folder(root: string, name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(dir);
  for (const [file, sql] of Object.entries(files)) writeFileSync(join(dir, file), sql);
  return dir;
}

describe('migrate', () => {
  let root: string;
  let db: { url: string; drop: () => Promise<void> };
  let pool: pg.Pool;
  const versions = async () =>
    (await pool.query('SELECT migration_set, version FROM schema_migrations ORDER BY migration_set, version')).rows;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'migrations-'));
    db = await createTestDatabase('migrate');
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
  });
  afterEach(async () => {
    await pool.end();
    await db.drop();
    rmSync(root, { recursive: true, force: true });
  });

  test('applies the sets in order, each its own version sequence recorded with its name; a second run applies nothing', async () => {
    const pkg: MigrationSet = {
      name: '@hf/thing',
      dir: folder(root, 'pkg', { '001_things.sql': 'CREATE TABLE things (id int PRIMARY KEY);', 'notes.txt': 'x' }),
    };
    const own: MigrationSet = {
      name: SERVICE_MIGRATIONS,
      dir: folder(root, 'own', {
        '002_more.sql': 'ALTER TABLE things ADD COLUMN label text;',
        '001_init.sql': 'CREATE INDEX things_id ON things (id);',
      }),
    };
    await expect(migrate(pool, [pkg, own])).resolves.toEqual([
      { set: '@hf/thing', version: '001_things.sql' },
      { set: 'service', version: '001_init.sql' },
      { set: 'service', version: '002_more.sql' },
    ]);
    expect(await versions()).toEqual([
      { migration_set: '@hf/thing', version: '001_things.sql' },
      { migration_set: 'service', version: '001_init.sql' },
      { migration_set: 'service', version: '002_more.sql' },
    ]);
    await expect(migrate(pool, [pkg, own])).resolves.toEqual([]);
    // A plain folder is the service's own set.
    await expect(migrate(pool, own.dir)).resolves.toEqual([]);
  });

  test('a version table from before sets keeps its versions as the service set and takes the package sets', async () => {
    await pool.query(`
      CREATE TABLE schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE things (id int PRIMARY KEY);
      INSERT INTO schema_migrations (version) VALUES ('001_init.sql');`);
    const own = {
      name: SERVICE_MIGRATIONS,
      dir: folder(root, 'own', { '001_init.sql': 'CREATE TABLE things (id int);' }),
    };
    const pkg = { name: '@hf/thing', dir: folder(root, 'pkg', { '001_init.sql': 'CREATE TABLE others (id int);' }) };
    await expect(migrate(pool, [pkg, own])).resolves.toEqual([{ set: '@hf/thing', version: '001_init.sql' }]);
    expect(await versions()).toEqual([
      { migration_set: '@hf/thing', version: '001_init.sql' },
      { migration_set: 'service', version: '001_init.sql' },
    ]);
  });

  test('instances starting together apply each migration once', async () => {
    const own = {
      name: SERVICE_MIGRATIONS,
      dir: folder(root, 'own', { '001_init.sql': 'CREATE TABLE things (id int); SELECT pg_sleep(0.2);' }),
    };
    const runs = await Promise.all([migrate(pool, [own]), migrate(pool, [own]), migrate(pool, [own])]);
    expect(runs.map((r) => r.length).sort()).toEqual([0, 0, 1]);
  });

  test('a failing migration is rolled back and named; those before it stay applied', async () => {
    const own = {
      name: SERVICE_MIGRATIONS,
      dir: folder(root, 'own', {
        '001_init.sql': 'CREATE TABLE things (id int);',
        '002_bad.sql': 'CREATE TABLE half (id int); SELECT no_such_function();',
      }),
    };
    await expect(migrate(pool, [own])).rejects.toThrow('Migration service/002_bad.sql failed');
    expect(await versions()).toEqual([{ migration_set: 'service', version: '001_init.sql' }]);
    expect((await pool.query("SELECT to_regclass('half') IS NULL AS gone")).rows[0].gone).toBe(true);
  });

  test('refuses two sets of one name', async () => {
    const dir = folder(root, 'a', {});
    await expect(
      migrate(pool, [
        { name: 'x', dir },
        { name: 'x', dir },
      ]),
    ).rejects.toThrow('named twice');
  });
});
