import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createInProcessBus, type Bus, type EventEnvelope } from '@hf/messaging';
import { signAccessToken, type AccessClaims } from '@hf/service-kit';
import { createTestDatabase, TEST_INTERNAL_TOKEN, testKeys } from '@hf/service-kit/testing';
import { startedForFile } from '@hf/test-kit/started-for-file';
import { buildApp, type AppOptions } from '../src/app';

export const PASSWORD = 'correct horse 1';

export interface TestService {
  app: FastifyInstance;
  bus: Bus;
  dataDir: string;
  /** Every auth.* event the relay published, in order. */
  events: EventEnvelope[];
  /** Publishes the outbox and waits until `count` events have arrived (or all pending, when omitted). */
  waitForEvents(count: number): Promise<EventEnvelope[]>;
  /** A JSON dump of every svc-auth table: equal before and after means nothing changed. */
  snapshot(): Promise<string>;
  close(): Promise<void>;
}

/** svc-auth for one test file: started before its tests and closed after them. */
export function serviceForFile(overrides: Partial<AppOptions> = {}): TestService {
  return startedForFile(() => startService(overrides));
}

export async function startService(overrides: Partial<AppOptions> = {}): Promise<TestService> {
  const db = await createTestDatabase('auth');
  const bus = createInProcessBus();
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-auth-'));
  const app = await buildApp({
    databaseUrl: db.url,
    jwtPublicKey: testKeys().publicKey,
    jwtPrivateKey: testKeys().privateKey,
    internalToken: TEST_INTERNAL_TOKEN,
    bus,
    bcryptCost: 4,
    appOrigin: 'http://app.test',
    dataDir,
    invitationKey: randomBytes(32).toString('hex'),
    ...overrides,
  });
  await app.ready();
  const events: EventEnvelope[] = [];
  await bus.subscribe({
    durable: 'svc-auth-test',
    subjects: ['auth.>'],
    handler: async (event) => {
      events.push(event);
    },
  });
  return {
    app,
    bus,
    dataDir,
    events,
    async waitForEvents(count) {
      await app.outbox.flush();
      const deadline = Date.now() + 5000;
      while (events.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      return events;
    },
    async snapshot() {
      const tables = [
        'households',
        'users',
        'sessions',
        'session_rotated_tokens',
        'invitations',
        'password_resets',
        'themes',
        'theme_preferences',
        'outbox',
      ];
      const dump: Record<string, unknown> = {};
      for (const t of tables) dump[t] = (await app.db.query(`SELECT * FROM ${t} ORDER BY 1`)).rows;
      return JSON.stringify(dump);
    },
    async close() {
      await app.close();
      await bus.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

export interface TestUser {
  id: number;
  householdId: number;
  email: string;
  name: string;
  access: string;
  refresh: string;
  sessionId: string;
  auth: { authorization: string };
}

/** The claims an access token carries, read without checking its signature. */
export function claims(accessToken: string): AccessClaims & { iss: string; aud: string } {
  return JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString('utf8'));
}

/** An access token for `u`'s session, signed with the test key `secondsAgo` ago for one minute: long expired. */
export function expiredAccessToken(u: TestUser, secondsAgo = 3600): string {
  return signAccessToken(
    testKeys().privateKey,
    { userId: u.id, householdId: u.householdId, sessionId: u.sessionId, role: 'admin' },
    60,
    Math.floor(Date.now() / 1000) - secondsAgo,
  );
}

export function asUser(res: LightMyRequestResponse, email: string, name: string): TestUser {
  if (res.statusCode >= 300) throw new Error(`expected success, got ${res.statusCode} ${res.body}`);
  const body = res.json() as { access_token: string; refresh_token: string };
  const c = claims(body.access_token);
  return {
    id: Number(c.sub),
    householdId: c.hid,
    email,
    name,
    access: body.access_token,
    refresh: body.refresh_token,
    sessionId: c.sid,
    auth: { authorization: `Bearer ${body.access_token}` },
  };
}

export async function register(
  app: FastifyInstance,
  fields: { name?: string; email?: string; password?: string; token?: string } = {},
): Promise<TestUser> {
  const email = fields.email ?? uniqueEmail();
  const name = fields.name ?? 'Test User';
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { name, email, password: fields.password ?? PASSWORD, ...(fields.token ? { token: fields.token } : {}) },
  });
  return asUser(res, email, name);
}

export async function login(app: FastifyInstance, email: string, password = PASSWORD): Promise<TestUser> {
  const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  return asUser(res, email, '');
}

/** An admin with a member who joined by invitation. */
export async function householdOfTwo(app: FastifyInstance): Promise<{ admin: TestUser; member: TestUser }> {
  const admin = await register(app, { name: 'Alice Admin' });
  const email = uniqueEmail('member');
  const invite = await app.inject({
    method: 'POST',
    url: '/api/household/invite',
    headers: admin.auth,
    payload: { email },
  });
  if (invite.statusCode !== 201) throw new Error(`invite failed: ${invite.body}`);
  const member = await register(app, { name: 'Bob Member', email, token: invite.json().token });
  return { admin, member };
}

export const internalHeaders = { 'x-internal-token': TEST_INTERNAL_TOKEN };
