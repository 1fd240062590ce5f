import { join } from 'node:path';
import { canConnect, startEmbeddedPostgres } from './test-postgres';

/**
 * Route tests need a real PostgreSQL. Use TEST_PG_URL when given, else the machine's server
 * on 127.0.0.1:5432 when it answers, else start an embedded one for this run.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_PG_URL && (await canConnect(process.env.TEST_PG_URL))) return;
  const machine = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await canConnect(machine)) {
    process.env.TEST_PG_URL = machine;
    return;
  }
  const pgServer = await startEmbeddedPostgres(join(__dirname, '..', '..', '..', '.tmp', 'test-postgres'), {
    fresh: true,
  });
  process.env.TEST_PG_URL = pgServer.adminUrl;
  (globalThis as { __embeddedPg?: { stop: () => Promise<void> } }).__embeddedPg = pgServer;
}
