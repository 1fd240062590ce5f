import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { GZIP_LEVEL } from '@hf/service-kit';
import type { RegisterModel, RegisterPageSlices, RegisterPart } from './domain/register-model';

const deflateRaw = promisify(zlib.deflateRaw);

/** gzip header: magic, deflate, no flags, no mtime, no extra flags, OS unknown. */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
const FULL_FLUSH = { level: GZIP_LEVEL, finishFlush: zlib.constants.Z_FULL_FLUSH };
/** The empty final block that ends the stream. */
const FINAL_BLOCK = zlib.deflateRawSync(Buffer.alloc(0));

/** gzip's trailer: the CRC-32 and the length (mod 2^32) of what was compressed. */
function trailer(crc: number, length: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeUInt32LE(crc >>> 0, 0);
  out.writeUInt32LE(length % 2 ** 32, 4);
  return out;
}

/** A part's raw deflate block (full flush: byte-aligned, no history shared with the next block), made once per part on zlib's thread pool. */
function deflatedPart(part: RegisterPart): Promise<Buffer> {
  part.deflated ??= deflateRaw(part.bytes, FULL_FLUSH).then(
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
 * blocks, one per part of the model (gzipPage of its `bodySlices`): a full flush after each
 * block resets the compressor's history, so the blocks are compressed in parallel (zlib's
 * thread pool), and a part that a later version keeps keeps its block, so a version after a
 * write compresses only the parts the write changed. The CRC-32 is combined from the parts' own
 * (`partCrc`, kept with them). `reused`: blocks already made.
 */
export async function gzipRegister(model: RegisterModel): Promise<{ gzip: Buffer; reused: number }> {
  const { gzip, made } = await gzipPage(model.bodySlices());
  return { gzip, reused: model.parts.length - made };
}

/** The CRC-32 of a part's bytes, made once and kept with it. */
function partCrc(part: RegisterPart): number {
  part.crc ??= zlib.crc32(part.bytes);
  return part.crc;
}

/** CRC-32's polynomial (reflected) and x^(2^k) modulo it, k = 0..31 (zlib's crc32_combine, in the same terms). */
const POLY = 0xedb88320;
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}
const X2N: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X2N.push(multModP(X2N[k - 1], X2N[k - 1]));
/** x^(n * 2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000;
  while (n > 0) {
    if (n % 2 === 1) p = multModP(X2N[k & 31], p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}
/** The CRC-32 of A followed by B from the CRC-32 of A, that of B and B's length (zlib's crc32_combine). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(x2nModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}

/**
 * gzip of a register page (or of the whole register: `bodySlices`) from its pieces: a piece
 * that is a whole part uses that part's block (made once per part, shared with the register's
 * gzip and with every page that holds the whole part), and its CRC-32 is combined in; the pieces
 * between such parts (the page's head, the partial parts at its ends, its tail) are compressed
 * here, each run as one block. A scroll page compresses only its partial parts and the
 * pieces between, and copies none of its rows. `made`: parts whose block this page made (the register
 * cache counts their bytes).
 */
export async function gzipPage(slices: RegisterPageSlices): Promise<{ gzip: Buffer; made: number }> {
  const runs: Array<{ part: RegisterPart } | { pieces: Buffer[] }> = [];
  let made = 0;
  let crc = 0;
  slices.pieces.forEach((piece, i) => {
    const part = slices.parts[i];
    if (part) {
      if (part.deflated === undefined) made++;
      crc = crc32Combine(crc, partCrc(part), piece.length);
      runs.push({ part });
      return;
    }
    crc = zlib.crc32(piece, crc);
    const last = runs[runs.length - 1];
    if (last && 'pieces' in last) last.pieces.push(piece);
    else runs.push({ pieces: [piece] });
  });
  const blocks = await Promise.all(
    runs.map((run) =>
      'part' in run
        ? deflatedPart(run.part)
        : deflateRaw(run.pieces.length === 1 ? run.pieces[0] : Buffer.concat(run.pieces), FULL_FLUSH),
    ),
  );
  return { gzip: Buffer.concat([HEADER, ...blocks, FINAL_BLOCK, trailer(crc, slices.length)]), made };
}
