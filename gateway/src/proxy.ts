import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import type { Pool } from 'undici';
import type { ServiceRoute } from '@hf/contracts';

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again.';
export const BODY_TOO_LARGE_MESSAGE = 'The request body is too large.';

/** Fastify's own error for an oversized body: the gateway's error handler answers it with 413. */
const bodyTooLarge = () =>
  Object.assign(new Error(BODY_TOO_LARGE_MESSAGE), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });

type ServiceKey = ServiceRoute['key'];
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface PublicRoute {
  readonly method: string;
  readonly url: string;
  readonly rateLimited: boolean;
}

export interface ProxyOptions {
  services: ServiceRoute[];
  upstreams: Record<ServiceKey, string>;
  pools: Map<ServiceKey, Pool>;
  publicRoutes: readonly PublicRoute[];
  rateLimit: { max: number; timeWindow: number };
  /** Request body caps the gateway enforces itself, before proxying (see `bodyLimitFor`). */
  bodyLimits: BodyLimits;
}

/**
 * The largest request body the gateway forwards: the limit of the first of `byPattern` whose
 * pattern matches the whole path (e.g. `/api/import/<accountId>/import_new`), else the limit of
 * the longest prefix in `byPrefix` that the path is or starts with (e.g. `/api/import`), else
 * `default`.
 */
export interface BodyLimits {
  default: number;
  byPrefix: Readonly<Record<string, number>>;
  byPattern?: ReadonlyArray<{ pattern: RegExp; limit: number }>;
}

