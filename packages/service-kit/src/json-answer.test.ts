import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { acceptsGzip, GZIP_SYNC_MAX_BYTES, sendJsonAnswer } from './json-answer';

describe('Accept-Encoding: gzip', () => {
  it.each([
    ['gzip, deflate', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['gzip;q=0', false],
    ['gzip; q=0.0, br', false],
    ['*;q=0', false],
    ['*, gzip;q=0', false],
    ['identity', false],
    ['br', false],
    ['deflate, br', false],
    ['', false],
    [undefined, false],
  ])('%s -> %s', (header, expected) => expect(acceptsGzip(header)).toBe(expected));
});

describe('sendJsonAnswer', () => {
  const app = Fastify();
  const big = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, payee: `Payee ${i}` })));
  app.get('/big', (request, reply) => sendJsonAnswer(request, reply, big));
  const large = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: i, payee: `Payee ${i}` })));
  app.get('/large', (request, reply) => sendJsonAnswer(request, reply, large));
  app.get('/small', (request, reply) => sendJsonAnswer(request, reply, Buffer.from('{"a":1}')));
  afterAll(() => app.close());

  it('gzips an answer of 1 KiB or more for a client that accepts gzip, and says so', async () => {
    const res = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(res.rawPayload).toString()).toBe(big);
  });

  it('gzips an answer over GZIP_SYNC_MAX_BYTES (on the thread pool) the same way', async () => {
    expect(big.length).toBeLessThan(GZIP_SYNC_MAX_BYTES);
    expect(large.length).toBeGreaterThan(GZIP_SYNC_MAX_BYTES);
    const res = await app.inject({ method: 'GET', url: '/large', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(large);
  });

  it('sends it as it is otherwise', async () => {
    const plain = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big);
    const small = await app.inject({ method: 'GET', url: '/small', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ a: 1 });
  });
});
