import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, LogoutBody, MessageResponse, RefreshBody, TokenPair } from '@hf/contracts';
import { bearerToken, errorResponses, type Identity, verifyAccessToken, withTransaction } from '@hf/service-kit';
import { hashToken, looksLikeToken } from '../domain/tokens';
import {
  findSession,
  findSessionByRefreshHash,
  findSessionByRotatedHash,
  type SessionWithUser,
} from '../repositories/sessions';
import { sessionExpired } from '../sessions';
import type { TypeBoxTypeProvider } from '../type-provider';

const errors = errorResponses(400, 401);

/** `/api/users/refresh` (rotation, reuse detection) and `/api/users/logout`. */
export async function userSessionRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/users/refresh',
    { config: { public: true }, schema: { body: RefreshBody, response: { 200: TokenPair, ...errors } } },
    async (request) => {
      const token = request.body.refresh_token;
      if (!looksLikeToken(token)) throw sessionExpired();
      const outcome = await withTransaction(app.db, (client) => app.sessions.refresh(client, token));
      if ('refused' in outcome) throw sessionExpired();
      return outcome.pair;
    },
  );

  /**
   * Ends a session. Public at the gateway, because the client also logs out after 2 hours idle,
   * when its access token has long expired: the session is found by a valid access token
   * (`Authorization`) or by the refresh token in the body, so the refresh token stops working
   * either way. Answers 401 only when neither names a session.
   */
  app.post(
    '/api/users/logout',
    {
      config: { public: true },
      schema: { body: LogoutBody, response: { 200: MessageResponse, ...errors } },
      // A POST without a body (no content type) is the same as `{}`.
      preValidation: async (request) => {
        if (request.body === undefined) request.body = {};
      },
    },
    async (request) => {
      const bearer = bearerToken(request.headers.authorization);
      let identity: Identity | null = null;
      if (bearer) {
        try {
          identity = verifyAccessToken(bearer, app.authSettings.jwtPublicKey);
        } catch {
          identity = null;
        }
      }
      const refreshToken = request.body?.refresh_token;
      const found = await withTransaction(app.db, async (client) => {
        const targets: SessionWithUser[] = [];
        if (identity) {
          const session = await findSession(client, identity.sessionId);
          if (session && session.user_id === identity.userId) targets.push(session);
        }
        if (refreshToken && looksLikeToken(refreshToken)) {
          const hash = hashToken(refreshToken);
          const session =
            (await findSessionByRefreshHash(client, hash)) ?? (await findSessionByRotatedHash(client, hash));
          if (session && !targets.some((t) => t.id === session.id)) targets.push(session);
        }
        for (const s of targets)
          await app.sessions.revoke(client, { id: s.user_id, household_id: s.household_id }, 'logout', [s.id]);
        return targets.length > 0;
      });
      if (!found) throw sessionExpired();
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );
}
