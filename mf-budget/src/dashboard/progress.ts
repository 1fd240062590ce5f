/** Spec section 5 "Budget progress": the widget's envelope and jar bars. */
import { ENVELOPE_THRESHOLDS } from '@hf/contracts/src/budget-limits';

/**
 * The remaining share of an envelope: (amount + rollover - spent) / (amount + rollover), floored
 * at 0 (and at most 1), and 0 when the total is zero or negative.
 */
export function remainingShare(amount: number, rollover: number, spent: number): number {
  const total = amount + rollover;
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, (total - spent) / total));
}

/** What an envelope has left: amount + rollover - spent, to the cent. */
export function amountLeft(amount: number, rollover: number, spent: number): number {
  return Math.round((amount + rollover - spent) * 100) / 100;
}

/** A jar's progress: saved / target (at most 1), 0 when the target is not positive. */
export function jarProgress(saved: number, target: number): number {
  if (!(target > 0)) return 0;
  return Math.min(1, Math.max(0, saved / target));
}

export type EnvelopeColour = 'red' | 'orange' | 'green';

/** Remaining under 10 % is red, under 25 % orange, otherwise green. */
export function envelopeColour(share: number): EnvelopeColour {
  if (share < ENVELOPE_THRESHOLDS.red) return 'red';
  if (share < ENVELOPE_THRESHOLDS.orange) return 'orange';
  return 'green';
}
