import type { FastifyRequest } from 'fastify';
import { MessageResponse } from '@hf/contracts';
import { identityOf } from '@hf/service-kit';

/** What the route plugins share (not a route file itself): error answers, the caller, messages. */

/** Error answers every route may give: `{ message }`. */
export const errorResponses = {
  400: MessageResponse,
  401: MessageResponse,
  404: MessageResponse,
  409: MessageResponse,
} as const;

/** The caller's household and user, from the verified access token only. */
export function actorOf(request: FastifyRequest): { householdId: number; userId: number } {
  const identity = identityOf(request);
  return { householdId: identity.householdId, userId: identity.userId };
}

export const TRANSFER_DESTINATION_MESSAGE = 'Please select a valid account for the transfer.';
export const TRANSACTION_NOT_FOUND = 'Transaction not found.';
export const ACCOUNT_NOT_FOUND = 'Account not found.';
export const CATEGORY_NOT_FOUND = 'Category not found.';

/** Route config of a service-to-service route (`x-internal-token`; never routed by the gateway). */
export const INTERNAL_ROUTE = { internal: true } as const;
