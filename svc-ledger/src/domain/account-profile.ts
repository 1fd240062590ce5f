import { ACCOUNT_KIND_MESSAGES, ACCOUNT_KINDS, isLiability, type AccountKind } from '@hf/contracts/ledger-limits';
import { badRequest } from '@hf/service-kit/errors';
import { amountToCents } from './values';

/** An account's kind, credit limit and low-balance threshold (cents; null when not set). */
export interface Profile {
  kind: AccountKind;
  credit_limit: number | null;
  low_balance_threshold: number | null;
}

/** The kind fields of a create or update body, in decimal dollars: absent = unchanged, null = none. */
export interface ProfileInput {
  kind?: string;
  credit_limit?: number | null;
  low_balance_threshold?: number | null;
}

/** A new account's profile before its body applies: checking, no limit, no threshold. */
export const NEW_ACCOUNT_PROFILE: Profile = { kind: 'checking', credit_limit: null, low_balance_threshold: null };

/**
 * The profile after `input` applies to `current` (docs/rules/ledger.md, "Accounts"): a credit
 * limit only on a credit card and never below zero; a threshold only on an asset kind, any
 * amount. A kind change drops a limit or threshold the new kind cannot have, unless the body
 * sends one (then it is judged like any other). Throws 400 with a clear message.
 */
export function nextProfile(current: Profile, input: ProfileInput): Profile {
  const kind = input.kind ?? current.kind;
  if (!(ACCOUNT_KINDS as readonly string[]).includes(kind)) throw badRequest(ACCOUNT_KIND_MESSAGES.unknownKind);
  const next: Profile = {
    kind: kind as AccountKind,
    credit_limit: kind === 'credit_card' ? current.credit_limit : null,
    low_balance_threshold: isLiability(kind as AccountKind) ? null : current.low_balance_threshold,
  };
  if (input.credit_limit !== undefined && input.credit_limit !== null) {
    const cents = amountToCents(input.credit_limit, 'credit_limit');
    if (cents < 0) throw badRequest(ACCOUNT_KIND_MESSAGES.negativeLimit);
    if (next.kind !== 'credit_card') throw badRequest(ACCOUNT_KIND_MESSAGES.limitNotCard);
    next.credit_limit = cents;
  } else if (input.credit_limit === null) {
    next.credit_limit = null;
  }
  if (input.low_balance_threshold !== undefined && input.low_balance_threshold !== null) {
    const cents = amountToCents(input.low_balance_threshold, 'low_balance_threshold');
    if (isLiability(next.kind)) throw badRequest(ACCOUNT_KIND_MESSAGES.thresholdNotAsset);
    next.low_balance_threshold = cents;
  } else if (input.low_balance_threshold === null) {
    next.low_balance_threshold = null;
  }
  return next;
}

export const sameProfile = (a: Profile, b: Profile): boolean =>
  a.kind === b.kind && a.credit_limit === b.credit_limit && a.low_balance_threshold === b.low_balance_threshold;
