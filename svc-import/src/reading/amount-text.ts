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
/**
 * The common cases read in one pass over the characters, without the general rules: an optional
 * minus, digits grouped by threes with the other separator or not grouped at all, and 1 or 2
 * decimals (`-1234.56`, `1,234.56`, `12` under '.'; `-1.234,56`, `12,5` under ','). Anything else
 * (currency, spaces, parentheses, signs after, 3 decimals, more than 12 digits): undefined.
 */
function plainCents(text: string, separator: Separator): number | undefined {
  const decimal = separator === '.' ? 46 : 44;
  const group = separator === '.' ? 44 : 46;
  const n = text.length;
  let i = text.charCodeAt(0) === 45 ? 1 : 0;
  const negative = i === 1;
  const first = i;
  let whole = 0;
  let digits = 0; // integer digits in all
  let run = 0; // digits since the last group separator
  let groups = 0;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      whole = whole * 10 + (c - 48);
      digits++;
      run++;
    } else if (c === group) {
      // The first group has 1-3 digits, every later one exactly 3.
      if (run === 0 || run > 3 || (groups > 0 && run !== 3)) return undefined;
      groups++;
      run = 0;
    } else break;
  }
  // No integer digits only before a fraction: `.5`.
  if ((digits === 0 && (i !== first || i === n)) || digits > 12 || (groups > 0 && run !== 3)) return undefined;
  let fraction = 0;
  if (i < n) {
    if (text.charCodeAt(i) !== decimal || n - i - 1 < 1 || n - i - 1 > 2) return undefined;
    for (let j = i + 1; j < n; j++) {
      const c = text.charCodeAt(j);
      if (c < 48 || c > 57) return undefined;
      fraction = fraction * 10 + (c - 48);
    }
    if (n - i - 1 === 1) fraction *= 10;
  }
  const cents = whole * 100 + fraction;
  return negative && cents !== 0 ? -cents : cents;
}
/** An optional minus then digits and separators only: no currency or other signs to look for. */
const NUMBER_ONLY = /^-?[\d.,]+$/;

/**
 * Cents, or NaN when the text is not an amount under `separator`: amountInCents without the
 * reason, for reading a row under both separators before the file's is known. A text of digits,
 * separators and a leading minus only is read whole by the one-pass rule.
 */
export function centsOrNaN(text: string, separator: Separator): number {
  const plain = plainCents(text, separator);
  if (plain !== undefined) return plain;
  if (NUMBER_ONLY.test(text)) return NaN;
  const read = generalCents(text, separator);
  return typeof read === 'number' ? read : NaN;
}

/** Why a text is not an amount. */
export type AmountProblem = 'missing' | 'invalid' | 'decimals' | 'large';

/** Text to cents under `separator`, or what is wrong with it (no allocation on the common paths). */
export function amountInCents(text: string, separator: Separator): number | AmountProblem {
  return plainCents(text, separator) ?? generalCents(text, separator);
}

/** amountInCents by the general rules (signs, currency, spaces, parentheses), after the one-pass reading declined. */
function generalCents(text: string, separator: Separator): number | AmountProblem {
  let s = text.trim().replace(MINUSES, '-');
  if (s === '') return 'missing';
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
  if (negatives + positives > 1) return 'invalid';
  const m = PATTERNS[separator].exec(s.replace(SPACES, ' '));
  if (!m || (m[1] === undefined && m[2] === undefined)) return 'invalid';
  const fraction = m[2] ?? '';
  if (fraction.length > 2) return 'decimals';
  const whole = (m[1] ?? '0').replace(/\D/g, '');
  if (whole.replace(/^0+/, '').length > 12) return 'large';
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > MAX_ABS_CENTS) return 'large';
  return negatives === 1 && cents !== 0 ? -cents : cents;
}

/** The reason shown for a skipped row. */
export function amountProblemText(problem: AmountProblem, text: string): string {
  const shown = text.trim().slice(0, 40);
  if (problem === 'missing') return 'Missing amount';
  if (problem === 'decimals') return `Amount "${shown}" has more than 2 decimals`;
  if (problem === 'large') return `Amount "${shown}" is too large`;
  return `Invalid amount "${shown}"`;
}

/** Text to cents under `separator`, or the reason it is not an amount. */
export function readAmount(text: string, separator: Separator): AmountReading {
  const read = amountInCents(text, separator);
  return typeof read === 'number' ? { cents: read } : { error: amountProblemText(read, text) };
}

/**
 * What one amount says about the file's decimal separator: '.' (`12.34`, `1,234.56`,
 * `1,234,567`), ',' (`12,34`, `1.234,56`, `1.234.567`), `ambiguous` (`1,234`, `1.234`: thousands
 * under one reading, three decimals under the other) or `none` (whole numbers, blanks).
 */
export function separatorEvidence(text: string): '.' | ',' | 'ambiguous' | 'none' {
  // One pass over the characters: where the last '.' and ',' are, how many of each, digits around.
  let dots = 0;
  let commas = 0;
  let lastDot = -1;
  let lastComma = -1;
  let digits = 0; // digits seen so far
  let digitsBefore = 0; // digits before the last separator
  let digitsAfter = 0; // digits after the last separator
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      digits++;
      digitsAfter++;
    } else if (c === 46 || c === 44) {
      if (c === 46) {
        dots++;
        lastDot = i;
      } else {
        commas++;
        lastComma = i;
      }
      digitsBefore = digits;
      digitsAfter = 0;
    }
  }
  if (dots === 0 && commas === 0) return 'none';
  if (dots > 0 && commas > 0) return lastDot > lastComma ? '.' : ',';
  const sep = dots > 0 ? '.' : ',';
  // 1,234,567: the separator repeats, so it groups thousands.
  if (dots + commas > 1) return sep === '.' ? ',' : '.';
  // 1,234: thousands under one reading, three decimals under the other (0,123 is a decimal).
  if (digitsAfter === 3 && digitsBefore >= 1 && digitsBefore <= 3 && !/^\D*0[.,]/.test(text)) return 'ambiguous';
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
