import { gzipSync } from 'node:zlib';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { createInProcessBus, type Bus, type EventEnvelope } from '@hf/messaging';
import { SERVICES } from '@hf/contracts';
import { signAccessToken } from '@hf/service-kit';
import { testKeys, TEST_INTERNAL_TOKEN } from '@hf/service-kit/testing';
import { buildGateway, type GatewayOptions, type ServiceKey } from '../src/app';

/**
 * Stand-ins for "some upstream" in the proxy-mechanics tests: each answers every path with
 * what it received, so a test can see which service got a request and how. svc-auth's stand-in
 * also answers the two internal calls the gateway makes (renew, revoked list).
 */
export interface Upstream {
  app: FastifyInstance;
  url: string;
  /** Requests it received (method, url, headers, body). */
  received: Array<{ method: string; url: string; headers: Record<string, unknown>; body: unknown }>;
}

export interface AuthStubState {
  revoked: string[];
  /** Answer of the revoked-list call: 200 with the ids, or a failure status. */
  revokedStatus: number;
  renewCalls: number;
  /** When false, renew answers 401 (session capped or revoked). */
  renewAllowed: boolean;
}

export async function startUpstream(name: string, extend?: (app: FastifyInstance) => void): Promise<Upstream> {
  const app = Fastify({ logger: false });
  const received: Upstream['received'] = [];
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 50 * 1024 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  extend?.(app);
  app.all('/*', async (request, reply) => {
    received.push({ method: request.method, url: request.url, headers: request.headers, body: request.body });
    const url = request.url;
    if (url.includes('/with-authorization')) reply.header('authorization', 'Bearer forged.by.upstream');
    if (url.includes('/big'))
      return {
        service: name,
        rows: Array.from({ length: 400 }, (_, i) => ({ id: i, payee: 'Coffee shop downtown', amount: -3.75 })),
      };
    if (url.includes('/gzipped'))
      return reply
        .header('content-encoding', 'gzip')
        .type('application/json; charset=utf-8')
        .send(gzipSync(JSON.stringify({ service: name, rows: Array.from({ length: 400 }, (_, i) => ({ id: i })) })));
    if (url.includes('/slow')) await new Promise((resolve) => setTimeout(resolve, 1500));
    return {
      service: name,
      method: request.method,
      url,
      body: request.body ?? null,
      authorization: request.headers.authorization ?? null,
    };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}`, received };
}

export function authInternalRoutes(state: AuthStubState) {
  return (app: FastifyInstance) => {
    app.post('/internal/sessions/renew', async (request, reply) => {
      if (request.headers['x-internal-token'] !== TEST_INTERNAL_TOKEN)
        return reply.code(404).send({ message: 'Not found.' });
      state.renewCalls++;
      if (!state.renewAllowed) return reply.code(401).send({ message: 'Your session has expired.' });
      const { access_token } = JSON.parse(String(request.body)) as { access_token: string };
      const claims = JSON.parse(Buffer.from(access_token.split('.')[1], 'base64url').toString()) as {
        sub: string;
        hid: number;
        sid: string;
        role: string;
      };
      return {
        access_token: signAccessToken(
          testKeys().privateKey,
          { userId: Number(claims.sub), householdId: claims.hid, sessionId: claims.sid, role: claims.role },
          900,
        ),
      };
    });
    app.get('/internal/sessions/revoked', async (request, reply) => {
      if (request.headers['x-internal-token'] !== TEST_INTERNAL_TOKEN)
        return reply.code(404).send({ message: 'Not found.' });
      if (state.revokedStatus !== 200) return reply.code(state.revokedStatus).send({ message: 'down' });
      return {
        sessions: state.revoked.map((id) => ({
          id,
          revoked_at: new Date().toISOString(),
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        })),
        as_of: new Date().toISOString(),
      };
    });
  };
}

export interface Harness {
  gateway: FastifyInstance;
  bus: Bus;
  upstreams: Record<ServiceKey, Upstream>;
  auth: AuthStubState;
  staticDir: string;
  close: () => Promise<void>;
}

/** A small built shell and one built remote (ledger); the other remotes are missing on purpose. */
export function writeStaticFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hf-gw-static-'));
  const shell = join(dir, 'shell', 'dist');
  mkdirSync(shell, { recursive: true });
  writeFileSync(
    join(shell, 'index.html'),
    '<!doctype html><html><head><script defer src="/main.0123abcd4567ef89.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(shell, 'main.0123abcd4567ef89.js'), `console.log(${JSON.stringify('shell '.repeat(2000))});`);
  writeFileSync(join(shell, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const ledger = join(dir, 'mf-ledger', 'dist');
  mkdirSync(ledger, { recursive: true });
  writeFileSync(join(ledger, 'remoteEntry.js'), 'var ledger = {};');
  writeFileSync(join(ledger, '412.8d0e77aa1b2c3d4e.js'), 'console.log("chunk");');
  return dir;
}

export async function startHarness(
  overrides: Partial<GatewayOptions> = {},
  auth: Partial<AuthStubState> = {},
): Promise<Harness> {
  const authState: AuthStubState = { revoked: [], revokedStatus: 200, renewCalls: 0, renewAllowed: true, ...auth };
  const upstreams = {} as Record<ServiceKey, Upstream>;
  for (const service of SERVICES) {
    upstreams[service.key] = await startUpstream(
      service.name,
      service.key === 'AUTH' ? authInternalRoutes(authState) : undefined,
    );
  }
  const bus = createInProcessBus();
  const staticDir = writeStaticFixture();
  const gateway = await buildGateway({
    upstreams: Object.fromEntries(SERVICES.map((s) => [s.key, upstreams[s.key].url])) as Record<ServiceKey, string>,
    jwtPublicKey: testKeys().publicKey,
    internalToken: TEST_INTERNAL_TOKEN,
    bus,
    staticDir,
    ...overrides,
  });
  await gateway.ready();
  return {
    gateway,
    bus,
    upstreams,
    auth: authState,
    staticDir,
    close: async () => {
      await gateway.close();
      await bus.close();
      await Promise.all(Object.values(upstreams).map((u) => u.app.close()));
      rmSync(staticDir, { recursive: true, force: true });
    },
  };
}

/** A valid token; `ageSeconds` makes it look issued that long ago. */
export function token(
  options: {
    sessionId?: string;
    ageSeconds?: number;
    lifetime?: number;
    privateKey?: string;
    userId?: number;
    householdId?: number;
  } = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  return signAccessToken(
    options.privateKey ?? testKeys().privateKey,
    {
      userId: options.userId ?? 7,
      householdId: options.householdId ?? 3,
      sessionId: options.sessionId ?? randomUUID(),
      role: 'admin',
    },
    options.lifetime ?? 900,
    now - (options.ageSeconds ?? 0),
  );
}

export function otherKey(): string {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An event as svc-auth publishes it, with a fresh id and the time now: `data` as given, even malformed. */
export function authEvent(
  type: string,
  subject: string,
  householdId: number,
  sequence: number,
  data: unknown,
): EventEnvelope {
  return {
    id: randomUUID(),
    type,
    source: 'svc-auth',
    subject,
    time: new Date().toISOString(),
    household_id: householdId,
    sequence,
    data,
  };
}
