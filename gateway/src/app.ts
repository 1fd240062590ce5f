import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { Pool } from 'undici';
import type { Bus, Subscription } from '@hf/messaging';
import { EVENTS, PUBLIC_API_ROUTES, SERVICES, type ServiceRoute } from '@hf/contracts';
import {
  HttpError,
  REQUEST_MESSAGES,
  TokenVerifier,
  answerFrameworkError,
  bearerToken,
  badRequest,
  hasEncodedBody,
  headerCount,
  registerMemoryRoute,
  unauthorized,
  type CacheSizes,
  type Identity,
} from '@hf/service-kit';
import { registerApiDocs } from './api-docs';
import { AuthClient } from './auth-client';
import { BODY_TOO_LARGE_MESSAGE, pathOf, registerServiceProxies, UNAVAILABLE_MESSAGE } from './proxy';
import { gatewayDurable, GATEWAY_BUS_SUBJECTS, memberKey, RevokedSessions, pastHalfLife } from './sessions';
import { registerStaticFiles } from './static';
import { CONTENT_SECURITY_POLICY, registerSecurityHeaders } from './security-headers';

export type ServiceKey = ServiceRoute['key'];

export interface GatewayOptions {
  /** Base URL of each service, e.g. `{ AUTH: 'http://127.0.0.1:8101', ... }`. */
  upstreams: Record<ServiceKey, string>;
  /** PEM of the RS256 public key that verifies access tokens. */
  jwtPublicKey: string;
  /** Shared secret for the gateway's `/internal/*` calls to svc-auth. */
  internalToken: string;
  /** Delivers `auth.session.revoked.v1`. */
  bus: Bus;
  /** Directory holding `shell/dist` and `mf-<name>/dist` (the repository root). Omit to serve no files. */
  staticDir?: string;
  /** Remote names served at `/mf/<name>/` from `<name>/dist` (e.g. `mf-ledger`). */
  remotes?: string[];
  /** svc-auth's access-token lifetime: how long a revocation must be remembered. Default 900. */
  accessTokenSeconds?: number;
  /** Per IP per route on login, register, forgot/reset password, refresh and invitation lookup. */
  rateLimit?: { max: number; timeWindowMs: number };
  /** Largest request body the gateway forwards to `/api/import` (bytes). Default 12 MiB. */
  importBodyLimit?: number;
  /**
   * Largest body of an import's commit (`/api/import/update_matched`, `/api/import/<id>/import_new`:
   * up to 200,000 rows of JSON), bytes. Default 64 MiB, svc-import's own limit for them.
   */
  importCommitBodyLimit?: number;
  /** Largest request body the gateway forwards anywhere else (bytes). Default 1 MiB, the services' own limit. */
  bodyLimit?: number;
  /** Other per-prefix body limits (bytes), e.g. `{ '/api/import/statements': 64 MiB }`; the longest matching prefix wins. */
  bodyLimitsByPrefix?: Record<string, number>;
  /** Time an upstream may take to start answering (ms). Default 30 s (import: 120 s). */
  upstreamTimeoutMs?: number;
  /** Durable consumer name suffix: one per gateway instance, stable across its restarts. */
  instanceId?: string;
  /** Fastify's `trustProxy` (set when a load balancer sits in front). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions refused although their tokens verify (tests and /readyz read it). */
    revokedSessions: RevokedSessions;
    /** Resolves once the start-up list of revoked sessions is loaded from svc-auth. */
    revocationsLoaded: () => boolean;
  }
  interface FastifyRequest {
    gatewayIdentity: Identity | null;
    /** A fresh token being minted for this request (sliding renewal). */
    renewal: Promise<string | null> | null;
  }
}

/** The services' own JSON body limit (service-kit): the gateway refuses larger bodies first. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** svc-import's limit for its commit bodies (update_matched, import_new): 200,000 rows of JSON. */
export const IMPORT_COMMIT_BODY_LIMIT = 64 * 1024 * 1024;
const IMPORT_COMMIT_PATHS = [/^\/api\/import\/update_matched\/?$/, /^\/api\/import\/[^/]+\/import_new\/?$/];

export const DEFAULT_REMOTES = ['mf-ledger', 'mf-budget', 'mf-reports', 'mf-settings'];

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/**
 * The gateway as a Fastify app: routes `/api` by path to the owning service, verifies access
 * tokens (refusing revoked sessions), renews them past half-life, rate-limits the public
 * credential routes, sets security headers, compresses, and serves the shell and remotes.
 */
