import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { pathOf } from './proxy';

export interface StaticOptions {
  /** Holds `shell/dist` and `mf-<name>/dist`; no files are served when omitted. */
  staticDir?: string;
  remotes: string[];
}

/** `main.3f9a1c2b.js`, `412.8d0e77aa1b2c3d4e5f60.js`, `vendor-0a1b2c3d4e.css`: content-hashed, never changes. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;

/**
 * Cache policy: a hashed chunk never changes, so it is cached for a year; everything else
 * (index.html, remoteEntry.js, manifests, favicons) is revalidated on every load so a deploy
 * is picked up at once.
 */
export function cacheControlFor(filePath: string): string {
  const name = basename(filePath);
  if (name === 'index.html' || name === 'remoteEntry.js' || name.startsWith('mf-manifest')) return 'no-cache';
  return HASHED.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const setHeaders = (reply: unknown, filePath: string) => {
  (reply as FastifyReply).header('cache-control', cacheControlFor(filePath));
};

/** Client-side routes of the shell get index.html; API, remote, internal and asset paths do not. */
function wantsShell(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = pathOf(request.raw.url ?? '/');
  if (/^\/(api|mf|internal)(\/|$)/.test(path) || path === '/healthz' || path === '/readyz') return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  // `/accounts/12/register` is a screen; `/missing.4f3a.js` is a missing file, not a screen.
  return !last.includes('.') || String(request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the shell at `/` (with SPA fallback to index.html) and each remote at `/mf/<name>/`.
 * A remote or shell that is not built yet answers 404; it never stops the gateway.
 */
export function registerStaticFiles(app: FastifyInstance, options: StaticOptions): void {
  const shellDir = options.staticDir ? join(options.staticDir, 'shell', 'dist') : undefined;

  if (shellDir) {
    void app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      preCompressed: true,
      suppressWarning: true,
      setHeaders,
    });
    for (const name of options.remotes) {
      void app.register(fastifyStatic, {
        root: join(options.staticDir!, name, 'dist'),
        prefix: `/mf/${name}/`,
        wildcard: true,
        index: false,
        cacheControl: false,
        preCompressed: true,
        suppressWarning: true,
        decorateReply: false,
        setHeaders,
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    if (shellDir && wantsShell(request) && existsSync(join(shellDir, 'index.html'))) {
      return reply.sendFile('index.html', shellDir);
    }
    return reply.code(404).send({ message: 'Not found.' });
  });
}
