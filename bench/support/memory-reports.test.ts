import type { MemoryReport } from '@hf/service-kit';
import { byProcess, describeCache } from './memory-reports';

const MiB = 1024 * 1024;
const report = (
  name: string,
  pid: number,
  thread: number,
  heap: number,
  caches: MemoryReport['caches'] = {},
): MemoryReport => ({
  name,
  pid,
  thread,
  rss: 500 * MiB,
  heapUsed: heap * MiB,
  heapTotal: (heap + 10) * MiB,
  heapLimit: 4096 * MiB,
  newSpace: 8 * MiB,
  oldSpaceUsed: (heap - 5) * MiB,
  heapAfterMajorGc: (heap - 2) * MiB,
  external: 100 * MiB,
  arrayBuffers: 90 * MiB,
  caches,
  shared: {},
});

describe('byProcess', () => {
  it('counts a thread once however many services share it, adds the threads of one process, and keeps every cache by service', () => {
    const registers = { entries: 20, bytes: 150 * MiB, maxBytes: 200 * MiB };
    const busLog = { entries: 900, bytes: 2 * MiB, maxBytes: 64 * MiB, maxEntries: 100_000 };
    const processes = byProcess([
      {
        ...report('svc-auth', 7, 0, 80, { tokens: { entries: 3, maxEntries: 10_000 } }),
        shared: { 'bus log': busLog },
      },
      { ...report('svc-ledger', 7, 0, 80, { registers }), shared: { 'bus log': busLog } },
      report('gateway', 7, 1, 20, { tokens: { entries: 5, maxEntries: 10_000 } }),
      report('svc-import', 9, 0, 30),
    ]);
    expect(processes).toEqual([
      {
        pid: 7,
        name: 'app (gateway + services)',
        rss: 500 * MiB,
        heapUsed: 100 * MiB,
        heapTotal: 120 * MiB,
        newSpace: 16 * MiB,
        oldSpaceUsed: 90 * MiB,
        heapAfterMajorGc: 96 * MiB,
        external: 200 * MiB,
        arrayBuffers: 180 * MiB,
        outsideV8: 180 * MiB,
        caches: {
          'svc-auth tokens': { entries: 3, maxEntries: 10_000 },
          'bus log': busLog,
          'svc-ledger registers': registers,
          'gateway tokens': { entries: 5, maxEntries: 10_000 },
        },
        threads: [
          { thread: 0, names: ['svc-auth', 'svc-ledger'], heapUsed: 80 * MiB, heapTotal: 90 * MiB },
          { thread: 1, names: ['gateway'], heapUsed: 20 * MiB, heapTotal: 30 * MiB },
        ],
      },
      {
        pid: 9,
        name: 'svc-import',
        rss: 500 * MiB,
        heapUsed: 30 * MiB,
        heapTotal: 40 * MiB,
        newSpace: 8 * MiB,
        oldSpaceUsed: 25 * MiB,
        heapAfterMajorGc: 28 * MiB,
        external: 100 * MiB,
        arrayBuffers: 90 * MiB,
        outsideV8: 360 * MiB,
        caches: {},
        threads: [{ thread: 0, names: ['svc-import'], heapUsed: 30 * MiB, heapTotal: 40 * MiB }],
      },
    ]);
  });
});

describe('describeCache', () => {
  it('writes bytes against a byte bound, or entries against an entry bound', () => {
    expect(describeCache({ entries: 20, bytes: 150 * MiB, maxBytes: 200 * MiB })).toBe(
      '150.0 MiB of 200.0 MiB, 20 entries',
    );
    expect(describeCache({ entries: 30, maxEntries: 100_000 })).toBe('30 entries of 100000');
    expect(describeCache({ entries: 4 })).toBe('4 entries');
  });
});
