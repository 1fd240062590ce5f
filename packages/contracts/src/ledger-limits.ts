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
} as const;
