import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ApplyScenarioResponse,
  Scenario,
  ScenarioBody,
  Scenarios,
  UpdateScenarioBody,
  type Scenario as ScenarioView,
  type ScenarioChange,
} from '@hf/contracts/budget';
import { BUDGET_LIMITS, BUDGET_MESSAGES, SCENARIO_LIMITS } from '@hf/contracts/budget-limits';
import { EVENT_SEQUENCE_HEADER, IdParams, MessageResponse } from '@hf/contracts';
import { fromCents } from '@hf/money';
import { badRequest, notFound, withTransaction } from '@hf/service-kit';
import type { HouseholdView } from '../budget-reads';
import { syncBudgetedRows } from '../budgeted-rows';
import {
  changeMessage,
  checkChanges,
  namedItemIds,
  valuesAfter,
  type CheckedChange,
  type ScenarioChangeRecord,
} from '../domain/scenario';
import { horizonMonths, transferAccountFor, type PredictableRecord } from '../domain/schedule';
import { budgetWrite } from '../repositories/budget-versions';
import { countAccountItems, findItem, insertItem, itemsByIds, writeValues } from '../repositories/items';
import {
  countScenarios,
  deleteScenario,
  findScenario,
  insertScenario,
  scenariosOf,
  updateScenario,
  type ScenarioRow,
} from '../repositories/scenarios';
import { budgetRequest, BUDGET_ERRORS, categoryByText, requireAccount, requireCategory } from '../route-helpers';

/** A stored change as the API shows it (dollars; an added item's schedule flat, as the create body). */
function changeView(c: ScenarioChangeRecord): ScenarioChange {
  switch (c.kind) {
    case 'add_item': {
      const s = c.schedule;
      return {
        kind: c.kind,
        account_id: c.account_id,
        payee: c.payee,
        item_type: c.item_type,
        category_id: c.category_id,
        frequency: s.frequency,
        day_of_month: s.day_of_month,
        interval: s.interval,
        days_of_month: s.days_of_month === null ? null : [s.days_of_month[0], s.days_of_month[1]],
        start_date: s.start_date,
        end_date: s.end_date,
        weekend: s.weekend,
        amount: fromCents(c.amount),
        start_month: c.start_month,
      };
    }
    case 'change_amount':
      return { ...c, amount: fromCents(c.amount) };
    case 'one_off':
      return { ...c, amount: fromCents(c.amount) };
    default:
      return { ...c };
  }
}

