import type { FastifyInstance } from 'fastify';
import {
  AUTH_MESSAGES,
  IdParams,
  InvitationView,
  InviteBody,
  InviteResponse,
  MessageResponse,
  TokenParams,
} from '@hf/contracts';
import { badRequest, errorResponses, identityOf, notFound, withTransaction } from '@hf/service-kit';
import { isValidEmail, normalizeEmail } from '../domain/credentials';
import { addMs, INVITATION_LIFETIME_MS } from '../domain/expiry';
import { encryptSecret, generateToken, hashToken, looksLikeToken } from '../domain/tokens';
import { invitationEmail } from '../mail/messages';
import {
  cancelInvitation,
  cancelPendingFor,
  findUsableInvitationByHash,
  insertInvitation,
} from '../repositories/invitations';
import { findUserByEmail, householdName, lockUsers } from '../repositories/users';
import { asCaller, currentUser, HOUSEHOLD_ERRORS as errors, requireAdmin } from '../route-helpers';
import type { TypeBoxTypeProvider } from '../type-provider';

/** `/api/household/invitations/*` and `/api/household/invite`: an invitation looked up by its link, sent, cancelled. */
export async function invitationRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/household/invitations/:token',
    {
      config: { public: true },
      schema: { params: TokenParams, response: { 200: InvitationView, ...errorResponses(400, 404) } },
    },
    async (request) => {
      const { token } = request.params;
      const invitation = looksLikeToken(token) ? await findUsableInvitationByHash(app.db, hashToken(token)) : null;
      if (!invitation) throw notFound(AUTH_MESSAGES.invitationInvalid);
      return {
        email: invitation.email,
        household_name: invitation.household_name,
        inviter_name: invitation.inviter_name,
        inviter_email: invitation.inviter_email,
      };
    },
  );

  app.post(
    '/api/household/invite',
    { schema: { body: InviteBody, response: { 201: InviteResponse, ...errors } } },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const result = await withTransaction(app.db, async (client) => {
        const [locked] = await lockUsers(client, [identityOf(request).userId]);
        const inviter = asCaller(request, locked);
        requireAdmin(inviter);
        if (!isValidEmail(email)) throw badRequest(AUTH_MESSAGES.invalidEmail);
        const existing = await findUserByEmail(client, email);
        if (existing)
          throw badRequest(
            existing.household_id === inviter.household_id
              ? AUTH_MESSAGES.alreadyMember
              : AUTH_MESSAGES.inviteeHasAccount,
          );
        const token = generateToken();
        const tokenHash = hashToken(token);
        await cancelPendingFor(client, inviter.household_id, email);
        const invitation = await insertInvitation(client, {
          householdId: inviter.household_id,
          inviterId: inviter.id,
          email,
          tokenHash,
          tokenEncrypted: encryptSecret(token, app.authSettings.invitationKey, tokenHash),
          expiresAt: addMs(new Date(), INVITATION_LIFETIME_MS),
        });
        const household = (await householdName(client, inviter.household_id)) ?? '';
        return { inviter, invitation, token, household };
      });
      const { inviter, invitation, token, household } = result;
      app.mailer.sendInBackground(
        invitationEmail(email, inviter, household, `${app.authSettings.appOrigin}/register?token=${token}`),
      );
      return reply
        .code(201)
        .send({ id: invitation.id, email: invitation.email, token, expires_at: invitation.expires_at.toISOString() });
    },
  );

  app.delete(
    '/api/household/invitations/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse, ...errors } } },
    async (request) => {
      const user = await currentUser(app.db, request);
      requireAdmin(user);
      if (!(await cancelInvitation(app.db, user.household_id, request.params.id)))
        throw notFound(AUTH_MESSAGES.invitationNotFound);
      return { message: AUTH_MESSAGES.invitationCancelled };
    },
  );
}
