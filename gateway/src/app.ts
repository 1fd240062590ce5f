import { constants as zlib } from 'node:zlib';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import type { Pool } from 'undici';
import type { Bus } from '@hf/messaging';
import { PUBLIC_API_ROUTES, SERVICES, type ServiceRoute } from '@hf/contracts';
import { TokenVerifier, answerFrameworkError, type Identity } from '@hf/service-kit';
import { registerApiDocs } from './api-docs';
import { AuthClient } from './auth-client';
import { registerErrorAnswers, registerRateLimit } from './error-answers';
import { registerOperationsRoutes } from './operations';
import { registerServiceProxies, UNAVAILABLE_MESSAGE } from './proxy';
import { registerRequestLog, requestIdOf } from './request-log';
import { startRevocations } from './revocations';
import type { RevokedSessions } from './sessions';
import { registerStaticFiles } from './static';
import { CONTENT_SECURITY_POLICY, registerSecurityHeaders } from './security-headers';
import { refuseMalformed, tokenChecks } from './token-checks';
import { upstreamPools } from './upstream-pools';

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

/**
 * The gateway as a Fastify app: routes `/api` by path to the owning service, verifies access
 * tokens (refusing revoked sessions), renews them past half-life, rate-limits the public
 * credential routes, sets security headers, compresses, and serves the shell and remotes.
 * Each concern is a module of its own; this file puts them together in order.
 */
export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: false,
    genReqId: requestIdOf,
    // One line per request, written by registerRequestLog (path without the query).
    logController: new LogController({ disableRequestLogging: true }),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Same as the services, so the gateway and the owner agree on which route a path is.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors: answerFrameworkError,
    keepAliveTimeout: 72_000,
  });

  const verifier = new TokenVerifier(options.jwtPublicKey);
  const authClient = new AuthClient(options.upstreams.AUTH, options.internalToken);
  const revocations = await startRevocations({
    bus: options.bus,
    authClient,
    accessTokenSeconds: options.accessTokenSeconds ?? 900,
    instanceId: options.instanceId,
    log: app.log,
  });
  app.decorate('revokedSessions', revocations.revoked);
  app.decorate('revocationsLoaded', revocations.loaded);
  app.decorateRequest('gatewayIdentity', null);
  app.decorateRequest('renewal', null);

  registerSecurityHeaders(app);
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Brotli's default quality 11 is far slower on a large bundle for a few percent less; 5 is the balance.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await registerRateLimit(app);
  registerErrorAnswers(app);
  registerRequestLog(app);

  const pools = upstreamPools(options.upstreams, options.upstreamTimeoutMs);
  await app.register(proxiedApi(options, pools, tokenChecks(verifier, revocations.revoked, authClient)));
  registerApiDocs(app, {
    services: SERVICES,
    pools,
    internalToken: options.internalToken,
    publicRoutes: PUBLIC_API_ROUTES,
  });
  registerOperationsRoutes(app, {
    bus: options.bus,
    internalToken: options.internalToken,
    caches: new Map([
      ['tokens', () => ({ entries: verifier.size, maxEntries: verifier.maxEntries })],
      ['revoked sessions', () => ({ entries: revocations.revoked.size })],
      ['renewals', () => ({ entries: authClient.renewalsHeld })],
    ]),
    revocationsLoaded: revocations.loaded,
  });
  registerStaticFiles(app, { staticDir: options.staticDir, remotes: options.remotes ?? DEFAULT_REMOTES });

  app.addHook('onClose', async () => {
    await revocations.stop();
    await Promise.all([...pools.values()].map((pool) => pool.close().catch(() => undefined)));
    await authClient.close().catch(() => undefined);
  });
  return app;
}

/** `/api/*`: malformed requests refused, tokens checked and renewed, then proxied to the owning service. */
function proxiedApi(
  options: GatewayOptions,
  pools: Map<ServiceKey, Pool>,
  checks: ReturnType<typeof tokenChecks>,
): (api: FastifyInstance) => Promise<void> {
  const limit = options.rateLimit ?? { max: 10, timeWindowMs: 60_000 };
  return async (api) => {
    api.addHook('onRequest', refuseMalformed);
    api.addHook('onRequest', checks.authenticate);
    api.addHook('onSend', checks.applyRenewal);
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
  };
}

export { CONTENT_SECURITY_POLICY, UNAVAILABLE_MESSAGE };
