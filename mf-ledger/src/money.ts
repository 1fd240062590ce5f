/** The API speaks decimal dollars; the screens format through @hf/money's cents formatter. */
import { formatCurrency } from '@hf/money';

export function dollarsToCents(amount: number | null | undefined): number {
  return amount ? Math.round(amount * 100) : 0;
}

export function formatDollars(amount: number | null | undefined): string {
  return formatCurrency(dollarsToCents(amount));
}
