import { isValidDate } from '@hf/calendar';
import { AmountError, toCents, type Cents } from '@hf/money';
import { badRequest } from '@hf/service-kit/errors';

/**
 * The edge between the API's decimal amounts and the ledger's integer cents. Every amount a
 * request carries goes through here: more than 2 decimals, non-finite or beyond 10^12 -> 400.
 */
export function amountToCents(value: number, field = 'amount'): Cents {
  try {
    return toCents(value);
  } catch (err) {
    if (err instanceof AmountError) throw badRequest(`The field "${field}" is invalid: ${err.message}`);
    throw err;
  }
}

/** A real calendar date `YYYY-MM-DD` or 400 (`2025-02-30` is an error, not March 2nd). */
export function requireDate(value: string, field = 'date'): string {
  if (!isValidDate(value)) throw badRequest(`The field "${field}" must be a real date (YYYY-MM-DD).`);
  return value;
}

/** Trimmed text; `required` text that is blank after trimming -> 400 with `message`. */
export function cleanText(value: string | undefined, fallback = ''): string {
  return value === undefined ? fallback : value.trim();
}

/** Throws 400 `message` when an array is longer than `limit`. */
export function requireAtMost(items: readonly unknown[], limit: number, message: string): void {
  if (items.length > limit) throw badRequest(message);
}
