import type { Cents } from './cents';

/**
 * `1234567` -> `1,234,567`: a whole number's digits in groups of three, as en-US writes them.
 * Written out rather than through `Intl.NumberFormat`: building a currency formatter costs a page
 * load tens of milliseconds of ICU set-up before the first amount shows (decision 0153), and
 * integer cents need no rounding a formatter would do on a double.
 */
export function groupDigits(whole: number): string {
  const digits = String(Math.abs(whole));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return whole < 0 ? `-${out}` : out;
}

/** `1234` -> `1,234` (counts on screens: "Loading 400 of 50,000..."). */
export function formatCount(count: number): string {
  return Number.isSafeInteger(count) ? groupDigits(count) : String(count);
}

/** Whole cents, halves away from zero (Intl's `halfExpand`): `12.5` -> `13`, `-12.5` -> `-13`. */
const roundHalfAway = (x: number) => (x < 0 ? -Math.round(-x) : Math.round(x));

/** `-$1,234` of a whole number of dollars; no sign on zero. */
function dollarsText(negative: boolean, wholeDollars: number, cents?: number): string {
  const text = `$${groupDigits(wholeDollars)}${cents === undefined ? '' : `.${String(cents).padStart(2, '0')}`}`;
  return negative && (wholeDollars !== 0 || (cents ?? 0) !== 0) ? `-${text}` : text;
}

/**
 * `$1,234.56` / `-$12.00`; with `decimals: 0`, `$1,235` (halves away from zero). The same text as
 * en-US `Intl.NumberFormat` currency formatting, except that an amount that rounds to zero shows
 * no minus sign (`$0`, not `-$0`).
 */
export function formatCurrency(cents: Cents, options: { decimals?: 0 | 2 } = {}): string {
  const whole = roundHalfAway(cents);
  const size = Math.abs(whole);
  if (options.decimals === 0) return dollarsText(cents < 0, roundHalfAway(size / 100));
  return dollarsText(cents < 0, Math.floor(size / 100), size % 100);
}

/** The abbreviations of `formatAxisCurrency`, largest first: thousand, million, billion, trillion dollars. */
const AXIS_UNITS = [
  { suffix: 'T', dollars: 1e12 },
  { suffix: 'B', dollars: 1e9 },
  { suffix: 'M', dollars: 1e6 },
  { suffix: 'K', dollars: 1e3 },
] as const;

/**
 * A chart axis label that fits a narrow axis and never misleads: whole dollars, `$9,500` below
 * $10,000; from there in thousands, millions, billions or trillions when that shows the amount
 * exactly with at most two decimals (`$12.5K`, `$1.2M`, `$1.25M`, `$10M`, `$1.5B`, `-$300K`); an
 * amount it cannot show exactly keeps all its digits (`$1,002,500`) rather than being rounded
 * into a neighbour's label.
 */
export function formatAxisCurrency(cents: Cents): string {
  const dollars = Math.round(cents / 100);
  const size = Math.abs(dollars);
  if (size < 10_000) return dollarsText(dollars < 0, size);
  const { suffix, dollars: unit } = AXIS_UNITS.find((u) => size >= u.dollars)!;
  // Exact with two decimals: a whole number of hundredths of the unit.
  if (size % (unit / 100) !== 0) return dollarsText(dollars < 0, size);
  return `${dollars < 0 ? '-' : ''}$${(size / unit).toFixed(2).replace(/\.?0+$/, '')}${suffix}`;
}