function scenarioView(row: ScenarioRow): ScenarioView {
  return {
    id: row.id,
    name: row.name,
    changes: row.changes.map(changeView),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The changes of a body checked against the household (docs/decisions/0123-what-if-scenarios.md):
 * each on its own (400 "Change N: ..."), then the accounts, categories and items it names (an id
 * that is not the household's answers 404, as any other household's id: "Change N: Scheduled item
 * not found."). Answers them as stored.
 */
async function householdChanges(
  app: FastifyInstance,
  householdId: number,
  initial: HouseholdView,
  raw: readonly unknown[],
  today: string,
): Promise<ScenarioChangeRecord[]> {
  const checked = checkChanges(raw, today, horizonMonths(today));
  if ('error' in checked) throw badRequest(checked.error);
  let view = initial;
  const items = await itemsByIds(app.db, householdId, namedItemIds(checked as ScenarioChangeRecord[]));
  const out: ScenarioChangeRecord[] = [];
  for (let i = 0; i < checked.length; i++) {
    const c: CheckedChange = checked[i];
    const fail = (message: string) => notFound(changeMessage(i, message));
    if (c.kind === 'change_amount' || c.kind === 'stop_item') {
      if (!items.has(c.item_id)) throw fail(BUDGET_MESSAGES.itemNotFound);
      out.push(c);
      continue;
    }
    try {
      view = await requireAccount(app, householdId, view, c.account_id);
    } catch {
      throw fail(BUDGET_MESSAGES.accountNotFound);
    }
    if (c.kind === 'one_off') {
      out.push({ ...c });
      continue;
    }
    const { categoryName, ...change } = c;
    if (change.category_id !== null) {
      try {
        view = await requireCategory(app, householdId, view, change.category_id);
      } catch {
        throw fail(BUDGET_MESSAGES.categoryNotFound);
      }
    } else if (categoryName !== undefined && categoryName.trim()) {
      const id = categoryByText(view, categoryName);
      if (id === undefined) throw fail(BUDGET_MESSAGES.categoryNotFound);
      change.category_id = id;
    }
    out.push(change);
  }
  return out;
}

/**
 * What-if scenarios (docs/decisions/0123-what-if-scenarios.md): per household, a name and a list
 * of changes kept apart from the real items; the projections take `?scenario=`; apply turns the
 * changes into real items (docs/decisions/0124-applying-a-scenario.md).
 */
export async function scenarioRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/budget/scenarios', { schema: { response: { 200: Scenarios, ...BUDGET_ERRORS } } }, async (request) => {
    const { householdId } = await budgetRequest(app, request);
    return (await scenariosOf(app.db, householdId)).map(scenarioView);
  });

  app.get<{ Params: IdParams }>(
    '/api/budget/scenarios/:id',
    { schema: { params: IdParams, response: { 200: Scenario, ...BUDGET_ERRORS } } },
    async (request) => {
      const { householdId } = await budgetRequest(app, request);
      const row = await findScenario(app.db, householdId, request.params.id);
      if (!row) throw notFound(BUDGET_MESSAGES.scenarioNotFound);
      return scenarioView(row);
    },
  );

  app.post<{ Body: ScenarioBody }>(
    '/api/budget/scenarios',
    { schema: { body: ScenarioBody, response: { 201: Scenario, ...BUDGET_ERRORS } } },
    async (request, reply) => {
      const { householdId, today, view } = await budgetRequest(app, request);
      const name = request.body.name.trim();
      const changes = await householdChanges(app, householdId, view, request.body.changes, today);
      const id = await withTransaction(app.db, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['svc-budget scenarios', householdId]);
        if ((await countScenarios(client, householdId)) >= SCENARIO_LIMITS.perHousehold)
          throw badRequest(`Too many scenarios (limit ${SCENARIO_LIMITS.perHousehold}).`);
        return insertScenario(client, householdId, name, changes);
      });
      return reply.code(201).send(scenarioView((await findScenario(app.db, householdId, id))!));
    },
  );

  app.put<{ Params: IdParams; Body: UpdateScenarioBody }>(
    '/api/budget/scenarios/:id',
    { schema: { params: IdParams, body: UpdateScenarioBody, response: { 200: Scenario, ...BUDGET_ERRORS } } },
    async (request) => {
      const { householdId, today, view } = await budgetRequest(app, request);
      const before = await findScenario(app.db, householdId, request.params.id);
      if (!before) throw notFound(BUDGET_MESSAGES.scenarioNotFound);
      const name = request.body.name === undefined ? before.name : request.body.name.trim();
      const changes =
        request.body.changes === undefined
          ? before.changes
          : await householdChanges(app, householdId, view, request.body.changes, today);
      await withTransaction(app.db, async (client) => {
        if (!(await findScenario(client, householdId, before.id, true)))
          throw notFound(BUDGET_MESSAGES.scenarioNotFound);
        await updateScenario(client, before.id, name, changes);
      });
      return scenarioView((await findScenario(app.db, householdId, before.id))!);
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/budget/scenarios/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse, ...BUDGET_ERRORS } } },
    async (request) => {
      const { householdId } = await budgetRequest(app, request);
      if (!(await findScenario(app.db, householdId, request.params.id)))
        throw notFound(BUDGET_MESSAGES.scenarioNotFound);
      await deleteScenario(app.db, householdId, request.params.id);
      return { message: 'Scenario deleted.' };
    },
  );

  app.post<{ Params: IdParams }>(
    '/api/budget/scenarios/:id/apply',
    { schema: { params: IdParams, response: { 200: ApplyScenarioResponse, ...BUDGET_ERRORS } } },
    async (request, reply) => applyScenarioRoute(app, request.params.id, await budgetRequest(app, request), reply),
  );
}

