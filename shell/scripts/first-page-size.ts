/**
 * How much JavaScript the shell's first page loads, gzipped: serves shell/dist on a free
 * loopback port (API calls answer 401, remotes 404), opens /login and /dashboard (signed in) in
 * Chromium, and sums the gzip size of every script the page fetched. Budget: 180 KiB.
 *
 *   npx tsx shell/scripts/first-page-size.ts        (after `npm run build`)
 */
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const DIST = resolve(__dirname, '..', 'dist');
const BUDGET_BYTES = 180 * 1024;
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

function serve() {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path.startsWith('/api/')) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthorized"}');
      return;
    }
    const file = normalize(join(DIST, path));
    const target = file.startsWith(DIST) && existsSync(file) && extname(file) ? file : join(DIST, 'index.html');
    if (path.startsWith('/mf/') && target.endsWith('index.html')) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { 'content-type': TYPES[extname(target)] ?? 'application/octet-stream' })
      .end(readFileSync(target));
  });
  return new Promise<{ url: string; close: () => void }>((done) => {
    server.listen(0, '127.0.0.1', () =>
      done({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }),
    );
  });
}

async function measure(url: string, path: string, signedIn: boolean) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--headless'],
  });
  try {
    const page = await browser.newPage();
    if (signedIn) await page.addInitScript(() => localStorage.setItem('access_token', 'x'));
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    });
    await page.goto(url + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    return scripts;
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('shell/dist is not built: run `npm run build` first');
  const server = await serve();
  try {
    let worst = 0;
    for (const [path, signedIn] of [
      ['/login', false],
      ['/dashboard', true],
    ] as const) {
      const scripts = await measure(server.url, path, signedIn);
      const total = [...scripts.values()].reduce((a, b) => a + b, 0);
      worst = Math.max(worst, total);
      console.log(`${path}: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KiB gzipped`);
      for (const [u, size] of [...scripts].sort((a, b) => b[1] - a[1]))
        console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KiB  ${new URL(u).pathname}`);
    }
    console.log(
      worst <= BUDGET_BYTES ? `OK: within ${BUDGET_BYTES / 1024} KiB` : `OVER BUDGET (${BUDGET_BYTES / 1024} KiB)`,
    );
    if (worst > BUDGET_BYTES) process.exitCode = 1;
  } finally {
    server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