export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const accessTokenSeconds = options.accessTokenSeconds ?? 900;
  const limit = options.rateLimit ?? { max: 10, timeWindowMs: 60_000 };

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // One line per request, written by the onResponse hook below (path without the query).
    logController: new LogController({ disableRequestLogging: true }),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Same as the services, so the gateway and the owner agree on which route a path is.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors: answerFrameworkError,
    keepAliveTimeout: 72_000,
  });

  const revoked = new RevokedSessions(accessTokenSeconds);
  const verifier = new TokenVerifier(options.jwtPublicKey);
  const authClient = new AuthClient(options.upstreams.AUTH, options.internalToken);
  let loaded = false;
  let closing = false;
  app.decorate('revokedSessions', revoked);
  app.decorate('revocationsLoaded', () => loaded);
  app.decorateRequest('gatewayIdentity', null);
  app.decorateRequest('renewal', null);

  // --- Revoked sessions: events as they happen, plus what svc-auth revoked before we started.
  const subscription: Subscription = await options.bus.subscribe({
    durable: gatewayDurable(options.instanceId),
    subjects: GATEWAY_BUS_SUBJECTS,
    handler: async (event) => {
      const at = Date.parse(event.time);
      const revokedAt = Number.isFinite(at) ? at : Date.now();
      if (event.type === EVENTS.memberRemoved) {
        // A removed member's tokens still name the household they left: refuse them there.
        const data = event.data as { user_id?: unknown; household_id?: unknown };
        if (!data || !Number.isSafeInteger(data.user_id) || !Number.isSafeInteger(data.household_id)) {
          app.log.warn({ eventId: event.id }, 'malformed member removal event');
          return 'terminate';
        }
        revoked.add([memberKey(data.user_id as number, data.household_id as number)], revokedAt);
        return 'ack';
      }
      const data = event.data as { session_ids?: unknown };
      if (!data || !Array.isArray(data.session_ids) || !data.session_ids.every((id) => typeof id === 'string')) {
        app.log.warn({ eventId: event.id }, 'malformed session revocation event');
        return 'terminate';
      }
      revoked.add(data.session_ids as string[], revokedAt);
      return 'ack';
    },
  });

  let retryTimer: NodeJS.Timeout | undefined;
  const loadRevoked = async (attempt: number): Promise<void> => {
    if (closing) return;
    const startedAt = Date.now();
    try {
      const since = new Date(startedAt - (accessTokenSeconds * 1000 + 60_000));
      for (const session of await authClient.revokedSince(since))
        revoked.add([session.id], session.revokedAt ?? startedAt);
      loaded = true;
      app.log.info({ revoked: revoked.size }, 'revoked sessions loaded');
    } catch (err) {
      const delay = Math.min(30_000, 250 * 2 ** Math.min(attempt, 7));
      if (attempt === 0 || attempt % 5 === 0)
        app.log.warn(
          { err: (err as Error).message, retryInMs: delay },
          'could not load revoked sessions from svc-auth yet',
        );
      retryTimer = setTimeout(() => void loadRevoked(attempt + 1), delay);
      retryTimer.unref();
    }
  };
  void loadRevoked(0);
  const sweep = setInterval(() => revoked.sweep(), 60_000);
  sweep.unref();

  // --- Cross-cutting: headers, compression, rate limits, errors, request ids and logs.
  registerSecurityHeaders(app);
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Quality 11 (zlib's default) costs ~50 ms on a 300 KiB bundle; 5 is ~4% larger and 20x faster.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const error = new HttpError(429, RATE_LIMIT_MESSAGE);
      (error as HttpError & { retryAfter?: string }).retryAfter = context.after;
      return error;
    },
  });

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).send({ message: err.message });
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ message: BODY_TOO_LARGE_MESSAGE });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply
        .code(err.statusCode)
        .send({ message: err.statusCode === 404 ? 'Not found.' : 'The request could not be processed.' });
    }
    request.log.error({ err }, 'gateway error');
    return reply.code(500).send({ message: 'Something went wrong. Please try again.' });
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url,
        path: loggablePath(request),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  });

  // --- Token verification on every non-public /api route; renewal past half-life.
  const authenticate = async (request: FastifyRequest) => {
    if (request.routeOptions.config?.public) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized();
    const identity = verifier.verify(token);
    if (revoked.has(identity.sessionId) || revoked.has(memberKey(identity.userId, identity.householdId))) {
      throw unauthorized('Your session has ended. Please log in again.');
    }
    request.gatewayIdentity = identity;
    if (pastHalfLife(identity)) request.renewal = authClient.renew(token);
  };
  const applyRenewal = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.renewal) return;
    const fresh = await request.renewal;
    if (fresh) {
      reply.header('authorization', `Bearer ${fresh}`);
      reply.header('cache-control', 'no-store');
    }
  };

  // One keep-alive pool per service, shared by all of its routes.
  const pools = new Map<ServiceKey, Pool>();
  for (const service of SERVICES) {
    const upstream = options.upstreams[service.key];
    if (!upstream) throw new Error(`No upstream URL for ${service.name} (${service.key}_URL)`);
    const timeout =
      service.key === 'IMPORT'
        ? Math.max(options.upstreamTimeoutMs ?? 30_000, 120_000)
        : (options.upstreamTimeoutMs ?? 30_000);
    pools.set(
      service.key,
      new Pool(new URL(upstream).origin, {
        connections: 128,
        keepAliveTimeout: 60_000,
        headersTimeout: timeout,
        bodyTimeout: timeout,
        connectTimeout: 5_000,
      }),
    );
  }

  // A request the gateway refuses whatever its route: duplicated credentials, encoded bodies.
  const refuseMalformed = async (request: FastifyRequest) => {
    if (headerCount(request.raw, 'authorization') > 1) throw badRequest(REQUEST_MESSAGES.duplicateAuthorization);
    if (hasEncodedBody(request.raw)) throw new HttpError(415, REQUEST_MESSAGES.compressedBody);
  };

  await app.register(async (api) => {
    api.addHook('onRequest', refuseMalformed);
    api.addHook('onRequest', authenticate);
    api.addHook('onSend', applyRenewal);
    await registerServiceProxies(api, {
      services: SERVICES,
      upstreams: options.upstreams,
      pools,
      publicRoutes: PUBLIC_API_ROUTES,
      rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs },
      bodyLimits: {
        default: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
        byPrefix: { '/api/import': options.importBodyLimit ?? 12 * 1024 * 1024, ...options.bodyLimitsByPrefix },
        byPattern: IMPORT_COMMIT_PATHS.map((pattern) => ({
          pattern,
          limit: options.importCommitBodyLimit ?? IMPORT_COMMIT_BODY_LIMIT,
        })),
      },
    });
  });

  registerApiDocs(app, {
    services: SERVICES,
    pools,
    internalToken: options.internalToken,
    publicRoutes: PUBLIC_API_ROUTES,
  });

  // The gateway's own memory and caches, for a caller with the internal token only (the bench);
  // the services' /internal paths are never routed: every other one answers 404, whatever the method.
  const caches: CacheSizes = new Map([
    ['tokens', () => ({ entries: verifier.size, maxEntries: verifier.maxEntries })],
    ['revoked sessions', () => ({ entries: revoked.size })],
    ['renewals', () => ({ entries: authClient.renewalsHeld })],
  ]);
  registerMemoryRoute(app, { name: 'gateway', internalToken: options.internalToken, caches });
  app.all('/internal', async (_request, reply) => reply.code(404).send({ message: 'Not found.' }));
  app.all('/internal/*', async (_request, reply) => reply.code(404).send({ message: 'Not found.' }));

  app.get('/healthz', async () => ({ status: 'ok', service: 'gateway' }));
  app.get('/readyz', async (_request, reply) => {
    const bus = await options.bus.isReady().catch(() => false);
    if (!bus || !loaded) return reply.code(503).send({ status: 'unavailable', bus, revocations: loaded });
    return { status: 'ready', bus: true, revocations: true };
  });

  registerStaticFiles(app, { staticDir: options.staticDir, remotes: options.remotes ?? DEFAULT_REMOTES });

  app.addHook('onClose', async () => {
    closing = true;
    if (retryTimer) clearTimeout(retryTimer);
    clearInterval(sweep);
    await subscription.stop().catch(() => undefined);
    await Promise.all([...pools.values()].map((pool) => pool.close().catch(() => undefined)));
    await authClient.close().catch(() => undefined);
  });

  return app;
}

/** The path for logs: the route pattern when it has parameters (invitation tokens), never the query. */
function loggablePath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route && route.includes(':')) return route;
  return pathOf(request.raw.url ?? '');
}

export { CONTENT_SECURITY_POLICY, UNAVAILABLE_MESSAGE };
