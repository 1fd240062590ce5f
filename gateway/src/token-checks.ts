import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  HttpError,
  REQUEST_MESSAGES,
  bearerToken,
  badRequest,
  hasEncodedBody,
  headerCount,
  unauthorized,
  type TokenVerifier,
} from '@hf/service-kit';
import type { AuthClient } from './auth-client';
import { memberKey, pastHalfLife, type RevokedSessions } from './sessions';

/** A request the gateway refuses whatever its route: duplicated credentials, encoded bodies. */
export async function refuseMalformed(request: FastifyRequest): Promise<void> {
  if (headerCount(request.raw, 'authorization') > 1) throw badRequest(REQUEST_MESSAGES.duplicateAuthorization);
  if (hasEncodedBody(request.raw)) throw new HttpError(415, REQUEST_MESSAGES.compressedBody);
}

/**
 * Token verification on every non-public `/api` route (a revoked session or a removed member is
 * refused), and sliding renewal: a token past half its life gets a fresh one minted beside the call.
 */
export function tokenChecks(verifier: TokenVerifier, revoked: RevokedSessions, authClient: AuthClient) {
  const authenticate = async (request: FastifyRequest): Promise<void> => {
    if (request.routeOptions.config?.public) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized();
    const identity = verifier.verify(token);
    if (revoked.has(identity.sessionId) || revoked.has(memberKey(identity.userId, identity.householdId))) {
      throw unauthorized('Your session has ended. Please log in again.');
    }
    request.gatewayIdentity = identity;
    if (pastHalfLife(identity)) request.renewal = authClient.renew(token);
  };
  /** Answers the renewed token, if one was minted for this request. */
  const applyRenewal = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!request.renewal) return;
    const fresh = await request.renewal;
    if (fresh) {
      reply.header('authorization', `Bearer ${fresh}`);
      reply.header('cache-control', 'no-store');
    }
  };
  return { authenticate, applyRenewal };
}
