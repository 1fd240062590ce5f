import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { AUTH_MESSAGES, EVENTS } from '@hf/contracts';
import { hashToken } from '../src/domain/tokens';
import { asUser, claims, expiredAccessToken, login, PASSWORD, register, serviceForFile, uniqueEmail } from './helpers';

const svc = serviceForFile();

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  svc.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/users/register', () => {
  it('without a token creates a household whose admin the new user is, and answers a token pair', async () => {
    const email = uniqueEmail();
    const res = await post('/api/users/register', {
      name: '  Ann  Lee ',
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'refresh_token']);
    const c = claims(body.access_token);
    expect(c.role).toBe('admin');
    expect(c.iss).toBe('hf-auth');
    expect(c.aud).toBe('hf-app');
    expect(c.exp - c.iat).toBe(900);
    expect(c.name).toBe('Ann Lee'); // the member's name, for the ledger's change history (decision 0127)
    const user = (
      await svc.app.db.query(
        'SELECT u.*, h.name AS household FROM users u JOIN households h ON h.id = u.household_id WHERE u.id = $1',
        [Number(c.sub)],
      )
    ).rows[0];
    expect(user).toMatchObject({
      email,
      name: 'Ann Lee',
      role: 'admin',
      household_id: c.hid,
      household: "Ann Lee's Household",
    });
    expect(user.password_hash).toMatch(/^\$2[aby]\$04\$/);
    expect(await bcrypt.compare(PASSWORD, user.password_hash)).toBe(true);
    const session = (await svc.app.db.query('SELECT * FROM sessions WHERE id = $1', [c.sid])).rows[0];
    expect(session.refresh_token_hash).toBe(hashToken(body.refresh_token));
    expect(session.expires_at.getTime() - session.created_at.getTime()).toBeGreaterThan(24 * 3600 * 1000 - 5000);
  });

  it('treats token null or empty as "no invitation"', async () => {
    for (const token of [null, '']) {
      const res = await post('/api/users/register', { name: 'N', email: uniqueEmail(), password: PASSWORD, token });
      expect(res.statusCode).toBe(201);
      expect(claims(res.json().access_token).role).toBe('admin');
    }
  });

  it('refuses an email that already has an account, whatever its case', async () => {
    const u = await register(svc.app);
    const before = await svc.snapshot();
    const res = await post('/api/users/register', { name: 'Again', email: u.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.emailTaken });
    expect(await svc.snapshot()).toBe(before);
  });

  it('lets only one of two simultaneous registrations of one email through', async () => {
    const email = uniqueEmail();
    const results = await Promise.all(
      [1, 2, 3].map(() => post('/api/users/register', { name: 'Twin', email, password: PASSWORD })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect((await svc.app.db.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [email])).rows[0].n).toBe(
      1,
    );
    expect(
      (await svc.app.db.query(`SELECT count(*)::int AS n FROM households WHERE name = $1`, ["Twin's Household"]))
        .rows[0].n,
    ).toBe(1);
  });

  it.each([
    [{ name: 'A', email: 'not-an-email', password: PASSWORD }, AUTH_MESSAGES.invalidEmail],
    [{ name: '   ', email: 'x@example.com', password: PASSWORD }, AUTH_MESSAGES.nameRequired],
    [{ name: 'A', email: 'short@example.com', password: 'short' }, AUTH_MESSAGES.passwordTooShort],
    [{ name: 'A', email: 'long@example.com', password: 'é'.repeat(40) }, AUTH_MESSAGES.passwordTooLong],
    [
      { name: 'A', email: 'tok@example.com', password: PASSWORD, token: 'not-a-token' },
      AUTH_MESSAGES.invitationInvalid,
    ],
    [
      { name: 'A', email: 'tok2@example.com', password: PASSWORD, token: 'A'.repeat(43) },
      AUTH_MESSAGES.invitationInvalid,
    ],
  ])('refuses %j with a clear message and changes nothing', async (payload, message) => {
    const before = await svc.snapshot();
    const res = await post('/api/users/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await svc.snapshot()).toBe(before);
  });

  it.each([
    [
      'extra field role',
      { name: 'A', email: 'r@example.com', password: PASSWORD, role: 'admin' },
      /Unexpected field "role"/,
    ],
    [
      'extra field household_id',
      { name: 'A', email: 'h@example.com', password: PASSWORD, household_id: 1 },
      /Unexpected field "household_id"/,
    ],
    ['wrong type', { name: 'A', email: 42, password: PASSWORD }, /email/],
    ['array body', [], /./],
    ['missing password', { name: 'A', email: 'm@example.com' }, /"password" is required/],
    ['over-long name', { name: 'n'.repeat(101), email: 'l@example.com', password: PASSWORD }, /name/],
    ['over-long email', { name: 'A', email: `${'e'.repeat(250)}@x.com`, password: PASSWORD }, /email/],
    ['over-long password', { name: 'A', email: 'p@example.com', password: 'p'.repeat(201) }, /password/],
    ['NUL in name', { name: 'A\u0000B', email: 'nul@example.com', password: PASSWORD }, /name/],
    ['NUL in password', { name: 'A', email: 'nul2@example.com', password: `${PASSWORD}\u0000` }, /password/],
    [
      'constructor key',
      { name: 'A', email: 'c@example.com', password: PASSWORD, constructor: { prototype: { admin: true } } },
      /./,
    ],
  ])('answers 400 to %s and changes nothing', async (_label, payload, message) => {
    const before = await svc.snapshot();
    const res = await post('/api/users/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await svc.snapshot()).toBe(before);
  });

  it('answers 400 to malformed JSON and to a __proto__ key, changing nothing', async () => {
    const before = await svc.snapshot();
    const bad = await svc.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"A","email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const proto = await svc.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"A","email":"proto@example.com","password":"${PASSWORD}","__proto__":{"role":"admin"}}`,
    });
    expect(proto.statusCode).toBe(400);
    expect(await svc.snapshot()).toBe(before);
  });
});