export function bodyLimitFor(limits: BodyLimits, path: string): number {
  for (const { pattern, limit } of limits.byPattern ?? []) if (pattern.test(path)) return limit;
  let best: string | undefined;
  for (const prefix of Object.keys(limits.byPrefix)) {
    if (
      (path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`)) &&
      (best === undefined || prefix.length > best.length)
    )
      best = prefix;
  }
  return best === undefined ? limits.default : limits.byPrefix[best];
}

/**
 * Bodies allowed up to this size are read whole before anything is sent to the service, so an
 * oversized one is answered 413 by the gateway and the service never sees a byte of it. Larger
 * allowances (uploads) are streamed and counted; going over aborts the upstream request (413).
 */
const READ_WHOLE_LIMIT = 2 * 1024 * 1024;

const kTooLarge = Symbol('bodyTooLarge');
type FlaggedRequest = FastifyRequest & { [kTooLarge]?: boolean };

/** Counts bytes while streaming and fails once more than `limit` went through. */
class ByteLimit extends Transform {
  private seen = 0;
  constructor(
    private readonly limit: number,
    private readonly onExceeded: () => void,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) {
      this.onExceeded();
      callback(bodyTooLarge());
      return;
    }
    callback(null, chunk);
  }
}

/** Path of the request URL, without its query string. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

function prefixOwner(services: ServiceRoute[], url: string): ServiceRoute | undefined {
  return services.find((s) => s.prefixes.some((p) => url === p || url.startsWith(`${p}/`)));
}

/**
 * Answers up to this size (declared by the service) are buffered, so compression is one sync call
 * and an answer the service compressed itself (reports, registers) goes out in one write.
 */
const BUFFER_LIMIT = 256 * 1024;

/**
 * Sends the service's answer on. Small answers with a known length (nearly every API answer)
 * are read whole first: @fastify/compress then skips those under its threshold or already encoded
 * (a report gzip'ed by svc-reports) and compresses the rest in one synchronous call, instead of a
 * zlib stream per response. Big or chunked answers (exports) are streamed.
 */
function sendUpstreamBody(
  request: FastifyRequest,
  reply: FastifyReply,
  res: { headers: Record<string, unknown>; stream: NodeJS.ReadableStream & { destroy?: (err?: Error) => void } },
): void {
  const declared = Number(res.headers['content-length']);
  if (request.method === 'HEAD' || !Number.isFinite(declared) || declared > BUFFER_LIMIT) {
    reply.send(res.stream);
    return;
  }
  const chunks: Buffer[] = [];
  res.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.stream.once('error', (err: Error) => {
    if (!reply.sent) {
      request.log.warn({ err: { message: err.message } }, 'upstream answer broke off');
      reply.code(503).send({ message: UNAVAILABLE_MESSAGE });
    }
  });
  res.stream.once('end', () => reply.send(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
}

/**
 * One `@fastify/http-proxy` registration per (service, route kind). Routing is the Fastify
 * router's, on the path only: the public routes are exact routes (found before the service's
 * wildcard), so no query string, suffix or encoding can make a protected path public. The full
 * path, `/api` included, is forwarded unchanged.
 */
/** An upstream that failed: 413 for a body cut off on the way, else 503 with Retry-After. */
const onError = (reply: FastifyReply, { error }: { error: Error & { statusCode?: number; code?: string } }) => {
  if (reply.sent) return;
  if ((reply.request as FlaggedRequest)[kTooLarge]) {
    reply.code(413).send({ message: BODY_TOO_LARGE_MESSAGE });
    return;
  }
  reply.request.log.warn(
    { err: { message: error.message, code: error.code, cause: (error.cause as Error | undefined)?.message } },
    'upstream unavailable',
  );
  reply.code(503).header('retry-after', '1').send({ message: UNAVAILABLE_MESSAGE });
};

/** How every proxied answer is handled: errors, the body as it comes, headers the client must not see. */
const replyOptions = {
  onError,
  onResponse: sendUpstreamBody,
  // The only Authorization response header a client ever sees is the one the gateway mints.
  rewriteHeaders: (headers: Record<string, unknown>) => {
    delete headers.authorization;
    delete headers['x-internal-token'];
    return headers;
  },
  rewriteRequestHeaders: (request: FastifyRequest, headers: Record<string, unknown>) => {
    delete headers['x-internal-token'];
    headers['x-request-id'] = request.id;
    headers['x-forwarded-for'] = request.ip;
    headers['x-forwarded-proto'] = request.protocol;
    return headers;
  },
  // No blind retries: a 503 from a service already means "try later"; only a GET whose reused
  // keep-alive socket was closed under it is sent once more.
  retryDelay: ({
    err,
    req,
    attempt,
  }: {
    err: (Error & { code?: string }) | null;
    req: { method?: string };
    attempt: number;
  }) => (attempt === 0 && err?.code === 'UND_ERR_SOCKET' && req.method === 'GET' ? 5 : null),
};

/** Bodies are streamed to the service untouched (the gateway parses none of them), cut at the path's limit. */
function streamBodiesWithin(api: FastifyInstance, bodyLimits: ProxyOptions['bodyLimits']): void {
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('*', (request, payload, done) => {
    const limit = bodyLimitFor(bodyLimits, pathOf(request.url));
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      return done(bodyTooLarge(), undefined);
    }
    if (limit <= READ_WHOLE_LIMIT) {
      const chunks: Buffer[] = [];
      let seen = 0;
      const onData = (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > limit) {
          payload.removeListener('data', onData);
          payload.removeListener('end', onEnd);
          payload.resume();
          done(bodyTooLarge(), undefined);
          return;
        }
        chunks.push(chunk);
      };
      const onEnd = () => done(null, wholeBody(chunks));
      payload.on('data', onData);
      payload.once('end', onEnd);
      payload.once('error', (err) => done(err, undefined));
      return;
    }
    const limited = new ByteLimit(limit, () => {
      (request as FlaggedRequest)[kTooLarge] = true;
    });
    // Never hand the incoming request itself to the upstream client: when the upstream fails,
    // the client destroys the body stream it was given, and that must not be the request.
    payload.on('error', (err) => limited.destroy(err));
    return done(null, payload.pipe(limited));
  });
}

export async function registerServiceProxies(api: FastifyInstance, options: ProxyOptions): Promise<void> {
  streamBodiesWithin(api, options.bodyLimits);

  for (const service of options.services) {
    const upstream = options.upstreams[service.key];
    const base = {
      upstream,
      prefix: '',
      rewritePrefix: '',
      proxyPayloads: false,
      undici: options.pools.get(service.key) as never,
      destroyAgent: false,
      disableRequestLogging: true,
      internalRewriteLocationHeader: false,
      replyOptions,
    };
    const publicRoutes = options.publicRoutes.filter((route) => prefixOwner([service], route.url));
    for (const route of publicRoutes) {
      await api.register(httpProxy, {
        ...base,
        routes: [route.url],
        httpMethods: [route.method as HttpMethod],
        config: { public: true, ...(route.rateLimited ? { rateLimit: options.rateLimit } : {}) },
      } as never);
    }
    await api.register(httpProxy, {
      ...base,
      routes: service.prefixes.flatMap((prefix) => [prefix, `${prefix}/*`]),
      config: { public: false },
    } as never);
  }
}

/** A body read whole, as a stream that hands it over in one synchronous push. */
function wholeBody(chunks: Buffer[]): Readable {
  const body = new Readable({ read() {} });
  body.push(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  body.push(null);
  return body;
}
