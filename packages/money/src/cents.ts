/**
 * Money is integer cents everywhere inside the system. The JSON API speaks decimal numbers of
 * dollars with at most two decimals; these are the conversions between the two.
 */
export type Cents = number;

/** Largest accepted absolute amount: 10^12 dollars = 10^14 cents (well under 2^53). */
export const MAX_ABS_CENTS = 100_000_000_000_000;

/**
 * Largest sum without signs of a household's live rows and starting balances (svc-ledger refuses
 * a write beyond it): 15 digits, so every balance, running balance, projection point and report
 * total, each a signed part of that sum, is an exact integer in a double and its dollars text
 * (`fromCents`) shows every cent (docs/decisions/0117-balances-within-exact-range.md).
 */
export const MAX_ABS_BALANCE_CENTS = 999_999_999_999_999;

const CENTS_PER_DOLLAR = 100;

export class AmountError extends Error {}

/**
 * Converts an API amount (a JSON number such as `12.34` or `-5`) to cents, strictly.
 * Throws AmountError for non-finite values, more than 2 decimals or beyond +/-10^12.
 */
export function toCents(amount: unknown): Cents {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) throw new AmountError('Amount must be a number.');
  // At most 2 decimals (in the number's shortest round-trip text, 12.34 -> "12.34") exactly when
  // the nearest whole number of cents divided back is the same number: the double nearest to
  // k/100 is what both `k / 100` and the text "k/100" give. No string work per amount (imports
  // convert 10,000s of them).
  const cents = Math.round(amount * CENTS_PER_DOLLAR);
  if (cents / CENTS_PER_DOLLAR !== amount) throw new AmountError('Amounts can have at most 2 decimals.');
  if (Math.abs(amount) > MAX_ABS_CENTS / CENTS_PER_DOLLAR || Math.abs(cents) > MAX_ABS_CENTS)
    throw new AmountError('Amount is too large.');
  return cents === 0 ? 0 : cents;
}

/** Cents to the API's decimal number of dollars (exact for every cents value below 2^53); never -0. */
export function fromCents(cents: Cents): number {
  return cents === 0 ? 0 : cents / CENTS_PER_DOLLAR;
}

/**
 * A decimal number of dollars the API answered (`-12.5`) as integer cents, leniently: the nearest
 * whole cent (halves upwards, as Math.round), so the binary noise of sums such as 0.1 + 0.2 goes.
 * null, undefined and NaN count as 0; never -0. For amounts that must have at most 2 decimals use
 * toCents, which refuses the others.
 */
export function dollarsToCents(dollars: number | null | undefined): Cents {
  return dollars ? Math.round(dollars * CENTS_PER_DOLLAR) || 0 : 0;
}

/** A decimal number of dollars rounded to whole cents (`1.005` -> `1`, `2.675` -> `2.68`). */
export function roundToCents(dollars: number): number {
  return fromCents(dollarsToCents(dollars));
}

/** Cents as the plain text of an input field: `-1234.50`, `0.00` (no currency, no grouping). */
export function centsToDecimalText(cents: Cents): string {
  return (cents / CENTS_PER_DOLLAR).toFixed(2);
}
