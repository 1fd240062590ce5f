import type { FastifyInstance } from 'fastify';
import {
  AUTH_MESSAGES,
  CurrentUser,
  HouseholdView,
  IdParams,
  InvitationView,
  InviteBody,
  InviteResponse,
  MessageResponse,
  TokenParams,
} from '@hf/contracts';
import { badRequest, forbidden, identityOf, notFound, type Queryable, withTransaction } from '@hf/service-kit';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../context';
import { isValidEmail, normalizeEmail, ownHouseholdName } from '../domain/credentials';
import { addMs, INVITATION_LIFETIME_MS } from '../domain/expiry';
import { decryptSecret, encryptSecret, generateToken, hashToken, looksLikeToken } from '../domain/tokens';
import { recordMemberRemoved } from '../events';
import { invitationEmail } from '../mail/messages';
import {
  cancelInvitation,
  cancelPendingFor,
  findUsableInvitationByHash,
  insertInvitation,
  listPendingInvitations,
} from '../repositories/invitations';
import {
  createHousehold,
  findUserByEmail,
  findUserWithHousehold,
  householdName,
  listMembers,
  lockUsers,
  moveUserToHousehold,
  type UserRow,
} from '../repositories/users';
import { sessionExpired } from '../sessions';
import type { TypeBoxTypeProvider } from '../type-provider';

const errors = { 400: MessageResponse, 401: MessageResponse, 403: MessageResponse, 404: MessageResponse };

/**
 * The caller's row as the database has it now (never the role in the token), checked against
 * the token: a user whose household changed since it was minted has no business here, their
 * session was revoked.
 */
function asCaller<U extends UserRow>(request: FastifyRequest, user: U | null | undefined): U {
  if (!user || user.household_id !== identityOf(request).householdId) throw sessionExpired();
  return user;
}

/** The caller with their household's name, in one read (`/me` runs on every page load). */
async function currentUser(db: Queryable, request: FastifyRequest): Promise<UserRow & { household_name: string }> {
  return asCaller(request, await findUserWithHousehold(db, identityOf(request).userId));
}

function requireAdmin(user: UserRow): void {
  if (user.role !== 'admin') throw forbidden(AUTH_MESSAGES.adminOnly);
}

/** `/api/household/*`: members, the current user, invitations. */
export async function householdRoutes(scope: FastifyInstance, ctx: AuthContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/household/invitations/:token',
    {
      config: { public: true },
      schema: { params: TokenParams, response: { 200: InvitationView, 400: MessageResponse, 404: MessageResponse } },
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

  app.get('/api/household/', { schema: { response: { 200: HouseholdView, ...errors } } }, async (request) => {
    const user = await currentUser(app.db, request);
    const [members, invitations] = await Promise.all([
      listMembers(app.db, user.household_id),
      user.role === 'admin' ? listPendingInvitations(app.db, user.household_id) : Promise.resolve([]),
    ]);
    return {
      id: user.household_id,
      name: user.household_name,
      members,
      pending_invitations: invitations.map((i) => ({
        id: i.id,
        email: i.email,
        token: decryptSecret(i.token_encrypted, ctx.invitationKey, i.token_hash),
        expires_at: i.expires_at.toISOString(),
      })),
    };
  });

  app.get('/api/household/me', { schema: { response: { 200: CurrentUser, ...errors } } }, async (request) => {
    const user = await currentUser(app.db, request);
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      household_id: user.household_id,
      household_name: user.household_name,
    };
  });

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
          tokenEncrypted: encryptSecret(token, ctx.invitationKey, tokenHash),
          expiresAt: addMs(new Date(), INVITATION_LIFETIME_MS),
        });
        const household = (await householdName(client, inviter.household_id)) ?? '';
        return { inviter, invitation, token, household };
      });
      const { inviter, invitation, token, household } = result;
      ctx.mailer.sendInBackground(
        invitationEmail(email, inviter, household, `${ctx.appOrigin}/register?token=${token}`),
      );
      return reply
        .code(201)
        .send({ id: invitation.id, email: invitation.email, token, expires_at: invitation.expires_at.toISOString() });
    },
  );

  app.delete(
    '/api/household/members/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse, ...errors } } },
    async (request) => {
      const identity = identityOf(request);
      const targetId = request.params.id;
      await withTransaction(app.db, async (client) => {
        // Lock both rows (in id order): two admins removing each other cannot both succeed.
        const rows = await lockUsers(client, [identity.userId, targetId]);
        const actor = asCaller(
          request,
          rows.find((u) => u.id === identity.userId),
        );
        requireAdmin(actor);
        if (targetId === actor.id) throw badRequest(AUTH_MESSAGES.cannotRemoveSelf);
        const target = rows.find((u) => u.id === targetId && u.household_id === actor.household_id);
        if (!target) throw notFound(AUTH_MESSAGES.memberNotFound);
        const newHouseholdId = await createHousehold(client, ownHouseholdName(target.name));
        await moveUserToHousehold(client, target.id, newHouseholdId, 'admin');
        await ctx.sessions.revoke(client, target, 'member_removed');
        await recordMemberRemoved(client, {
          user_id: target.id,
          household_id: actor.household_id,
          new_household_id: newHouseholdId,
        });
      });
      return { message: AUTH_MESSAGES.memberRemoved };
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
