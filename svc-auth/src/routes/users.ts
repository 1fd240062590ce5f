import type { FastifyInstance } from 'fastify';
import {
  AUTH_MESSAGES,
  ForgotPasswordBody,
  LoginBody,
  LogoutBody,
  MessageResponse,
  RefreshBody,
  RegisterBody,
  ResetPasswordBody,
  TokenPair,
} from '@hf/contracts';
import {
  badRequest,
  bearerToken,
  unauthorized,
  verifyAccessToken,
  withTransaction,
  type Identity,
} from '@hf/service-kit';
import type { AuthContext } from '../context';
import {
  cleanName,
  isValidEmail,
  normalizeEmail,
  ownHouseholdName,
  PASSWORD_MAX_BYTES,
  passwordProblem,
} from '../domain/credentials';
import { addMs, PASSWORD_RESET_LIFETIME_MS } from '../domain/expiry';
import { generateToken, hashToken, looksLikeToken } from '../domain/tokens';
import { passwordResetEmail } from '../mail/messages';
import { findUsableInvitationByHash, markInvitationUsed } from '../repositories/invitations';
import { findUsableReset, replacePasswordResets, useAllResets } from '../repositories/password-resets';
import {
  createHousehold,
  findUserByEmail,
  findUserById,
  insertUser,
  isUniqueViolation,
  setPasswordHash,
} from '../repositories/users';
import {
  findSession,
  findSessionByRefreshHash,
  findSessionByRotatedHash,
  type SessionWithUser,
} from '../repositories/sessions';
import { sessionExpired } from '../sessions';
import type { TypeBoxTypeProvider } from '../type-provider';

const errors = { 400: MessageResponse, 401: MessageResponse };

/** `/api/users/*`: register, login, forgot and reset password, refresh, logout. */
export async function userRoutes(scope: FastifyInstance, ctx: AuthContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/users/register',
    { config: { public: true }, schema: { body: RegisterBody, response: { 201: TokenPair, ...errors } } },
    async (request, reply) => {
      const name = cleanName(request.body.name);
      const email = normalizeEmail(request.body.email);
      const token = request.body.token || null;
      if (!name) throw badRequest(AUTH_MESSAGES.nameRequired);
      if (!isValidEmail(email)) throw badRequest(AUTH_MESSAGES.invalidEmail);
      const problem = passwordProblem(request.body.password);
      if (problem) throw badRequest(problem);
      if (token !== null && !looksLikeToken(token)) throw badRequest(AUTH_MESSAGES.invitationInvalid);
      // Cheap early answer for a taken email; the unique index below settles races.
      if (await findUserByEmail(app.db, email)) throw badRequest(AUTH_MESSAGES.emailTaken);
      const passwordHash = await ctx.passwords.hash(request.body.password, ctx.bcryptCost);

      const pair = await withTransaction(app.db, async (client) => {
        const invitation = token === null ? null : await findUsableInvitationByHash(client, hashToken(token), true);
        if (token !== null && !invitation) throw badRequest(AUTH_MESSAGES.invitationInvalid);
        if (invitation && invitation.email !== email) throw badRequest(AUTH_MESSAGES.invitationEmailMismatch);
        const householdId = invitation
          ? invitation.household_id
          : await createHousehold(client, ownHouseholdName(name));
        let user;
        try {
          user = await insertUser(client, {
            email,
            name,
            passwordHash,
            householdId,
            role: invitation ? 'member' : 'admin',
          });
        } catch (err) {
          if (isUniqueViolation(err)) throw badRequest(AUTH_MESSAGES.emailTaken);
          throw err;
        }
        if (invitation) await markInvitationUsed(client, invitation.id, user.id);
        return ctx.sessions.start(client, user);
      });
      return reply.code(201).send(pair);
    },
  );

  app.post(
    '/api/users/login',
    { config: { public: true }, schema: { body: LoginBody, response: { 200: TokenPair, ...errors } } },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      const { password } = request.body;
      const user = isValidEmail(email) ? await findUserByEmail(app.db, email) : null;
      // Always one bcrypt comparison, so an unknown email takes as long as a wrong password.
      const usable = Buffer.byteLength(password, 'utf8') <= PASSWORD_MAX_BYTES;
      const matches = await ctx.passwords.compare(usable ? password : '', user?.password_hash ?? ctx.dummyPasswordHash);
      if (!user || !usable || !matches) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      return withTransaction(app.db, (client) => ctx.sessions.start(client, user));
    },
  );

  app.post(
    '/api/users/forgot-password',
    { config: { public: true }, schema: { body: ForgotPasswordBody, response: { 200: MessageResponse, ...errors } } },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      const user = isValidEmail(email) ? await findUserByEmail(app.db, email) : null;
      if (user) {
        const token = generateToken();
        // A new request invalidates the user's earlier reset links (docs/decisions.md).
        await withTransaction(app.db, (client) =>
          replacePasswordResets(client, {
            userId: user.id,
            tokenHash: hashToken(token),
            expiresAt: addMs(new Date(), PASSWORD_RESET_LIFETIME_MS),
          }),
        );
        ctx.mailer.sendInBackground(passwordResetEmail(user, `${ctx.appOrigin}/reset-password/${token}`));
      }
      return { message: AUTH_MESSAGES.forgotPasswordSent };
    },
  );

  app.post(
    '/api/users/reset-password',
    { config: { public: true }, schema: { body: ResetPasswordBody, response: { 200: MessageResponse, ...errors } } },
    async (request) => {
      const { token, password } = request.body;
      if (!looksLikeToken(token)) throw badRequest(AUTH_MESSAGES.invalidResetToken);
      const tokenHash = hashToken(token);
      // Check the token before the (slow) hash, and the password before using the token up.
      if (!(await findUsableReset(app.db, tokenHash))) throw badRequest(AUTH_MESSAGES.invalidResetToken);
      const problem = passwordProblem(password);
      if (problem) throw badRequest(problem);
      const passwordHash = await ctx.passwords.hash(password, ctx.bcryptCost);
      await withTransaction(app.db, async (client) => {
        const reset = await findUsableReset(client, tokenHash);
        if (!reset) throw badRequest(AUTH_MESSAGES.invalidResetToken);
        const user = await findUserById(client, reset.user_id);
        if (!user) throw badRequest(AUTH_MESSAGES.invalidResetToken);
        await setPasswordHash(client, user.id, passwordHash);
        await useAllResets(client, user.id);
        await ctx.sessions.revoke(client, user, 'password_reset');
      });
      return { message: AUTH_MESSAGES.passwordReset };
    },
  );

  app.post(
    '/api/users/refresh',
    { config: { public: true }, schema: { body: RefreshBody, response: { 200: TokenPair, ...errors } } },
    async (request) => {
      const token = request.body.refresh_token;
      if (!looksLikeToken(token)) throw sessionExpired();
      const outcome = await withTransaction(app.db, (client) => ctx.sessions.refresh(client, token));
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
      schema: { body: LogoutBody, response: { 200: MessageResponse, 400: MessageResponse, 401: MessageResponse } },
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
          identity = verifyAccessToken(bearer, ctx.jwtPublicKey);
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
          await ctx.sessions.revoke(client, { id: s.user_id, household_id: s.household_id }, 'logout', [s.id]);
        return targets.length > 0;
      });
      if (!found) throw sessionExpired();
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );
}