describe('POST /api/users/login', () => {
  it('answers a fresh token pair and a new session', async () => {
    const u = await register(svc.app);
    const res = await post('/api/users/login', { email: ` ${u.email.toUpperCase()}`, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const l = asUser(res, u.email, u.name);
    expect(l.id).toBe(u.id);
    expect(l.householdId).toBe(u.householdId);
    expect(l.sessionId).not.toBe(u.sessionId);
    expect(l.refresh).not.toBe(u.refresh);
  });

  it('answers 401 with the same message for a wrong password and an unknown email', async () => {
    const u = await register(svc.app);
    const before = await svc.snapshot();
    const wrong = await post('/api/users/login', { email: u.email, password: 'wrong password' });
    const unknown = await post('/api/users/login', { email: uniqueEmail('nobody'), password: PASSWORD });
    const malformed = await post('/api/users/login', { email: 'not an email', password: PASSWORD });
    for (const res of [wrong, unknown, malformed]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    }
    expect(await svc.snapshot()).toBe(before);
  });

  it('does not accept a longer password whose first 72 bytes match (bcrypt truncation)', async () => {
    const password = 'x'.repeat(72);
    const u = await register(svc.app, { password });
    expect((await post('/api/users/login', { email: u.email, password: `${password}extra` })).statusCode).toBe(401);
    expect((await post('/api/users/login', { email: u.email, password })).statusCode).toBe(200);
  });

  it('refuses extra fields and wrong types', async () => {
    expect((await post('/api/users/login', { email: 'a@b.co', password: PASSWORD, remember: true })).statusCode).toBe(
      400,
    );
    expect((await post('/api/users/login', { email: 'a@b.co', password: 12345678 })).statusCode).toBe(400);
  });
});

describe('POST /api/users/forgot-password', () => {
  it('says whether an account uses the email, as register does, and writes the mail to the outbox folder without SMTP', async () => {
    const u = await register(svc.app, { name: 'Forgetful' });
    const known = await post('/api/users/forgot-password', { email: ` ${u.email.toUpperCase()} ` });
    expect([known.statusCode, known.json()]).toEqual([200, { message: AUTH_MESSAGES.forgotPasswordSent }]);
    const ghost = uniqueEmail('ghost');
    const unknown = await post('/api/users/forgot-password', { email: ghost });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: AUTH_MESSAGES.noAccountForEmail }]);
    const malformed = await post('/api/users/forgot-password', { email: 'nope' });
    expect([malformed.statusCode, malformed.json()]).toEqual([400, { message: AUTH_MESSAGES.invalidEmail }]);
    // Register agrees: the unknown address can be registered, the known one is taken.
    const taken = await post('/api/users/register', { name: 'Again', email: u.email, password: PASSWORD });
    expect([taken.statusCode, taken.json()]).toEqual([400, { message: AUTH_MESSAGES.emailTaken }]);
    const fresh = await post('/api/users/register', { name: 'Ghost', email: ghost, password: PASSWORD });
    expect(fresh.statusCode).toBe(201);
    await svc.app.mailer.idle();
    const dir = join(svc.dataDir, 'outbox');
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = readFileSync(join(dir, files[0]), 'utf8');
    expect(raw).toContain(`To: ${u.email}`);
    const link = /http:\/\/app\.test\/reset-password\/([A-Za-z0-9_-]{43})/.exec(raw.replace(/=\n/g, ''));
    expect(link).not.toBeNull();
    const row = (await svc.app.db.query('SELECT * FROM password_resets WHERE user_id = $1', [u.id])).rows[0];
    expect(row.token_hash).toBe(hashToken(link![1]));
    expect(Math.abs(row.expires_at.getTime() - row.created_at.getTime() - 3600 * 1000)).toBeLessThan(1000);
  });
});

