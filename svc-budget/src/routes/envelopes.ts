import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  Envelope,
  Envelopes,
  CreateEnvelopeBody,
  DeleteEnvelopeQuery,
  EnvelopeParams,
  UpdateEnvelopeBody,
  type Envelope as EnvelopeView,
} from '@hf/contracts/budget';
import { BUDGET_LIMITS, BUDGET_MESSAGES } from '@hf/contracts/budget-limits';
import { IdParams, MessageResponse } from '@hf/contracts';
import { isValidMonth } from '@hf/calendar';
import { fromCents } from '@hf/money';
import { badRequest, conflict, notFound } from '@hf/service-kit';
import { envelopeMonths, type HouseholdView } from '../budget-reads';
import { envelopesOfMonth, type EnvelopeMonth } from '../domain/envelopes';
import { budgetWrite } from '../repositories/budget-versions';
import {
  envelopesByMonth,
  deleteEnvelope,
  deleteEnvelopeOf,
  findEnvelope,
  insertEnvelope,
  lockAccountEnvelopes,
  materialiseMonth,
  updateEnvelopeOf,
} from '../repositories/envelopes';
import { budgetRequest, BUDGET_ERRORS, nonNegativeCents, requireAccount, requireCategory } from '../route-helpers';

function requireMonth(month: string): string {
  if (!isValidMonth(month)) throw badRequest('The month must be a real month (YYYY-MM).');
  return month;
}

function envelopeView(e: EnvelopeMonth, accountId: number, view: HouseholdView): EnvelopeView {
  return {
    id: e.id,
    account_id: accountId,
    category_id: e.category_id,
    category_name: view.categories.path(e.category_id) ?? '',
    month: e.month,
    amount: fromCents(e.amount),
    rollover_enabled: e.rollover_enabled,
    rollover: fromCents(e.rollover),
    spent: fromCents(e.spent),
    carried_from: e.carried_from,
  };
}

/** The account's envelopes of a month with their rollover chain and spending. */
async function monthEnvelopes(
  app: FastifyInstance,
  householdId: number,
  view: HouseholdView,
  accountId: number,
  month: string,
): Promise<EnvelopeView[]> {
  const { chain } = (await envelopeMonths(app.db, householdId, view, [accountId], month)).get(accountId)!;
  return (chain.get(month) ?? [])
    .map((e) => envelopeView(e, accountId, view))
    .sort((a, b) => a.category_name.localeCompare(b.category_name));
}

/**
 * Everyday Envelopes (docs/rules/envelopes-and-jars.md): one per account, category and month; a month
 * without envelopes of its own shows the latest earlier month's. Writing a month that shows
 * carried-forward envelopes first makes them that month's own (so adding or deleting one never
 * changes an earlier month, nor drops the others from this one); writing a category that was only
 * carried into the month gives it the new amount from that month on. A second envelope for a
 * category the month already has of its own is refused (409).
 */
export async function envelopeRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: EnvelopeParams }>(
    '/api/budget/category/:accountId/:month',
    { schema: { params: EnvelopeParams, response: { 200: Envelopes, ...BUDGET_ERRORS } } },
    async (request) => {
      const { householdId, view: initial } = await budgetRequest(app, request);
      const month = requireMonth(request.params.month);
      const view = await requireAccount(app, householdId, initial, request.params.accountId);
      return monthEnvelopes(app, householdId, view, request.params.accountId, month);
    },
  );

  app.post<{ Body: CreateEnvelopeBody }>(
    '/api/budget/category',
    { schema: { body: CreateEnvelopeBody, response: { 201: Envelope, ...BUDGET_ERRORS } } },
    async (request, reply) => reply.code(201).send(await createEnvelope(app, request)),
  );

  app.put<{ Params: IdParams; Body: UpdateEnvelopeBody }>(
    '/api/budget/category/:id',
    { schema: { params: IdParams, body: UpdateEnvelopeBody, response: { 200: Envelope, ...BUDGET_ERRORS } } },
    async (request) => editEnvelope(app, request),
  );

  app.delete<{ Params: IdParams; Querystring: DeleteEnvelopeQuery }>(
    '/api/budget/category/:id',
    {
      schema: {
        params: IdParams,
        querystring: DeleteEnvelopeQuery,
        response: { 200: MessageResponse, ...BUDGET_ERRORS },
      },
    },
    async (request) => {
      await removeEnvelope(app, request);
      return { message: 'Envelope deleted.' };
    },
  );
}

/**
 * A new envelope for the month; a month that only showed carried-forward envelopes first makes
 * them its own (409 when the month already has its own envelope for the category).
 */
