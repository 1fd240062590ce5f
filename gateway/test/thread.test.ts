import { rmSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { randomUUID } from 'node:crypto';
import { EVENTS, SERVICES } from '@hf/contracts';
import { createInProcessBus, type Bus } from '@hf/messaging';
import { testKeys, TEST_INTERNAL_TOKEN } from '@hf/service-kit/testing';
import type { ServiceKey } from '../src/app';
import { startGatewayThread, type GatewayThread } from '../src/thread';
import {
  authEvent,
  authInternalRoutes,
  startUpstream,
  token,
  waitFor,
  writeStaticFixture,
  type AuthStubState,
  type Upstream,
} from './helpers';

/**
 * The gateway on its own worker thread (single-process mode): a real thread started through tsx,
 * stub upstreams, the in-process bus on this thread and its events crossing over a MessagePort.
 */
jest.setTimeout(60_000);

const upstreams = {} as Record<ServiceKey, Upstream>;
const auth: AuthStubState = {
  revoked: ['revoked-before-start'],
  revokedStatus: 200,
  renewCalls: 0,
  renewAllowed: true,
};
let bus: Bus;
let staticDir: string;
let gateway: GatewayThread;
let base: string;
const lines: string[] = [];

function options(port: number) {
  return {
    upstreams: Object.fromEntries(SERVICES.map((s) => [s.key, upstreams[s.key].url])) as Record<ServiceKey, string>,
    jwtPublicKey: testKeys().publicKey,
    internalToken: TEST_INTERNAL_TOKEN,
    bus,
    staticDir,
    instanceId: 'local',
    port,
    host: '127.0.0.1',
    logLevel: 'silent',
    log: (line: string) => void lines.push(line),
  };
}

const get = (path: string, bearer?: string) =>
  fetch(`${base}${path}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });

/** The gateway threads started in this file, captured so one can be ended from outside. */
const workers: Worker[] = [];
// The module object itself (an `import * as` namespace would be a copy thread.ts never reads).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const workerThreads = require('node:worker_threads') as typeof import('node:worker_threads');
const RealWorker = workerThreads.Worker;
jest.spyOn(workerThreads, 'Worker').mockImplementation(((...args: ConstructorParameters<typeof RealWorker>) => {
  const worker = new RealWorker(...args);
  workers.push(worker);
  return worker;
}) as never);

beforeAll(async () => {
  for (const service of SERVICES)
    upstreams[service.key] = await startUpstream(
      service.name,
      service.key === 'AUTH' ? authInternalRoutes(auth) : undefined,
    );
  bus = createInProcessBus();
  staticDir = writeStaticFixture();
  gateway = await startGatewayThread(options(0));
  base = `http://127.0.0.1:${gateway.port}`;
});

afterAll(async () => {
  await gateway?.stop();
  await bus?.close();
  await Promise.all(Object.values(upstreams).map((u) => u.app.close()));
  rmSync(staticDir, { recursive: true, force: true });
});

test('listens on its own thread and proxies with the options it was given', async () => {
  expect(workers).toHaveLength(1);
  expect(workers[0].threadId).toBeGreaterThan(0);
  expect(gateway.port).toBeGreaterThan(0);
  expect(await (await get('/healthz')).json()).toEqual({ status: 'ok', service: 'gateway' });
  const t = token();
  const res = await get('/api/accounts?limit=2', t);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({
    service: 'svc-ledger',
    url: '/api/accounts?limit=2',
    authorization: `Bearer ${t}`,
  });
  expect((await get('/api/accounts')).status).toBe(401);
  // The static directory crossed too.
  expect((await get('/')).headers.get('content-type')).toMatch(/text\/html/);
});

test('is ready once the revoked sessions are loaded from svc-auth, and refuses those sessions', async () => {
  await waitFor(async () => (await get('/readyz')).status === 200, 10_000);
  expect(await (await get('/readyz')).json()).toEqual({ status: 'ready', bus: true, revocations: true });
  const res = await get('/api/accounts', token({ sessionId: 'revoked-before-start' }));
  expect(res.status).toBe(401);
});

test('a session revoked on the main thread bus is refused by the gateway thread', async () => {
  const sessionId = randomUUID();
  const t = token({ sessionId });
  expect((await get('/api/household/me', t)).status).toBe(200);
  await bus.publish(authEvent(EVENTS.sessionRevoked, `session/${sessionId}`, 3, 1, { session_ids: [sessionId] }));
  await waitFor(async () => (await get('/api/household/me', t)).status === 401, 5000);
  expect(await (await get('/api/household/me', t)).json()).toEqual({
    message: 'Your session has ended. Please log in again.',
  });
  expect((await get('/api/household/me', token())).status).toBe(200);
});

test('a port in use is reported with the listen error and its code', async () => {
  const before = workers.length;
  await expect(startGatewayThread(options(gateway.port))).rejects.toMatchObject({
    code: 'EADDRINUSE',
    message: expect.stringContaining('address already in use'),
  });
  // The failed thread is gone.
  await waitFor(() => workers.slice(before).every((w) => w.threadId === -1), 5000);
});

test('a thread that ends unexpectedly is started again on the same port, and catches up on revocations', async () => {
  const sessionId = randomUUID();
  const t = token({ sessionId });
  const first = workers[0];
  await first.terminate();
  expect(lines.join('\n')).toMatch(/The gateway thread ended unexpectedly/);
  // Revoked while no gateway thread runs: the new thread gets it from the bus (the durable resumes).
  await bus.publish(authEvent(EVENTS.sessionRevoked, `session/${sessionId}`, 3, 2, { session_ids: [sessionId] }));
  await waitFor(() => lines.some((l) => l.includes('listening again')), 15_000);
  expect((await get('/api/accounts', token())).status).toBe(200);
  expect((await get('/api/accounts', t)).status).toBe(401);
});

test('stop closes the gateway and ends its thread', async () => {
  const running = workers[workers.length - 1];
  await gateway.stop();
  await expect(get('/healthz')).rejects.toThrow();
  expect(running.threadId).toBe(-1);
  await gateway.stop();
});
