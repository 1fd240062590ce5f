import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { GZIP_LEVEL } from '@hf/service-kit';

const deflateRaw = promisify(zlib.deflateRaw);

/** Bytes of register JSON per independently compressed block. */
export const GZIP_BLOCK_BYTES = 256 * 1024;

/** gzip header: magic, deflate, no flags, no mtime, no extra flags, OS unknown. */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final deflate block: ends the stream of full-flushed blocks. */
const FINAL_BLOCK = zlib.deflateRawSync(Buffer.alloc(0));

export interface GzippedBody {
  /** The whole gzip member. */
  gzip: Buffer;
  /** Raw deflate of each GZIP_BLOCK_BYTES of the body, each ending in a full flush (byte-aligned, no shared history). */
  blocks: Buffer[];
}

/**
 * gzip of a register body as one standard gzip member made of independently compressed
 * blocks: a full flush after each block resets the compressor's history, so the blocks can be
 * compressed in parallel (zlib's thread pool) and a block whose bytes did not change since an
 * earlier version (`reuse`: that version's blocks and how many leading bytes the two bodies
 * share) is taken as it is. The CRC of the whole body is computed again (a few ms for 20 MB).
 */
export async function gzipBlocks(body: Buffer, reuse?: { blocks: readonly Buffer[]; sameBytes: number }): Promise<GzippedBody> {
  const count = Math.max(1, Math.ceil(body.length / GZIP_BLOCK_BYTES));
  const blocks = await Promise.all(
    Array.from({ length: count }, (_, k) => {
      const end = Math.min(body.length, (k + 1) * GZIP_BLOCK_BYTES);
      const kept = reuse && end <= reuse.sameBytes && end - k * GZIP_BLOCK_BYTES === GZIP_BLOCK_BYTES ? reuse.blocks[k] : undefined;
      return kept ?? deflateRaw(body.subarray(k * GZIP_BLOCK_BYTES, end), { level: GZIP_LEVEL, finishFlush: zlib.constants.Z_FULL_FLUSH });
    }),
  );
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(body), 0);
  trailer.writeUInt32LE(body.length % 2 ** 32, 4);
  return { gzip: Buffer.concat([HEADER, ...blocks, FINAL_BLOCK, trailer]), blocks };
}
