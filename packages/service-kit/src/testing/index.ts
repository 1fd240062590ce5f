import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { signAccessToken } from '../identity';
import type { BaseAppOptions } from '../run-process';

/**
 * Test helpers shared by every service's route tests. They use a real PostgreSQL server:
 * TEST_PG_URL (set by the jest global setup: the machine's server, or an embedded one).
 */
export function testAdminUrl(): string {
  const url = process.env.TEST_PG_URL;
  if (!url)
    throw new Error('TEST_PG_URL is not set: run tests through jest (tools/test-kit/src/jest-global-setup.ts).');
  return url;
}

/**
 * Drops a test database. pool.end() resolves once a pool has asked its connections to close,
 * not once they have: this waits (up to 2 s) for them to go, so that FORCE does not terminate
 * a client still closing, whose FATAL 57P01 would reach the test as an unhandled error.
 */
export async function dropTestDatabase(name: string): Promise<void> {
  const c = new pg.Client({ connectionString: testAdminUrl() });
  await c.connect();
  try {
    const deadline = Date.now() + 2000;
    while (Date.now() < deadline) {
      const open = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (open.rows[0].n === 0) break;
      await sleep(10);
    }
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

/** Creates a fresh, empty database for one test file; `drop()` removes it. */
export async function createTestDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${prefix.replace(/[^a-z0-9]/gi, '').toLowerCase()}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testAdminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(testAdminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropTestDatabase(name),
  };
}

let keys: { publicKey: string; privateKey: string } | undefined;
/** One RSA key pair per test process. */
export function testKeys(): { publicKey: string; privateKey: string } {
  keys ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return keys;
}

/** A valid access token for a test identity. */
export function testToken(
  identity: { userId: number; householdId: number; role?: string; sessionId?: string; name?: string },
  lifetimeSeconds = 900,
): string {
  return signAccessToken(
    testKeys().privateKey,
    {
      userId: identity.userId,
      householdId: identity.householdId,
      role: identity.role ?? 'admin',
      sessionId: identity.sessionId ?? randomUUID(),
      ...(identity.name === undefined ? {} : { name: identity.name }),
    },
    lifetimeSeconds,
  );
}

export const TEST_INTERNAL_TOKEN = 'test-internal-token';

/** A service's options on a test database and `bus`: the test keys and the test internal token. */
export function testAppOptions(databaseUrl: string, bus: BaseAppOptions['bus']): BaseAppOptions {
  return { databaseUrl, jwtPublicKey: testKeys().publicKey, internalToken: TEST_INTERNAL_TOKEN, bus };
}
