import type { FastifyInstance } from 'fastify';
import {
  SavingsGoal,
  SavingsGoalBody,
  SavingsGoals,
  UpdateSavingsGoalBody,
  type SavingsGoal as SavingsGoalView,
} from '@hf/contracts/budget';
import { BUDGET_MESSAGES } from '@hf/contracts/budget-limits';
import { IdParams, MessageResponse } from '@hf/contracts';
import { fromCents } from '@hf/money';
import { badRequest, notFound } from '@hf/service-kit';
import type { HouseholdView } from '../budget-reads';
import { deleteGoal, findGoal, goalsOf, insertGoal, updateGoal, type GoalRow } from '../repositories/goals';
import { pendingAndCleared } from '../repositories/ledger-reads';
import { budgetRequest, errorResponses, nonNegativeCents, requireAccount } from './common';

/** `saved_amount` = the account's cleared balance, between 0 and the target (domain.md "Savings goals"). */
export async function goalViews(
  app: FastifyInstance,
  goals: readonly GoalRow[],
  view: HouseholdView,
  today: string,
): Promise<SavingsGoalView[]> {
  const balances = await pendingAndCleared(app.db, [...new Set(goals.map((g) => g.account_id))], today);
  return goals
    .filter((g) => view.accounts.has(g.account_id))
    .map((g) => ({
      id: g.id,
      name: g.name,
      account_id: g.account_id,
      account_name: view.accounts.get(g.account_id)!.name,
      target_amount: fromCents(g.target),
      saved_amount: fromCents(Math.min(Math.max(balances.get(g.account_id)?.cleared ?? 0, 0), g.target)),
    }));
}

function targetCents(amount: number): number {
  const cents = nonNegativeCents(amount, 'target_amount');
  if (cents === 0) throw badRequest('The target amount must be more than 0.');
  return cents;
}

/**
 * Savings goals (jars), beyond the spec's client: their own small API, managed on the Accounts
 * page; the dashboard's widget lists them. A goal of a deleted account is not shown.
 */
export async function goalRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/budget/goals', { schema: { response: { 200: SavingsGoals, ...errorResponses } } }, async (request) => {
    const { householdId, today, view } = await budgetRequest(app, request);
    return goalViews(app, await goalsOf(app.db, householdId), view, today);
  });

  app.post<{ Body: SavingsGoalBody }>(
    '/api/budget/goals',
    { schema: { body: SavingsGoalBody, response: { 201: SavingsGoal, ...errorResponses } } },
    async (request, reply) => {
      const { householdId, today, view: initial } = await budgetRequest(app, request);
      const name = request.body.name.trim();
      if (!name) throw badRequest('The name is required.');
      const view = await requireAccount(app, householdId, initial, request.body.account_id);
      const id = await insertGoal(app.db, householdId, {
        name,
        account_id: request.body.account_id,
        target: targetCents(request.body.target_amount),
      });
      return reply.code(201).send((await goalViews(app, [(await findGoal(app.db, householdId, id))!], view, today))[0]);
    },
  );

  app.put<{ Params: IdParams; Body: UpdateSavingsGoalBody }>(
    '/api/budget/goals/:id',
    { schema: { params: IdParams, body: UpdateSavingsGoalBody, response: { 200: SavingsGoal, ...errorResponses } } },
    async (request) => {
      const { householdId, today, view: initial } = await budgetRequest(app, request);
      const goal = await findGoal(app.db, householdId, request.params.id);
      if (!goal) throw notFound(BUDGET_MESSAGES.goalNotFound);
      const name = request.body.name === undefined ? goal.name : request.body.name.trim();
      if (!name) throw badRequest('The name is required.');
      const accountId = request.body.account_id ?? goal.account_id;
      const view = await requireAccount(app, householdId, initial, accountId);
      const next = {
        ...goal,
        name,
        account_id: accountId,
        target: request.body.target_amount === undefined ? goal.target : targetCents(request.body.target_amount),
      };
      await updateGoal(app.db, next);
      return (await goalViews(app, [next], view, today))[0];
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/budget/goals/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse, ...errorResponses } } },
    async (request) => {
      const { householdId } = await budgetRequest(app, request);
      if (!(await findGoal(app.db, householdId, request.params.id))) throw notFound(BUDGET_MESSAGES.goalNotFound);
      await deleteGoal(app.db, householdId, request.params.id);
      return { message: 'Savings goal deleted.' };
    },
  );
}
