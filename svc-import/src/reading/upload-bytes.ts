/**
 * The bytes of an upload as they stream in: counted against the size limit chunk by chunk (the
 * file is never held whole), refused when they are not text, and the first bytes kept apart for
 * sniffing the character set and the file type.
 */
import type { Readable } from 'node:stream';
import { IMPORT_LIMITS } from '@hf/contracts';
import { StatementError } from '../domain/statement';

export const NOT_TEXT_MESSAGE = 'This is not a CSV text file.';
export const TOO_LARGE_MESSAGE = `The file is larger than ${IMPORT_LIMITS.maxFileBytes / (1024 * 1024)} MB.`;
export const EMPTY_MESSAGE = 'The file is empty.';

/** How many first bytes are sniffed (encoding, file type, delimiter). */
export const HEAD_BYTES = 64 * 1024;

/** Magic numbers of files people rename to .csv by mistake. */
const MAGIC: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0x50, 0x4b, 0x03, 0x04], // ZIP, XLSX, DOCX, ODS
  [0x50, 0x4b, 0x05, 0x06], // empty ZIP
  [0x50, 0x4b, 0x07, 0x08], // spanned ZIP
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x1f, 0x8b], // GZIP
  [0xd0, 0xcf, 0x11, 0xe0], // OLE2: XLS, DOC
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0x42, 0x5a, 0x68], // BZh
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
  [0x52, 0x61, 0x72, 0x21], // Rar!
  [0x7f, 0x45, 0x4c, 0x46], // ELF
];

export function hasBinaryMagic(head: Uint8Array): boolean {
  return MAGIC.some((magic) => magic.every((byte, i) => head[i] === byte));
}

/**
 * Text has no control characters beyond tab, line breaks, form feed and the odd escape or
 * substitute (a DOS end-of-file mark). Applied to the first bytes of a single-byte or UTF-8 file.
 */
export function looksLikeText(head: Uint8Array): boolean {
  let controls = 0;
  for (let i = 0; i < head.length; i++) {
    const b = head[i];
    if (b === 0) return false;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1a && b !== 0x1b) controls++;
  }
  return controls <= head.length / 1000;
}

/** The chunks of `source` as bytes, refused (413) past the size limit, before the limit is ever held. */
export async function* limitedBytes(
  source: Readable,
  maxBytes: number = IMPORT_LIMITS.maxFileBytes,
): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of source as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += bytes.length;
    if (total > maxBytes) throw new StatementError(TOO_LARGE_MESSAGE, 413);
    if (bytes.length > 0) yield bytes;
  }
}

/** The first `size` bytes (fewer at the end of the file) and the chunks after them. */
export async function splitHead(
  chunks: AsyncGenerator<Uint8Array>,
  size: number = HEAD_BYTES,
): Promise<{ head: Uint8Array; rest: AsyncGenerator<Uint8Array>; ended: boolean }> {
  const parts: Uint8Array[] = [];
  let length = 0;
  let ended = false;
  while (length < size) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    parts.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(parts);
  return { head, rest: chunks, ended };
}

/** Refuses NUL bytes anywhere after the head (binary data in a file that starts as text). */
export async function* withoutNulBytes(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    if (chunk.indexOf(0) !== -1) throw new StatementError(NOT_TEXT_MESSAGE, 415);
    yield chunk;
  }
}
