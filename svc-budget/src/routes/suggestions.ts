import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DismissSuggestionBody,
  RecurringSuggestions,
  SuggestionsQuery,
  type RecurringSuggestion,
} from '@hf/contracts/budget';
import { MessageResponse } from '@hf/contracts';
import { fromCents } from '@hf/money';
import { badRequest } from '@hf/service-kit';
import { detectRecurring } from '../domain/recurring-detection';
import { itemsForAccount } from '../repositories/items';
import { detectionRows, dismissedKeys, insertDismissal } from '../repositories/suggestions';
import { budgetRequest, BUDGET_ERRORS, requireAccount } from '../route-helpers';

export const SUGGESTION_MESSAGES = {
  gone: 'This suggestion no longer exists: find recurring items again.',
  dismissed: 'Suggestion dismissed.',
} as const;

/** The account's suggestions as the API answers them (after its scheduled payees and dismissals). */
async function accountSuggestions(
  app: FastifyInstance,
  request: FastifyRequest,
  accountId: number,
): Promise<{ householdId: number; suggestions: RecurringSuggestion[] }> {
  const { householdId, today, view: initial } = await budgetRequest(app, request);
  const view = await requireAccount(app, householdId, initial, accountId);
  const [rows, items, dismissed] = await Promise.all([
    detectionRows(app.db, accountId, today),
    itemsForAccount(app.db, householdId, accountId),
    dismissedKeys(app.db, householdId, accountId),
  ]);
  const found = detectRecurring({
    rows,
    today,
    scheduledPayees: items.filter((i) => i.account_id === accountId).map((i) => i.payee),
    dismissedKeys: dismissed,
  });
  const suggestions = found.map((s): RecurringSuggestion => {
    const category = view.categories.resolve(s.category_id);
    return {
      key: s.key,
      account_id: accountId,
      payee: s.payee,
      item_type: s.item_type,
      category: view.categories.path(category),
      category_id: category,
      ...s.schedule,
      next_date: s.next_date,
      amount: fromCents(s.amount),
      amount_kind: s.amount_kind,
      confidence: s.confidence,
      evidence_ids: s.evidence.map((r) => r.id),
      evidence: s.evidence.map((r) => ({ id: r.id, date: r.date, amount: fromCents(r.amount), payee: r.payee })),
    };
  });
  return { householdId, suggestions };
}

/**
 * Recurring detection (docs/rules/recurring-detection.md): the scheduled items an account's rows
 * reveal, and their dismissal. Accepting one is the ordinary create of a Predictable.
 */
export async function suggestionRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: SuggestionsQuery }>(
    '/api/budget/suggestions',
    { schema: { querystring: SuggestionsQuery, response: { 200: RecurringSuggestions, ...BUDGET_ERRORS } } },
    async (request) => (await accountSuggestions(app, request, request.query.account_id)).suggestions,
  );

  app.post<{ Body: DismissSuggestionBody }>(
    '/api/budget/suggestions/dismiss',
    { schema: { body: DismissSuggestionBody, response: { 200: MessageResponse, ...BUDGET_ERRORS } } },
    async (request) => {
      const { account_id: accountId, key } = request.body;
      const { householdId, suggestions } = await accountSuggestions(app, request, accountId);
      if (!suggestions.some((s) => s.key === key)) throw badRequest(SUGGESTION_MESSAGES.gone);
      await insertDismissal(app.db, householdId, accountId, key);
      return { message: SUGGESTION_MESSAGES.dismissed };
    },
  );
}
