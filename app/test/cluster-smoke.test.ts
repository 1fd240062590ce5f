/**
 * Scaled mode, end to end: every service and the gateway as its own process (@hf/app's start-cluster),
 * against the machine's PostgreSQL and NATS. A user registers through the gateway, logs out, and
 * the gateway refuses the old token on a route of another service: the revocation crossed NATS.
 *
 * Skipped (with a message) when PostgreSQL or NATS is not reachable, unless REQUIRE_NATS=1.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { RunningCluster } from '../src/start-cluster';
import { startTestCluster, type TestCluster } from '@hf/test-kit/test-cluster';
import { canConnect } from '@hf/test-kit/test-postgres';
import { callJson, type JsonAnswer } from '@hf/test-kit/json-call';

const PG_ADMIN = process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

function tcpReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) || 4222 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const run = `smoke_${randomBytes(4).toString('hex')}`;
let cluster: RunningCluster | undefined;
let testCluster: TestCluster | undefined;
let skipReason: string | undefined;

beforeAll(async () => {
  const [pgUp, natsUp] = await Promise.all([canConnect(PG_ADMIN), tcpReachable(NATS_URL)]);
  if (!pgUp || !natsUp) {
    skipReason = `scaled-mode smoke test skipped: ${!pgUp ? `PostgreSQL at ${PG_ADMIN}` : `NATS at ${NATS_URL}`} is not reachable`;
    if (process.env.REQUIRE_NATS === '1') throw new Error(`${skipReason} (REQUIRE_NATS=1)`);
    console.warn(skipReason);
    return;
  }
  testCluster = await startTestCluster({ run, pgAdminUrl: PG_ADMIN, natsUrl: NATS_URL });
  cluster = testCluster.cluster;
}, 180_000);

afterAll(async () => {
  await testCluster?.stop();
}, 60_000);

function api(path: string, init: Parameters<typeof callJson>[2] = {}): Promise<JsonAnswer> {
  return callJson(cluster!.url, path, init);
}

describe('scaled mode (one process per service, NATS, PostgreSQL)', () => {
  it('registers through the gateway, and refuses the token after logout on every service', async () => {
    if (!cluster) return void console.warn(skipReason);
    const email = `smoke-${randomBytes(4).toString('hex')}@example.com`;
    const registered = await api('/api/users/register', {
      method: 'POST',
      body: { name: 'Smoke Test', email, password: 'correct horse battery 9' },
    });
    expect(registered.status).toBe(201);
    const token = registered.body.access_token as string;
    expect(typeof token).toBe('string');

    const me = await api('/api/household/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email });
    expect(me.headers.get('content-security-policy')).toContain("script-src 'self'");

    const ledgerBefore = await api('/api/accounts', { token });
    expect(ledgerBefore.status).not.toBe(401);

    const logout = await api('/api/users/logout', { method: 'POST', token });
    expect({ status: logout.status, body: logout.body }).toEqual({ status: 200, body: expect.anything() });

    // svc-ledger only checks signatures; only the gateway, told by NATS, knows the session ended.
    const deadline = Date.now() + 10_000;
    let after = await api('/api/accounts', { token });
    while (after.status !== 401 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      after = await api('/api/accounts', { token });
    }
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Your session has ended. Please log in again.' });
  }, 60_000);

  it('serves /readyz on the gateway and keeps /internal unreachable', async () => {
    if (!cluster) return void console.warn(skipReason);
    expect((await fetch(`${cluster.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${cluster.url}/internal/sessions/revoked`)).status).toBe(404);
  });
});