async function createEnvelope(
  app: FastifyInstance,
  request: FastifyRequest<{ Body: CreateEnvelopeBody }>,
): Promise<EnvelopeView | undefined> {
  const { householdId, view: initial } = await budgetRequest(app, request);
  const { account_id: accountId, category_id: categoryId } = request.body;
  const month = requireMonth(request.body.month);
  const amount = nonNegativeCents(request.body.amount);
  let view = await requireAccount(app, householdId, initial, accountId);
  view = await requireCategory(app, householdId, view, categoryId);
  await budgetWrite(app.db, householdId, async (client) => {
    await lockAccountEnvelopes(client, accountId);
    const { envelopes, carriedFrom } = envelopesOfMonth(await envelopesByMonth(client, householdId, accountId), month);
    // The carried envelopes become this month's own; the one being written takes its new amount.
    if (carriedFrom)
      await materialiseMonth(
        client,
        householdId,
        accountId,
        month,
        envelopes.filter((e) => e.category_id !== categoryId),
      );
    else if (envelopes.length >= BUDGET_LIMITS.envelopesPerMonth)
      throw badRequest(`Too many envelopes (limit ${BUDGET_LIMITS.envelopesPerMonth}).`);
    const id = await insertEnvelope(client, householdId, {
      account_id: accountId,
      category_id: categoryId,
      month,
      amount,
      rollover_enabled: request.body.rollover_enabled ?? true,
    });
    if (id === null) throw conflict(BUDGET_MESSAGES.duplicateEnvelope);
  });
  return (await monthEnvelopes(app, householdId, view, accountId, month)).find(
    (e) => e.category_id === view.categories.resolve(categoryId),
  );
}

/**
 * A new amount and/or rollover flag for the envelope shown in `month`: its own month's row, or,
 * when `month` shows it carried forward, that month's copy (the month's carried envelopes become
 * its own first, docs/rules/envelopes-and-jars.md "Months carry forward"; earlier months never
 * change). 404 when `month` does not show this envelope.
 */
async function editEnvelope(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: IdParams; Body: UpdateEnvelopeBody }>,
): Promise<EnvelopeView> {
  const { householdId, view: initial } = await budgetRequest(app, request);
  const { amount, rollover_enabled } = request.body;
  if (amount === undefined && rollover_enabled === undefined)
    throw badRequest('Send the amount or rollover_enabled to change.');
  const month = requireMonth(request.body.month);
  const cents = amount === undefined ? undefined : nonNegativeCents(amount);
  const envelope = await findEnvelope(app.db, householdId, request.params.id);
  if (!envelope) throw notFound(BUDGET_MESSAGES.envelopeNotFound);
  const view = await requireAccount(app, householdId, initial, envelope.account_id);
  await budgetWrite(app.db, householdId, async (client) => {
    await lockAccountEnvelopes(client, envelope.account_id);
    if (month !== envelope.month) {
      const { envelopes, carriedFrom } = envelopesOfMonth(
        await envelopesByMonth(client, householdId, envelope.account_id),
        month,
      );
      if (carriedFrom !== envelope.month) throw notFound(BUDGET_MESSAGES.envelopeNotFound);
      await materialiseMonth(client, householdId, envelope.account_id, month, envelopes);
    }
    const changes = { amount: cents, rollover_enabled };
    if (!(await updateEnvelopeOf(client, envelope.account_id, envelope.category_id, month, changes)))
      throw notFound(BUDGET_MESSAGES.envelopeNotFound);
  });
  const shown = (await monthEnvelopes(app, householdId, view, envelope.account_id, month)).find(
    (e) => e.category_id === view.categories.resolve(envelope.category_id),
  );
  if (!shown) throw notFound(BUDGET_MESSAGES.envelopeNotFound);
  return shown;
}

/** Deletes an envelope from its month, or from a later month that shows it carried forward (which keeps the others). */
async function removeEnvelope(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: IdParams; Querystring: DeleteEnvelopeQuery }>,
): Promise<void> {
  const { householdId } = await budgetRequest(app, request);
  const envelope = await findEnvelope(app.db, householdId, request.params.id);
  if (!envelope) throw notFound(BUDGET_MESSAGES.envelopeNotFound);
  const month = request.query.month ? requireMonth(request.query.month) : envelope.month;
  await budgetWrite(app.db, householdId, async (client) => {
    await lockAccountEnvelopes(client, envelope.account_id);
    if (month === envelope.month) return deleteEnvelope(client, householdId, envelope.id);
    // Deleting from a month that shows this envelope carried forward: that month keeps the others.
    const { envelopes, carriedFrom } = envelopesOfMonth(
      await envelopesByMonth(client, householdId, envelope.account_id),
      month,
    );
    if (carriedFrom !== envelope.month) throw notFound(BUDGET_MESSAGES.envelopeNotFound);
    await materialiseMonth(client, householdId, envelope.account_id, month, envelopes);
    await deleteEnvelopeOf(client, envelope.account_id, envelope.category_id, month);
  });
}
