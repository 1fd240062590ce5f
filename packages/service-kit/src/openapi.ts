import type { FastifyInstance, RouteOptions } from 'fastify';
import { isInternalUrl } from './route-table';

/** Where every service answers its own OpenAPI document (internal token only; the gateway merges them). */
export const OPENAPI_INTERNAL_PATH = '/internal/openapi.json';

/** The access token's scheme, as the merged document names it. */
export const BEARER_SCHEME = 'bearerAuth';

/** `/api/accounts/:id` -> `accounts`: the operation's tag, so the page groups by area. */
export function areaTag(url: string): string | undefined {
  const match = /^\/api\/([^/:]+)/.exec(url);
  return match?.[1];
}

type RouteSchema = Record<string, unknown> & { tags?: string[]; hide?: boolean; security?: unknown };

/**
 * Collects the service's routes for its OpenAPI document, from the same TypeBox schemas the
 * routes validate with: internal routes (`config.internal` or `/internal/...`) are left out,
 * public ones (`config.public`) need no token, every other one the bearer access token.
 * Must be registered before the routes (it listens to `onRoute`). Loaded here, not at the top:
 * the gateway imports service-kit too and never needs the generator.
 */
export async function registerOpenApi(app: FastifyInstance, serviceName: string): Promise<void> {
  const { default: swagger } = await import('@fastify/swagger');
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: serviceName, version: '1' },
      components: { securitySchemes: { [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ [BEARER_SCHEME]: [] }],
    },
    transform: ({ schema, url, route }) => {
      const config = (route as RouteOptions).config ?? {};
      const given = (schema ?? {}) as RouteSchema;
      if (config.internal || isInternalUrl(url)) return { schema: { ...given, hide: true } as never, url };
      const tag = areaTag(url);
      const documented: RouteSchema = { ...given };
      if (!given.tags && tag) documented.tags = [tag];
      if (config.public) documented.security = [];
      return { schema: documented as never, url };
    },
  });
}
