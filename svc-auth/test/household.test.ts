import { AUTH_MESSAGES, EVENTS } from '@hf/contracts';
import { testKeys, testToken } from '@hf/service-kit/testing';
import { signAccessToken } from '@hf/service-kit';
import { hashToken } from '../src/domain/tokens';
import {
  expiredAccessToken,
  householdOfTwo,
  login,
  PASSWORD,
  register,
  serviceForFile,
  uniqueEmail,
  type TestUser,
} from './helpers';

const svc = serviceForFile();

const get = (url: string, user?: TestUser) => svc.app.inject({ method: 'GET', url, headers: user?.auth ?? {} });
const del = (url: string, user: TestUser) => svc.app.inject({ method: 'DELETE', url, headers: user.auth });
const invite = (user: TestUser, email: unknown) =>
  svc.app.inject({ method: 'POST', url: '/api/household/invite', headers: user.auth, payload: { email } as object });

describe('POST /api/household/invite', () => {
  it('gives an admin a 7-day single-use token, stored hashed and encrypted', async () => {
    const admin = await register(svc.app, { name: 'Inviter' });
    const email = uniqueEmail('guest');
    const res = await invite(admin, `  ${email.toUpperCase()} `);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ email });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = (await svc.app.db.query('SELECT * FROM invitations WHERE id = $1', [body.id])).rows[0];
    expect(row.token_hash).toBe(hashToken(body.token));
    expect(row.token_encrypted).not.toContain(body.token);
    expect(row.household_id).toBe(admin.householdId);
    expect(row.inviter_id).toBe(admin.id);
    expect(Math.abs(row.expires_at.getTime() - row.created_at.getTime() - 7 * 24 * 3600 * 1000)).toBeLessThan(1000);
    expect(body.expires_at).toBe(row.expires_at.toISOString());
  });

  it('replaces an earlier pending invitation of the same email', async () => {
    const admin = await register(svc.app);
    const email = uniqueEmail();
    const first = (await invite(admin, email)).json();
    const second = (await invite(admin, email)).json();
    expect((await get(`/api/household/invitations/${first.token}`)).statusCode).toBe(404);
    expect((await get(`/api/household/invitations/${second.token}`)).statusCode).toBe(200);
    const list = (await get('/api/household/', admin)).json();
    expect(list.pending_invitations.map((i: { id: number }) => i.id)).toEqual([second.id]);
  });

  it.each([
    ['not-an-email', AUTH_MESSAGES.invalidEmail],
    ['', AUTH_MESSAGES.invalidEmail],
  ])('refuses %j with a clear message and changes nothing', async (email, message) => {
    const admin = await register(svc.app);
    const before = await svc.snapshot();
    const res = await invite(admin, email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await svc.snapshot()).toBe(before);
  });

  it('refuses to invite someone who already has an account', async () => {
    const { admin, member } = await householdOfTwo(svc.app);
    const outsider = await register(svc.app);
    expect((await invite(admin, member.email)).json()).toEqual({ message: AUTH_MESSAGES.alreadyMember });
    expect((await invite(admin, outsider.email.toUpperCase())).json()).toEqual({
      message: AUTH_MESSAGES.inviteeHasAccount,
    });
  });

  it('refuses a member (403), even with a token that claims the admin role, and changes nothing', async () => {
    const { member } = await householdOfTwo(svc.app);
    const before = await svc.snapshot();
    const res = await invite(member, uniqueEmail());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.adminOnly });
    // A token whose role claim says admin does not help: the role is read from the database.
    const forged = signAccessToken(
      testKeys().privateKey,
      { userId: member.id, householdId: member.householdId, sessionId: member.sessionId, role: 'admin' },
      900,
    );
    const again = await svc.app.inject({
      method: 'POST',
      url: '/api/household/invite',
      headers: { authorization: `Bearer ${forged}` },
      payload: { email: uniqueEmail() },
    });
    expect(again.statusCode).toBe(403);
    expect(await svc.snapshot()).toBe(before);
  });

  it.each([
    ['extra field household_id', { email: 'a@example.com', household_id: 1 }],
    ['extra field role', { email: 'a@example.com', role: 'admin' }],
    ['wrong type', { email: ['a@example.com'] }],
    ['over-long email', { email: `${'a'.repeat(250)}@example.com` }],
    ['NUL byte', { email: 'a\u0000@example.com' }],
  ])('answers 400 to %s and changes nothing', async (_label, payload) => {
    const admin = await register(svc.app);
    const before = await svc.snapshot();
    const res = await svc.app.inject({ method: 'POST', url: '/api/household/invite', headers: admin.auth, payload });
    expect(res.statusCode).toBe(400);
    expect(await svc.snapshot()).toBe(before);
  });
});

