import type { FastifyInstance } from 'fastify';

/**
 * One route as the service registered it: how to reach it and the schemas of its inputs. The
 * API-document test checks the document against it; the hostile-input tests walk it to fill
 * every route's inputs. HEAD routes Fastify adds for GET ones are left out.
 */
export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  /** `config.internal` or a `/internal/...` path: service-to-service, never routed by the gateway. */
  internal: boolean;
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
}

/** Service-to-service and process routes: not part of the API a client sees. */
export function isInternalUrl(url: string): boolean {
  return url === '/internal' || url.startsWith('/internal/');
}

/** Records every route added after this call (an onRoute hook; child scopes included). */
export function recordRoutes(app: FastifyInstance): RegisteredRoute[] {
  const table: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { public?: boolean; internal?: boolean };
    const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
    const url = route.url ?? route.path;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({
        method: String(method),
        url,
        public: Boolean(config.public),
        internal: Boolean(config.internal) || isInternalUrl(url),
        params: schema.params,
        querystring: schema.querystring,
        body: schema.body,
      });
    }
  });
  return table;
}
