import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MessageResponse } from '@hf/contracts';
import { BUDGET_MESSAGES } from '@hf/contracts/src/budget-limits';
import { toCents, AmountError } from '@hf/money';
import { badRequest, identityOf, notFound, requestMinSequence, requestToday } from '@hf/service-kit';
import { householdView, type HouseholdView } from '../budget-reads';

export const errorResponses = { 400: MessageResponse, 401: MessageResponse, 404: MessageResponse, 409: MessageResponse, 503: MessageResponse } as const;

/** The caller's household, "today", and the mirror made fresh for what the caller has seen. */
export async function budgetRequest(app: FastifyInstance, request: FastifyRequest): Promise<{ householdId: number; today: string; view: HouseholdView }> {
  const { householdId } = identityOf(request);
  await app.mirror.ensureFresh(householdId, requestMinSequence(request));
  return { householdId, today: requestToday(request, app.today()), view: await householdView(app.db, householdId) };
}

/**
 * An open account of the household. The mirror may not have seen an account created a moment
 * ago: a miss rebuilds the household from the ledger once before answering 404.
 */
export async function requireAccount(app: FastifyInstance, householdId: number, view: HouseholdView, accountId: number): Promise<HouseholdView> {
  if (view.accounts.has(accountId)) return view;
  await app.mirror.rebuild(householdId);
  const fresh = await householdView(app.db, householdId);
  if (!fresh.accounts.has(accountId)) throw notFound(BUDGET_MESSAGES.accountNotFound);
  return fresh;
}

/** A live category of the household (same one-rebuild rule as accounts). */
export async function requireCategory(app: FastifyInstance, householdId: number, view: HouseholdView, categoryId: number): Promise<HouseholdView> {
  if (view.categories.live(categoryId)) return view;
  await app.mirror.rebuild(householdId);
  const fresh = await householdView(app.db, householdId);
  if (!fresh.categories.live(categoryId)) throw notFound(BUDGET_MESSAGES.categoryNotFound);
  return fresh;
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
  for (const id of view.categories.liveIds()) if ((view.categories.path(id) ?? '').toLocaleLowerCase() === wanted) return id;
  return undefined;
}