describe('GET /api/household/invitations/:token (public)', () => {
  it('describes a valid invitation without any login', async () => {
    const admin = await register(svc.app, { name: 'Carol Host' });
    const email = uniqueEmail('invitee');
    const { token } = (await invite(admin, email)).json();
    const res = await get(`/api/household/invitations/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email,
      household_name: "Carol Host's Household",
      inviter_name: 'Carol Host',
      inviter_email: admin.email,
    });
  });

  it.each(['expired', 'used', 'cancelled', 'unknown', 'malformed'])(
    'answers 404 with the spec message to a %s token',
    async (kind) => {
      const admin = await register(svc.app);
      const email = uniqueEmail();
      const inv = (await invite(admin, email)).json();
      let token = inv.token as string;
      if (kind === 'expired')
        await svc.app.db.query(`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [
          inv.id,
        ]);
      if (kind === 'used') await register(svc.app, { email, token });
      if (kind === 'cancelled') expect((await del(`/api/household/invitations/${inv.id}`, admin)).statusCode).toBe(200);
      if (kind === 'unknown') token = 'D'.repeat(43);
      if (kind === 'malformed') token = 'abc%00def';
      const res = await get(`/api/household/invitations/${token}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.invitationInvalid });
    },
  );
});

describe('POST /api/users/register with an invitation', () => {
  it('joins the inviter household as a member and uses the token up', async () => {
    const { admin, member } = await householdOfTwo(svc.app);
    expect(member.householdId).toBe(admin.householdId);
    const me = (await get('/api/household/me', member)).json();
    expect(me).toMatchObject({
      id: member.id,
      role: 'member',
      household_id: admin.householdId,
      household_name: "Alice Admin's Household",
    });
    const row = (await svc.app.db.query('SELECT used_at, used_by FROM invitations WHERE used_by = $1', [member.id]))
      .rows[0];
    expect(row.used_at).not.toBeNull();
  });

  it.each(['expired', 'used', 'cancelled'])('refuses a %s invitation and changes nothing', async (kind) => {
    const admin = await register(svc.app);
    const email = uniqueEmail();
    const inv = (await invite(admin, email)).json();
    if (kind === 'expired')
      await svc.app.db.query(`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [inv.id]);
    if (kind === 'used') await svc.app.db.query('UPDATE invitations SET used_at = now() WHERE id = $1', [inv.id]);
    if (kind === 'cancelled') await del(`/api/household/invitations/${inv.id}`, admin);
    const before = await svc.snapshot();
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Late', email, password: PASSWORD, token: inv.token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.invitationInvalid });
    expect(await svc.snapshot()).toBe(before);
  });

  it('refuses an email other than the invited one and keeps the invitation usable', async () => {
    const admin = await register(svc.app);
    const email = uniqueEmail();
    const inv = (await invite(admin, email)).json();
    const before = await svc.snapshot();
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Other', email: uniqueEmail(), password: PASSWORD, token: inv.token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.invitationEmailMismatch });
    expect(await svc.snapshot()).toBe(before);
    expect((await register(svc.app, { email: email.toUpperCase(), token: inv.token })).householdId).toBe(
      admin.householdId,
    );
  });

  it('lets only one of two simultaneous registrations use an invitation', async () => {
    const admin = await register(svc.app);
    const email = uniqueEmail();
    const { token } = (await invite(admin, email)).json();
    const results = await Promise.all(
      [1, 2].map(() =>
        svc.app.inject({
          method: 'POST',
          url: '/api/users/register',
          payload: { name: 'Race', email, password: PASSWORD, token },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });
});

describe('GET /api/household/', () => {
  it('lists every member; pending invitations with their tokens for the admin only', async () => {
    const { admin, member } = await householdOfTwo(svc.app);
    const pendingEmail = uniqueEmail('pending');
    const pending = (await invite(admin, pendingEmail)).json();
    const asAdmin = await get('/api/household/', admin);
    expect(asAdmin.statusCode).toBe(200);
    const body = asAdmin.json();
    expect(body.id).toBe(admin.householdId);
    expect(body.members).toEqual([
      { id: admin.id, email: admin.email, name: 'Alice Admin', role: 'admin' },
      { id: member.id, email: member.email, name: 'Bob Member', role: 'member' },
    ]);
    expect(body.pending_invitations).toEqual([
      { id: pending.id, email: pendingEmail, token: pending.token, expires_at: pending.expires_at },
    ]);
    const asMember = (await get('/api/household', member)).json();
    expect(asMember.members).toHaveLength(2);
    expect(asMember.pending_invitations).toEqual([]);
    // Nothing private leaks.
    expect(asAdmin.body).not.toMatch(/password|hash/);
  });

  it('never shows another household', async () => {
    const a = await householdOfTwo(svc.app);
    const b = await register(svc.app);
    await invite(a.admin, uniqueEmail());
    const body = (await get('/api/household/', b)).json();
    expect(body.members.map((m: { id: number }) => m.id)).toEqual([b.id]);
    expect(body.pending_invitations).toEqual([]);
  });
});

describe('GET /api/household/me', () => {
  it('answers the caller with id and role', async () => {
    const u = await register(svc.app, { name: 'Me Myself' });
    const res = await get('/api/household/me', u);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: u.id,
      email: u.email,
      name: 'Me Myself',
      role: 'admin',
      household_id: u.householdId,
      household_name: "Me Myself's Household",
    });
  });
});

describe('DELETE /api/household/members/:id', () => {
  it('moves the member to a fresh household of their own, revokes their sessions and records both events', async () => {
    const { admin, member } = await householdOfTwo(svc.app);
    const second = await login(svc.app, member.email);
    const eventsBefore = svc.events.length;
    const res = await del(`/api/household/members/${member.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.memberRemoved });
    expect((await get('/api/household/', admin)).json().members.map((m: { id: number }) => m.id)).toEqual([admin.id]);
    for (const s of [member, second]) expect((await get('/api/household/me', s)).statusCode).toBe(401);
    // They keep their login and now administer a household of their own.
    const again = await login(svc.app, member.email);
    expect(again.householdId).not.toBe(admin.householdId);
    expect((await get('/api/household/me', again)).json()).toMatchObject({
      role: 'admin',
      household_name: "Bob Member's Household",
    });
    const events = (await svc.waitForEvents(eventsBefore + 2)).slice(eventsBefore);
    expect(events.map((e) => e.type)).toEqual([EVENTS.sessionRevoked, EVENTS.memberRemoved]);
    expect(events[0]).toMatchObject({ household_id: admin.householdId, subject: `user/${member.id}` });
    expect(events[0].data).toMatchObject({ user_id: member.id, reason: 'member_removed' });
    expect((events[0].data as { session_ids: string[] }).session_ids.sort()).toEqual(
      [member.sessionId, second.sessionId].sort(),
    );
    expect(events[1]).toMatchObject({ household_id: admin.householdId, subject: `user/${member.id}` });
    expect(events[1].data).toEqual({
      user_id: member.id,
      household_id: admin.householdId,
      new_household_id: again.householdId,
    });
  });

  it('refuses removing yourself', async () => {
    const admin = await register(svc.app);
    const before = await svc.snapshot();
    const res = await del(`/api/household/members/${admin.id}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.cannotRemoveSelf });
    expect(await svc.snapshot()).toBe(before);
  });

  it('refuses a member (403) and changes nothing', async () => {
    const { admin, member } = await householdOfTwo(svc.app);
    const before = await svc.snapshot();
    const res = await del(`/api/household/members/${admin.id}`, member);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.adminOnly });
    expect(await svc.snapshot()).toBe(before);
  });

  it('answers 404 for a member of another household or no one, changing nothing', async () => {
    const a = await register(svc.app);
    const b = await householdOfTwo(svc.app);
    const before = await svc.snapshot();
    for (const id of [b.member.id, b.admin.id, 999999]) {
      const res = await del(`/api/household/members/${id}`, a);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.memberNotFound });
    }
    expect(await svc.snapshot()).toBe(before);
  });

  it('answers 400 to a malformed id', async () => {
    const a = await register(svc.app);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999'])
      expect((await del(`/api/household/members/${id}`, a)).statusCode).toBe(400);
  });

  it('lets only one of two admins removing each other win', async () => {
    const { admin, member } = await householdOfTwo(svc.app);
    await svc.app.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [member.id]);
    const results = await Promise.all([
      del(`/api/household/members/${member.id}`, admin),
      del(`/api/household/members/${admin.id}`, member),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });
});

