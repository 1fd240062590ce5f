import type { CalendarDate } from '@hf/calendar';
import type { AccountKind } from '@hf/contracts/ledger-limits';
import type { Cents } from '@hf/money';
import type { ProjectedPoint } from './projection';

/** What an account's warning is measured against (docs/rules/forecast.md, "Low-balance warnings"). */
export interface WarningLine {
  kind: 'below_zero' | 'below_threshold' | 'over_limit';
  /** The balance the projection must not go below, in cents. */
  line: Cents;
}

/** The low-balance warning of one account: the first day from today on below its line. */
export interface LowBalanceWarning extends WarningLine {
  date: CalendarDate;
  /** That day's projected balance, in cents. */
  balance: Cents;
  /** Today's balance is already below the line (then `date` is today). */
  now: boolean;
}

export interface WarningProfile {
  kind: AccountKind;
  /** Cents; credit cards only. */
  credit_limit: Cents | null;
  /** Cents; asset kinds only. */
  low_balance_threshold: Cents | null;
}

/**
 * The line that fits the kind: an asset account's threshold when it has one, else zero; a credit
 * card's limit below zero (a balance of -limit is the whole limit used), none without a limit;
 * a loan has none (its balance is always below zero and only ever paid down).
 */
export function warningLine(account: WarningProfile): WarningLine | null {
  switch (account.kind) {
    case 'loan':
      return null;
    case 'credit_card':
      return account.credit_limit === null ? null : { kind: 'over_limit', line: 0 - account.credit_limit };
    default:
      return account.low_balance_threshold === null
        ? { kind: 'below_zero', line: 0 }
        : { kind: 'below_threshold', line: account.low_balance_threshold };
  }
}

/**
 * The account's warning from its projection: the first point dated today or later whose balance
 * is below the line (strictly: a balance equal to the line is still within it), or null.
 */
export function lowBalanceWarning(
  account: WarningProfile,
  points: readonly ProjectedPoint[],
  today: CalendarDate,
): LowBalanceWarning | null {
  const line = warningLine(account);
  if (line === null) return null;
  for (const p of points) {
    if (p.date < today || p.balance >= line.line) continue;
    return { ...line, date: p.date, balance: p.balance, now: p.date === today };
  }
  return null;
}
