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
