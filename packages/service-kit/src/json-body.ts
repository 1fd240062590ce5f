import { badRequest } from './errors';
import { REQUEST_MESSAGES } from './request-messages';

/**
 * The JSON request body parser of every service. It sees the raw bytes, so it refuses what
 * JSON.parse would silently accept:
 * - bytes that are not UTF-8 (JSON.parse never sees them: decoding would turn them into U+FFFD),
 * - lone UTF-16 surrogates (`"\ud800"`) in any key or string value,
 * - number literals that carry more than 2 decimal places (`12.340000000000000001` would parse
 *   as 12.34): every fractional number a client sends is money, so no field may have more,
 * - `__proto__` keys and `constructor.prototype` (prototype poisoning).
 */
const utf8 = new TextDecoder('utf-8', { fatal: true });
const LONE_SURROGATE = /\p{Cs}/u;
const NUMBER = /-?\d+(?:\.(\d+))?(?:[eE]([+-]?\d+))?/y;

export function parseJsonBody(raw: Buffer): unknown {
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw badRequest(REQUEST_MESSAGES.invalidUnicode);
  }
  if (text.trim() === '') throw badRequest(REQUEST_MESSAGES.emptyJson);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(REQUEST_MESSAGES.invalidJson);
  }
  // Lone surrogates come only from `\u` escapes (the bytes were strict UTF-8), and a forbidden key
  // is spelt out or escaped: text with neither holds no value to refuse (a large import body: the
  // walk over its strings is skipped).
  if (text.includes('\\u') || text.includes('__proto__') || text.includes('constructor')) checkValue(value);
  if (tooPreciseNumber(text)) throw badRequest(REQUEST_MESSAGES.tooManyDecimals);
  return value;
}

/**
 * Every number literal with more than 2 decimals contains one of these (`.` and 3 digits, or an
 * exponent), so only these places are judged, not every number of the text.
 */
const SUSPECT = /\.\d{3}|\d[eE][+-]?\d/g;
/** The characters of a number literal (outside strings, JSON has no others next to one). */
const NUMBER_CHAR = /[-+.\deE]/;

/** Decimal places a JSON number literal carries: `12.340` -> 2, `1.5e-3` -> 4, `1e2` -> 0. */
export function decimalPlaces(fraction: string, exponent: number): number {
  return fraction.replace(/0+$/, '').length - exponent;
}

/**
 * True when a number literal outside the strings of (valid) JSON text has more than 2 decimals.
 * Each suspect place is judged when it is outside the strings: the quotes before it are walked
 * with indexOf (an escaped quote, after an odd run of backslashes, does not end a string).
 */
function tooPreciseNumber(text: string): boolean {
  SUSPECT.lastIndex = 0;
  let quoteFrom = 0;
  let inString = false;
  for (let m = SUSPECT.exec(text); m !== null; m = SUSPECT.exec(text)) {
    const at = m.index;
    for (let q = text.indexOf('"', quoteFrom); q !== -1 && q < at; q = text.indexOf('"', quoteFrom)) {
      quoteFrom = q + 1;
      if (inString) {
        let backslashes = 0;
        while (text.charCodeAt(q - 1 - backslashes) === 0x5c /* \ */) backslashes++;
        if (backslashes % 2 === 1) continue;
      }
      inString = !inString;
    }
    if (inString) continue;
    let start = at;
    while (start > 0 && NUMBER_CHAR.test(text[start - 1])) start--;
    NUMBER.lastIndex = start;
    const match = NUMBER.exec(text);
    if (!match) continue;
    const fraction = match[1] ?? '';
    const exponent = match[2] === undefined ? 0 : Number(match[2]);
    if ((fraction !== '' || exponent < 0) && decimalPlaces(fraction, exponent) > 2) return true;
    SUSPECT.lastIndex = Math.max(SUSPECT.lastIndex, start + match[0].length);
  }
  return false;
}

function checkValue(value: unknown): void {
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) throw badRequest(REQUEST_MESSAGES.invalidUnicode);
  } else if (Array.isArray(value)) {
    for (const item of value) checkValue(item);
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      if (LONE_SURROGATE.test(key)) throw badRequest(REQUEST_MESSAGES.invalidUnicode);
      const item = (value as Record<string, unknown>)[key];
      if (
        key === '__proto__' ||
        (key === 'constructor' && item !== null && typeof item === 'object' && Object.hasOwn(item, 'prototype'))
      ) {
        throw badRequest(REQUEST_MESSAGES.forbiddenKey);
      }
      checkValue(item);
    }
  }
}
