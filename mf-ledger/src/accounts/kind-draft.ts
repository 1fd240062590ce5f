/**
 * The kind fields of the add and edit forms (docs/rules/ledger.md, "Accounts"): what the person
 * typed, and the body fields it sends. Only the field that fits the kind is sent: a credit card's
 * limit, an asset account's threshold; blank sends null (none).
 */
import { ACCOUNT_KIND_MESSAGES, isLiability, type AccountKind } from '@hf/contracts/ledger-limits';
import { fromCents, parseCurrencyInput } from '@hf/money';
import type { Account } from '@hf/contracts';

export interface KindDraft {
  kind: AccountKind;
  creditLimit: string;
  threshold: string;
}

export interface KindBody {
  kind: AccountKind;
  credit_limit?: number | null;
  low_balance_threshold?: number | null;
}

/** A new account's draft (checking, nothing set), or an account's as stored. */
export function kindDraft(account?: Pick<Account, 'kind' | 'credit_limit' | 'low_balance_threshold'>): KindDraft {
  return {
    kind: account?.kind ?? 'checking',
    creditLimit: account?.credit_limit == null ? '' : String(account.credit_limit),
    threshold: account?.low_balance_threshold == null ? '' : String(account.low_balance_threshold),
  };
}

/** An amount field: blank is null; text that is not an amount is an error. */
function amountOf(text: string, label: string): number | null | { error: string } {
  if (text.trim() === '') return null;
  const cents = parseCurrencyInput(text);
  return cents === null ? { error: `${label} is not an amount.` } : fromCents(cents);
}

/** The body fields of a draft, or the message of what is wrong with it. */
export function kindBody(draft: KindDraft): { body: KindBody } | { error: string } {
  if (draft.kind === 'credit_card') {
    const limit = amountOf(draft.creditLimit, 'The credit limit');
    if (limit !== null && typeof limit === 'object') return limit;
    if (limit !== null && limit < 0) return { error: ACCOUNT_KIND_MESSAGES.negativeLimit };
    return { body: { kind: draft.kind, credit_limit: limit } };
  }
  if (isLiability(draft.kind)) return { body: { kind: draft.kind } };
  const threshold = amountOf(draft.threshold, 'The low-balance threshold');
  if (threshold !== null && typeof threshold === 'object') return threshold;
  return { body: { kind: draft.kind, low_balance_threshold: threshold } };
}
