import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AccountProjection,
  AccountProjections,
  ProjectionQuery,
  WidgetData,
  type AccountProjection as ProjectionView,
} from '@hf/contracts/budget';
import { monthName } from '@hf/calendar';
import { fromCents } from '@hf/money';
import type { MirrorAccount } from '@hf/ledger-mirror';
import { BUDGET_MESSAGES } from '@hf/contracts/budget-limits';
import { notFound } from '@hf/service-kit';
import { envelopeMonths, goalViews, projectHousehold, type HouseholdView, type RowsAdjustment } from '../budget-reads';
import { applyScenario, namedItemIds } from '../domain/scenario';
import { horizonMonths } from '../domain/schedule';
import { itemsByIds } from '../repositories/items';
import { findScenario } from '../repositories/scenarios';
import { lowBalanceWarning } from '../domain/low-balance-warning';
import { lowAndNegative, netWorth, type ProjectedPoint } from '../domain/projection';
import { goalsOf } from '../repositories/goals';
import { budgetRequest, BUDGET_ERRORS } from '../route-helpers';

/** One account's projection, or net worth's (`account` null: no kind, never a warning). */
function projectionView(
  account: MirrorAccount | null,
  pending: number,
  points: readonly ProjectedPoint[],
  today: string,
): ProjectionView {
  const { low, firstNegative } = lowAndNegative(points, today);
  const warning = account ? lowBalanceWarning(account, points, today) : null;
  return {
    account_id: account?.id ?? null,
    account_name: account?.name ?? 'Net Worth',
    account_kind: account?.kind ?? null,
    current_pending_balance: fromCents(pending),
    balance_today: fromCents(points.find((p) => p.date === today)?.balance ?? 0),
    graph_data: points.map((p) => ({ date: p.date, balance: fromCents(p.balance) })),
    low_point: low ? { date: low.date, balance: fromCents(low.balance) } : null,
    first_negative_date: firstNegative,
    warning: warning && {
      kind: warning.kind,
      date: warning.date,
      balance: fromCents(warning.balance),
      line: fromCents(warning.line),
      now: warning.now,
    },
  };
}

/**
 * The rows' change of the query's what-if scenario (`?scenario=`), or undefined for the real
 * projection; another household's scenario answers 404 (docs/decisions/0123-what-if-scenarios.md).
 * Keyed by the scenario's stored changes (the real state is in the projection's own key: the
 * items a change names are budget data, the accounts ledger data), so a kept answer is exact.
 */
async function scenarioAdjust(
  app: FastifyInstance,
  householdId: number,
  view: HouseholdView,
  today: string,
  scenarioId: number | undefined,
): Promise<RowsAdjustment | undefined> {
  if (scenarioId === undefined) return undefined;
  const scenario = await findScenario(app.db, householdId, scenarioId);
  if (!scenario) throw notFound(BUDGET_MESSAGES.scenarioNotFound);
  return {
    key: `scenario ${scenario.id} ${JSON.stringify(scenario.changes)}`,
    make: async () => {
      const items = await itemsByIds(app.db, householdId, namedItemIds(scenario.changes));
      const accounts = [...view.accounts.values()];
      return (rows) => applyScenario(rows, items, scenario.changes, accounts, horizonMonths(today));
    },
  };
}

/** The dashboard (docs/rules/forecast.md): projections per account and for net worth, and the widgets. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  /** The household's projection a request asks for (its scenario applied, if any), with its today. */
  const projectionFor = async (request: FastifyRequest<{ Querystring: ProjectionQuery }>) => {
    const { householdId, today, view } = await budgetRequest(app, request);
    const adjust = await scenarioAdjust(app, householdId, view, today, request.query.scenario);
    const fullHistory = request.query.fullHistory === 'true';
    return { today, projection: await projectHousehold(app.db, householdId, view, today, fullHistory, adjust) };
  };

  app.get<{ Querystring: ProjectionQuery }>(
    '/api/dashboard/balance_projection',
    { schema: { querystring: ProjectionQuery, response: { 200: AccountProjections, ...BUDGET_ERRORS } } },
    async (request) => {
      const { today, projection } = await projectionFor(request);
      return projection.series.map((s) => projectionView(s.account, s.pending, s.points, today));
    },
  );

  app.get<{ Querystring: ProjectionQuery }>(
    '/api/dashboard/net_worth_projection',
    { schema: { querystring: ProjectionQuery, response: { 200: AccountProjection, ...BUDGET_ERRORS } } },
    async (request) => {
      const { today, projection } = await projectionFor(request);
      const { start, end, series } = projection;
      const pending = series.reduce((sum, s) => sum + s.pending, 0);
      return projectionView(
        null,
        pending,
        series.length
          ? netWorth(
              series.map((s) => s.points),
              start,
              end,
            )
          : [],
        today,
      );
    },
  );

  app.get(
    '/api/dashboard/widgets',
    { schema: { response: { 200: WidgetData, ...BUDGET_ERRORS } } },
    async (request) => {
      const { householdId, today, view } = await budgetRequest(app, request);
      const month = today.slice(0, 7);
      const ids = [...view.accounts.keys()];
      const envelopes = await envelopeMonths(app.db, householdId, view, ids, month);
      const categoryBudgets = ids.flatMap((accountId) =>
        (envelopes.get(accountId)!.chain.get(month) ?? []).map((e) => ({
          category_id: e.category_id,
          category_name: view.categories.path(e.category_id) ?? '',
          account_id: accountId,
          account_name: view.accounts.get(accountId)!.name,
          amount: fromCents(e.amount),
          rollover: fromCents(e.rollover),
          spent: fromCents(e.spent),
        })),
      );
      return {
        month_name: monthName(month),
        category_budgets: categoryBudgets,
        savings_goals: (await goalViews(app.db, await goalsOf(app.db, householdId), view, today)).map((g) => ({
          id: g.id,
          name: g.name,
          target_amount: g.target_amount,
          saved_amount: g.saved_amount,
        })),
      };
    },
  );
}
