import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cacheControlFor } from '../src/static';
import { startHarness, token, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rateLimit: { max: 3, timeWindowMs: 60_000 } });
});
afterAll(async () => h.close());

const EXPECTED_CSP =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;connect-src 'self';font-src 'self';object-src 'none';base-uri 'self';frame-ancestors 'none';form-action 'self'";

describe('security headers', () => {
  it.each(['/', '/dashboard', '/api/accounts', '/api/users/login'])(
    '%s carries the strict CSP and the other security headers',
    async (url) => {
      const res = await h.gateway.inject({
        method: url === '/api/users/login' ? 'POST' : 'GET',
        url,
        headers: { authorization: `Bearer ${token()}` },
        ...(url === '/api/users/login' ? { payload: {} } : {}),
      });
      expect(res.headers['content-security-policy']).toBe(EXPECTED_CSP);
      expect(res.headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
    },
  );

  it('keeps the CSP on error answers too', async () => {
    const res = await h.gateway.inject({ method: 'GET', url: '/api/accounts' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-security-policy']).toBe(EXPECTED_CSP);
  });
});

describe('compression', () => {
  const big = { authorization: `Bearer ${token()}` };

  it('compresses API answers with brotli or gzip, as the client accepts', async () => {
    const br = await h.gateway.inject({
      method: 'GET',
      url: '/api/accounts/big',
      headers: { ...big, 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    const fromBr = JSON.parse(brotliDecompressSync(br.rawPayload).toString());
    expect(fromBr.rows).toHaveLength(400);
    const gz = await h.gateway.inject({
      method: 'GET',
      url: '/api/accounts/big',
      headers: { ...big, 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).rows).toHaveLength(400);
    expect(gz.rawPayload.length).toBeLessThan(JSON.stringify(fromBr).length / 5);
  });

  it('sends plain bodies to clients that accept no encoding, and leaves small answers alone', async () => {
    const plain = await h.gateway.inject({ method: 'GET', url: '/api/accounts/big', headers: big });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().rows).toHaveLength(400);
    const small = await h.gateway.inject({
      method: 'GET',
      url: '/api/accounts/1',
      headers: { ...big, 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses static JavaScript', async () => {
    const res = await h.gateway.inject({
      method: 'GET',
      url: '/main.0123abcd4567ef89.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('shell shell');
  });
});

describe('rate limiting', () => {
  it('answers 429 with a message once an IP tries a credential route too often', async () => {
    const login = (ip: string) =>
      h.gateway.inject({
        method: 'POST',
        url: '/api/users/login',
        remoteAddress: ip,
        payload: { email: 'a@b.c', password: 'x' },
      });
    for (let i = 0; i < 3; i++) expect((await login('10.0.0.1')).statusCode).toBe(200);
    const limited = await login('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many attempts. Please wait a minute and try again.' });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another IP, and another route from the same IP, have their own budget.
    expect((await login('10.0.0.2')).statusCode).toBe(200);
    expect(
      (await h.gateway.inject({ method: 'POST', url: '/api/users/register', remoteAddress: '10.0.0.1', payload: {} }))
        .statusCode,
    ).toBe(200);
  });

  it.each([
    ['POST', '/api/users/register'],
    ['POST', '/api/users/forgot-password'],
    ['POST', '/api/users/reset-password'],
    ['POST', '/api/users/refresh'],
    ['GET', '/api/household/invitations/some-token'],
  ] as const)('limits %s %s', async (method, url) => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (
          await h.gateway.inject({
            method,
            url,
            remoteAddress: '10.9.9.9',
            ...(method === 'POST' ? { payload: {} } : {}),
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('does not limit ordinary routes or the theme defaults', async () => {
    for (let i = 0; i < 6; i++) {
      expect(
        (await h.gateway.inject({ method: 'GET', url: '/api/themes/defaults', remoteAddress: '10.0.0.3' })).statusCode,
      ).toBe(200);
      expect(
        (
          await h.gateway.inject({
            method: 'GET',
            url: '/api/accounts',
            remoteAddress: '10.0.0.3',
            headers: { authorization: `Bearer ${token()}` },
          })
        ).statusCode,
      ).toBe(200);
    }
  });
});

describe('static files', () => {
  it('serves the shell at / with no-cache', async () => {
    const res = await h.gateway.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed chunks for a year and revalidates the rest', async () => {
    const chunk = await h.gateway.inject({ method: 'GET', url: '/main.0123abcd4567ef89.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await h.gateway.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('serves a remote at /mf/<name>/ with remoteEntry.js no-cache and chunks immutable', async () => {
    const entry = await h.gateway.inject({ method: 'GET', url: '/mf/mf-ledger/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['content-type']).toMatch(/javascript/);
    const chunk = await h.gateway.inject({ method: 'GET', url: '/mf/mf-ledger/412.8d0e77aa1b2c3d4e.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a remote that is not built, and for unknown remote files', async () => {
    for (const url of [
      '/mf/mf-budget/remoteEntry.js',
      '/mf/mf-ledger/missing.js',
      '/mf/mf-nope/remoteEntry.js',
      '/mf/mf-ledger/',
    ]) {
      const res = await h.gateway.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    }
  });

  it('falls back to index.html for client-side routes', async () => {
    for (const url of ['/dashboard', '/accounts/12/register', '/reset-password/abc-def', '/login?next=%2Fbudget']) {
      const res = await h.gateway.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('does not fall back for API paths, missing assets, other methods or internal paths', async () => {
    expect(
      (await h.gateway.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } })).statusCode,
    ).toBe(404);
    expect((await h.gateway.inject({ method: 'GET', url: '/main.ffffffff.js' })).statusCode).toBe(404);
    expect((await h.gateway.inject({ method: 'POST', url: '/dashboard', payload: {} })).statusCode).toBe(404);
    expect(
      (await h.gateway.inject({ method: 'GET', url: '/internal/sessions/revoked', headers: { accept: 'text/html' } }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses to serve files outside the built directories', async () => {
    for (const url of [
      '/../package.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/mf/mf-ledger/..%2f..%2fshell/dist/index.html',
    ]) {
      const res = await h.gateway.inject({ method: 'GET', url });
      expect(res.body).not.toContain('root:x:0');
      expect(res.body).not.toContain('"workspaces"');
    }
  });

  it('classifies file names for caching', () => {
    expect(cacheControlFor('/x/index.html')).toBe('no-cache');
    expect(cacheControlFor('/x/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('/x/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/x/main.3f9a1c2b.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/vendors-node_modules_react.0a1b2c3d4e5f6a7b8c9d.js')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(cacheControlFor('/x/styles.0a1b2c3d.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/logo.svg')).toBe('no-cache');
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await h.gateway.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      status: 'ok',
      service: 'gateway',
    });
    const ready = await h.gateway.inject({ method: 'GET', url: '/readyz' });
    expect([200, 503]).toContain(ready.statusCode);
  });
});
