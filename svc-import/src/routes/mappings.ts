import type { FastifyInstance } from 'fastify';
import { IMPORT_MESSAGES, normalizeName, SaveMappingBody, SavedMapping } from '@hf/contracts';
import { badRequest, identityOf } from '@hf/service-kit';
import { saveMapping } from '../repositories/mappings';
import { IMPORT_ERRORS } from '../route-helpers';

/** POST /api/import/mappings: a named mapping of the household; the same name (any case) replaces it. */
export async function mappingRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: SaveMappingBody }>(
    '/api/import/mappings',
    { schema: { body: SaveMappingBody, response: { 200: SavedMapping, 201: SavedMapping, ...IMPORT_ERRORS } } },
    async (request, reply) => {
      const { householdId } = identityOf(request);
      const name = normalizeName(request.body.mapping_name);
      if (name === '') throw badRequest(IMPORT_MESSAGES.mappingNameRequired);
      const { saved, created } = await saveMapping(
        app.db,
        householdId,
        name,
        request.body.headers,
        request.body.mapping_config,
      );
      return reply.code(created ? 201 : 200).send(saved);
    },
  );
}
