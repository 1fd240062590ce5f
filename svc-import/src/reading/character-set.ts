/**
 * The character set of an upload: byte-order marks first, then strict UTF-8, then the detector
 * (chardet) choosing among the single-byte sets a person can pick (IMPORT_ENCODINGS). Decoding
 * goes through Node's TextDecoder (full ICU), chunk by chunk.
 */
import { isAscii } from 'node:buffer';
import { analyse } from 'chardet';
import { IMPORT_ENCODINGS } from '@hf/contracts';
import { StatementError } from '../domain/statement';

export interface CharacterSet {
  /** A label of IMPORT_ENCODINGS, or `UTF-16LE` / `UTF-16BE`. */
  encoding: string;
  /** False when the detector could not tell the single-byte sets apart. */
  certain: boolean;
  /** Bytes of a byte-order mark to drop before decoding. */
  bomLength: number;
}

/** chardet's names of the sets we decode, by family: Western (1252 / 8859-1) and Central European (1250 / 8859-2). */
const FAMILY: Record<string, 'western' | 'central'> = {
  'windows-1252': 'western',
  'ISO-8859-1': 'western',
  'windows-1250': 'central',
  'ISO-8859-2': 'central',
};

/** The canonical label of IMPORT_ENCODINGS for a person's choice, or null. */
export function importEncodingLabel(name: string): string | null {
  const wanted = name.trim().toLowerCase().replace(/_/g, '-');
  const aliases: Record<string, string> = {
    utf8: 'UTF-8',
    cp1252: 'windows-1252',
    cp1250: 'windows-1250',
    latin1: 'ISO-8859-1',
    latin2: 'ISO-8859-2',
  };
  if (aliases[wanted]) return aliases[wanted];
  return IMPORT_ENCODINGS.find((label) => label.toLowerCase() === wanted) ?? null;
}

function bomOf(head: Uint8Array): CharacterSet | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf)
    return { encoding: 'UTF-8', certain: true, bomLength: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'UTF-16LE', certain: true, bomLength: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'UTF-16BE', certain: true, bomLength: 2 };
  return null;
}

/** UTF-16 without a byte-order mark: text whose every other byte is zero (mostly-ASCII content). */
function utf16WithoutBom(head: Uint8Array): CharacterSet | null {
  const pairs = Math.floor(Math.min(head.length, 4096) / 2);
  if (pairs < 2) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < pairs; i++) {
    if (head[2 * i] === 0) evenZero++;
    if (head[2 * i + 1] === 0) oddZero++;
  }
  if (oddZero >= pairs * 0.9 && evenZero === 0) return { encoding: 'UTF-16LE', certain: true, bomLength: 0 };
  if (evenZero >= pairs * 0.9 && oddZero === 0) return { encoding: 'UTF-16BE', certain: true, bomLength: 0 };
  return null;
}

/** Valid UTF-8, allowing a sequence cut at the end of the sample. */
function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** Bytes 0x80-0x9F are C1 controls in ISO-8859-x, so a file holding them is a Windows code page. */
function hasC1Bytes(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80 && bytes[i] <= 0x9f) return true;
  return false;
}

/**
 * Picks a single-byte set for bytes that are not UTF-8. Certain only when the detector prefers one
 * family (Western or Central European) at least twice as much as the other, on enough non-ASCII text.
 */
export function detectSingleByte(bytes: Uint8Array): CharacterSet {
  const c1 = hasC1Bytes(bytes);
  const candidates = analyse(bytes).filter((m) => FAMILY[m.name] && !(c1 && m.name.startsWith('ISO-')));
  let highBytes = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] > 0x7f) highBytes++;
  if (candidates.length === 0) return { encoding: 'windows-1252', certain: false, bomLength: 0 };
  const [best] = candidates;
  const rival = candidates.find((m) => FAMILY[m.name] !== FAMILY[best.name]);
  const certain = highBytes >= 8 && best.confidence >= 25 && best.confidence >= 2 * (rival?.confidence ?? 0);
  // Unsure: the Western reading (the most common), offered with the choice.
  const chosen = !certain && FAMILY[best.name] === 'central' && rival ? rival : best;
  // Windows code pages are supersets of their ISO sets in practice (0x80-0x9F are unused controls there).
  const encoding = c1 ? (FAMILY[chosen.name] === 'western' ? 'windows-1252' : 'windows-1250') : chosen.name;
  return { encoding, certain, bomLength: 0 };
}

/**
 * The character set of a file from its first bytes; `override` (a person's choice) wins except
 * over a byte-order mark, which is certain.
 */
export function detectCharacterSet(head: Uint8Array, override?: string): CharacterSet {
  const bom = bomOf(head);
  if (bom) return bom;
  const utf16 = utf16WithoutBom(head);
  if (utf16) return utf16;
  if (override !== undefined && override !== '') {
    const label = importEncodingLabel(override);
    if (!label)
      throw new StatementError(
        `Unknown character set "${override.slice(0, 40)}". Choose one of ${IMPORT_ENCODINGS.join(', ')}.`,
      );
    return { encoding: label, certain: true, bomLength: 0 };
  }
  if (isAscii(head)) return { encoding: 'UTF-8', certain: true, bomLength: 0 };
  if (isUtf8(head)) return { encoding: 'UTF-8', certain: true, bomLength: 0 };
  return detectSingleByte(head);
}

/** TextDecoder's name for a label (its `iso-8859-1` is windows-1252, the same letters for text). */
const decoderName = (encoding: string): string => encoding.toLowerCase();

/**
 * Decodes chunks as they stream. A file whose first bytes are plain ASCII is read as UTF-8 until
 * the first non-ASCII bytes show what it is: still UTF-8, or a single-byte set (then `certain`
 * becomes false, so the page offers the choice).
 */
export class StreamDecoder {
  private decoder: TextDecoder;
  private undecided: boolean;
  private skipBom: number;

  constructor(
    readonly charset: CharacterSet,
    asciiSoFar: boolean,
  ) {
    this.decoder = new TextDecoder(decoderName(charset.encoding), {
      fatal: charset.encoding === 'UTF-8',
      ignoreBOM: true,
    });
    this.undecided = asciiSoFar && charset.encoding === 'UTF-8' && charset.bomLength === 0;
    this.skipBom = charset.bomLength;
  }

  decode(chunk: Uint8Array): string {
    let bytes = chunk;
    if (this.skipBom > 0) {
      const drop = Math.min(this.skipBom, bytes.length);
      bytes = bytes.subarray(drop);
      this.skipBom -= drop;
    }
    if (this.undecided && !isAscii(bytes)) {
      this.undecided = false;
      if (!isUtf8(bytes)) {
        const found = detectSingleByte(bytes);
        this.charset.encoding = found.encoding;
        this.charset.certain = false;
        this.decoder = new TextDecoder(decoderName(found.encoding));
      }
    }
    return this.run(() => this.decoder.decode(bytes, { stream: true }));
  }

  end(): string {
    return this.run(() => this.decoder.decode());
  }

  private run(decode: () => string): string {
    try {
      return decode();
    } catch {
      throw new StatementError('The file is not valid UTF-8 text. Choose its character set.');
    }
  }
}
