import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import {
  isInternalToken,
  MEMORY_INTERNAL_PATH,
  registerMemoryRoute,
  sharedCacheSizes,
  watchMajorCollections,
  type CacheSizes,
} from './memory-report';

describe('GET /internal/memory', () => {
  const app = Fastify();
  let held = 3;
  const caches: CacheSizes = new Map([['registers', () => ({ entries: held, bytes: held * 100, maxBytes: 1000 })]]);
  registerMemoryRoute(app, { name: 'svc-test', internalToken: 'secret-token', caches });
  afterAll(() => app.close());

  it('answers 404 without the internal token, with a wrong one, or with several', async () => {
    for (const headers of [
      {},
      { 'x-internal-token': 'wrong' },
      { 'x-internal-token': 'secret-tokenx' },
      { 'x-internal-token': '' },
      { 'x-internal-token': ['secret-token', 'secret-token'] },
    ]) {
      const res = await app.inject({ method: 'GET', url: MEMORY_INTERNAL_PATH, headers });
      expect({ headers, status: res.statusCode, body: res.json() }).toEqual({
        headers,
        status: 404,
        body: { message: 'Not found.' },
      });
    }
  });

  it('answers the process memory, this thread heap and every cache measured when asked', async () => {
    // A full collection, then the observer's note of the heap after it (delivered after the collection).
    watchMajorCollections();
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
    const ask = async () =>
      (
        await app.inject({ method: 'GET', url: MEMORY_INTERNAL_PATH, headers: { 'x-internal-token': 'secret-token' } })
      ).json();
    for (let i = 0; i < 200 && (await ask()).heapAfterMajorGc === null; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const first = (
      await app.inject({ method: 'GET', url: MEMORY_INTERNAL_PATH, headers: { 'x-internal-token': 'secret-token' } })
    ).json();
    expect(first).toEqual({
      name: 'svc-test',
      pid: process.pid,
      thread: 0,
      rss: expect.any(Number),
      heapUsed: expect.any(Number),
      heapTotal: expect.any(Number),
      heapLimit: expect.any(Number),
      newSpace: expect.any(Number),
      oldSpaceUsed: expect.any(Number),
      heapAfterMajorGc: expect.any(Number),
      external: expect.any(Number),
      arrayBuffers: expect.any(Number),
      caches: { registers: { entries: 3, bytes: 300, maxBytes: 1000 } },
      shared: {},
    });
    expect(first.rss).toBeGreaterThan(first.heapUsed);
    expect(first.heapTotal).toBeGreaterThanOrEqual(first.heapUsed);
    expect(first.heapLimit).toBeGreaterThan(first.heapTotal);
    expect(first.newSpace + first.oldSpaceUsed).toBeLessThanOrEqual(first.heapTotal);
    expect(first.oldSpaceUsed).toBeGreaterThan(0);
    held = 5;
    const second = (
      await app.inject({ method: 'GET', url: MEMORY_INTERNAL_PATH, headers: { 'x-internal-token': 'secret-token' } })
    ).json();
    expect(second.caches).toEqual({ registers: { entries: 5, bytes: 500, maxBytes: 1000 } });
  });

  it("adds the caches the process's launcher shares among its services", async () => {
    sharedCacheSizes.set('bus log', () => ({
      entries: 7,
      bytes: 700,
      maxBytes: 64 * 1024 * 1024,
      maxEntries: 100_000,
    }));
    try {
      const res = (
        await app.inject({ method: 'GET', url: MEMORY_INTERNAL_PATH, headers: { 'x-internal-token': 'secret-token' } })
      ).json();
      expect(res.shared).toEqual({
        'bus log': { entries: 7, bytes: 700, maxBytes: 64 * 1024 * 1024, maxEntries: 100_000 },
      });
    } finally {
      sharedCacheSizes.delete('bus log');
    }
  });
});

describe('isInternalToken', () => {
  it.each([
    ['secret', 'secret', true],
    ['secret', 'secreT', false],
    ['secre', 'secret', false],
    [undefined, 'secret', false],
    [['secret'], 'secret', false],
    ['', '', false],
  ] as const)('%p against %p -> %p', (given, token, expected) =>
    expect(isInternalToken(given as string | string[] | undefined, token)).toBe(expected),
  );
});
