import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@hf/contracts';
import { errorResponses, forbidden, identityOf, type Queryable } from '@hf/service-kit';
import { findUserWithHousehold, type UserRow } from './repositories/users';
import { sessionExpired } from './sessions';

/** The error statuses of the household and invitation routes. */
export const HOUSEHOLD_ERRORS = errorResponses(400, 401, 403, 404);

/**
 * The caller's row as the database has it now (never the role in the token), checked against
 * the token: a user whose household changed since it was minted has no business here, their
 * session was revoked.
 */
export function asCaller<U extends UserRow>(request: FastifyRequest, user: U | null | undefined): U {
  if (!user || user.household_id !== identityOf(request).householdId) throw sessionExpired();
  return user;
}

/** The caller with their household's name, in one read (`/me` runs on every page load). */
export async function currentUser(
  db: Queryable,
  request: FastifyRequest,
): Promise<UserRow & { household_name: string }> {
  return asCaller(request, await findUserWithHousehold(db, identityOf(request).userId));
}

/** Refuses (403) a caller who is not an admin of their household. */
export function requireAdmin(user: UserRow): void {
  if (user.role !== 'admin') throw forbidden(AUTH_MESSAGES.adminOnly);
}