/**
 * Apply (docs/decisions/0124-applying-a-scenario.md): in one transaction, every change becomes
 * real through the Predictables' own code (a new item with its amounts filled forward; an item's
 * amounts filled forward from a month, 0 for a stop; a one-off as a `once` item), and the scenario
 * is deleted. Then each touched item's budgeted rows are brought in step in the ledger, as after
 * any Predictable write (the retry worker finishes what a failed call left).
 */
async function applyScenarioRoute(
  app: FastifyInstance,
  id: number,
  { householdId, today, view: initial }: { householdId: number; today: string; view: HouseholdView },
  reply: FastifyReply,
): Promise<ApplyScenarioResponse> {
  const horizon = horizonMonths(today);
  const stored = await findScenario(app.db, householdId, id);
  if (!stored) throw notFound(BUDGET_MESSAGES.scenarioNotFound);
  let view = initial;
  // Checked again as of today: an account, category or item may have gone, a date may have passed.
  for (let i = 0; i < stored.changes.length; i++) {
    const c = stored.changes[i];
    if (c.kind === 'one_off' && c.date < today)
      throw badRequest(changeMessage(i, "the one-off's date has passed; edit the scenario first."));
    if (c.kind === 'add_item' || c.kind === 'one_off') {
      try {
        view = await requireAccount(app, householdId, view, c.account_id);
      } catch {
        throw notFound(changeMessage(i, BUDGET_MESSAGES.accountNotFound));
      }
    }
  }
  const touched = await budgetWrite(app.db, householdId, async (client) => {
    const scenario = await findScenario(client, householdId, id, true);
    if (!scenario) throw notFound(BUDGET_MESSAGES.scenarioNotFound);
    const created: number[] = [];
    const changed: number[] = [];
    for (let i = 0; i < scenario.changes.length; i++) {
      const c = scenario.changes[i];
      if (c.kind === 'change_amount' || c.kind === 'stop_item') {
        const item = await findItem(client, householdId, c.item_id, true);
        if (!item) throw notFound(changeMessage(i, BUDGET_MESSAGES.itemNotFound));
        const values = valuesAfter(item.values, c.start_month, c.kind === 'stop_item' ? 0 : c.amount, horizon);
        await writeValues(client, item.id, horizon, values);
        if (!changed.includes(item.id)) changed.push(item.id);
        continue;
      }
      if ((await countAccountItems(client, c.account_id)) >= BUDGET_LIMITS.itemsPerAccount)
        throw badRequest(changeMessage(i, `Too many scheduled items (limit ${BUDGET_LIMITS.itemsPerAccount}).`));
      const transfer = transferAccountFor(c.payee, c.account_id, [...view.accounts.values()]);
      const record: Omit<PredictableRecord, 'id' | 'values'> =
        c.kind === 'add_item'
          ? {
              account_id: c.account_id,
              item_type: c.item_type,
              payee: c.payee,
              category_id: transfer === null ? c.category_id : null,
              transfer_account_id: transfer,
              ...c.schedule,
            }
          : {
              account_id: c.account_id,
              item_type: c.item_type,
              payee: c.payee,
              category_id: null,
              transfer_account_id: transfer,
              frequency: 'once',
              day_of_month: Number(c.date.slice(8, 10)),
              interval: null,
              days_of_month: null,
              start_date: c.date,
              end_date: null,
              weekend: 'keep',
            };
      const itemId = await insertItem(client, householdId, record);
      const values =
        c.kind === 'add_item'
          ? valuesAfter(new Map(), c.start_month, c.amount, horizon)
          : new Map([[`${c.date.slice(0, 7)}-01`, c.amount]]);
      await writeValues(client, itemId, horizon, values);
      created.push(itemId);
    }
    await deleteScenario(client, householdId, id);
    return { created, changed };
  });
  let sequence = 0;
  const items = await itemsByIds(app.db, householdId, [...touched.created, ...touched.changed]);
  for (const item of items.values())
    sequence = Math.max(sequence, await syncBudgetedRows(app.ledger, app.db, householdId, item, view, horizon));
  if (sequence > 0) reply.header(EVENT_SEQUENCE_HEADER, String(sequence));
  return {
    message: `Scenario "${stored.name}" applied.`,
    created_item_ids: touched.created,
    changed_item_ids: touched.changed,
  };
}
