import { hostname } from 'node:os';
import { join } from 'node:path';
import { SERVICES } from '@hf/contracts';
import { envInt, readPem, requireEnv } from '@hf/service-kit';
import type { GatewayOptions, ServiceKey } from './app';

/**
 * The scaled-mode configuration, read once from the environment; a missing value stops the
 * process with one clear line. See gateway/README.md for the list.
 */
export function gatewayOptionsFromEnv(): Omit<GatewayOptions, 'bus'> & { port: number; host: string; natsUrl: string } {
  const upstreams = Object.fromEntries(
    SERVICES.map((s) => [s.key, requireEnv(`${s.key}_URL`, `http://127.0.0.1:${s.defaultPort}`)]),
  ) as Record<ServiceKey, string>;
  for (const [key, url] of Object.entries(upstreams)) {
    if (!/^https?:\/\/[^/]+\/?$/.test(url))
      throw new Error(`${key}_URL must be an origin like http://svc-auth:8101, got "${url}"`);
  }
  const trustProxy = process.env.TRUST_PROXY;
  return {
    port: envInt('PORT', 8080),
    host: process.env.HOST ?? '127.0.0.1',
    upstreams,
    jwtPublicKey: readPem('JWT_PUBLIC_KEY'),
    internalToken: requireEnv('INTERNAL_TOKEN'),
    natsUrl: requireEnv('NATS_URL'),
    staticDir: process.env.STATIC_DIR ?? join(__dirname, '..', '..'),
    accessTokenSeconds: envInt('ACCESS_TOKEN_SECONDS', 900),
    rateLimit: { max: envInt('RATE_LIMIT_MAX', 10), timeWindowMs: envInt('RATE_LIMIT_WINDOW_MS', 60_000) },
    importBodyLimit: envInt('IMPORT_BODY_LIMIT', 12 * 1024 * 1024),
    importCommitBodyLimit: envInt('IMPORT_COMMIT_BODY_LIMIT', 64 * 1024 * 1024),
    bodyLimit: envInt('BODY_LIMIT', 1024 * 1024),
    upstreamTimeoutMs: envInt('UPSTREAM_TIMEOUT_MS', 30_000),
    instanceId: process.env.GATEWAY_INSTANCE ?? hostname(),
    // `true`, a hop count, or a comma-separated list of addresses/CIDRs of the proxies in front.
    trustProxy: (trustProxy === undefined || trustProxy === ''
      ? false
      : trustProxy === 'true'
        ? true
        : /^\d+$/.test(trustProxy)
          ? Number(trustProxy)
          : trustProxy) as GatewayOptions['trustProxy'],
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  };
}
