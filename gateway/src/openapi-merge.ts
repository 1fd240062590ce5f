import type { ServiceRoute } from '@hf/contracts';

/** The parts of an OpenAPI 3.1 document the merge reads and writes. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  security?: Array<Record<string, string[]>>;
  tags?: Array<{ name: string; description?: string }>;
}

interface Operation {
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, unknown>;
  [key: string]: unknown;
}

export const BEARER_SCHEME = 'bearerAuth';
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** What @fastify/swagger writes for a response without a description, replaced by what the status means here. */
const DEFAULT_DESCRIPTION = 'Default Response';
const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  400: 'Bad input: nothing was changed.',
  401: 'No valid access token, or the session has ended.',
  403: 'Not allowed for this member.',
  404: "Not found (or another household's).",
  409: 'Conflicts with the current state: nothing was changed.',
  413: 'The request body is too large.',
  415: 'Unsupported request body encoding.',
  429: 'Too many attempts.',
  503: 'The service is temporarily unavailable.',
};

function describeResponses(responses: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      const given = response as { description?: string };
      return [
        status,
        given.description === DEFAULT_DESCRIPTION && STATUS_TEXT[status]
          ? { ...given, description: STATUS_TEXT[status] }
          : response,
      ];
    }),
  );
}

const MESSAGE_REF = { $ref: '#/components/schemas/Message' };
const message = (description: string) => ({ description, content: { 'application/json': { schema: MESSAGE_REF } } });

/** `/api/household/invitations/:token/` -> `/api/household/invitations/{token}`: one spelling for every path. */
export function openApiPath(url: string): string {
  const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The service that owns `path` by the gateway's route table (the same rule as the proxy). */
function owns(service: ServiceRoute, path: string): boolean {
  return service.prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Rewrites every `#/components/schemas/<name>` reference through `rename`. */
function renameRefs(value: unknown, rename: (name: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameRefs(item, rename));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof item === 'string' && item.startsWith('#/components/schemas/')
        ? `#/components/schemas/${rename(item.slice('#/components/schemas/'.length))}`
        : renameRefs(item, rename);
  }
  return out;
}

export interface MergeOptions {
  title: string;
  version: string;
  description?: string;
  /** Routes the gateway lets through without a token (method + Fastify path). */
  publicRoutes: ReadonlyArray<{ readonly method: string; readonly url: string }>;
}

/**
 * One document for the API a client sees through the gateway: each service's paths that the
 * gateway routes to it (its `/api` prefixes; health and internal paths are left out), the
 * security the gateway applies (no token for its public routes, the bearer access token for
 * every other one), the gateway's own 401 and 503 answers, and each service's named schemas
 * prefixed with the service's name so two services never collide.
 */
export function mergeOpenApi(
  parts: ReadonlyArray<{ service: ServiceRoute; document: OpenApiDocument }>,
  options: MergeOptions,
): OpenApiDocument {
  const publicKeys = new Set(
    options.publicRoutes.map((route) => `${route.method.toLowerCase()} ${openApiPath(route.url)}`),
  );
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {
    Message: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
  };
  const tags = new Set<string>();

  for (const { service, document } of parts) {
    const rename = (name: string) => `${service.name}.${name}`;
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {}))
      schemas[rename(name)] = renameRefs(schema, rename);

    for (const [rawPath, item] of Object.entries(document.paths ?? {})) {
      const path = openApiPath(rawPath);
      if (!owns(service, path)) continue;
      const merged = (paths[path] ??= {});
      for (const [key, value] of Object.entries(renameRefs(item, rename) as Record<string, unknown>)) {
        if (!(HTTP_METHODS as readonly string[]).includes(key)) {
          merged[key] ??= value;
          continue;
        }
        if (merged[key]) throw new Error(`${key.toUpperCase()} ${path} is documented twice (${service.name})`);
        const operation = { ...(value as Operation) };
        const isPublic = publicKeys.has(`${key} ${path}`);
        operation.security = isPublic ? [] : [{ [BEARER_SCHEME]: [] }];
        const responses = describeResponses(operation.responses ?? {});
        if (!isPublic) responses['401'] ??= message(STATUS_TEXT[401]);
        responses['503'] ??= message(STATUS_TEXT[503]);
        operation.responses = responses;
        for (const tag of operation.tags ?? []) tags.add(tag);
        merged[key] = operation;
      }
    }
  }

  const sortedPaths = Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((path) => [path, paths[path]]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: options.title,
      version: options.version,
      ...(options.description ? { description: options.description } : {}),
    },
    tags: [...tags].sort().map((name) => ({ name })),
    paths: sortedPaths,
    components: {
      schemas,
      securitySchemes: {
        [BEARER_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token from POST /api/users/login or /api/users/register.',
        },
      },
    },
    security: [{ [BEARER_SCHEME]: [] }],
  };
}
