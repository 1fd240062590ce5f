import { randomUUID } from 'node:crypto';
import { memberKey } from '../src/sessions';
import jwt from 'jsonwebtoken';
import { EVENTS, PUBLIC_API_ROUTES } from '@hf/contracts';
import { testKeys } from '@hf/service-kit/testing';
import { authEvent, otherKey, startHarness, token, waitFor, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({}, { revoked: ['revoked-before-start'] });
  await waitFor(() => h.gateway.revocationsLoaded());
});
afterAll(async () => h.close());

const get = (authorization?: string, url = '/api/accounts') =>
  h.gateway.inject({ method: 'GET', url, headers: authorization === undefined ? {} : { authorization } });

function b64(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('public and protected routes', () => {
  const publicRoutes = PUBLIC_API_ROUTES.map((r) => [r.method, r.url.replace(':token', 'abc123')] as const);
  it.each(publicRoutes)('%s %s needs no token', async (method, url) => {
    const res = await h.gateway.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ service: 'svc-auth', url });
  });

  it.each([
    ['GET', '/api/users/login'],
    ['GET', '/api/household/me'],
    ['GET', '/api/household/invitations'],
    ['POST', '/api/household/invitations/abc123'],
    ['GET', '/api/themes'],
    ['GET', '/api/accounts'],
    ['GET', '/api/dashboard/widgets'],
    ['POST', '/api/import/analyze'],
    ['GET', '/api/reports/spending'],
  ] as const)('%s %s needs a token', async (method, url) => {
    const res = await h.gateway.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('passes a valid token on to the service', async () => {
    const t = token();
    const res = await get(`Bearer ${t}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ service: 'svc-ledger', authorization: `Bearer ${t}` });
  });
});

describe('token abuse', () => {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: '7',
    hid: 3,
    sid: randomUUID(),
    role: 'admin',
    iss: 'hf-auth',
    aud: 'hf-app',
    iat: now,
    exp: now + 900,
  };

  it('refuses alg none', async () => {
    expect((await get(`Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`)).statusCode).toBe(401);
    expect((await get(`Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}`)).statusCode).toBe(401);
  });

  it('refuses HS256 signed with the public key as the secret', async () => {
    const forged = jwt.sign(claims, testKeys().publicKey, { algorithm: 'HS256' });
    expect((await get(`Bearer ${forged}`)).statusCode).toBe(401);
  });

  it('refuses a token signed with another key', async () => {
    expect((await get(`Bearer ${token({ privateKey: otherKey() })}`)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    expect((await get(`Bearer ${token({ ageSeconds: 1000, lifetime: 900 })}`)).statusCode).toBe(401);
  });

  it('refuses tampered claims, wrong issuer or audience', async () => {
    const [header, , signature] = token().split('.');
    expect((await get(`Bearer ${header}.${b64({ ...claims, hid: 999 })}.${signature}`)).statusCode).toBe(401);
    const wrongIssuer = jwt.sign({ ...claims, iss: 'someone-else' }, testKeys().privateKey, { algorithm: 'RS256' });
    const wrongAudience = jwt.sign({ ...claims, aud: 'another-app' }, testKeys().privateKey, { algorithm: 'RS256' });
    expect((await get(`Bearer ${wrongIssuer}`)).statusCode).toBe(401);
    expect((await get(`Bearer ${wrongAudience}`)).statusCode).toBe(401);
  });

  it('refuses malformed Authorization headers', async () => {
    for (const header of [
      '',
      'Bearer',
      'Bearer ',
      `Basic ${Buffer.from('a:b').toString('base64')}`,
      `bearer ${token()}`,
      'Bearer a.b.c d',
    ]) {
      expect({ header, status: (await get(header)).statusCode }).toEqual({ header, status: 401 });
    }
  });
});

describe('revoked sessions', () => {
  it('refuses a session revoked before the gateway started (start-up fetch from svc-auth)', async () => {
    expect((await get(`Bearer ${token({ sessionId: 'revoked-before-start' })}`)).statusCode).toBe(401);
    expect((await get(`Bearer ${token({ sessionId: 'still-fine' })}`)).statusCode).toBe(200);
  });

  it('refuses a session once auth.session.revoked.v1 arrives on the bus, at once', async () => {
    const sid = randomUUID();
    const t = token({ sessionId: sid });
    expect((await get(`Bearer ${t}`)).statusCode).toBe(200);
    await h.bus.publish(
      authEvent(EVENTS.sessionRevoked, `user/7`, 3, 1, { session_ids: [sid], user_id: 7, reason: 'logout' }),
    );
    await waitFor(() => h.gateway.revokedSessions.has(sid));
    const res = await get(`Bearer ${t}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Your session has ended. Please log in again.' });
    // The verified-token cache does not let it through either, nor does a public route need it.
    expect((await get(`Bearer ${t}`, '/api/household/me')).statusCode).toBe(401);
    expect(
      (
        await h.gateway.inject({
          method: 'GET',
          url: '/api/themes/defaults',
          headers: { authorization: `Bearer ${t}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it("refuses a removed member's tokens for the household they left once auth.member.removed.v1 arrives", async () => {
    const old = token({ userId: 41, householdId: 9, sessionId: randomUUID() });
    const other = token({ userId: 42, householdId: 9, sessionId: randomUUID() });
    const fresh = token({ userId: 41, householdId: 10, sessionId: randomUUID() });
    expect((await get(`Bearer ${old}`)).statusCode).toBe(200);
    await h.bus.publish(
      authEvent(EVENTS.memberRemoved, 'user/41', 9, 4, { user_id: 41, household_id: 9, new_household_id: 10 }),
    );
    await waitFor(() => h.gateway.revokedSessions.has(memberKey(41, 9)));
    expect((await get(`Bearer ${old}`)).statusCode).toBe(401);
    // The other members, and the removed user in their new household, are untouched.
    expect((await get(`Bearer ${other}`)).statusCode).toBe(200);
    expect((await get(`Bearer ${fresh}`)).statusCode).toBe(200);
  });

  it('terminates a malformed revocation event without crashing', async () => {
    await h.bus.publish(authEvent(EVENTS.sessionRevoked, 'user/1', 1, 2, { session_ids: 'not-a-list' }));
    const sid = randomUUID();
    await h.bus.publish(
      authEvent(EVENTS.sessionRevoked, 'user/1', 1, 3, { session_ids: [sid], user_id: 1, reason: 'logout' }),
    );
    await waitFor(() => h.gateway.revokedSessions.has(sid));
  });

  it('is ready only once the revoked list is loaded, and keeps retrying until svc-auth answers', async () => {
    const late = await startHarness({}, { revokedStatus: 503, revoked: ['late-session'] });
    try {
      expect((await late.gateway.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      late.auth.revokedStatus = 200;
      await waitFor(() => late.gateway.revocationsLoaded(), 5000);
      expect((await late.gateway.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
        status: 'ready',
        bus: true,
        revocations: true,
      });
      expect(late.gateway.revokedSessions.has('late-session')).toBe(true);
    } finally {
      await late.close();
    }
  });
});

describe('sliding renewal', () => {
  it('hands out a fresh token past half-life, marked no-store', async () => {
    const before = h.auth.renewCalls;
    const old = token({ ageSeconds: 500, lifetime: 900 });
    const res = await get(`Bearer ${old}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const renewed = /^Bearer (.+)$/.exec(String(res.headers.authorization))?.[1];
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(old);
    const claims = jwt.verify(renewed!, testKeys().publicKey, { algorithms: ['RS256'] }) as {
      sid: string;
      exp: number;
    };
    expect(claims.sid).toBe((jwt.decode(old) as { sid: string }).sid);
    expect(h.auth.renewCalls).toBe(before + 1);
    // The fresh token works and is not renewed again.
    const next = await get(`Bearer ${renewed}`);
    expect(next.statusCode).toBe(200);
    expect(next.headers.authorization).toBeUndefined();
  });

  it('renews once for parallel requests carrying the same old token', async () => {
    const before = h.auth.renewCalls;
    const old = token({ ageSeconds: 600 });
    const answers = await Promise.all([1, 2, 3, 4].map(() => get(`Bearer ${old}`)));
    expect(new Set(answers.map((a) => a.headers.authorization)).size).toBe(1);
    expect(h.auth.renewCalls).toBe(before + 1);
  });

  it('does not renew a token before half-life', async () => {
    const res = await get(`Bearer ${token({ ageSeconds: 100 })}`);
    expect(res.headers.authorization).toBeUndefined();
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('still answers, without a new token, when svc-auth refuses the renewal', async () => {
    h.auth.renewAllowed = false;
    try {
      const res = await get(`Bearer ${token({ ageSeconds: 700 })}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers.authorization).toBeUndefined();
    } finally {
      h.auth.renewAllowed = true;
    }
  });
});
