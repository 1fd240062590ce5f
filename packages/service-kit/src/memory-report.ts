import { timingSafeEqual } from 'node:crypto';
import { constants as perf, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
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
  /** Of heapTotal: the young generation's size (V8 grows it with the allocation rate, up to its maximum) and the old generation's used part. */
  newSpace: number;
  oldSpaceUsed: number;
  /**
   * Heap used just after the latest full (mark-compact) collection of this isolate: the live
   * heap, without the garbage `heapUsed` holds between collections; null before the first one.
   */
  heapAfterMajorGc: number | null;
  external: number;
  arrayBuffers: number;
  /** The bounded caches this service holds, by name. */
  caches: Record<string, HeldCacheSize>;
  /** Bounded caches of the whole process, whichever service answers (the single process's in-process bus log). */
  shared: Record<string, HeldCacheSize>;
}

/** The caches a service reports, by name: each a function that measures it when asked. */
export type CacheSizes = Map<string, () => HeldCacheSize>;

/** Caches the process's launcher shares among its services (app/src/start.ts: the in-process bus log). */
export const sharedCacheSizes: CacheSizes = new Map();

/** This isolate's heap after its latest full collection (a module per isolate: the gateway's thread has its own). */
let heapAfterMajorGc: number | null = null;
let gcObserver: PerformanceObserver | null = null;

/**
 * Starts noting the heap after each full collection (once per isolate; an observer keeps no
 * process alive). Only when asked (`MEMORY_WATCH_GC=1`, as the sustained-load bench sets it):
 * a `gc` observer is told of every collection, young ones included, which makes a large import
 * analysis markedly slower (bench/README.md).
 */
export function watchMajorCollections(): void {
  if (gcObserver) return;
  gcObserver = new PerformanceObserver((list) => {
    if (
      list
        .getEntries()
        .some((e) => (e as unknown as { detail?: { kind?: number } }).detail?.kind === perf.NODE_PERFORMANCE_GC_MAJOR)
    ) {
      heapAfterMajorGc = getHeapStatistics().used_heap_size;
    }
  });
  gcObserver.observe({ entryTypes: ['gc'] });
}

const measure = (caches: CacheSizes) => Object.fromEntries([...caches].map(([cache, size]) => [cache, size()]));

export function memoryReport(name: string, caches: CacheSizes = new Map()): MemoryReport {
  const usage = process.memoryUsage();
  const spaces = getHeapSpaceStatistics();
  const space = (name: string) => spaces.find((s) => s.space_name === name);
  return {
    name,
    pid: process.pid,
    thread: threadId,
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    heapLimit: getHeapStatistics().heap_size_limit,
    newSpace: space('new_space')?.space_size ?? 0,
    oldSpaceUsed: space('old_space')?.space_used_size ?? 0,
    heapAfterMajorGc,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    caches: measure(caches),
    shared: measure(sharedCacheSizes),
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
export function registerMemoryRoute(
  app: FastifyInstance,
  options: { name: string; internalToken: string; caches: CacheSizes },
): void {
  if (process.env.MEMORY_WATCH_GC === '1') watchMajorCollections();
  app.get(MEMORY_INTERNAL_PATH, { config: { internal: true } }, async (request, reply) => {
    if (!isInternalToken(request.headers['x-internal-token'], options.internalToken))
      return reply.code(404).send({ message: 'Not found.' });
    return memoryReport(options.name, options.caches);
  });
}