describe('a new reset request invalidates the earlier links', () => {
  it('only the newest link of a user works; the earlier one answers "Invalid or expired token." and changes nothing', async () => {
    const u = await register(svc.app, { name: 'Twice Forgetful' });
    const other = await register(svc.app, { name: 'Someone Else' });
    expect((await post('/api/users/forgot-password', { email: other.email })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await post('/api/users/forgot-password', { email: u.email })).statusCode).toBe(200);
    await svc.app.mailer.idle();
    const dir = join(svc.dataDir, 'outbox');
    const tokensFor = (email: string) =>
      readdirSync(dir)
        .map((f) => readFileSync(join(dir, f), 'utf8'))
        .filter((raw) => raw.includes(`To: ${email}`))
        .map((raw) => /http:\/\/app\.test\/reset-password\/([A-Za-z0-9_-]{43})/.exec(raw.replace(/=\n/g, ''))![1]);
    const tokens = tokensFor(u.email);
    expect(tokens).toHaveLength(2);
    const rows = (
      await svc.app.db.query('SELECT token_hash, used_at FROM password_resets WHERE user_id = $1 ORDER BY id', [u.id])
    ).rows;
    expect(rows.map((r) => r.used_at === null)).toEqual([false, true]);
    const [older, newer] = rows.map((r) => tokens.find((t) => hashToken(t) === r.token_hash)!);
    const refused = await post('/api/users/reset-password', { token: older, password: 'an older link 1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.invalidResetToken });
    expect((await post('/api/users/login', { email: u.email, password: PASSWORD })).statusCode).toBe(200);
    // Another user's link is untouched by this user's requests.
    expect(
      (await post('/api/users/reset-password', { token: tokensFor(other.email)[0], password: 'the other one 1' }))
        .statusCode,
    ).toBe(200);
    expect((await post('/api/users/reset-password', { token: newer, password: 'the newest link 1' })).statusCode).toBe(
      200,
    );
    expect((await post('/api/users/login', { email: u.email, password: 'the newest link 1' })).statusCode).toBe(200);
  });
});

describe('POST /api/users/reset-password', () => {
  async function resetToken(userId: number, expiresInMs = 3600_000): Promise<string> {
    const { generateToken } = await import('../src/domain/tokens');
    const token = generateToken();
    await svc.app.db.query(
      `INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3::float8 / 1000))`,
      [userId, hashToken(token), expiresInMs],
    );
    return token;
  }

  it('sets the new password, uses the token up, revokes every session and records auth.session.revoked.v1', async () => {
    const u = await register(svc.app);
    const other = await login(svc.app, u.email);
    const token = await resetToken(u.id);
    const spare = await resetToken(u.id);
    const eventsBefore = svc.events.length;
    const res = await post('/api/users/reset-password', { token, password: 'a brand new secret' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.passwordReset });
    expect((await post('/api/users/login', { email: u.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/users/login', { email: u.email, password: 'a brand new secret' })).statusCode).toBe(200);
    // Both sessions are revoked: their access tokens no longer work here.
    for (const s of [u, other])
      expect((await svc.app.inject({ method: 'GET', url: '/api/household/me', headers: s.auth })).statusCode).toBe(401);
    // Used, and the spare link is now useless too.
    for (const t of [token, spare]) {
      const again = await post('/api/users/reset-password', { token: t, password: 'another secret 2' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: AUTH_MESSAGES.invalidResetToken });
    }
    const events = (await svc.waitForEvents(eventsBefore + 1)).slice(eventsBefore);
    const revoked = events.filter((e) => e.type === EVENTS.sessionRevoked);
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ source: 'svc-auth', subject: `user/${u.id}`, household_id: u.householdId });
    expect(revoked[0].data).toMatchObject({ user_id: u.id, reason: 'password_reset' });
    expect((revoked[0].data as { session_ids: string[] }).session_ids.sort()).toEqual(
      [u.sessionId, other.sessionId].sort(),
    );
  });

  it.each([
    ['expired', -1000],
    ['unknown', null],
  ])('refuses an %s token with the spec message and changes nothing', async (_label, expiresIn) => {
    const u = await register(svc.app);
    const token = expiresIn === null ? 'B'.repeat(43) : await resetToken(u.id, expiresIn);
    const before = await svc.snapshot();
    const res = await post('/api/users/reset-password', { token, password: 'whatever 123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.invalidResetToken });
    expect(await svc.snapshot()).toBe(before);
    expect((await post('/api/users/login', { email: u.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a malformed token and a too-short password without using the token up', async () => {
    const u = await register(svc.app);
    const token = await resetToken(u.id);
    const before = await svc.snapshot();
    expect((await post('/api/users/reset-password', { token: 'short', password: 'whatever 123' })).json()).toEqual({
      message: AUTH_MESSAGES.invalidResetToken,
    });
    const weak = await post('/api/users/reset-password', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: AUTH_MESSAGES.passwordTooShort });
    expect((await post('/api/users/reset-password', { token, password: 'fine password', extra: 1 })).statusCode).toBe(
      400,
    );
    expect(await svc.snapshot()).toBe(before);
    expect((await post('/api/users/reset-password', { token, password: 'fine password' })).statusCode).toBe(200);
  });
});

describe('POST /api/users/refresh', () => {
  it('rotates the refresh token and keeps the session', async () => {
    const u = await register(svc.app);
    const res = await post('/api/users/refresh', { refresh_token: u.refresh });
    expect(res.statusCode).toBe(200);
    const next = asUser(res, u.email, u.name);
    expect(next.sessionId).toBe(u.sessionId);
    expect(next.refresh).not.toBe(u.refresh);
    const again = await post('/api/users/refresh', { refresh_token: next.refresh });
    expect(again.statusCode).toBe(200);
  });

  it('revokes the whole session when an old refresh token is reused, and records it', async () => {
    const u = await register(svc.app);
    const next = asUser(await post('/api/users/refresh', { refresh_token: u.refresh }), u.email, u.name);
    const eventsBefore = svc.events.length;
    const reuse = await post('/api/users/refresh', { refresh_token: u.refresh });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: AUTH_MESSAGES.sessionExpired });
    // The legitimate holder's newest tokens die with the family.
    expect((await post('/api/users/refresh', { refresh_token: next.refresh })).statusCode).toBe(401);
    expect((await svc.app.inject({ method: 'GET', url: '/api/household/me', headers: next.auth })).statusCode).toBe(
      401,
    );
    const session = (
      await svc.app.db.query('SELECT revoked_at, revoked_reason FROM sessions WHERE id = $1', [u.sessionId])
    ).rows[0];
    expect(session.revoked_at).not.toBeNull();
    expect(session.revoked_reason).toBe('refresh_token_reuse');
    const events = (await svc.waitForEvents(eventsBefore + 1)).slice(eventsBefore);
    expect(
      events.map((e) => [
        e.type,
        (e.data as { reason: string }).reason,
        (e.data as { session_ids: string[] }).session_ids,
      ]),
    ).toEqual([[EVENTS.sessionRevoked, 'refresh_token_reuse', [u.sessionId]]]);
    // Another session of the same user is untouched.
    const other = await login(svc.app, u.email);
    expect((await post('/api/users/refresh', { refresh_token: other.refresh })).statusCode).toBe(200);
  });

  it('refuses unknown, malformed and capped-session tokens with 401', async () => {
    const u = await register(svc.app);
    expect((await post('/api/users/refresh', { refresh_token: 'C'.repeat(43) })).statusCode).toBe(401);
    expect((await post('/api/users/refresh', { refresh_token: 'x' })).statusCode).toBe(401);
    expect((await post('/api/users/refresh', { refresh_token: 5 })).statusCode).toBe(400);
    await svc.app.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [u.sessionId]);
    const capped = await post('/api/users/refresh', { refresh_token: u.refresh });
    expect(capped.statusCode).toBe(401);
  });
});

describe('POST /api/users/logout', () => {
  it('revokes the session, records auth.session.revoked.v1 and leaves other sessions alone', async () => {
    const u = await register(svc.app);
    const other = await login(svc.app, u.email);
    const eventsBefore = svc.events.length;
    const res = await svc.app.inject({ method: 'POST', url: '/api/users/logout', headers: u.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.loggedOut });
    expect((await svc.app.inject({ method: 'GET', url: '/api/household/me', headers: u.auth })).statusCode).toBe(401);
    expect((await post('/api/users/refresh', { refresh_token: u.refresh })).statusCode).toBe(401);
    expect((await svc.app.inject({ method: 'GET', url: '/api/household/me', headers: other.auth })).statusCode).toBe(
      200,
    );
    const events = (await svc.waitForEvents(eventsBefore + 1)).slice(eventsBefore);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: EVENTS.sessionRevoked,
      source: 'svc-auth',
      household_id: u.householdId,
      subject: `user/${u.id}`,
    });
    expect(events[0].data).toMatchObject({ session_ids: [u.sessionId], user_id: u.id, reason: 'logout' });
    expect(Date.parse((events[0].data as { expires_at: string }).expires_at)).toBeGreaterThan(Date.now());
  });

  it('also works with only the refresh token, once the access token has expired (idle logout)', async () => {
    const u = await register(svc.app);
    const expired = expiredAccessToken(u);
    const eventsBefore = svc.events.length;
    const res = await post('/api/users/logout', { refresh_token: u.refresh }, { authorization: `Bearer ${expired}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.loggedOut });
    expect((await post('/api/users/refresh', { refresh_token: u.refresh })).statusCode).toBe(401);
    const events = (await svc.waitForEvents(eventsBefore + 1)).slice(eventsBefore);
    expect(events.map((e) => [e.type, (e.data as { session_ids: string[] }).session_ids])).toEqual([
      [EVENTS.sessionRevoked, [u.sessionId]],
    ]);
  });

  it('accepts the access token with a JSON body naming the same session, and a JSON body of {}', async () => {
    const u = await register(svc.app);
    expect((await post('/api/users/logout', { refresh_token: u.refresh }, u.auth)).statusCode).toBe(200);
    const v = await register(svc.app);
    expect((await post('/api/users/logout', {}, v.auth)).statusCode).toBe(200);
    expect((await svc.app.inject({ method: 'GET', url: '/api/household/me', headers: v.auth })).statusCode).toBe(401);
  });

  it('answers 401 when nothing names a session, and 400 to extra fields, changing nothing', async () => {
    const u = await register(svc.app);
    const before = await svc.snapshot();
    expect((await svc.app.inject({ method: 'POST', url: '/api/users/logout' })).statusCode).toBe(401);
    expect((await post('/api/users/logout', {})).statusCode).toBe(401);
    expect((await post('/api/users/logout', { refresh_token: 'E'.repeat(43) })).statusCode).toBe(401);
    expect((await post('/api/users/logout', {}, { authorization: 'Bearer not.a.jwt' })).statusCode).toBe(401);
    expect((await post('/api/users/logout', { refresh_token: u.refresh, user_id: u.id })).statusCode).toBe(400);
    expect((await post('/api/users/logout', { refresh_token: 7 })).statusCode).toBe(400);
    expect(await svc.snapshot()).toBe(before);
  });
});
