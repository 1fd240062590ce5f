import { AUTH_MESSAGES } from '@hf/contracts';
import { signAccessToken, verifyAccessToken } from '@hf/service-kit';
import { testKeys } from '@hf/service-kit/testing';
import { claims, expiredAccessToken, internalHeaders, login, register, serviceForFile } from './helpers';

const svc = serviceForFile({ accessTokenSeconds: 120 });

const renew = (access_token: unknown, headers: Record<string, string> = internalHeaders) =>
  svc.app.inject({ method: 'POST', url: '/internal/sessions/renew', headers, payload: { access_token } as object });

describe('POST /internal/sessions/renew', () => {
  it('mints a fresh access token for the same live session with the configured lifetime', async () => {
    const u = await register(svc.app);
    expect(claims(u.access).exp - claims(u.access).iat).toBe(120);
    await new Promise((r) => setTimeout(r, 1100));
    const res = await renew(u.access);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const identity = verifyAccessToken(body.access_token, testKeys().publicKey);
    expect(identity).toMatchObject({
      userId: u.id,
      householdId: u.householdId,
      sessionId: u.sessionId,
      role: 'admin',
      name: 'Test User',
    });
    expect(identity.expiresAt).toBeGreaterThan(claims(u.access).exp);
    expect(body.expires_at).toBe(new Date(identity.expiresAt * 1000).toISOString());
    // The renewed token works on the routes.
    expect(
      (
        await svc.app.inject({
          method: 'GET',
          url: '/api/household/me',
          headers: { authorization: `Bearer ${body.access_token}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('never renews past the 24 h session cap', async () => {
    const u = await register(svc.app);
    await svc.app.db.query(`UPDATE sessions SET expires_at = now() + interval '30 seconds' WHERE id = $1`, [
      u.sessionId,
    ]);
    const identity = verifyAccessToken((await renew(u.access)).json().access_token, testKeys().publicKey);
    expect(identity.expiresAt - identity.issuedAt).toBeLessThanOrEqual(30);
    await svc.app.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [u.sessionId]);
    const capped = await renew(u.access);
    expect(capped.statusCode).toBe(401);
    expect(capped.json()).toEqual({ message: AUTH_MESSAGES.sessionExpired });
  });

  it('refuses a revoked session, an expired token, a foreign key and garbage', async () => {
    const u = await register(svc.app);
    await svc.app.inject({ method: 'POST', url: '/api/users/logout', headers: u.auth });
    expect((await renew(u.access)).statusCode).toBe(401);
    const v = await register(svc.app);
    const expired = expiredAccessToken(v, 600);
    expect((await renew(expired)).statusCode).toBe(401);
    const { generateKeyPairSync } = await import('node:crypto');
    const other = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    expect(
      (
        await renew(
          signAccessToken(
            other.privateKey,
            { userId: v.id, householdId: v.householdId, sessionId: v.sessionId, role: 'admin' },
            60,
          ),
        )
      ).statusCode,
    ).toBe(401);
    // Someone else's session id under a valid signature (cannot happen without the key, but must not renew).
    expect(
      (
        await renew(
          signAccessToken(
            testKeys().privateKey,
            { userId: u.id, householdId: v.householdId, sessionId: v.sessionId, role: 'admin' },
            60,
          ),
        )
      ).statusCode,
    ).toBe(401);
    expect((await renew('garbage')).statusCode).toBe(401);
    expect((await renew(42)).statusCode).toBe(400);
  });

  it('does not exist without the internal token', async () => {
    const u = await register(svc.app);
    for (const headers of [{}, { 'x-internal-token': 'wrong' }] as Array<Record<string, string>>) {
      const res = await renew(u.access, headers);
      expect(res.statusCode).toBe(404);
    }
    // A user access token is not an internal token either.
    expect((await renew(u.access, u.auth)).statusCode).toBe(404);
  });
});

describe('GET /internal/sessions/revoked', () => {
  it('lists sessions revoked since a time, with as_of to continue from', async () => {
    const start = (await svc.app.db.query('SELECT now() AS now')).rows[0].now as Date;
    const u = await register(svc.app);
    const w = await login(svc.app, u.email);
    await svc.app.inject({ method: 'POST', url: '/api/users/logout', headers: u.auth });
    const res = await svc.app.inject({
      method: 'GET',
      url: `/internal/sessions/revoked?since=${encodeURIComponent(start.toISOString())}`,
      headers: internalHeaders,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sessions.map((s: { id: string }) => s.id)).toEqual([u.sessionId]);
    expect(body.sessions[0]).toEqual({
      id: u.sessionId,
      revoked_at: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(w.sessionId).not.toBe(u.sessionId);
    const later = await svc.app.inject({
      method: 'GET',
      url: `/internal/sessions/revoked?since=${encodeURIComponent(body.as_of)}`,
      headers: internalHeaders,
    });
    expect(later.json().sessions).toEqual([]);
    const defaults = await svc.app.inject({
      method: 'GET',
      url: '/internal/sessions/revoked',
      headers: internalHeaders,
    });
    expect(defaults.json().sessions.map((s: { id: string }) => s.id)).toContain(u.sessionId);
  });

  it('refuses a malformed since, and does not exist without the internal token', async () => {
    for (const since of ['yesterday', '2025-13-45T00:00:00Z', '1700000000']) {
      const res = await svc.app.inject({
        method: 'GET',
        url: `/internal/sessions/revoked?since=${since}`,
        headers: internalHeaders,
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await svc.app.inject({ method: 'GET', url: '/internal/sessions/revoked' })).statusCode).toBe(404);
  });
});
