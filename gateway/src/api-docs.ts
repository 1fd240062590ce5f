import { createReadStream } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'undici';
import { PRODUCT_NAME, type ServiceRoute } from '@hf/contracts';
import { OPENAPI_INTERNAL_PATH } from '@hf/service-kit';
import { mergeOpenApi, type MergeOptions, type OpenApiDocument } from './openapi-merge';
import { UNAVAILABLE_MESSAGE } from './proxy';
import gatewayPackage from '../package.json';

type ServiceKey = ServiceRoute['key'];

export const DOCS_PATH = '/api/docs';
export const DOCS_JSON_PATH = '/api/docs/openapi.json';

export interface ApiDocsOptions {
  services: ServiceRoute[];
  /** The gateway's keep-alive pool of each service. */
  pools: Map<ServiceKey, Pool>;
  internalToken: string;
  publicRoutes: MergeOptions['publicRoutes'];
  /** How long a service's document is reused before it is asked again. Default 60 s. */
  cacheMs?: number;
}

const PAGE_DIR = join(__dirname, 'docs-page');
const SWAGGER_UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));

/** The page's files: our page and start-up script, and Swagger UI's own files, nothing else. */
const ASSETS: Record<string, { file: string; type: string }> = {
  'docs.js': { file: join(PAGE_DIR, 'docs.js'), type: 'text/javascript; charset=utf-8' },
  'swagger-ui-bundle.js': {
    file: join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js'),
    type: 'text/javascript; charset=utf-8',
  },
  'swagger-ui.css': { file: join(SWAGGER_UI_DIR, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'favicon-32x32.png': { file: join(SWAGGER_UI_DIR, 'favicon-32x32.png'), type: 'image/png' },
};

class ServiceDocuments {
  private readonly cache = new Map<ServiceKey, { document: OpenApiDocument; at: number }>();

  constructor(private readonly options: ApiDocsOptions) {}

  /** Each service's document: fresh when older than the cache time, the last one when the service does not answer. */
  async all(): Promise<Array<{ service: ServiceRoute; document: OpenApiDocument }>> {
    return Promise.all(this.options.services.map(async (service) => ({ service, document: await this.of(service) })));
  }

  private async of(service: ServiceRoute): Promise<OpenApiDocument> {
    const cached = this.cache.get(service.key);
    if (cached && Date.now() - cached.at < (this.options.cacheMs ?? 60_000)) return cached.document;
    try {
      const document = await this.fetch(service);
      this.cache.set(service.key, { document, at: Date.now() });
      return document;
    } catch (err) {
      if (cached) return cached.document;
      throw err;
    }
  }

  private async fetch(service: ServiceRoute): Promise<OpenApiDocument> {
    const pool = this.options.pools.get(service.key);
    if (!pool) throw new Error(`No pool for ${service.name}`);
    const { statusCode, body } = await pool.request({
      method: 'GET',
      path: OPENAPI_INTERNAL_PATH,
      headers: { 'x-internal-token': this.options.internalToken, accept: 'application/json' },
    });
    const payload = (await body.json().catch(() => null)) as OpenApiDocument | null;
    if (statusCode !== 200 || !payload || typeof payload.paths !== 'object')
      throw new Error(`${service.name} answered ${statusCode} to ${OPENAPI_INTERNAL_PATH}`);
    return payload;
  }
}

/**
 * The API documentation, public (it describes routes, never data): `GET /api/docs/openapi.json`
 * merges the services' own documents (asked with the internal token, kept a minute), and
 * `GET /api/docs` is Swagger UI served from this process (no inline script, so the strict CSP
 * holds). A service that has never answered makes the document 503, like any route of it.
 */
export function registerApiDocs(app: FastifyInstance, options: ApiDocsOptions): void {
  const documents = new ServiceDocuments(options);

  app.get(DOCS_JSON_PATH, { config: { public: true } }, async (request, reply) => {
    let parts: Awaited<ReturnType<ServiceDocuments['all']>>;
    try {
      parts = await documents.all();
    } catch (err) {
      request.log.warn({ err: { message: (err as Error).message } }, 'API document unavailable');
      return reply.code(503).header('retry-after', '1').send({ message: UNAVAILABLE_MESSAGE });
    }
    const document = mergeOpenApi(parts, {
      title: `${PRODUCT_NAME} API`,
      version: gatewayPackage.version,
      description:
        'Every route a client can call through the gateway. Sign in with POST /api/users/login and send the access token as `Authorization: Bearer <token>`.',
      publicRoutes: options.publicRoutes,
    });
    reply.header('cache-control', 'no-cache');
    return document;
  });

  app.get(DOCS_PATH, { config: { public: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return reply.send(createReadStream(join(PAGE_DIR, 'index.html')));
  });

  app.get<{ Params: { file: string } }>(
    `${DOCS_PATH}/assets/:file`,
    { config: { public: true } },
    async (request, reply) => {
      const asset = Object.hasOwn(ASSETS, request.params.file) ? ASSETS[request.params.file] : undefined;
      if (!asset) return reply.code(404).send({ message: 'Not found.' });
      reply.header('cache-control', 'public, max-age=3600').type(asset.type);
      return reply.send(createReadStream(asset.file));
    },
  );
}
