import { errorResponses } from '@hf/service-kit';

/** What the route plugins share (not a route file itself): error answers and messages (the caller is service-kit's identityOf). */

/** The error statuses svc-ledger's routes answer: `{ message }`. */
export const LEDGER_ERRORS = errorResponses(400, 401, 404, 409);

export const TRANSFER_DESTINATION_MESSAGE = 'Please select a valid account for the transfer.';
export const TRANSACTION_NOT_FOUND = 'Transaction not found.';
export const ACCOUNT_NOT_FOUND = 'Account not found.';
export const CATEGORY_NOT_FOUND = 'Category not found.';

/** Route config of a service-to-service route (`x-internal-token`; never routed by the gateway). */
export const INTERNAL_ROUTE = { internal: true } as const;
