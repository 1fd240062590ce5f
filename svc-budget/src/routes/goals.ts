import type { FastifyInstance } from 'fastify';
import { Jar, JarBody, Jars, UpdateJarBody } from '@hf/contracts/budget';
import { BUDGET_MESSAGES } from '@hf/contracts/budget-limits';
import { IdParams, MessageResponse } from '@hf/contracts';
import { badRequest, notFound } from '@hf/service-kit';
import { goalViews } from '../budget-reads';
import { budgetWrite } from '../repositories/budget-versions';
import { deleteGoal, findGoal, goalsOf, insertGoal, updateGoal } from '../repositories/goals';
import { budgetRequest, BUDGET_ERRORS, nonNegativeCents, requireAccount } from '../route-helpers';

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
  app.get('/api/budget/goals', { schema: { response: { 200: Jars, ...BUDGET_ERRORS } } }, async (request) => {
    const { householdId, today, view } = await budgetRequest(app, request);
    return goalViews(app.db, await goalsOf(app.db, householdId), view, today);
  });

  app.post<{ Body: JarBody }>(
    '/api/budget/goals',
    { schema: { body: JarBody, response: { 201: Jar, ...BUDGET_ERRORS } } },
    async (request, reply) => {
      const { householdId, today, view: initial } = await budgetRequest(app, request);
      const name = request.body.name.trim();
      if (!name) throw badRequest('The name is required.');
      const view = await requireAccount(app, householdId, initial, request.body.account_id);
      const target = targetCents(request.body.target_amount);
      const id = await budgetWrite(app.db, householdId, (client) =>
        insertGoal(client, householdId, { name, account_id: request.body.account_id, target }),
      );
      return reply
        .code(201)
        .send((await goalViews(app.db, [(await findGoal(app.db, householdId, id))!], view, today))[0]);
    },
  );

  app.put<{ Params: IdParams; Body: UpdateJarBody }>(
    '/api/budget/goals/:id',
    { schema: { params: IdParams, body: UpdateJarBody, response: { 200: Jar, ...BUDGET_ERRORS } } },
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
      await budgetWrite(app.db, householdId, (client) => updateGoal(client, next));
      return (await goalViews(app.db, [next], view, today))[0];
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/budget/goals/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse, ...BUDGET_ERRORS } } },
    async (request) => {
      const { householdId } = await budgetRequest(app, request);
      if (!(await findGoal(app.db, householdId, request.params.id))) throw notFound(BUDGET_MESSAGES.goalNotFound);
      await budgetWrite(app.db, householdId, (client) => deleteGoal(client, householdId, request.params.id));
      return { message: 'Savings goal deleted.' };
    },
  );
}
