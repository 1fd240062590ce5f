import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, LoginBody, RegisterBody, TokenPair } from '@hf/contracts';
import { badRequest, errorResponses, unauthorized, withTransaction } from '@hf/service-kit';
import {
  cleanName,
  isValidEmail,
  normalizeEmail,
  ownHouseholdName,
  PASSWORD_MAX_BYTES,
  passwordProblem,
} from '../domain/credentials';
import { hashToken, looksLikeToken } from '../domain/tokens';
import { findUsableInvitationByHash, markInvitationUsed } from '../repositories/invitations';
import { createHousehold, findUserByEmail, insertUser, isUniqueViolation } from '../repositories/users';
import type { TypeBoxTypeProvider } from '../type-provider';

const errors = errorResponses(400, 401);

/** `/api/users/register` and `/api/users/login` (password reset: password-reset.ts; refresh and logout: user-sessions.ts). */
export async function userRoutes(scope: FastifyInstance): Promise<void> {
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
      const passwordHash = await app.passwords.hash(request.body.password, app.authSettings.bcryptCost);

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
        return app.sessions.start(client, user);
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
      const matches = await app.passwords.compare(
        usable ? password : '',
        user?.password_hash ?? app.authSettings.dummyPasswordHash,
      );
      if (!user || !usable || !matches) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      return withTransaction(app.db, (client) => app.sessions.start(client, user));
    },
  );
}
