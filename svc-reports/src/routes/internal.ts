import type { FastifyInstance } from 'fastify';
import { MessageResponse } from '@hf/contracts';
import { Type } from '@hf/service-kit';

/** Service-internal: rebuild the whole read model from svc-ledger's replay (operators, `npm run reports:rebuild`). */
export async function internalRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/internal/rebuild',
    {
      config: { internal: true },
      schema: { response: { 200: Type.Object({ households: Type.Integer() }), 503: MessageResponse } },
    },
    async () => ({ households: await app.mirror.rebuildAll() }),
  );
}
