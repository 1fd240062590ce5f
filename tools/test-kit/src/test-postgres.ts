import pg from 'pg';
import { freePort } from '@hf/messaging/testing/free-port';

export { startEmbeddedPostgres, type RunningPostgres } from '@hf/app/embedded-postgres';
export { freePort };

/** True when `url` accepts a connection and answers a query. */
export async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
