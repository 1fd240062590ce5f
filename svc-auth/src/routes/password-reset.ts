import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, ForgotPasswordBody, MessageResponse, ResetPasswordBody } from '@hf/contracts';
import { badRequest, errorResponses, notFound, withTransaction } from '@hf/service-kit';
import { isValidEmail, normalizeEmail, passwordProblem } from '../domain/credentials';
import { addMs, PASSWORD_RESET_LIFETIME_MS } from '../domain/expiry';
import { generateToken, hashToken, looksLikeToken } from '../domain/tokens';
import { passwordResetEmail } from '../mail/messages';
import { findUsableReset, replacePasswordResets, useAllResets } from '../repositories/password-resets';
import { findUserByEmail, findUserById, setPasswordHash } from '../repositories/users';
import type { TypeBoxTypeProvider } from '../type-provider';

const errors = errorResponses(400, 401, 404);

/** `/api/users/forgot-password` and `/api/users/reset-password`. */
export async function passwordResetRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/users/forgot-password',
    { config: { public: true }, schema: { body: ForgotPasswordBody, response: { 200: MessageResponse, ...errors } } },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      if (!isValidEmail(email)) throw badRequest(AUTH_MESSAGES.invalidEmail);
      const user = await findUserByEmail(app.db, email);
      // Says so when no account uses the email, as register does: register signs a new account
      // in at once, so it cannot hide a taken email, and hiding it here would protect nothing
      // (docs/decisions/0111-register-and-forgot-password-say-whether-an-account-exists.md).
      if (!user) throw notFound(AUTH_MESSAGES.noAccountForEmail);
      const token = generateToken();
      // A new request invalidates the user's earlier reset links (docs/decisions/0080-reset-links-invalidated.md).
      await withTransaction(app.db, (client) =>
        replacePasswordResets(client, {
          userId: user.id,
          tokenHash: hashToken(token),
          expiresAt: addMs(new Date(), PASSWORD_RESET_LIFETIME_MS),
        }),
      );
      app.mailer.sendInBackground(passwordResetEmail(user, `${app.authSettings.appOrigin}/reset-password/${token}`));
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
      const passwordHash = await app.passwords.hash(password, app.authSettings.bcryptCost);
      await withTransaction(app.db, async (client) => {
        const reset = await findUsableReset(client, tokenHash);
        if (!reset) throw badRequest(AUTH_MESSAGES.invalidResetToken);
        const user = await findUserById(client, reset.user_id);
        if (!user) throw badRequest(AUTH_MESSAGES.invalidResetToken);
        await setPasswordHash(client, user.id, passwordHash);
        await useAllResets(client, user.id);
        await app.sessions.revoke(client, user, 'password_reset');
      });
      return { message: AUTH_MESSAGES.passwordReset };
    },
  );
}
