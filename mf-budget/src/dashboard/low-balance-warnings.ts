/**
 * The dashboard's low-balance warnings (docs/rules/forecast.md, "Low-balance warnings"): the
 * words of each (svc-budget decides whether an account warns) and which ones the person has
 * dismissed. A dismissal holds for the warning's date and amount; when the projection moves
 * either, the warning shows again.
 */
import { formatBalance, formatDollars, STORAGE_KEYS } from '@hf/app-kit';
import type { AccountKind } from '@hf/contracts/ledger-limits';
import type { AccountProjection } from './api';
import { longDate } from './chart-math';

export type Warning = NonNullable<AccountProjection['warning']>;

/**
 * "Checking will go below $0.00 on Dec 1, 2026, to -$150.00"; "Savings is below its $800.00
 * threshold now, at $750.00"; "Visa will go over its $2,000.00 limit on Dec 20, 2026, to
 * $2,100.00 owed".
 */
export function warningText(name: string, kind: AccountKind | null, warning: Warning): string {
  const line =
    warning.kind === 'over_limit'
      ? `over its ${formatDollars(-warning.line)} limit`
      : warning.kind === 'below_threshold'
        ? `below its ${formatDollars(warning.line)} threshold`
        : `below ${formatDollars(0)}`;
  const amount = formatBalance(warning.balance, kind);
  return warning.now
    ? `${name} is ${line} now, at ${amount}`
    : `${name} will go ${line} on ${longDate(warning.date)}, to ${amount}`;
}

/** What a dismissal remembers of a warning: its date and amount. */
const fingerprint = (warning: Warning): string => `${warning.date}|${warning.balance}`;

type Dismissed = Record<string, string>;

function readDismissed(): Dismissed {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.dismissedWarnings) ?? '{}');
    return saved && typeof saved === 'object' && !Array.isArray(saved) ? (saved as Dismissed) : {};
  } catch {
    return {};
  }
}

/** The account's warning was dismissed as it is now (same date and amount). */
export function isDismissed(accountId: number, warning: Warning): boolean {
  return readDismissed()[accountId] === fingerprint(warning);
}

/** Remembers the dismissal of the account's warning as it is now (one per account: the latest). */
export function dismiss(accountId: number, warning: Warning): void {
  localStorage.setItem(
    STORAGE_KEYS.dismissedWarnings,
    JSON.stringify({ ...readDismissed(), [accountId]: fingerprint(warning) }),
  );
}
