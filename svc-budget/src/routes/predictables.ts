import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AutofillBody,
  CreatePredictableBody,
  Predictable,
  Predictables,
  UpdatePredictableBody,
  type Predictable as PredictableView,
} from '@hf/contracts/budget';
import { BUDGET_LIMITS, BUDGET_MESSAGES } from '@hf/contracts/budget-limits';
import { EVENT_SEQUENCE_HEADER, IdParams, MessageResponse, PAYEE_REQUIRED } from '@hf/contracts';
import { TRANSFER_CATEGORY_NAME } from '@hf/contracts/ledger-limits';
import { fromCents } from '@hf/money';
import { badRequest, notFound, Type } from '@hf/service-kit';
import type { HouseholdView } from '../budget-reads';
import { syncBudgetedRows } from '../budgeted-rows';
import { horizonOccurrences, nextDates } from '../domain/occurrences';
import { autofill, horizonMonths, transferAccountFor, type PredictableRecord } from '../domain/schedule';
import { NEW_SCHEDULE, resolveSchedule, type ScheduleInput } from '../domain/schedule-fields';
import { budgetWrite } from '../repositories/budget-versions';
import {
  countAccountItems,
  deleteItem,
  findItem,
  insertItem,
  itemsForAccount,
  markSynced,
  updateItem,
  writeValues,
} from '../repositories/items';
import {
  budgetRequest,
  categoryByText,
  BUDGET_ERRORS,
  nonNegativeCents,
  requireAccount,
  requireCategory,
} from '../route-helpers';

const AccountParams = Type.Object({ accountId: IdParams.properties.id }, { additionalProperties: false });

/** The item as the account `viewAccountId` shows it (its own, or the mirror of a transfer into it). */
function itemView(item: PredictableRecord, viewAccountId: number, today: string, view: HouseholdView): PredictableView {
  const horizon = horizonMonths(today);
  const incoming = item.account_id !== viewAccountId;
  const transfer = item.transfer_account_id !== null;
  const category = transfer ? null : view.categories.resolve(item.category_id);
  const otherName = (id: number | null) => (id === null ? undefined : view.accounts.get(id)?.name);
  return {
    id: item.id,
    account_id: item.account_id,
    item_type: incoming ? (item.item_type === 'payment' ? 'deposit' : 'payment') : item.item_type,
    payee: (incoming ? otherName(item.account_id) : otherName(item.transfer_account_id)) ?? item.payee,
    category: transfer ? TRANSFER_CATEGORY_NAME : view.categories.path(category),
    category_id: category,
    day_of_month: item.day_of_month,
    values: Object.fromEntries(horizon.map((m) => [m, fromCents(item.values.get(m) ?? 0)])),
    transfer_account_id: item.transfer_account_id,
    is_incoming_transfer: incoming,
    frequency: item.frequency,
    interval: item.interval,
    days_of_month: item.days_of_month === null ? null : [item.days_of_month[0], item.days_of_month[1]],
    start_date: item.start_date,
    end_date: item.end_date,
    weekend: item.weekend,
    occurrences: horizonOccurrences(item, horizon),
    next_dates: nextDates(item, today),
  };
}

/**
 * The Predictables (docs/rules/predictables.md): scheduled items per account, their 12-month grid,
 * autofill, and their budgeted rows kept in step in the ledger (svc-ledger's internal
 * budgeted-row routes). A change is saved here first, with `synced = false`, then the ledger is
 * told; if that fails the answer is 503 and the retry worker (budgeted-rows-retry.ts) tries again.
 */
