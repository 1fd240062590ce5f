/**
 * The scaled mode for tests: every service and the gateway as its own process (@hf/app's start-cluster.ts)
 * on free ports, with databases of the run's own on the machine's PostgreSQL (dropped by stop())
 * and a temporary DATA_DIR. Used by the scaled-mode tests (gateway smoke, ledger mirrors).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SERVICES } from '@hf/contracts';
import { startCluster, type RunningCluster } from '@hf/app/start-cluster';
import { freePort } from './test-postgres';

export interface TestCluster {
  cluster: RunningCluster;
  /** The run's DATA_DIR (keys and secrets: `ensureAppSecrets(dataDir)` gives the internal token). */
  dataDir: string;
  /** Connection string of each service's database, by key (AUTH, LEDGER, ...). */
  databaseUrls: Record<string, string>;
  /** Stops the processes, removes the data folder and drops the run's databases. */
  stop(): Promise<void>;
}

/** `env` is added to (and overrides) the test defaults of every process, e.g. `{ BCRYPT_COST: '12' }`. */
export async function startTestCluster(options: {
  run: string;
  pgAdminUrl: string;
  natsUrl: string;
  env?: Record<string, string>;
}): Promise<TestCluster> {
  const { run, pgAdminUrl } = options;
  const databases = SERVICES.map((s) => ({ key: s.key, name: `${run}_${s.key.toLowerCase()}` }));
  const dataDir = mkdtempSync(join(tmpdir(), `hf-${run}-`));
  const dropAll = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: pgAdminUrl });
    await client.connect();
    for (const { name } of databases)
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await client.end();
  };
  try {
    const servicePorts = {} as Record<string, number>;
    for (const s of SERVICES) servicePorts[s.key] = await freePort();
    const databaseUrls = Object.fromEntries(
      databases.map(({ key, name }) => [key, Object.assign(new URL(pgAdminUrl), { pathname: `/${name}` }).toString()]),
    );
    const cluster = await startCluster({
      dataDir,
      port: await freePort(),
      servicePorts,
      databaseUrls,
      natsUrl: options.natsUrl,
      // Its own durable consumer: other test runs on the same NATS server keep theirs.
      env: { GATEWAY_INSTANCE: run, BCRYPT_COST: '4', LOG_LEVEL: 'warn', ...options.env },
      echo: false,
    });
    return {
      cluster,
      dataDir,
      databaseUrls,
      stop: async () => {
        await cluster.stop();
        await dropAll();
      },
    };
  } catch (err) {
    await dropAll();
    throw err;
  }
}
