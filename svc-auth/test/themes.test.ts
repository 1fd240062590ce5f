import { AUTH_MESSAGES, THEME_COLOR_KEYS } from '@hf/contracts';
import { householdOfTwo, register, serviceForFile, type TestUser } from './helpers';

const svc = serviceForFile();

const colors = (value = '#123456') => Object.fromEntries(THEME_COLOR_KEYS.map((k) => [k, value]));
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: unknown) =>
  svc.app.inject({
    method,
    url,
    headers: user?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const save = (user: TestUser, name: string, c: Record<string, unknown> = colors()) =>
  req('POST', '/api/themes/', user, { name, colors: c });

describe('GET /api/themes/defaults (public)', () => {
  it('lists Default, Dark Mode and Blue Ocean with all 17 colours', async () => {
    const res = await req('GET', '/api/themes/defaults');
    expect(res.statusCode).toBe(200);
    const themes = res.json();
    expect(themes.map((t: { id: string; name: string }) => [t.id, t.name])).toEqual([
      ['default', 'Default'],
      ['dark', 'Dark Mode'],
      ['blue', 'Blue Ocean'],
    ]);
    for (const t of themes) expect(Object.keys(t.colors)).toEqual([...THEME_COLOR_KEYS]);
  });
});

describe('POST /api/themes/', () => {
  it('saves a theme and lists it; saving the same name again updates it', async () => {
    const u = await register(svc.app);
    const created = await save(u, '  My   Theme ', colors('#abc'));
    expect(created.statusCode).toBe(201);
    const theme = created.json();
    expect(theme).toEqual({ id: expect.any(Number), name: 'My Theme', colors: colors('#abc') });
    const updated = await save(u, 'my theme', { ...colors('rgb(1, 2, 3)'), mainBg: 'rgba(0, 0, 0, 0.5)' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      id: theme.id,
      name: 'my theme',
      colors: { ...colors('rgb(1, 2, 3)'), mainBg: 'rgba(0, 0, 0, 0.5)' },
    });
    await save(u, 'Another', colors('#00000080'));
    const list = await req('GET', '/api/themes/', u);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((t: { name: string }) => t.name)).toEqual(['Another', 'my theme']);
  });

  it.each([
    ['a blank name', { name: '   ', colors: colors() }, AUTH_MESSAGES.themeNameEmpty],
    ['a colour name', { name: 'T', colors: { ...colors(), mainBg: 'red' } }, /"mainBg" is not a valid colour/],
    [
      'CSS injection',
      { name: 'T', colors: { ...colors(), primaryBg: '#fff;}body{background:url(//evil)' } },
      /"primaryBg" is not a valid colour/,
    ],
    ['url()', { name: 'T', colors: { ...colors(), primaryBg: 'url(javascript:alert(1))' } }, /"primaryBg"/],
    [
      'a missing key',
      { name: 'T', colors: (({ rowEditBg: _x, ...rest }) => rest)(colors()) },
      /"rowEditBg" is required/,
    ],
    ['an unknown key', { name: 'T', colors: { ...colors(), sidebarBg: '#fff' } }, /Unexpected field "sidebarBg"/],
    ['a number colour', { name: 'T', colors: { ...colors(), mainText: 123 } }, /mainText/],
    ['an over-long colour', { name: 'T', colors: { ...colors(), mainText: `#${'f'.repeat(70)}` } }, /mainText/],
    ['an over-long name', { name: 'n'.repeat(101), colors: colors() }, /name/],
    ['a NUL in the name', { name: 'a\u0000b', colors: colors() }, /name/],
    ['an extra field', { name: 'T', colors: colors(), user_id: 1 }, /Unexpected field "user_id"/],
    ['colors as a string', { name: 'T', colors: '#fff' }, /colors/],
  ])('refuses %s and changes nothing', async (_label, payload, message) => {
    const u = await register(svc.app);
    const before = await svc.snapshot();
    const res = await req('POST', '/api/themes/', u, payload);
    expect(res.statusCode).toBe(400);
    if (typeof message === 'string') expect(res.json()).toEqual({ message });
    else expect(res.json().message).toMatch(message);
    expect(await svc.snapshot()).toBe(before);
  });

  it('refuses a constructor/__proto__ key inside colors', async () => {
    const u = await register(svc.app);
    const before = await svc.snapshot();
    const body = JSON.stringify({ name: 'P', colors: colors() }).replace(
      '"primaryBg"',
      '"__proto__":{"x":1},"primaryBg"',
    );
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/themes/',
      headers: { ...u.auth, 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    const ctor = await req('POST', '/api/themes/', u, { name: 'P', colors: { ...colors(), constructor: '#fff' } });
    expect(ctor.statusCode).toBe(400);
    expect(await svc.snapshot()).toBe(before);
  });

  it('keeps themes per user: the same name for two users is two themes', async () => {
    const { admin, member } = await householdOfTwo(svc.app);
    const a = (await save(admin, 'Shared Name')).json();
    const b = (await save(member, 'Shared Name', colors('#fedcba'))).json();
    expect(a.id).not.toBe(b.id);
    expect((await req('GET', '/api/themes/', admin)).json()).toEqual([a]);
    expect((await req('GET', '/api/themes/', member)).json()).toEqual([b]);
  });

  it('caps the number of saved themes per user', async () => {
    const u = await register(svc.app);
    await svc.app.db.query(
      `INSERT INTO themes (user_id, name, colors) SELECT $1, 'T' || g, '{}'::jsonb FROM generate_series(1, 100) g`,
      [u.id],
    );
    const res = await save(u, 'One too many');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.tooManyThemes });
    expect((await save(u, 'T7')).statusCode).toBe(200);
  });
});

