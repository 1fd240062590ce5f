import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BUDGET_MESSAGES } from '@hf/contracts/budget-limits';
import { toCents, AmountError } from '@hf/money';
import { badRequest, errorResponses, identityOf, notFound, requestMinSequence, requestToday } from '@hf/service-kit';
import { householdView, type HouseholdView } from './budget-reads';

/** The error statuses svc-budget's routes answer. */
export const BUDGET_ERRORS = errorResponses(400, 401, 404, 409, 503);

/** The caller's household, "today", and the mirror made fresh for what the caller has seen. */
export async function budgetRequest(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ householdId: number; today: string; view: HouseholdView }> {
  const { householdId } = identityOf(request);
  await app.mirror.ensureFresh(householdId, requestMinSequence(request));
  return { householdId, today: requestToday(request, app.today()), view: await householdView(app.db, householdId) };
}

/** A miss waits this long for the consumer, then rebuilds the household at most this often (see requireInView). */
const MISS_WAIT_MS = 500;
const MISS_POLL_MS = 25;
const MISS_REBUILD_INTERVAL_MS = 10_000;

/**
 * The view, made sure to hold the id: the mirror may not have seen an account or category
 * created a moment ago by a client that sent no X-Min-Sequence. A miss waits up to 0.5 s for the
 * consumer, then rebuilds the household from the ledger (at most every 10 s, so ids of other
 * households sent again and again cost their sender time, not the server a rebuild each), then
 * answers 404.
 */
async function requireInView(
  app: FastifyInstance,
  householdId: number,
  view: HouseholdView,
  has: (view: HouseholdView) => boolean,
  message: string,
): Promise<HouseholdView> {
  if (has(view)) return view;
  for (const deadline = Date.now() + MISS_WAIT_MS; Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, MISS_POLL_MS));
    const later = await householdView(app.db, householdId);
    if (has(later)) return later;
  }
  await app.mirror.rebuildUnlessRecent(householdId, MISS_REBUILD_INTERVAL_MS);
  const fresh = await householdView(app.db, householdId);
  if (!has(fresh)) throw notFound(message);
  return fresh;
}

/** An open account of the household (see requireInView). */
export function requireAccount(
  app: FastifyInstance,
  householdId: number,
  view: HouseholdView,
  accountId: number,
): Promise<HouseholdView> {
  return requireInView(app, householdId, view, (v) => v.accounts.has(accountId), BUDGET_MESSAGES.accountNotFound);
}

/** A live category of the household (see requireInView). */
export function requireCategory(
  app: FastifyInstance,
  householdId: number,
  view: HouseholdView,
  categoryId: number,
): Promise<HouseholdView> {
  return requireInView(
    app,
    householdId,
    view,
    (v) => v.categories.live(categoryId) !== undefined,
    BUDGET_MESSAGES.categoryNotFound,
  );
}

/** A money amount of the API in cents, never negative (the type gives the sign). */
export function nonNegativeCents(amount: number, field = 'amount'): number {
  let cents: number;
  try {
    cents = toCents(amount);
  } catch (err) {
    if (err instanceof AmountError) throw badRequest(`The field "${field}" is invalid: ${err.message}`);
    throw err;
  }
  if (cents < 0) throw badRequest(BUDGET_MESSAGES.negativeAmount);
  return cents;
}

/** The category a text names (`Parent: Child` or `Name`, any case), or undefined. */
export function categoryByText(view: HouseholdView, text: string): number | undefined {
  const wanted = text.trim().toLocaleLowerCase();
  if (!wanted) return undefined;
  for (const id of view.categories.liveIds())
    if ((view.categories.path(id) ?? '').toLocaleLowerCase() === wanted) return id;
  return undefined;
}
