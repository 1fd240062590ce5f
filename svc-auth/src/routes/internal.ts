import type { FastifyInstance } from 'fastify';
import { RenewSessionBody, RenewSessionResponse, RevokedSessionsQuery, RevokedSessionsResponse } from '@hf/contracts';
import { badRequest, errorResponses, verifyAccessToken, type Identity } from '@hf/service-kit';
import { isSessionLive } from '../domain/expiry';
import { databaseNow, findSession, revokedSince } from '../repositories/sessions';
import { sessionExpired } from '../sessions';
import type { TypeBoxTypeProvider } from '../type-provider';

/** Service-to-service routes for the gateway (need `x-internal-token`; otherwise they do not exist). */
export async function internalRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  /**
   * Sliding renewal: a still-valid access token of a live session -> a fresh one for the same
   * session, with the user's current role, never past the session's 24 h cap.
   */
  app.post(
    '/internal/sessions/renew',
    {
      config: { internal: true },
      schema: {
        body: RenewSessionBody,
        response: { 200: RenewSessionResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      let identity: Identity;
      try {
        identity = verifyAccessToken(request.body.access_token, app.authSettings.jwtPublicKey);
      } catch {
        throw sessionExpired();
      }
      const session = await findSession(app.db, identity.sessionId);
      if (
        !session ||
        session.user_id !== identity.userId ||
        session.household_id !== identity.householdId ||
        !isSessionLive(session, new Date())
      ) {
        throw sessionExpired();
      }
      const access = app.sessions.accessToken(session);
      if (!access) throw sessionExpired();
      return { access_token: access.token, expires_at: access.expiresAt.toISOString() };
    },
  );

  /** Sessions revoked since `since` (ISO date-time; default 24 h ago) that could still carry valid tokens. */
  app.get(
    '/internal/sessions/revoked',
    {
      config: { internal: true },
      schema: { querystring: RevokedSessionsQuery, response: { 200: RevokedSessionsResponse, ...errorResponses(400) } },
    },
    async (request) => {
      const asOf = await databaseNow(app.db);
      const raw = request.query.since;
      const since = raw === undefined ? new Date(asOf.getTime() - 24 * 60 * 60 * 1000) : new Date(raw);
      if (raw !== undefined && (!/^\d{4}-\d{2}-\d{2}T/.test(raw) || Number.isNaN(since.getTime()))) {
        throw badRequest('The "since" parameter must be an ISO 8601 date-time.');
      }
      const rows = await revokedSince(app.db, since);
      return {
        sessions: rows.map((r) => ({
          id: r.id,
          revoked_at: r.revoked_at.toISOString(),
          expires_at: r.expires_at.toISOString(),
        })),
        as_of: asOf.toISOString(),
      };
    },
  );
}
