/**
 * Amounts written as text, to integer cents: the sign, currency and digit-grouping rules.
 */
import { dollarsToCents, fromCents, MAX_ABS_CENTS, toCents, type Cents } from './cents';

/** The decimal separator of an amount text: `12.34` or `12,34`. */
export type DecimalSeparator = '.' | ',';

/** Why a text is not an amount: blank, not a number, more than 2 decimals, beyond 10^12. */
export type AmountTextProblem = 'missing' | 'invalid' | 'decimals' | 'large';

const CURRENCY_SYMBOL = /^[$€£¥₹₽₩₺₴₪฿]|[$€£¥₹₽₩₺₴₪฿]$/u;
const CURRENCY_CODE = /^(?:[A-Z]{3}|kr|Kč|zł|Ft|Fr\.?|CHF|lei)\s*|\s*(?:[A-Z]{3}|kr|Kč|zł|Ft|Fr\.?|lei)$/u;
const MINUSES = /[\u2212\u2012\u2013\u2014\uFE63\uFF0D]/g;
const SPACES = /[\s\u00a0\u202f\u2009]/g;
/** An optional minus then digits and separators only: no currency or other signs to look for. */
const NUMBER_ONLY = /^-?[\d.,]+$/;

function stripCurrency(text: string): string {
  let s = text.trim();
  for (let i = 0; i < 2; i++) s = s.replace(CURRENCY_SYMBOL, '').replace(CURRENCY_CODE, '').trim();
  return s;
}

/** Strict grouping by threes with the other separator, a space or an apostrophe. */
const PATTERNS: Record<DecimalSeparator, RegExp> = {
  '.': /^(\d{1,3}(?:[, ']\d{3})+|\d+)?(?:\.(\d+))?$/,
  ',': /^(\d{1,3}(?:[. ']\d{3})+|\d+)?(?:,(\d+))?$/,
};

/**
 * Text to cents under the decimal `separator`, or what is wrong with it. The one reading of an
 * amount a person or a bank writes: `1,234.56`, `-12.00`, `(12.00)`, `12.00-`, `$12.00`,
 * `€ 12,00`, `+12.00`, `1 234,56`, `1'234.56`, `EUR -5,00`, `\u221212.50`.
 *
 * Sign rules: a minus before or after the number (also a typographic minus or dash), parentheses
 * around it, or a plus before or after; currency symbols and codes may sit on either side of the
 * signs; at most one sign in all (`--12`, `(-12)`, `+12-` are refused).
 * Digits: the other separator (or a space or an apostrophe) may group thousands, strictly by
 * threes, so `12,34` is never 1234 under '.' nor `1.234` 1.234 under ','. At most 2 decimals and
 * 12 whole digits.
 */
export function readAmountText(text: string, separator: DecimalSeparator = '.'): Cents | AmountTextProblem {
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

/**
 * What a person or a bank file writes with a decimal point (`1,234.56`, `-12.00`, `(12.00)`,
 * `12.00-`, `$12.00`), by readAmountText's rules. Null when it is not an amount.
 */
export function parseMoneyText(text: string): Cents | null {
  const read = readAmountText(text, '.');
  return typeof read === 'number' ? read : null;
}

/** The spec's currency parser: strips every non-numeric character except `.` and `-`. */
export function parseCurrencyInput(text: string): Cents | null {
  const cleaned = text.replace(/[^0-9.-]/g, '');
  if (cleaned === '' || cleaned === '-' || cleaned === '.') return null;
  const n = Number(cleaned);
  if (!Number.isFinite(n)) return null;
  try {
    return toCents(fromCents(dollarsToCents(n)));
  } catch {
    return null;
  }
}
