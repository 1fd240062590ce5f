/**
 * Amounts as banks write them, to integer cents: `1,234.56`, `-12.00`, `(12.00)`, `12.00-`,
 * `$12.00`, `€ 12,00`, `+12.00`, `1 234,56`, `1'234.56`, `EUR -5,00`. The decimal separator is
 * given ('.' or ','); the other one (or a space or an apostrophe) may group thousands, strictly
 * by threes, so `12,34` can never be read as 1234 under '.' nor `1.234` as 1.234 under ','.
 * Refused: `--12`, `1e3`, `NaN`, `12,3,4`, more than 2 decimals, more than 10^12.
 */
import { MAX_ABS_CENTS } from '@hf/money';

export type Separator = '.' | ',';

export type AmountReading = { cents: number } | { error: string };

const CURRENCY_SYMBOL = /^[$€£¥₹₽₩₺₴₪฿]|[$€£¥₹₽₩₺₴₪฿]$/u;
const CURRENCY_CODE = /^(?:[A-Z]{3}|kr|Kč|zł|Ft|Fr\.?|CHF|lei)\s*|\s*(?:[A-Z]{3}|kr|Kč|zł|Ft|Fr\.?|lei)$/u;
const MINUSES = /[\u2212\u2012\u2013\u2014\uFE63\uFF0D]/g;
const SPACES = /[\s\u00a0\u202f\u2009]/g;

function stripCurrency(text: string): string {
  let s = text.trim();
  for (let i = 0; i < 2; i++) s = s.replace(CURRENCY_SYMBOL, '').replace(CURRENCY_CODE, '').trim();
  return s;
}

/** Strict grouping by threes with the other separator, a space or an apostrophe. */
const PATTERNS: Record<Separator, RegExp> = {
  '.': /^(\d{1,3}(?:[, ']\d{3})+|\d+)?(?:\.(\d+))?$/,
  ',': /^(\d{1,3}(?:[. ']\d{3})+|\d+)?(?:,(\d+))?$/,
};
/** The common case, `-1234.56` or `12`, read without the general rules. */
const PLAIN = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/;
const PLAIN_COMMA = /^(-?)(\d{1,12})(?:,(\d{1,2}))?$/;
/** An optional minus then digits and separators only: no currency or other signs to look for. */
const NUMBER_ONLY = /^-?[\d.,]+$/;

/** Text to cents under `separator`, or the reason it is not an amount. */
export function readAmount(text: string, separator: Separator): AmountReading {
  const plain = (separator === '.' ? PLAIN : PLAIN_COMMA).exec(text);
  if (plain) {
    const cents = Number(plain[2]) * 100 + Number((plain[3] ?? '').padEnd(2, '0'));
    return { cents: plain[1] === '-' && cents !== 0 ? -cents : cents };
  }
  const invalid = { error: `Invalid amount "${text.trim().slice(0, 40)}"` };
  let s = text.trim().replace(MINUSES, '-');
  if (s === '') return { error: 'Missing amount' };
  let negatives = 0;
  let positives = 0;
  const digitsOnly = NUMBER_ONLY.test(s);
  if (digitsOnly && s[0] === '-') {
    negatives = 1;
    s = s.slice(1);
  }
  // Signs and currency may come in either order: -$12.00, $-12.00, (€ 12,00), 12,00 € -, EUR -5,00.
  for (let pass = 0; pass < 3 && !digitsOnly; pass++) {
    s = stripCurrency(s);
    if (/^\(.*\)$/.test(s)) {
      negatives++;
      s = s.slice(1, -1).trim();
    }
    if (s.startsWith('-')) {
      negatives++;
      s = s.slice(1).trim();
    } else if (s.startsWith('+')) {
      positives++;
      s = s.slice(1).trim();
    }
    if (s.endsWith('-')) {
      negatives++;
      s = s.slice(0, -1).trim();
    } else if (s.endsWith('+')) {
      positives++;
      s = s.slice(0, -1).trim();
    }
  }
  if (negatives + positives > 1) return invalid;
  const m = PATTERNS[separator].exec(s.replace(SPACES, ' '));
  if (!m || (m[1] === undefined && m[2] === undefined)) return invalid;
  const fraction = m[2] ?? '';
  if (fraction.length > 2) return { error: `Amount "${text.trim().slice(0, 40)}" has more than 2 decimals` };
  const whole = (m[1] ?? '0').replace(/\D/g, '');
  if (whole.replace(/^0+/, '').length > 12) return { error: `Amount "${text.trim().slice(0, 40)}" is too large` };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > MAX_ABS_CENTS) return { error: `Amount "${text.trim().slice(0, 40)}" is too large` };
  return { cents: negatives === 1 && cents !== 0 ? -cents : cents };
}

/**
 * What one amount says about the file's decimal separator: '.' (`12.34`, `1,234.56`,
 * `1,234,567`), ',' (`12,34`, `1.234,56`, `1.234.567`), `ambiguous` (`1,234`, `1.234`: thousands
 * under one reading, three decimals under the other) or `none` (whole numbers, blanks).
 */
export function separatorEvidence(text: string): '.' | ',' | 'ambiguous' | 'none' {
  if (text.indexOf('.') === -1 && text.indexOf(',') === -1) return 'none';
  const s = text.replace(/[^0-9.,]/g, '');
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot === -1 && lastComma === -1) return 'none';
  if (lastDot !== -1 && lastComma !== -1) return lastDot > lastComma ? '.' : ',';
  const sep = lastDot !== -1 ? '.' : ',';
  const other = sep === '.' ? ',' : '.';
  const parts = s.split(sep);
  if (parts.length > 2) return other; // 1,234,567: the separator repeats, so it groups thousands
  const after = parts[1];
  if (after.length === 3 && parts[0].length >= 1 && parts[0].length <= 3 && parts[0] !== '0') return 'ambiguous';
  return sep;
}

/** Tallies of the evidence over a file. */
export class SeparatorVotes {
  dot = 0;
  comma = 0;
  ambiguous = 0;

  add(text: string): void {
    const e = separatorEvidence(text);
    if (e === '.') this.dot++;
    else if (e === ',') this.comma++;
    else if (e === 'ambiguous') this.ambiguous++;
  }

  /**
   * The file's separator: the one every telling amount agrees on (the majority when they
   * disagree); `ambiguous` when only `1,234`-like amounts (or a tie) were seen, read as '.'.
   */
  decide(): '.' | ',' | 'ambiguous' {
    if (this.dot > this.comma) return '.';
    if (this.comma > this.dot) return ',';
    if (this.dot === 0 && this.ambiguous === 0) return '.';
    return 'ambiguous';
  }
}
