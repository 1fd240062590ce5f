/**
 * Amounts as banks write them, to integer cents, by @hf/money's readAmountText (signs, currency,
 * grouping), with a one-pass reading of the common plain forms first (a file has 10,000s of
 * amounts), the reason a row is skipped, and the file's decimal separator.
 */
import { readAmountText, type AmountTextProblem, type DecimalSeparator } from '@hf/money';

export type AmountReading = { cents: number } | { error: string };

/**
 * The common cases read in one pass over the characters, without the general rules: an optional
 * minus, digits grouped by threes with the other separator or not grouped at all, and 1 or 2
 * decimals (`-1234.56`, `1,234.56`, `12` under '.'; `-1.234,56`, `12,5` under ','). Anything else
 * (currency, spaces, parentheses, signs after, 3 decimals, more than 12 digits): undefined.
 */
function plainCents(text: string, separator: DecimalSeparator): number | undefined {
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
export function centsOrNaN(text: string, separator: DecimalSeparator): number {
  const plain = plainCents(text, separator);
  if (plain !== undefined) return plain;
  if (NUMBER_ONLY.test(text)) return NaN;
  const read = readAmountText(text, separator);
  return typeof read === 'number' ? read : NaN;
}

/** Text to cents under `separator`, or what is wrong with it (no allocation on the common paths). */
export function amountInCents(text: string, separator: DecimalSeparator): number | AmountTextProblem {
  return plainCents(text, separator) ?? readAmountText(text, separator);
}

/** The reason shown for a skipped row. */
export function amountProblemText(problem: AmountTextProblem, text: string): string {
  const shown = text.trim().slice(0, 40);
  if (problem === 'missing') return 'Missing amount';
  if (problem === 'decimals') return `Amount "${shown}" has more than 2 decimals`;
  if (problem === 'large') return `Amount "${shown}" is too large`;
  return `Invalid amount "${shown}"`;
}

/** Text to cents under `separator`, or the reason it is not an amount. */
export function readAmount(text: string, separator: DecimalSeparator): AmountReading {
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
