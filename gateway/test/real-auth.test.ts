/**
 * The gateway in front of the real svc-auth (its own test database, the in-process bus): register,
 * sliding renewal minted by svc-auth, logout -> `auth.session.revoked.v1` -> refused by the
 * gateway on a route of another service, and the start-up fetch of revoked sessions.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import jwt from 'jsonwebtoken';
import { SERVICES } from '@hf/contracts';
import type { Bus } from '@hf/messaging';
import { TEST_INTERNAL_TOKEN, testKeys } from '@hf/service-kit/testing';
import { startService, type TestService } from '@hf/svc-auth/testing';
import { buildGateway, type ServiceKey } from '../src/app';
import { startUpstream, waitFor, type Upstream } from './helpers';

const LIFETIME = 10; // seconds: svc-auth's shortest allowed, so renewal can be seen in a test

let authService: TestService;
let bus: Bus;
let auth: FastifyInstance;
let ledger: Upstream;
let gateway: FastifyInstance;
let upstreams: Record<ServiceKey, string>;

function newGateway(): Promise<FastifyInstance> {
  return buildGateway({
    upstreams,
    jwtPublicKey: testKeys().publicKey,
    internalToken: TEST_INTERNAL_TOKEN,
    bus,
    accessTokenSeconds: LIFETIME,
    instanceId: `t${randomBytes(3).toString('hex')}`,
  });
}

beforeAll(async () => {
  // svc-auth as its own tests start it (test database, in-process bus, bcrypt cost 4).
  authService = await startService({ accessTokenSeconds: LIFETIME });
  ({ app: auth, bus } = authService);
  await auth.listen({ port: 0, host: '127.0.0.1' });
  // Stand-in for "another service": svc-ledger only checks signatures, like every service.
  ledger = await startUpstream('svc-ledger');
  const authUrl = `http://127.0.0.1:${(auth.server.address() as { port: number }).port}`;
  upstreams = Object.fromEntries(SERVICES.map((s) => [s.key, s.key === 'AUTH' ? authUrl : ledger.url])) as Record<
    ServiceKey,
    string
  >;
  gateway = await newGateway();
  await waitFor(() => gateway.revocationsLoaded(), 5000);
}, 30_000);

afterAll(async () => {
  await gateway?.close();
  await ledger?.app.close();
  await authService?.close();
});

async function register(): Promise<{ access: string; email: string }> {
  const email = `gw-${randomBytes(4).toString('hex')}@example.com`;
  const res = await gateway.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { name: 'Gate Way', email, password: 'correct horse 1' },
  });
  expect(res.statusCode).toBe(201);
  return { access: res.json().access_token, email };
}

describe('the gateway in front of the real svc-auth', () => {
  it('registers and reads the profile through the gateway', async () => {
    const { access, email } = await register();
    const me = await gateway.inject({
      method: 'GET',
      url: '/api/household/me',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email });
    expect(me.headers.authorization).toBeUndefined();
  });

  it('hands out a token minted by svc-auth once the old one is past half-life', async () => {
    const { access } = await register();
    const issued = (jwt.decode(access) as { iat: number }).iat;
    await new Promise((r) => setTimeout(r, Math.max(0, (issued + LIFETIME / 2 + 0.2) * 1000 - Date.now())));
    const res = await gateway.inject({
      method: 'GET',
      url: '/api/household/me',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const fresh = /^Bearer (.+)$/.exec(String(res.headers.authorization))![1];
    const claims = jwt.verify(fresh, testKeys().publicKey, { algorithms: ['RS256'] }) as { sid: string; iat: number };
    expect(claims.sid).toBe((jwt.decode(access) as { sid: string }).sid);
    expect(claims.iat).toBeGreaterThan(issued);
    expect(
      (await gateway.inject({ method: 'GET', url: '/api/accounts', headers: { authorization: `Bearer ${fresh}` } }))
        .statusCode,
    ).toBe(200);
  }, 20_000);

  it('refuses the token on every service once the user logs out, and remembers it across a gateway restart', async () => {
    const { access } = await register();
    const ok = await gateway.inject({
      method: 'GET',
      url: '/api/accounts',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (
        await gateway.inject({
          method: 'POST',
          url: '/api/users/logout',
          headers: { authorization: `Bearer ${access}` },
        })
      ).statusCode,
    ).toBe(200);
    await auth.outbox.flush();
    const sid = (jwt.decode(access) as { sid: string }).sid;
    await waitFor(() => gateway.revokedSessions.has(sid), 5000);
    const refused = await gateway.inject({
      method: 'GET',
      url: '/api/accounts',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Your session has ended. Please log in again.' });

    // A gateway started after the logout learns it from svc-auth's revoked list.
    const later = await newGateway();
    try {
      await waitFor(() => later.revocationsLoaded(), 5000);
      expect(later.revokedSessions.has(sid)).toBe(true);
      expect(
        (await later.inject({ method: 'GET', url: '/api/accounts', headers: { authorization: `Bearer ${access}` } }))
          .statusCode,
      ).toBe(401);
    } finally {
      await later.close();
    }
  });
});