describe('DELETE /api/household/invitations/:id', () => {
  it('cancels a pending invitation of the household', async () => {
    const admin = await register(svc.app);
    const inv = (await invite(admin, uniqueEmail())).json();
    const res = await del(`/api/household/invitations/${inv.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.invitationCancelled });
    expect((await get('/api/household/', admin)).json().pending_invitations).toEqual([]);
    expect((await del(`/api/household/invitations/${inv.id}`, admin)).statusCode).toBe(404);
  });

  it('refuses a member (403) and changes nothing', async () => {
    const { admin, member } = await householdOfTwo(svc.app);
    const inv = (await invite(admin, uniqueEmail())).json();
    const before = await svc.snapshot();
    const res = await del(`/api/household/invitations/${inv.id}`, member);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.adminOnly });
    expect(await svc.snapshot()).toBe(before);
  });

  it('answers 404 for an invitation of another household, changing nothing', async () => {
    const a = await register(svc.app);
    const b = await register(svc.app);
    const inv = (await invite(b, uniqueEmail())).json();
    const before = await svc.snapshot();
    const res = await del(`/api/household/invitations/${inv.id}`, a);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.invitationNotFound });
    expect(await svc.snapshot()).toBe(before);
  });
});

describe('access tokens on household routes', () => {
  it('refuses a missing token, alg none, a wrong key, an expired token, a tampered claim and a revoked session', async () => {
    const u = await register(svc.app);
    const header = (alg: string) => Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        sub: String(u.id),
        hid: u.householdId,
        sid: u.sessionId,
        role: 'admin',
        iss: 'hf-auth',
        aud: 'hf-app',
        exp: Math.floor(Date.now() / 1000) + 600,
      }),
    ).toString('base64url');
    const none = `${header('none')}.${payload}.`;
    const { generateKeyPairSync } = await import('node:crypto');
    const other = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const wrongKey = signAccessToken(
      other.privateKey,
      { userId: u.id, householdId: u.householdId, sessionId: u.sessionId, role: 'admin' },
      600,
    );
    const expired = expiredAccessToken(u);
    const [h, p, s] = u.access.split('.');
    const tamperedClaims = JSON.parse(Buffer.from(p, 'base64url').toString());
    tamperedClaims.hid += 1;
    const tampered = `${h}.${Buffer.from(JSON.stringify(tamperedClaims)).toString('base64url')}.${s}`;
    // Signed correctly, but for a session that does not exist here.
    const unknownSession = testToken({ userId: u.id, householdId: u.householdId });
    for (const token of [none, wrongKey, expired, tampered, unknownSession, 'garbage']) {
      const res = await svc.app.inject({
        method: 'GET',
        url: '/api/household/',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    }
    expect((await svc.app.inject({ method: 'GET', url: '/api/household/' })).statusCode).toBe(401);
    // An identity header from a client means nothing.
    expect(
      (
        await svc.app.inject({
          method: 'GET',
          url: '/api/household/',
          headers: { 'x-user-id': String(u.id), 'x-household-id': String(u.householdId) },
        })
      ).statusCode,
    ).toBe(401);
    expect((await get('/api/household/', u)).statusCode).toBe(200);
  });
});
