/** Stored transaction status: '' none, 'p' pending, 'x' cleared (reconciled). */
export type Status = '' | 'p' | 'x';

/** Requests may send '', p, P, x, X; the ledger stores lower-case. Anything else is null. */
export function normaliseStatus(input: string): Status | null {
  const s = input.trim().toLowerCase();
  return s === '' || s === 'p' || s === 'x' ? s : null;
}

/** Counts towards the pending balance: pending or cleared. */
export function countsAsPending(status: Status): boolean {
  return status === 'p' || status === 'x';
}

/** Counts towards the cleared balance. */
export function countsAsCleared(status: Status): boolean {
  return status === 'x';
}
