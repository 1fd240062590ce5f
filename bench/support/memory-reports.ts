/**
 * What the services and the gateway say about their own memory (`GET /internal/memory`, internal
 * token): per process, the resident set, the V8 heap and external memory of each of its
 * threads (the default mode's one process holds the five services on its main thread and the
 * gateway on a thread of its own), what lies outside both, and the bounded caches with their
 * bounds. The sustained-load bench samples it with RSS, to tell a cache filling toward its bound
 * from a heap or native growth.
 */
import type { HeldCacheSize, MemoryReport } from '@hf/service-kit';

/** One process as its reports describe it (bytes). */
export interface ProcessReport {
  pid: number;
  /** `svc-ledger`, `gateway`, or `app (gateway + services)` when one process answers for several. */
  name: string;
  rss: number;
  /** Summed over the process's V8 isolates (one per thread that reported). */
  heapUsed: number;
  heapTotal: number;
  /** The young generations' size and the old generations' used part (summed over the isolates). */
  newSpace: number;
  oldSpaceUsed: number;
  /** Heap used after each isolate's latest full collection, summed (the live heap); null until every isolate had one. */
  heapAfterMajorGc: number | null;
  external: number;
  arrayBuffers: number;
  /** Resident memory neither a V8 heap nor external memory V8 knows of: code, stacks, native buffers, memory the allocator keeps after frees. */
  outsideV8: number;
  /** `<service> <cache>` -> its size. */
  caches: Record<string, HeldCacheSize>;
  /** Each thread's V8 heap (the default mode: the services on the main thread, the gateway on its own). */
  threads: Array<{ thread: number; names: string[]; heapUsed: number; heapTotal: number }>;
}

/** Every reporter's `GET /internal/memory` (name -> base URL); a reporter that does not answer is left out. */
export async function askMemory(reporters: Record<string, string>, internalToken: string): Promise<MemoryReport[]> {
  const answers = await Promise.all(
    Object.entries(reporters).map(async ([, base]) => {
      try {
        const res = await fetch(`${base}/internal/memory`, { headers: { 'x-internal-token': internalToken } });
        return res.ok ? ((await res.json()) as MemoryReport) : null;
      } catch {
        return null;
      }
    }),
  );
  return answers.filter((a): a is MemoryReport => a !== null);
}

/** The reports grouped by process; a thread's heap counted once however many services share it. */
export function byProcess(reports: readonly MemoryReport[]): ProcessReport[] {
  const processes = new Map<
    number,
    {
      names: string[];
      threads: Map<number, MemoryReport>;
      threadNames: Map<number, string[]>;
      caches: Record<string, HeldCacheSize>;
      rss: number;
    }
  >();
  for (const r of reports) {
    let p = processes.get(r.pid);
    if (!p) {
      p = { names: [], threads: new Map(), threadNames: new Map(), caches: {}, rss: 0 };
      processes.set(r.pid, p);
    }
    p.names.push(r.name);
    p.threads.set(r.thread, r);
    p.threadNames.set(r.thread, [...(p.threadNames.get(r.thread) ?? []), r.name]);
    p.rss = Math.max(p.rss, r.rss);
    for (const [cache, size] of Object.entries(r.caches)) p.caches[`${r.name} ${cache}`] = size;
    for (const [cache, size] of Object.entries(r.shared ?? {})) p.caches[cache] = size;
  }
  return [...processes].map(([pid, p]) => {
    const threads = [...p.threads.values()];
    const sum = (field: 'heapUsed' | 'heapTotal' | 'newSpace' | 'oldSpaceUsed' | 'external' | 'arrayBuffers') =>
      threads.reduce((total, t) => total + t[field], 0);
    return {
      pid,
      name: p.names.length > 1 ? 'app (gateway + services)' : p.names[0],
      rss: p.rss,
      heapUsed: sum('heapUsed'),
      heapTotal: sum('heapTotal'),
      newSpace: sum('newSpace'),
      oldSpaceUsed: sum('oldSpaceUsed'),
      heapAfterMajorGc: threads.every((t) => t.heapAfterMajorGc !== null)
        ? threads.reduce((total, t) => total + t.heapAfterMajorGc!, 0)
        : null,
      external: sum('external'),
      arrayBuffers: sum('arrayBuffers'),
      outsideV8: p.rss - sum('heapTotal') - sum('external'),
      caches: p.caches,
      threads: threads.map((t) => ({
        thread: t.thread,
        names: p.threadNames.get(t.thread) ?? [],
        heapUsed: t.heapUsed,
        heapTotal: t.heapTotal,
      })),
    };
  });
}

const MiB = 1024 * 1024;
export const mibOf = (bytes: number): string => (bytes / MiB).toFixed(1);

/** A cache's size for a line: `163.2 MiB of 200 MiB, 20 entries` or `30 entries of 100000`. */
export function describeCache(size: HeldCacheSize): string {
  if (size.bytes !== undefined)
    return `${mibOf(size.bytes)} MiB${size.maxBytes !== undefined ? ` of ${mibOf(size.maxBytes)} MiB` : ''}, ${size.entries} entries`;
  return `${size.entries} entries${size.maxEntries !== undefined ? ` of ${size.maxEntries}` : ''}`;
}
