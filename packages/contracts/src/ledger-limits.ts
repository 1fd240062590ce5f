/**
 * Ledger constants the front ends use as values. A leaf module (no schema library): importing it
 * from a remote or the shell does not bring typebox into the bundle, unlike the contracts index.
 */

/** The fixed pseudo-category of both legs of a transfer (never a user category). */
export const TRANSFER_CATEGORY_NAME = '-- Transfer --';
/** Limits enforced by svc-ledger (the handler answers 400 with the limit in the message). */
export const LEDGER_LIMITS = {
  accountName: 100,
  payee: 200,
  notes: 1000,
  categoryName: 100,
  /** PATCH /api/transactions/bulk_categorize transaction_ids. */
  bulkCategorize: 1000,
  /** POST /api/transactions/search search_terms. */
  searchTerms: 50,
  searchTermLength: 100,
  /** POST /api/transactions/search: at most this many results, newest first. */
  searchResults: 1000,
  /** POST /api/accounts/reorder account_ids. */
  accounts: 1000,
  /** GET /api/accounts/:id/transactions?limit= */
  pageSize: 5000,
  /** Internal bulk create / clear. */
  internalBulk: 200_000,
  /** GET /api/payees/ returns at most this many names. */
  payees: 2000,
  /** A split row has this many lines at least and at most (docs/decisions/0134-split-lines.md). */
  splitLinesMin: 2,
  splitLinesMax: 100,
} as const;

/** The category text of a split row (its category_id is null; its lines carry the categories). */
export const SPLIT_CATEGORY_NAME = 'Split';

/** What an account is (docs/rules/ledger.md, "Accounts"); an account made before kinds existed is checking. */
export const ACCOUNT_KINDS = ['checking', 'savings', 'cash', 'credit_card', 'loan', 'investment'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
/** The kinds whose balance is owed: below zero when money is owed, shown as owed, subtracted from net worth. */
export const LIABILITY_KINDS: readonly AccountKind[] = ['credit_card', 'loan'];
export const isLiability = (kind: AccountKind): boolean => LIABILITY_KINDS.includes(kind);
/** The kinds' names as the screens write them. */
export const ACCOUNT_KIND_LABELS: Readonly<Record<AccountKind, string>> = {
  checking: 'Checking',
  savings: 'Savings',
  cash: 'Cash',
  credit_card: 'Credit card',
  loan: 'Loan',
  investment: 'Investment',
};
/** What a bad kind, credit limit or threshold answers (400). */
export const ACCOUNT_KIND_MESSAGES = {
  unknownKind: `Unknown account kind: use one of ${ACCOUNT_KINDS.join(', ')}.`,
  negativeLimit: 'The credit limit cannot be below zero.',
  limitNotCard: 'Only a credit card has a credit limit.',
  thresholdNotAsset: 'A low-balance threshold applies to checking, savings, cash and investment accounts only.',
} as const;
