/**
 * Large JSON answers compressed by the service that makes them: gzip level 1 on zlib's thread
 * pool when the client accepts gzip. The gateway forwards an encoded answer as it is; left to it,
 * a multi-megabyte answer (a register page, an import's reconciliation) is compressed on its own
 * event loop at a higher level (brotli quality 5 or gzip 6), several times the CPU, in the path of
 * the answer.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzip = promisify(zlib.gzip);

export const JSON_ANSWER_TYPE = 'application/json; charset=utf-8';
/** Answers under this size are sent as they are (the gateway's compression threshold too). */
export const GZIP_MIN_BYTES = 1024;
export const GZIP_LEVEL = 1;
/**
 * Answers under this size are gzip'ed on the event loop: at level 1 that takes some 50 µs, less
 * than the hand-off to zlib's thread pool and back (0.2 ms quiet, milliseconds on a busy machine).
 */
export const GZIP_SYNC_MAX_BYTES = 32 * 1024;

/** The q-values an Accept-Encoding header gives, by coding (lower case; `*` included). */
function qualities(acceptEncoding: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.toLowerCase().split(';');
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) q = Number.isFinite(Number(m[1])) ? Number(m[1]) : 0;
    }
    if (name.trim() !== '') out.set(name.trim(), q);
  }
  return out;
}

/** True when the client accepts a gzip body: `gzip` (or `x-gzip`) with q > 0, or `*` when gzip is not named. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  const q = qualities(acceptEncoding);
  const named = q.get('gzip') ?? q.get('x-gzip');
  return (named ?? q.get('*') ?? 0) > 0;
}

/** gzip at GZIP_LEVEL: on zlib's thread pool (off the event loop), at once under GZIP_SYNC_MAX_BYTES. */
export function gzipAnswer(body: Buffer | string): Promise<Buffer> {
  if (body.length < GZIP_SYNC_MAX_BYTES) return Promise.resolve(zlib.gzipSync(body, { level: GZIP_LEVEL }));
  return gzip(body, { level: GZIP_LEVEL });
}

/** Sends JSON text, gzip'ed (GZIP_LEVEL) when the client accepts it and it is GZIP_MIN_BYTES or more. */
export function sendJsonAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer | string,
): Promise<FastifyReply> {
  return sendJsonAnswerWith(
    request,
    reply,
    body.length,
    () => body,
    () => gzipAnswer(body),
  );
}

/**
 * sendJsonAnswer for an answer that has its own gzip (svc-ledger's registers, made from kept
 * compressed blocks): `length` bytes of JSON, `gzip()` when the client accepts gzip and it is
 * GZIP_MIN_BYTES or more, else `plain()`.
 */
export async function sendJsonAnswerWith(
  request: FastifyRequest,
  reply: FastifyReply,
  length: number,
  plain: () => Buffer | string,
  gzip: () => Promise<Buffer>,
): Promise<FastifyReply> {
  reply.type(JSON_ANSWER_TYPE).header('vary', 'accept-encoding');
  if (length >= GZIP_MIN_BYTES && acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(await gzip());
  }
  return reply.send(plain());
}
