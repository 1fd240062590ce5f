/**
 * Money is integer cents everywhere inside the system. The JSON API speaks decimal
 * numbers with at most two decimals; this module is the one place that converts.
 */
export type Cents = number;

/** Largest accepted absolute amount: 10^12 dollars = 10^14 cents (well under 2^53). */
export const MAX_ABS_CENTS = 100_000_000_000_000;

export class AmountError extends Error {}

/**
 * Converts an API amount (a JSON number such as `12.34` or `-5`) to cents.
 * Throws AmountError for non-finite values, more than 2 decimals or beyond +/-10^12.
 */
export function toCents(amount: unknown): Cents {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) throw new AmountError('Amount must be a number.');
  // At most 2 decimals (in the number's shortest round-trip text, 12.34 -> "12.34") exactly when
  // the nearest whole number of cents divided back is the same number: the double nearest to
  // k/100 is what both `k / 100` and the text "k/100" give. No string work per amount (imports
  // convert 10,000s of them).
  const cents = Math.round(amount * 100);
  if (cents / 100 !== amount) throw new AmountError('Amounts can have at most 2 decimals.');
  if (Math.abs(amount) > MAX_ABS_CENTS / 100 || Math.abs(cents) > MAX_ABS_CENTS)
    throw new AmountError('Amount is too large.');
  return cents === 0 ? 0 : cents;
}

/** Cents to the API's decimal number (exact for every cents value below 2^53). */
export function fromCents(cents: Cents): number {
  return cents / 100;
}

/**
 * Parses what a person or a bank file writes: `1,234.56`, `-12.00`, `(12.00)`, `12.00-`,
 * `$12.00`. Returns null when it is not an amount with at most 2 decimals.
 */
export function parseMoneyText(text: string): Cents | null {
  let s = text.trim();
  if (s === '') return null;
  // Exactly one way of saying "negative" is accepted: (12.00), 12.00-, -12.00, -$12.00 or $-12.00.
  let signs = 0;
  if (/^\(.*\)$/.test(s)) {
    signs++;
    s = s.slice(1, -1).trim();
  }
  if (s.endsWith('-')) {
    signs++;
    s = s.slice(0, -1).trim();
  }
  if (s.startsWith('-')) {
    signs++;
    s = s.slice(1).trim();
  } else if (s.startsWith('+')) {
    s = s.slice(1).trim();
  }
  s = s.replace(/^\$\s*/, '');
  if (s.startsWith('-')) {
    signs++;
    s = s.slice(1);
  }
  if (signs > 1) return null;
  const negative = signs === 1;
  if (!/^(\d{1,3}(,\d{3})+|\d+)?(\.\d{1,2})?$/.test(s) || s === '' || s === '.') return null;
  const [whole, frac = ''] = s.replace(/,/g, '').split('.');
  const cents = Number(whole || '0') * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > MAX_ABS_CENTS) return null;
  return negative && cents !== 0 ? -cents : cents;
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const usd0 = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** `$1,234.56` / `-$12.00`; with `decimals: 0`, `$1,235`. */
export function formatCurrency(cents: Cents, options: { decimals?: 0 | 2 } = {}): string {
  return (options.decimals === 0 ? usd0 : usd).format(cents / 100);
}

/** The spec's currency parser: strips every non-numeric character except `.` and `-`. */
export function parseCurrencyInput(text: string): Cents | null {
  const cleaned = text.replace(/[^0-9.-]/g, '');
  if (cleaned === '' || cleaned === '-' || cleaned === '.') return null;
  const n = Number(cleaned);
  if (!Number.isFinite(n)) return null;
  try {
    return toCents(Math.round(n * 100) / 100);
  } catch {
    return null;
  }
}
