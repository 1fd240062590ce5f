/**
 * The drills' system: a PostgreSQL and a nats-server of their own, the scaled mode on them (every
 * service and the gateway its own process, @hf/app's start-cluster.ts), and a seeded household.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SERVICES } from '@hf/contracts';
import { ensureAppSecrets } from '@hf/app/app-secrets';
import { startCluster, type RunningCluster } from '@hf/app/start-cluster';
import { freePort } from '@hf/messaging/testing/free-port';
import { callJson } from '@hf/test-kit/json-call';
import type { BulkAttempt, SeededHousehold } from './drill-types';
import { startRestartableNats, type RestartableNats } from '@hf/messaging/testing/private-nats';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres';

export interface DrillSystem {
  cluster: RunningCluster;
  postgres: PrivatePostgres;
  nats: RestartableNats;
  internalToken: string;
  /** Pools on the services' databases (ledger, budget, reports), for the invariants. */
  db: { ledger: pg.Pool; budget: pg.Pool; reports: pg.Pool };
  household: SeededHousehold;
  /** Every bulk create sent in any drill of this system (the bulk invariant covers them all). */
  bulkAttempts: BulkAttempt[];
  stop(): Promise<void>;
}

const ACCOUNTS = [
  { name: 'Checking', starting_balance: 1500.25 },
  { name: 'Savings', starting_balance: 10000 },
  { name: 'Credit Card', starting_balance: -250.5 },
];

async function seed(cluster: RunningCluster, ledger: pg.Pool): Promise<SeededHousehold> {
  const email = `drill-${randomBytes(4).toString('hex')}@example.com`;
  const registered = await callJson(cluster.url, '/api/users/register', {
    method: 'POST',
    body: { name: 'Drill Household', email, password: 'correct horse battery 9' },
  });
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  const token = registered.body.access_token as string;
  const accounts: number[] = [];
  for (const account of ACCOUNTS) {
    const created = await callJson(cluster.url, '/api/accounts/', { method: 'POST', token, body: account });
    if (created.status !== 201)
      throw new Error(`account create answered ${created.status}: ${JSON.stringify(created.body)}`);
    accounts.push(created.body.id as number);
  }
  const owner = await ledger.query<{ household_id: number }>('SELECT household_id FROM accounts WHERE id = $1', [
    accounts[0],
  ]);
  return { householdId: owner.rows[0].household_id, token, accounts };
}

export interface DrillSystemOptions {
  /** Prefix of the databases (default `drill_<random>`). */
  run?: string;
  /** Print the processes' output (default false: kept as a tail for errors). */
  echo?: boolean;
  /** Progress lines (each part started). */
  log?: (line: string) => void;
}

export async function startDrillSystem(options: DrillSystemOptions = {}): Promise<DrillSystem> {
  const run = options.run ?? `drill_${randomBytes(4).toString('hex')}`;
  const work = mkdtempSync(join(tmpdir(), 'hf-drill-'));
  // PostgreSQL runs as its own user when we are root: it must reach its folder inside.
  chmodSync(work, 0o755);
  const cleanups: Array<() => Promise<void>> = [async () => rmSync(work, { recursive: true, force: true })];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
  };
  const log = options.log ?? (() => undefined);
  try {
    const postgres = await startPrivatePostgres(join(work, 'postgres'));
    cleanups.push(() => postgres.destroy());
    const nats = await startRestartableNats();
    cleanups.push(() => nats.destroy());
    log('PostgreSQL and NATS started');
    const dataDir = join(work, 'data');
    const { internalToken } = ensureAppSecrets(dataDir);
    const databaseUrls = Object.fromEntries(
      SERVICES.map((s) => [
        s.key,
        Object.assign(new URL(postgres.adminUrl), { pathname: `/${run}_${s.key.toLowerCase()}` }).toString(),
      ]),
    );
    const servicePorts = {} as Record<string, number>;
    for (const s of SERVICES) servicePorts[s.key] = await freePort();
    const cluster = await startCluster({
      dataDir,
      port: await freePort(),
      servicePorts,
      databaseUrls,
      natsUrl: nats.url,
      // Tokens outlive the run (the drills test faults, not renewal); bcrypt kept cheap.
      env: { GATEWAY_INSTANCE: run, BCRYPT_COST: '4', LOG_LEVEL: 'warn', ACCESS_TOKEN_SECONDS: '3600' },
      echo: options.echo ?? false,
      readyTimeoutMs: 180_000,
    });
    cleanups.push(() => cluster.stop());
    log('scaled mode ready');
    const pool = (key: string) => new pg.Pool({ connectionString: databaseUrls[key], max: 3 });
    const db = { ledger: pool('LEDGER'), budget: pool('BUDGET'), reports: pool('REPORTS') };
    for (const p of Object.values(db)) {
      // A restart of PostgreSQL cuts these too: an idle client's error must not end the process.
      p.on('error', () => undefined);
      cleanups.push(() => p.end());
    }
    const household = await seed(cluster, db.ledger);
    return { cluster, postgres, nats, internalToken, db, household, bulkAttempts: [], stop: cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
