import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { GZIP_LEVEL } from '@hf/service-kit';
import type { RegisterModel, RegisterPart } from './domain/register-model';

const deflateRaw = promisify(zlib.deflateRaw);

/** gzip header: magic, deflate, no flags, no mtime, no extra flags, OS unknown. */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** The register's closing bracket as a full-flushed deflate block, and the empty final block that ends the stream. */
const CLOSE = Buffer.from(']');
const CLOSE_BLOCK = zlib.deflateRawSync(CLOSE, { level: GZIP_LEVEL, finishFlush: zlib.constants.Z_FULL_FLUSH });
const FINAL_BLOCK = zlib.deflateRawSync(Buffer.alloc(0));

/** A part's raw deflate block (full flush: byte-aligned, no history shared with the next block), made once per part on zlib's thread pool. */
function deflatedPart(part: RegisterPart): Promise<Buffer> {
  part.deflated ??= deflateRaw(part.bytes, { level: GZIP_LEVEL, finishFlush: zlib.constants.Z_FULL_FLUSH }).then(
    (block) => {
      part.deflatedBytes = block.length;
      return block;
    },
    (err: unknown) => {
      part.deflated = undefined; // the next request tries again
      throw err;
    },
  );
  return part.deflated;
}

/**
 * gzip of a register's JSON as one standard gzip member made of independently compressed
 * blocks, one per part of the model: a full flush after each block resets the compressor's
 * history, so the blocks are compressed in parallel (zlib's thread pool), and a part that a
 * later version keeps keeps its block, so a version after a write compresses only the parts the
 * write changed. The CRC-32 runs over the parts in order; a part's running CRC is kept with it
 * (the parts before a kept part are always the same ones). `reused`: blocks already made.
 */
export async function gzipRegister(model: RegisterModel): Promise<{ gzip: Buffer; reused: number }> {
  const reused = model.parts.filter((p) => p.deflated !== undefined).length;
  const blocks = await Promise.all(model.parts.map(deflatedPart));
  let crc = 0;
  for (const part of model.parts) {
    part.crcAfter ??= zlib.crc32(part.bytes, crc);
    crc = part.crcAfter;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(CLOSE, crc), 0);
  trailer.writeUInt32LE(model.length % 2 ** 32, 4);
  return { gzip: Buffer.concat([HEADER, ...blocks, CLOSE_BLOCK, FINAL_BLOCK, trailer]), reused };
}
