import { fromCents, type Cents } from './cents';

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
  return (options.decimals === 0 ? usd0 : usd).format(fromCents(cents));
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
  const dollars = Math.round(fromCents(cents));
  const size = Math.abs(dollars);
  if (size < 10_000) return usd0.format(dollars);
  const { suffix, dollars: unit } = AXIS_UNITS.find((u) => size >= u.dollars)!;
  // Exact with two decimals: a whole number of hundredths of the unit.
  if (size % (unit / 100) !== 0) return usd0.format(dollars);
  return `${dollars < 0 ? '-' : ''}$${(size / unit).toFixed(2).replace(/\.?0+$/, '')}${suffix}`;
}
