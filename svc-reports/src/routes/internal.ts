import type { FastifyInstance } from 'fastify';
import { errorResponses, Type } from '@hf/service-kit';

/** Service-internal: rebuild the whole read model from svc-ledger's replay (operators, `npm run reports:rebuild`). */
export async function internalRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/internal/rebuild',
    {
      config: { internal: true },
      schema: { response: { 200: Type.Object({ households: Type.Integer() }), ...errorResponses(503) } },
    },
    async () => ({ households: await app.mirror.rebuildAll() }),
  );
}
