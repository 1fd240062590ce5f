import { gunzipSync } from 'node:zlib';
import { SERVICES } from '@hf/contracts';
import { startHarness, token, type Harness } from './helpers';
import { buildGateway, type ServiceKey } from '../src/app';
import { createInProcessBus } from '@hf/messaging';
import { testKeys, TEST_INTERNAL_TOKEN } from '@hf/service-kit/testing';
import { freePort } from '@hf/messaging/testing/free-port';

let h: Harness;
/** Above the size the gateway reads whole (2 MiB), so the commit bodies are streamed and counted. */
const COMMIT_LIMIT = 3 * 1024 * 1024;
beforeAll(async () => {
  h = await startHarness({ importBodyLimit: 64 * 1024, importCommitBodyLimit: COMMIT_LIMIT });
});
afterAll(async () => h.close());

const auth = () => ({ authorization: `Bearer ${token()}` });

describe('routing by path', () => {
  it.each(SERVICES.flatMap((s) => s.prefixes.map((p) => [p, s.name] as const)))(
    '%s goes to %s with the full path and query',
    async (prefix, owner) => {
      const res = await h.gateway.inject({
        method: 'GET',
        url: `${prefix}/12/things?from=2024-01-01&x=a%20b`,
        headers: auth(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ service: owner, url: `${prefix}/12/things?from=2024-01-01&x=a%20b` });
    },
  );

  it('routes the bare prefix and a trailing slash', async () => {
    expect((await h.gateway.inject({ method: 'GET', url: '/api/accounts', headers: auth() })).json()).toMatchObject({
      service: 'svc-ledger',
      url: '/api/accounts',
    });
    expect((await h.gateway.inject({ method: 'GET', url: '/api/accounts/', headers: auth() })).json()).toMatchObject({
      service: 'svc-ledger',
      url: '/api/accounts/',
    });
  });

  it('never lets the query string change the route or make a protected path public', async () => {
    for (const url of [
      '/api/users/me?/api/users/login',
      '/api/accounts?next=/api/users/login',
      '/api/household/me?x=/api/themes/defaults',
      '/api/users/login-history?a=1',
    ]) {
      const res = await h.gateway.inject({ method: 'POST', url, payload: {} });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
    }
    const routed = await h.gateway.inject({
      method: 'GET',
      url: '/api/reports/spending?service=/api/accounts',
      headers: auth(),
    });
    expect(routed.json()).toMatchObject({ service: 'svc-reports' });
  });

  it('does not treat a longer path sharing a prefix as that service', async () => {
    const res = await h.gateway.inject({ method: 'GET', url: '/api/accountsx', headers: auth() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('refuses path traversal out of a prefix', async () => {
    for (const url of [
      '/api/users/login/../../internal/sessions/revoked',
      '/api/users/%2e%2e/%2e%2e/internal/sessions/revoked',
    ]) {
      const res = await h.gateway.inject({ method: 'POST', url, headers: auth(), payload: {} });
      expect([400, 404]).toContain(res.statusCode);
    }
    expect(h.upstreams.AUTH.received.some((r) => r.url.includes('internal'))).toBe(false);
  });

  it('never routes /internal paths, whatever the method or token', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await h.gateway.inject({
        method,
        url: '/internal/sessions/revoked?since=2020-01-01',
        headers: { ...auth(), 'x-internal-token': TEST_INTERNAL_TOKEN },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it("answers its own /internal/memory only with the internal token, and never a service's", async () => {
    for (const headers of [{}, auth(), { 'x-internal-token': 'wrong' }]) {
      const res = await h.gateway.inject({ method: 'GET', url: '/internal/memory', headers });
      expect({ headers, status: res.statusCode, body: res.json() }).toEqual({
        headers,
        status: 404,
        body: { message: 'Not found.' },
      });
    }
    const res = await h.gateway.inject({
      method: 'GET',
      url: '/internal/memory',
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    });
    expect(res.statusCode).toBe(200);
    const { heapAfterMajorGc, ...report } = res.json();
    expect(heapAfterMajorGc === null || typeof heapAfterMajorGc === 'number').toBe(true);
    expect(report).toEqual({
      name: 'gateway',
      pid: process.pid,
      thread: 0,
      rss: expect.any(Number),
      heapUsed: expect.any(Number),
      heapTotal: expect.any(Number),
      heapLimit: expect.any(Number),
      newSpace: expect.any(Number),
      oldSpaceUsed: expect.any(Number),
      external: expect.any(Number),
      arrayBuffers: expect.any(Number),
      caches: {
        tokens: { entries: expect.any(Number), maxEntries: 10_000 },
        'revoked sessions': { entries: expect.any(Number) },
        renewals: { entries: expect.any(Number) },
      },
      shared: {},
    });
    for (const url of [
      '/api/accounts/../../internal/memory',
      '/api/accounts/%2e%2e/%2e%2e/internal/memory',
      '/internal/memory/',
    ]) {
      const other = await h.gateway.inject({ method: 'GET', url, headers: auth() });
      expect({ url, status: other.statusCode }).toEqual({ url, status: 404 });
    }
    expect(Object.values(h.upstreams).some((u) => u.received.some((r) => r.url.includes('memory')))).toBe(false);
  });

  it('answers 404 with a message for an /api path no service owns', async () => {
    const res = await h.gateway.inject({ method: 'GET', url: '/api/nothing-here', headers: auth() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('streams request bodies through unchanged, whatever the content type', async () => {
    const json = await h.gateway.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: auth(),
      payload: { name: 'Checking', starting_balance: 12.5 },
    });
    expect(JSON.parse(json.json().body)).toEqual({ name: 'Checking', starting_balance: 12.5 });
    const text = await h.gateway.inject({
      method: 'POST',
      url: '/api/import/analyze',
      headers: { ...auth(), 'content-type': 'text/csv' },
      payload: 'date,amount\n2024-01-02,-3.75\n',
    });
    expect(text.json().body).toBe('date,amount\n2024-01-02,-3.75\n');
  });

  it('gives /api/import bodies their own cap (other paths have the general 1 MiB one)', async () => {
    const big = 'x'.repeat(70 * 1024);
    const refused = await h.gateway.inject({
      method: 'POST',
      url: '/api/import/analyze',
      headers: { ...auth(), 'content-type': 'text/csv' },
      payload: big,
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ message: 'The request body is too large.' });
    const elsewhere = await h.gateway.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: { ...auth(), 'content-type': 'text/plain' },
      payload: big,
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("gives an import's commit bodies (update_matched, :accountId/import_new) a larger cap, still enforced", async () => {
    const body = (bytes: number) => JSON.stringify({ transactions: [{ payee: 'x'.repeat(bytes - 40) }] });
    for (const url of ['/api/import/12/import_new', '/api/import/update_matched']) {
      const allowed = await h.gateway.inject({
        method: 'POST',
        url,
        headers: { ...auth(), 'content-type': 'application/json' },
        payload: body(COMMIT_LIMIT - 1024),
      });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toMatchObject({ service: 'svc-import', url });
      const refused = await h.gateway.inject({
        method: 'POST',
        url,
        headers: { ...auth(), 'content-type': 'application/json' },
        payload: body(COMMIT_LIMIT + 1024),
      });
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({ message: 'The request body is too large.' });
    }
    // Only those paths: an upload, or a path that merely starts like one, keeps the /api/import cap.
    for (const url of ['/api/import/12', '/api/import/12/import_new/more', '/api/import/12/import_newer']) {
      const refused = await h.gateway.inject({
        method: 'POST',
        url,
        headers: { ...auth(), 'content-type': 'application/json' },
        payload: body(70 * 1024),
      });
      expect(refused.statusCode).toBe(413);
    }
  });

  it("passes a service's own gzip answer on as it is, not compressed again", async () => {
    const res = await h.gateway.inject({
      method: 'GET',
      url: '/api/reports/gzipped',
      headers: { ...auth(), 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const body = JSON.parse(gunzipSync(res.rawPayload).toString()) as { service: string; rows: unknown[] };
    expect(body.service).toBe('svc-reports');
    expect(body.rows).toHaveLength(400);
  });

  it('propagates the request id, or makes one', async () => {
    const given = await h.gateway.inject({
      method: 'GET',
      url: '/api/accounts',
      headers: { ...auth(), 'x-request-id': 'req-abc.123' },
    });
    expect(given.headers['x-request-id']).toBe('req-abc.123');
    expect(h.upstreams.LEDGER.received.at(-1)!.headers['x-request-id']).toBe('req-abc.123');
    const made = await h.gateway.inject({
      method: 'GET',
      url: '/api/accounts',
      headers: { ...auth(), 'x-request-id': 'bad id with spaces' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(h.upstreams.LEDGER.received.at(-1)!.headers['x-request-id']).toBe(made.headers['x-request-id']);
  });

  it('does not pass a client-supplied internal token upstream', async () => {
    await h.gateway.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      payload: {},
    });
    expect(h.upstreams.AUTH.received.at(-1)!.headers['x-internal-token']).toBeUndefined();
  });

  it('strips an Authorization header sent back by a service', async () => {
    const fresh = await h.gateway.inject({ method: 'GET', url: '/api/accounts/with-authorization', headers: auth() });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.authorization).toBeUndefined();
    const publicRoute = await h.gateway.inject({ method: 'GET', url: '/api/household/invitations/with-authorization' });
    expect(publicRoute.statusCode).toBe(200);
    expect(publicRoute.headers.authorization).toBeUndefined();
  });
});

describe('an upstream that is down or slow', () => {
  /** A gateway in front of the stand-ins, but for `key`'s service, whose port refuses connections. */
  async function gatewayWithDown(key: ServiceKey) {
    const deadPort = await freePort();
    const bus = createInProcessBus();
    const upstreams = Object.fromEntries(
      SERVICES.map((s) => [s.key, s.key === key ? `http://127.0.0.1:${deadPort}` : h.upstreams[s.key].url]),
    ) as never;
    const gateway = await buildGateway({
      upstreams,
      jwtPublicKey: testKeys().publicKey,
      internalToken: TEST_INTERNAL_TOKEN,
      bus,
    });
    return { gateway, bus };
  }

  it('answers 503 with a message, never 401, when a service refuses connections', async () => {
    const { gateway, bus } = await gatewayWithDown('LEDGER');
    try {
      for (const method of ['GET', 'POST'] as const) {
        const res = await gateway.inject({
          method,
          url: '/api/accounts',
          headers: auth(),
          ...(method === 'POST' ? { payload: { name: 'x' } } : {}),
        });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: 'The service is temporarily unavailable. Please try again.' });
      }
      // The others still work.
      expect((await gateway.inject({ method: 'GET', url: '/api/budget', headers: auth() })).statusCode).toBe(200);
    } finally {
      await gateway.close();
      await bus.close();
    }
  });

  it('answers 503 when svc-auth is down, even on the login route', async () => {
    const { gateway, bus } = await gatewayWithDown('AUTH');
    try {
      const login = await gateway.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'a@b.c', password: 'x' },
      });
      expect(login.statusCode).toBe(503);
      // A token past half-life still gets through (no renewal, no 401) while svc-auth is down.
      const res = await gateway.inject({
        method: 'GET',
        url: '/api/accounts',
        headers: { authorization: `Bearer ${token({ ageSeconds: 600 })}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers.authorization).toBeUndefined();
      // Not ready: the revoked-session list could not be loaded.
      expect((await gateway.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    } finally {
      await gateway.close();
      await bus.close();
    }
  });

  it('answers 503 when a service does not answer in time', async () => {
    const bus = createInProcessBus();
    const upstreams = Object.fromEntries(SERVICES.map((s) => [s.key, h.upstreams[s.key].url])) as never;
    const gateway = await buildGateway({
      upstreams,
      jwtPublicKey: testKeys().publicKey,
      internalToken: TEST_INTERNAL_TOKEN,
      bus,
      upstreamTimeoutMs: 300,
    });
    try {
      const res = await gateway.inject({ method: 'GET', url: '/api/reports/slow', headers: auth() });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'The service is temporarily unavailable. Please try again.' });
    } finally {
      await gateway.close();
      await bus.close();
    }
  });
});
