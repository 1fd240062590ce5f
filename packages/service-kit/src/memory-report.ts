import { timingSafeEqual } from 'node:crypto';
import { getHeapStatistics } from 'node:v8';
import { threadId } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';

/** Where every service (and the gateway) answers its memory (internal token only; the gateway never routes it). */
export const MEMORY_INTERNAL_PATH = '/internal/memory';

/** What one bounded cache holds now, and its bound. */
export interface HeldCacheSize {
  entries: number;
  /** Bytes held, for a cache bounded by bytes (as the cache counts them). */
  bytes?: number;
  /** The cache's bound: bytes, or entries. */
  maxBytes?: number;
  maxEntries?: number;
}

/**
 * One process's memory as seen from one thread (bytes): the resident set is the whole
 * process's; the V8 figures are this thread's isolate (the gateway's thread has its own);
 * `external` and `arrayBuffers` are memory outside the V8 heap that JavaScript objects hold
 * (Buffers among them), as V8 accounts it.
 */
export interface MemoryReport {
  name: string;
  pid: number;
  /** 0 on the main thread. */
  thread: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  /** V8's limit for this isolate's heap. */
  heapLimit: number;
  external: number;
  arrayBuffers: number;
  /** The bounded caches this service holds, by name. */
  caches: Record<string, HeldCacheSize>;
}

/** The caches a service reports, by name: each a function that measures it when asked. */
export type CacheSizes = Map<string, () => HeldCacheSize>;

export function memoryReport(name: string, caches: CacheSizes = new Map()): MemoryReport {
  const usage = process.memoryUsage();
  return {
    name,
    pid: process.pid,
    thread: threadId,
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    heapLimit: getHeapStatistics().heap_size_limit,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    caches: Object.fromEntries([...caches].map(([cache, size]) => [cache, size()])),
  };
}

/** True when `given` is exactly the internal token (compared in constant time). */
export function isInternalToken(given: string | string[] | undefined, internalToken: string): boolean {
  if (typeof given !== 'string' || internalToken === '') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(internalToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /internal/memory`: the report above, for the sustained-load bench (memory flat after
 * warm-up: is a growth the caches filling toward their bounds, or something else?). Answers
 * only a caller with the internal token; anyone else gets the 404 of an unknown path.
 */
export function registerMemoryRoute(app: FastifyInstance, options: { name: string; internalToken: string; caches: CacheSizes }): void {
  app.get(MEMORY_INTERNAL_PATH, { config: { internal: true } }, async (request, reply) => {
    if (!isInternalToken(request.headers['x-internal-token'], options.internalToken)) return reply.code(404).send({ message: 'Not found.' });
    return memoryReport(options.name, options.caches);
  });
}
