import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, CurrentUser, HouseholdView, IdParams, MessageResponse } from '@hf/contracts';
import { badRequest, identityOf, notFound, withTransaction } from '@hf/service-kit';
import { ownHouseholdName } from '../domain/credentials';
import { decryptSecret } from '../domain/tokens';
import { recordMemberRemoved } from '../events';
import { listPendingInvitations } from '../repositories/invitations';
import { createHousehold, listMembers, lockUsers, moveUserToHousehold } from '../repositories/users';
import { asCaller, currentUser, HOUSEHOLD_ERRORS as errors, requireAdmin } from '../route-helpers';
import type { TypeBoxTypeProvider } from '../type-provider';

/** `/api/household/*`: the household and its members, the current user (invitations: invitations.ts). */
export async function householdRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

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
        token: decryptSecret(i.token_encrypted, app.authSettings.invitationKey, i.token_hash),
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
        await app.sessions.revoke(client, target, 'member_removed');
        await recordMemberRemoved(client, {
          user_id: target.id,
          household_id: actor.household_id,
          new_household_id: newHouseholdId,
        });
      });
      return { message: AUTH_MESSAGES.memberRemoved };
    },
  );
}
