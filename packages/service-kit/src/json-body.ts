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
  // is spelt out or escaped: text with neither holds no value to refuse (a 1 MB import body: the
  // walk over its 40,000 strings is skipped).
  if (text.includes('\\u') || text.includes('__proto__') || text.includes('constructor')) checkValue(value);
  if (SUSPECT_NUMBER.test(text) && tooPreciseNumber(text)) throw badRequest(REQUEST_MESSAGES.tooManyDecimals);
  return value;
}

/**
 * Every number literal with more than 2 decimals contains one of these (`.` and 3 digits, or an
 * exponent); text without any has none, and the scan below (which must skip strings) is skipped.
 */
const SUSPECT_NUMBER = /\.\d{3}|\d[eE][+-]?\d/;

/** Decimal places a JSON number literal carries: `12.340` -> 2, `1.5e-3` -> 4, `1e2` -> 0. */
export function decimalPlaces(fraction: string, exponent: number): number {
  return fraction.replace(/0+$/, '').length - exponent;
}

/** True when a number literal outside the strings of (valid) JSON text has more than 2 decimals. */
function tooPreciseNumber(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c /* \ */) i++;
    } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      if (!match) continue;
      const fraction = match[1] ?? '';
      const exponent = match[2] === undefined ? 0 : Number(match[2]);
      if ((fraction !== '' || exponent < 0) && decimalPlaces(fraction, exponent) > 2) return true;
      i += match[0].length - 1;
    }
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
      if (key === '__proto__' || (key === 'constructor' && item !== null && typeof item === 'object' && Object.hasOwn(item, 'prototype'))) {
        throw badRequest(REQUEST_MESSAGES.forbiddenKey);
      }
      checkValue(item);
    }
  }
}
