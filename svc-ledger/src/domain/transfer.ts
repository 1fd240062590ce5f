import type { Cents } from '@hf/money';

export interface TransferLegs {
  fromAccountId: number;
  toAccountId: number;
  /** Always >= 0: the absolute net. */
  amountCents: Cents;
}

/**
 * The spec's transfer rule for an entry line in `currentAccountId` with net amount
 * `netCents` (deposit minus payment): a negative net sends money from the current account to
 * the destination; otherwise it comes from the destination into the current account. The
 * transfer amount is the absolute net. (A zero net counts as incoming: there is nothing to move
 * either way, and the client already asked about zero amounts.)
 */
export function transferDirection(
  currentAccountId: number,
  destinationAccountId: number,
  netCents: Cents,
): TransferLegs {
  if (netCents < 0)
    return { fromAccountId: currentAccountId, toAccountId: destinationAccountId, amountCents: -netCents };
  return { fromAccountId: destinationAccountId, toAccountId: currentAccountId, amountCents: netCents };
}

/** Net amount of an entry line: deposit minus payment, a blank side counting as 0. */
export function netAmount(deposit: Cents | null | undefined, payment: Cents | null | undefined): Cents {
  return (deposit ?? 0) - (payment ?? 0);
}

/**
 * The account a payee names, if it is another account of the household (case-insensitive,
 * surrounding spaces ignored). Names are unique per household, so there is at most one.
 */
export function accountNamedBy<A extends { id: number; name: string }>(
  payee: string,
  accounts: readonly A[],
  currentAccountId: number,
): A | undefined {
  const wanted = payee.trim().toLowerCase();
  if (wanted === '') return undefined;
  return accounts.find((a) => a.id !== currentAccountId && a.name.trim().toLowerCase() === wanted);
}
