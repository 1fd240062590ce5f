import type { FastifyInstance } from 'fastify';
import type { Bus } from '@hf/messaging';
import { registerMemoryRoute, type CacheSizes } from '@hf/service-kit';

export interface OperationsOptions {
  bus: Bus;
  internalToken: string;
  /** The gateway's bounded caches, measured by `GET /internal/memory`. */
  caches: CacheSizes;
  /** True once the start-up list of revoked sessions is loaded. */
  revocationsLoaded: () => boolean;
}

/**
 * `/healthz`, `/readyz` (bus up and revocations loaded), and the gateway's own memory and caches
 * for a caller with the internal token only (the bench); the services' `/internal` paths are never
 * routed: every other one answers 404, whatever the method.
 */
export function registerOperationsRoutes(app: FastifyInstance, options: OperationsOptions): void {
  registerMemoryRoute(app, { name: 'gateway', internalToken: options.internalToken, caches: options.caches });
  app.all('/internal', async (_request, reply) => reply.code(404).send({ message: 'Not found.' }));
  app.all('/internal/*', async (_request, reply) => reply.code(404).send({ message: 'Not found.' }));

  app.get('/healthz', async () => ({ status: 'ok', service: 'gateway' }));
  app.get('/readyz', async (_request, reply) => {
    const bus = await options.bus.isReady().catch(() => false);
    const loaded = options.revocationsLoaded();
    if (!bus || !loaded) return reply.code(503).send({ status: 'unavailable', bus, revocations: loaded });
    return { status: 'ready', bus: true, revocations: true };
  });
}
