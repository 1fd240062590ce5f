import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Bus } from '@hf/messaging';
import { createPool, migrate, SERVICE_MIGRATIONS, type MigrationSet, type Pool } from './db';
import { isInternalToken, registerMemoryRoute, type CacheSizes } from './memory-report';
import { HttpError, notFound, unauthorized } from './errors';
import { bearerToken, TokenVerifier, type Identity } from './identity';
import { OPENAPI_INTERNAL_PATH, registerOpenApi } from './openapi';
import { recordRoutes, type RegisteredRoute } from './route-table';
import { validatorCompiler } from './validation';
import { parseJsonBody } from './json-body';
import { answerFrameworkError, guardRequest } from './request-guards';
import { isUnavailableError } from './unavailable';

declare module 'fastify' {
  interface FastifyInstance {
    db: Pool;
    bus: Bus;
    serviceName: string;
    /** Every route with its access and input schemas (the API-document and hostile-input tests walk it). */
    routeTable: readonly RegisteredRoute[];
    /** The service's bounded caches, measured by `GET /internal/memory` (a service adds its own). */
    cacheSizes: CacheSizes;
  }
  interface FastifyRequest {
    /** Set for every non-public, non-internal route once the access token is verified. */
    identity: Identity | null;
  }
  interface FastifyContextConfig {
    /** No access token needed (login, register...). */
    public?: boolean;
    /** Service-to-service only: needs the internal token, never routed by the gateway. */
    internal?: boolean;
  }
}

export interface ServiceOptions {
  /** e.g. `svc-auth`; also the event `source`. */
  name: string;
  databaseUrl: string;
  /** Directory of numbered `.sql` migrations. */
  migrationsDir: string;
  /**
   * The migration sets of the packages whose tables live in this database (e.g. @hf/messaging's
   * MESSAGING_MIGRATIONS), applied before the service's own, in the same run.
   */
  packageMigrations?: readonly MigrationSet[];
  /** PEM of the RS256 public key that verifies access tokens. */
  jwtPublicKey: string;
  /** Shared secret for `/internal/*` calls between services. */
  internalToken: string;
  bus: Bus;
  logger?: FastifyServerOptions['logger'];
  /** Registers the service's routes (and anything else it owns). */
  routes: (app: FastifyInstance) => Promise<void>;
  /** Run after migrations, before routes. */
  onDatabaseReady?: (pool: Pool) => Promise<void>;
}

/** The identity of the caller; throws 401 when the route was reached without one. */
export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}

function validationMessage(err: {
  validation?: Array<{ keyword: string; instancePath: string; params: Record<string, unknown>; message?: string }>;
  validationContext?: string;
  message: string;
}): string {
  const first = err.validation?.[0];
  if (!first) return err.message;
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (first.keyword === 'additionalProperties') return `Unexpected field "${String(first.params.additionalProperty)}".`;
  if (first.keyword === 'name') return first.message ?? 'The name is required.';
  if (first.keyword === 'required') return `The field "${String(first.params.missingProperty)}" is required.`;
  const where = field ? `"${field}"` : `The ${err.validationContext ?? 'request'}`;
  if (first.keyword === 'enum' && Array.isArray(first.params.allowedValues))
    return `${where} must be one of: ${first.params.allowedValues.join(', ')}.`.replace(/^"/, 'The field "');
  return `${where} ${first.message ?? 'is invalid'}.`.replace(/^"/, 'The field "');
}

/** JSON bodies are judged from their raw bytes (Unicode, number text): see json-body.ts. */
function parseJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}

/**
 * Every request but a public route's carries a valid bearer token (its identity on the request);
 * an internal route answers only the internal token (404 otherwise).
 * RS256 verification is costly; a token already verified is only re-checked for expiry.
 */
function verifyTokens(app: FastifyInstance, options: ServiceOptions): void {
  const verifier = new TokenVerifier(options.jwtPublicKey);
  app.cacheSizes.set('tokens', () => ({ entries: verifier.size, maxEntries: verifier.maxEntries }));
  app.addHook('onRequest', async (request) => {
    guardRequest(request.raw);
    const config = request.routeOptions.config ?? {};
    if (config.internal) {
      if (!isInternalToken(request.headers['x-internal-token'], options.internalToken)) throw notFound();
      return;
    }
    if (config.public || !request.routeOptions.url) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized();
    request.identity = verifier.verify(token);
  });
}

/** The root error handler: every error answered as `{ message }` in plain words. */
function answerError(
  err: Error & { statusCode?: number; code?: string; validation?: never },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (err instanceof HttpError) return reply.code(err.statusCode).send({ message: err.message });
  if ((err as { validation?: unknown }).validation) {
    return reply.code(400).send({ message: validationMessage(err as never) });
  }
  if (isUnavailableError(err)) {
    request.log.error({ err }, 'dependency unavailable');
    return reply.code(503).send({ message: 'The service is temporarily unavailable. Please try again.' });
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    const message =
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
        ? 'The request body is not valid JSON.'
        : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request body is too large.'
          : err.message;
    return reply.code(err.statusCode).send({ message });
  }
  request.log.error({ err }, 'unhandled error');
  return reply.code(500).send({ message: 'Something went wrong. Please try again.' });
}

/** GET /healthz (the process answers) and GET /readyz (its database and the bus answer too). */
function healthRoutes(app: FastifyInstance, pool: Pool, options: ServiceOptions): void {
  app.get('/healthz', { config: { public: true } }, async () => ({ status: 'ok', service: options.name }));
  app.get('/readyz', { config: { public: true } }, async (_request, reply) => {
    const dbOk = await pool.query('SELECT 1').then(
      () => true,
      () => false,
    );
    const busOk = await options.bus.isReady().catch(() => false);
    if (!dbOk || !busOk) return reply.code(503).send({ status: 'unavailable', database: dbOk, bus: busOk });
    return { status: 'ready', database: true, bus: true };
  });
}

/**
 * Builds one service: Fastify with strict validation, the root error handler, token
 * verification, health routes, its own database (migrated) and the bus.
 */
export async function createService(options: ServiceOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    requestIdHeader: 'x-request-id',
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  parseJsonBodies(app);

  const pool = createPool(options.databaseUrl);
  await migrate(pool, [...(options.packageMigrations ?? []), { name: SERVICE_MIGRATIONS, dir: options.migrationsDir }]);
  if (options.onDatabaseReady) await options.onDatabaseReady(pool);

  app.decorate('db', pool);
  app.decorate('bus', options.bus);
  app.decorate('serviceName', options.name);
  app.decorateRequest('identity', null);
  app.decorate('routeTable', recordRoutes(app));
  app.decorate('cacheSizes', new Map() as CacheSizes);
  // Before any route: the OpenAPI document is collected from the routes' own schemas.
  await registerOpenApi(app, options.name);

  verifyTokens(app, options);

  app.setErrorHandler(answerError);
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found.' }));

  healthRoutes(app, pool, options);

  app.get(OPENAPI_INTERNAL_PATH, { config: { internal: true } }, async () => app.swagger());
  registerMemoryRoute(app, { name: options.name, internalToken: options.internalToken, caches: app.cacheSizes });

  await app.register(async (scope) => options.routes(scope));

  app.addHook('onClose', async () => {
    await pool.end();
  });

  return app;
}