describe('theme preference', () => {
  it('is default until chosen; a built-in key or an own saved theme can be chosen', async () => {
    const u = await register(svc.app);
    const first = await req('GET', '/api/themes/preference', u);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ preference: 'default', theme: { id: 'default', name: 'Default' } });
    const dark = await req('PUT', '/api/themes/preference', u, { theme_id: 'dark' });
    expect(dark.statusCode).toBe(200);
    expect(dark.json()).toMatchObject({ preference: 'dark', theme: { id: 'dark', name: 'Dark Mode' } });
    const mine = (await save(u, 'Mine', colors('#0a0b0c'))).json();
    const chosen = await req('PUT', '/api/themes/preference', u, { theme_id: mine.id });
    expect(chosen.json()).toEqual({ preference: mine.id, theme: mine });
    expect((await req('GET', '/api/themes/preference', u)).json()).toEqual({ preference: mine.id, theme: mine });
  });

  it('falls back to default when the preferred theme is deleted', async () => {
    const u = await register(svc.app);
    const mine = (await save(u, 'Doomed')).json();
    await req('PUT', '/api/themes/preference', u, { theme_id: mine.id });
    const del = await req('DELETE', `/api/themes/${mine.id}`, u);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: AUTH_MESSAGES.themeDeleted });
    expect((await req('GET', '/api/themes/preference', u)).json()).toMatchObject({
      preference: 'default',
      theme: { id: 'default' },
    });
    expect((await req('GET', '/api/themes/', u)).json()).toEqual([]);
  });

  it("answers 404 for another user's theme (same household or not) and changes nothing", async () => {
    const { admin, member } = await householdOfTwo(svc.app);
    const stranger = await register(svc.app);
    const theirs = (await save(admin, 'Private')).json();
    const before = await svc.snapshot();
    for (const u of [member, stranger]) {
      const res = await req('PUT', '/api/themes/preference', u, { theme_id: theirs.id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.themeNotFound });
    }
    expect((await req('PUT', '/api/themes/preference', member, { theme_id: 99999999 })).statusCode).toBe(404);
    expect(await svc.snapshot()).toBe(before);
  });

  it.each([
    [{ theme_id: 'Dark' }],
    [{ theme_id: 'purple' }],
    [{ theme_id: '12' }],
    [{ theme_id: 1.5 }],
    [{ theme_id: null }],
    [{}],
    [{ theme_id: 'dark', user_id: 3 }],
  ])('refuses %j with 400 and changes nothing', async (payload) => {
    const u = await register(svc.app);
    const before = await svc.snapshot();
    expect((await req('PUT', '/api/themes/preference', u, payload)).statusCode).toBe(400);
    expect(await svc.snapshot()).toBe(before);
  });
});

describe('DELETE /api/themes/:id', () => {
  it('refuses a built-in theme with the spec message', async () => {
    const u = await register(svc.app);
    for (const id of ['default', 'dark', 'blue']) {
      const res = await req('DELETE', `/api/themes/${id}`, u);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.cannotDeleteBuiltIn });
    }
  });

  it("answers 404 for another user's theme, an unknown id and nonsense, changing nothing", async () => {
    const { admin, member } = await householdOfTwo(svc.app);
    const stranger = await register(svc.app);
    const theirs = (await save(admin, 'Keep')).json();
    const before = await svc.snapshot();
    for (const [u, id] of [
      [member, theirs.id],
      [stranger, theirs.id],
      [member, 99999999],
      [member, 'abc'],
      [member, '0'],
      [member, '99999999999'],
    ] as const) {
      const res = await req('DELETE', `/api/themes/${id}`, u);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.themeNotFound });
    }
    expect(await svc.snapshot()).toBe(before);
    expect((await req('GET', '/api/themes/', admin)).json()).toEqual([theirs]);
  });
});

describe('theme routes need a session', () => {
  it.each([
    ['GET', '/api/themes/'],
    ['GET', '/api/themes/preference'],
    ['PUT', '/api/themes/preference'],
    ['POST', '/api/themes/'],
    ['DELETE', '/api/themes/1'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    expect(
      (await req(method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode,
    ).toBe(401);
  });
});