export async function predictableRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { accountId: number } }>(
    '/api/budget/:accountId',
    { schema: { params: AccountParams, response: { 200: Predictables, ...BUDGET_ERRORS } } },
    async (request) => {
      const { householdId, today, view: initial } = await budgetRequest(app, request);
      const view = await requireAccount(app, householdId, initial, request.params.accountId);
      const items = await itemsForAccount(app.db, householdId, request.params.accountId);
      return items.map((item) => itemView(item, request.params.accountId, today, view));
    },
  );

  app.post<{ Params: { accountId: number }; Body: CreatePredictableBody }>(
    '/api/budget/:accountId',
    {
      schema: {
        params: AccountParams,
        body: CreatePredictableBody,
        response: { 201: Predictable, ...BUDGET_ERRORS },
      },
    },
    async (request, reply) => reply.code(201).send(await createScheduledItem(app, request)),
  );

  app.put<{ Params: IdParams; Body: UpdatePredictableBody }>(
    '/api/budget/:id',
    {
      schema: { params: IdParams, body: UpdatePredictableBody, response: { 200: Predictable, ...BUDGET_ERRORS } },
    },
    async (request, reply) => editScheduledItem(app, request, reply),
  );

  app.delete<{ Params: IdParams }>(
    '/api/budget/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse, ...BUDGET_ERRORS } } },
    async (request, reply) => {
      const { householdId } = await budgetRequest(app, request);
      const item = await findItem(app.db, householdId, request.params.id);
      if (!item) throw notFound(BUDGET_MESSAGES.itemNotFound);
      answerSequence(reply, await app.ledger.deleteBudgetedRows({ household_id: householdId, schedule_id: item.id }));
      await budgetWrite(app.db, householdId, (client) => deleteItem(client, householdId, item.id));
      return { message: 'Scheduled item deleted.' };
    },
  );

  app.post<{ Body: AutofillBody }>(
    '/api/budget/autofill',
    { schema: { body: AutofillBody, response: { 200: Predictable, ...BUDGET_ERRORS } } },
    async (request, reply) => autofillScheduledItem(app, request, reply),
  );
}

function syncItem(
  app: FastifyInstance,
  householdId: number,
  item: PredictableRecord,
  view: HouseholdView,
  horizon: readonly string[],
  months?: readonly string[],
): Promise<number> {
  return syncBudgetedRows(app.ledger, app.db, householdId, item, view, horizon, months);
}

/**
 * Answers the ledger's event sequence of the rows just written, as svc-ledger's own writes do:
 * the client sends it back (X-Min-Sequence) so the next dashboard or report read includes them.
 */
function answerSequence(reply: FastifyReply, sequence: number): void {
  if (sequence > 0) reply.header(EVENT_SEQUENCE_HEADER, String(sequence));
}

/** The item's schedule after the body's fields (docs/rules/predictables.md); 400 with the broken rule's message. */
function scheduleOf(base: Parameters<typeof resolveSchedule>[0], body: ScheduleInput, today: string) {
  const schedule = resolveSchedule(base, body, today);
  if ('error' in schedule) throw badRequest(schedule.error);
  return schedule;
}

/** The item's category from the body: `category_id` (checked), else `categoryName` text, else none. */
async function categoryOf(
  app: FastifyInstance,
  householdId: number,
  view: HouseholdView,
  body: { category_id?: number | null; categoryName?: string },
): Promise<{ view: HouseholdView; category: number | null }> {
  if (body.category_id)
    return { view: await requireCategory(app, householdId, view, body.category_id), category: body.category_id };
  if (body.categoryName && body.categoryName.trim() && body.category_id !== null) {
    const id = categoryByText(view, body.categoryName);
    if (id === undefined) throw notFound(BUDGET_MESSAGES.categoryNotFound);
    return { view, category: id };
  }
  return { view, category: null };
}

