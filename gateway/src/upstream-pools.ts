import { Pool } from 'undici';
import { SERVICES, type ServiceRoute } from '@hf/contracts';

/** One keep-alive pool per service, shared by all of its routes; svc-import may take longer to answer. */
export function upstreamPools(
  upstreams: Record<ServiceRoute['key'], string>,
  upstreamTimeoutMs = 30_000,
): Map<ServiceRoute['key'], Pool> {
  const pools = new Map<ServiceRoute['key'], Pool>();
  for (const service of SERVICES) {
    const upstream = upstreams[service.key];
    if (!upstream) throw new Error(`No upstream URL for ${service.name} (${service.key}_URL)`);
    const timeout = service.key === 'IMPORT' ? Math.max(upstreamTimeoutMs, 120_000) : upstreamTimeoutMs;
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
  return pools;
}
