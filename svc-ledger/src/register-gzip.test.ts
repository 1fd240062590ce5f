import { gunzipSync } from 'node:zlib';
import { GZIP_BLOCK_BYTES, gzipBlocks } from './register-gzip';

const text = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => String.fromCharCode(32 + ((i * 7 + seed * 13 + (i >> 5)) % 90))).join(''), 'latin1');

describe('gzipBlocks', () => {
  it('is a standard gzip of the body, for empty, small and multi-block bodies', async () => {
    for (const size of [0, 1, 1000, GZIP_BLOCK_BYTES, GZIP_BLOCK_BYTES + 1, 3 * GZIP_BLOCK_BYTES + 12345]) {
      const body = text(size, size);
      const { gzip, blocks } = await gzipBlocks(body);
      expect(gunzipSync(gzip).equals(body)).toBe(true);
      expect(blocks).toHaveLength(Math.max(1, Math.ceil(size / GZIP_BLOCK_BYTES)));
    }
  });

  it('reuses the compressed blocks that lie wholly in the unchanged leading bytes, and only those', async () => {
    const before = text(4 * GZIP_BLOCK_BYTES + 500, 1);
    const first = await gzipBlocks(before);
    const after = Buffer.concat([before.subarray(0, 2 * GZIP_BLOCK_BYTES + 10), Buffer.from('CHANGED'), before.subarray(2 * GZIP_BLOCK_BYTES + 10)]);
    const second = await gzipBlocks(after, { blocks: first.blocks, sameBytes: 2 * GZIP_BLOCK_BYTES + 10 });
    expect(gunzipSync(second.gzip).equals(after)).toBe(true);
    expect(second.blocks[0]).toBe(first.blocks[0]);
    expect(second.blocks[1]).toBe(first.blocks[1]);
    expect(second.blocks[2]).not.toBe(first.blocks[2]);
    // Blocks that do not match the body fail the gzip's CRC check (what the body's CRC guards).
    const wrong = await gzipBlocks(after, { blocks: first.blocks, sameBytes: after.length });
    expect(() => gunzipSync(wrong.gzip)).toThrow();
  });
});