/** A new scheduled item on the account, with no amounts yet (so nothing in the ledger). */
async function createScheduledItem(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { accountId: number }; Body: CreatePredictableBody }>,
): Promise<PredictableView> {
  const { householdId, today, view: initial } = await budgetRequest(app, request);
  const accountId = request.params.accountId;
  let view = await requireAccount(app, householdId, initial, accountId);
  const payee = request.body.payee.trim();
  if (!payee) throw badRequest(PAYEE_REQUIRED);
  const schedule = scheduleOf(NEW_SCHEDULE, request.body, today);
  const transferAccount = transferAccountFor(payee, accountId, [...view.accounts.values()]);
  let category: number | null = null;
  if (transferAccount === null) ({ view, category } = await categoryOf(app, householdId, view, request.body));
  const id = await budgetWrite(app.db, householdId, async (client) => {
    if ((await countAccountItems(client, accountId)) >= BUDGET_LIMITS.itemsPerAccount)
      throw badRequest(`Too many scheduled items (limit ${BUDGET_LIMITS.itemsPerAccount}).`);
    return insertItem(client, householdId, {
      account_id: accountId,
      item_type: request.body.item_type,
      payee,
      category_id: category,
      transfer_account_id: transferAccount,
      ...schedule,
    });
  });
  const item = (await findItem(app.db, householdId, id))!;
  await markSynced(app.db, id); // no amounts yet: nothing in the ledger
  return itemView(item, accountId, today, view);
}

/**
 * A changed payee, category or schedule; its budgeted rows in the ledger follow, occurrence by
 * occurrence. Rows that became actual stay as they are, whatever the new schedule.
 */
async function editScheduledItem(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: IdParams; Body: UpdatePredictableBody }>,
  reply: FastifyReply,
): Promise<PredictableView> {
  const { householdId, today, view: initial } = await budgetRequest(app, request);
  const before = await findItem(app.db, householdId, request.params.id);
  if (!before) throw notFound(BUDGET_MESSAGES.itemNotFound);
  let view = initial;
  const schedule = scheduleOf(before, request.body, today);
  const payee = request.body.payee === undefined ? before.payee : request.body.payee.trim();
  if (!payee) throw badRequest(PAYEE_REQUIRED);
  const transferAccount = transferAccountFor(payee, before.account_id, [...view.accounts.values()]);
  let category = before.category_id;
  if (transferAccount !== null) category = null;
  else if (request.body.category_id !== undefined || request.body.categoryName !== undefined)
    ({ view, category } = await categoryOf(app, householdId, view, request.body));
  const after: PredictableRecord = {
    ...before,
    payee,
    category_id: category,
    transfer_account_id: transferAccount,
    ...schedule,
  };
  await budgetWrite(app.db, householdId, (client) => updateItem(client, after));
  const horizon = horizonMonths(today);
  // A payee that starts or stops naming an account changes what the rows are: write them anew.
  if (before.transfer_account_id !== after.transfer_account_id)
    await app.ledger.deleteBudgetedRows({ household_id: householdId, schedule_id: after.id });
  answerSequence(reply, await syncItem(app, householdId, after, view, horizon));
  return itemView(after, after.account_id, today, view);
}

/** Fills the item's amounts from a month on (or that month only); its budgeted rows in the ledger follow. */
async function autofillScheduledItem(
  app: FastifyInstance,
  request: FastifyRequest<{ Body: AutofillBody }>,
  reply: FastifyReply,
): Promise<PredictableView> {
  const { householdId, today, view } = await budgetRequest(app, request);
  const { budget_item_id: id, start_month: start, mode } = request.body;
  const amount = nonNegativeCents(request.body.amount);
  const horizon = horizonMonths(today);
  if (!horizon.includes(start)) throw badRequest(BUDGET_MESSAGES.outsideHorizon);
  const months = mode === 'full' ? horizon.filter((m) => m >= start) : [start];
  const item = await budgetWrite(app.db, householdId, async (client) => {
    const locked = await findItem(client, householdId, id, true);
    if (!locked) throw notFound(BUDGET_MESSAGES.itemNotFound);
    const values = autofill(locked.values, start, amount, mode, horizon);
    await writeValues(client, id, months, values);
    return { ...locked, values };
  });
  answerSequence(reply, await syncItem(app, householdId, item, view, horizon, months));
  return itemView(item, item.account_id, today, view);
}
