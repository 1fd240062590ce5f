import { JsonArrayWriter } from './json-array-writer';

function write(items: string[], chunkBytes?: number): Buffer {
  const writer = new JsonArrayWriter(chunkBytes);
  for (const item of items) writer.push(item);
  expect(writer.length).toBe(items.length);
  return writer.finish();
}

describe('JsonArrayWriter', () => {
  it('writes [] for no elements and [a,b] for some', () => {
    expect(write([]).toString()).toBe('[]');
    expect(write(['{"a":1}']).toString()).toBe('[{"a":1}]');
    expect(write(['1', '"x"', 'null']).toString()).toBe('[1,"x",null]');
  });

  it('encodes UTF-8 exactly across chunk boundaries (multi-byte and surrogate pairs)', () => {
    const items = Array.from({ length: 200 }, (_, i) => JSON.stringify({ i, text: `ünï ${'€'.repeat(i % 7)} 😀 \u2028 "q"` }));
    const expected = Buffer.from(`[${items.join(',')}]`, 'utf8');
    for (const chunkBytes of [1, 7, 64, 1000, 1 << 20]) {
      const out = write(items, chunkBytes);
      expect(out.equals(expected)).toBe(true);
      expect(out.length).toBe(expected.length);
    }
  });

  it('returns the one buffer when the estimate fits (little unused), an exact copy otherwise', () => {
    const items = Array.from({ length: 1000 }, (_, i) => `{"i":${i}}`); // over 4 KiB: buffers of their own
    const expected = Buffer.from(`[${items.join(',')}]`);
    const fitted = write(items, expected.length + 10);
    expect(fitted.equals(expected)).toBe(true);
    expect(fitted.buffer.byteLength).toBe(expected.length + 10); // not copied: the estimate's allocation
    const loose = write(items, expected.length * 4);
    expect(loose.equals(expected)).toBe(true);
    expect(loose.buffer.byteLength).toBe(expected.length); // copied into an exact one
  });

  it('takes elements bigger than a chunk', () => {
    const big = JSON.stringify('x'.repeat(5000));
    expect(write(['1', big, '2'], 16).toString()).toBe(`[1,${big},2]`);
  });
});
