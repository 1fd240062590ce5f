import type { FastifyInstance } from 'fastify';
import { IdParams } from '@hf/contracts/common';
import {
  ApplyRuleBody,
  ApplyRuleResponse,
  EvaluateRulesBody,
  EvaluateRulesResponse,
  ReorderRulesBody,
  Rule,
  RuleBody,
  RuleCountBody,
  RuleCountResponse,
  RuleList,
  RULE_LIMITS,
  RULE_MESSAGES,
  type RuleConditionInput,
  type RuleOutcome as RuleOutcomeAnswer,
  type RuleRowChange,
} from '@hf/contracts/rules';
import { countOf } from '@hf/contracts/wording';
import { fromCents } from '@hf/money';
import { badRequest, identityOf, notFound } from '@hf/service-kit';
import { categoryPath } from '../domain/category-tree';
import { applyOutcome, checkRule, CompiledRules, type RuleCondition, type RuleDefinition } from '../domain/rules';
import { amountToCents } from '../domain/values';
import { findAccount } from '../repositories/accounts';
import { categoriesExist, categoriesOf } from '../repositories/categories';
import { insertHistory } from '../repositories/history';
import {
  countRules,
  deleteRule,
  findRule,
  insertRule,
  lockRules,
  ruleCandidateRows,
  rowPlaces,
  rulesOf,
  setPositions,
  updateRule,
  type RuleCandidateRow,
  type StoredRule,
} from '../repositories/rules';
import { announceChanged, applyChanges } from '../repositories/transaction-writes';
import { lockRows } from '../repositories/transactions';
import type { Queryable } from '../repositories/sql';
import { ACCOUNT_NOT_FOUND, CATEGORY_NOT_FOUND, INTERNAL_ROUTE, LEDGER_ERRORS } from '../route-helpers';
import { runWrite } from '../write';

/** A condition's amounts from the API's decimals to cents (other values are judged by checkRule). */
function conditionInCents(c: RuleConditionInput): { field: string; op: string; value: unknown } {
  if (c.field !== 'amount') return c;
  const cents = (v: unknown, field: string) => (typeof v === 'number' ? amountToCents(v, field) : v);
  if (Array.isArray(c.value))
    return { ...c, value: c.value.map((v, i) => cents(v, i === 0 ? 'low bound' : 'high bound')) };
  return { ...c, value: cents(c.value, 'amount') };
}

/** A stored condition in API form (amounts as decimals). */
function conditionAnswer(c: RuleCondition): Rule['conditions'][number] {
  if (c.field !== 'amount') return c;
  if (c.op === 'is') return { ...c, value: fromCents(c.value) };
  return { ...c, value: c.value.map((v) => (v === null ? null : fromCents(v))) };
}

function ruleAnswer(r: StoredRule): Rule {
  return {
    id: r.id,
    name: r.name,
    position: r.position,
    conditions: r.conditions.map(conditionAnswer),
    actions: { category_id: r.actions.category_id, payee: r.actions.payee, notes: r.actions.notes },
  };
}

/** The body as a stored rule, or 400/404 (a category or account of another household). */
async function checkedRule(q: Queryable, householdId: number, body: RuleBody): Promise<Omit<RuleDefinition, 'id'>> {
  const checked = checkRule({ ...body, conditions: body.conditions.map(conditionInCents) });
  if (!checked.ok) throw badRequest(checked.message);
  const { rule } = checked;
  if (rule.actions.category_id !== null && !(await categoriesExist(q, householdId, [rule.actions.category_id])))
    throw notFound(CATEGORY_NOT_FOUND);
  for (const c of rule.conditions)
    if (c.field === 'account' && !(await findAccount(q, householdId, c.value))) throw notFound(ACCOUNT_NOT_FOUND);
  return rule;
}

/** The rows a rule changes, with their before and after (pure; one pass over the candidates). */
function plannedChanges(rule: StoredRule, rows: readonly RuleCandidateRow[]) {
  const compiled = new CompiledRules([rule]);
  const changes: Array<{ row: RuleCandidateRow; after: { payee: string; category_id: number | null; notes: string } }> =
    [];
  for (const row of rows) {
    const outcome = compiled.evaluate(row);
    if (!outcome) continue;
    const after = applyOutcome(row, outcome);
    if (after.payee !== row.payee || after.category_id !== row.category_id || after.notes !== row.notes)
      changes.push({ row, after });
  }
  return changes;
}

/**
 * The category the household's rules give a new row (GET /api/payees/suggestion answers it before
 * history's): rules whose conditions need an amount or account the question lacks are passed over.
 */
export async function ruleSuggestion(
  q: Queryable,
  householdId: number,
  row: { payee: string; amountCents?: number; accountId?: number },
): Promise<{ category_id: number; category_name: string; source: 'rule'; rule_id: number } | null> {
  const judged = (await rulesOf(q, householdId)).filter(
    (r) =>
      r.actions.category_id !== null &&
      r.conditions.every(
        (c) =>
          (c.field !== 'amount' || row.amountCents !== undefined) &&
          (c.field !== 'account' || row.accountId !== undefined),
      ),
  );
  if (judged.length === 0) return null;
  const outcome = new CompiledRules(judged).evaluate({
    payee: row.payee,
    amount: row.amountCents ?? 0,
    account_id: row.accountId ?? 0,
    notes: '',
  });
  if (!outcome?.category_id) return null;
  const categories = await categoriesOf(q, householdId);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const category = byId.get(outcome.category_id.value);
  if (!category) return null;
  return {
    category_id: category.id,
    category_name: categoryPath(category, byId),
    source: 'rule',
    rule_id: outcome.category_id.rule_id,
  };
}

/**
 * Rules (docs/rules/rules.md): CRUD, reorder, apply to existing rows (dry run: the preview), and
 * the internal evaluate route svc-import's reconcile answer uses (decision 0129).
 */
export async function ruleRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/rules', { schema: { response: { 200: RuleList, ...LEDGER_ERRORS } } }, async (request) =>
    (await rulesOf(app.db, identityOf(request).householdId)).map(ruleAnswer),
  );

  app.post<{ Body: RuleBody }>(
    '/api/rules',
    { schema: { body: RuleBody, response: { 201: Rule, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const created = await runWrite(app, reply, actor, async (w) => {
        await lockRules(w.client, actor.householdId);
        const rule = await checkedRule(w.client, actor.householdId, request.body);
        if ((await countRules(w.client, actor.householdId)) >= RULE_LIMITS.rules)
          throw badRequest(RULE_MESSAGES.tooManyRules);
        const id = await insertRule(w.client, actor.householdId, rule);
        return (await findRule(w.client, actor.householdId, id))!;
      });
      return reply.code(201).send(ruleAnswer(created));
    },
  );

  app.put<{ Params: IdParams; Body: RuleBody }>(
    '/api/rules/:id',
    { schema: { params: IdParams, body: RuleBody, response: { 200: Rule, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const updated = await runWrite(app, reply, actor, async (w) => {
        await lockRules(w.client, actor.householdId);
        if (!(await findRule(w.client, actor.householdId, request.params.id))) throw notFound(RULE_MESSAGES.notFound);
        const rule = await checkedRule(w.client, actor.householdId, request.body);
        await updateRule(w.client, actor.householdId, request.params.id, rule);
        return (await findRule(w.client, actor.householdId, request.params.id))!;
      });
      return ruleAnswer(updated);
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/rules/:id',
    { schema: { params: IdParams, response: { 200: RuleList, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      return runWrite(app, reply, actor, async (w) => {
        await lockRules(w.client, actor.householdId);
        if (!(await deleteRule(w.client, actor.householdId, request.params.id))) throw notFound(RULE_MESSAGES.notFound);
        return (await rulesOf(w.client, actor.householdId)).map(ruleAnswer);
      });
    },
  );

  app.post<{ Body: ReorderRulesBody }>(
    '/api/rules/reorder',
    { schema: { body: ReorderRulesBody, response: { 200: RuleList, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const ids = request.body.rule_ids;
      return runWrite(app, reply, actor, async (w) => {
        await lockRules(w.client, actor.householdId);
        const current = await rulesOf(w.client, actor.householdId);
        const known = new Set(current.map((r) => r.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
          throw badRequest(RULE_MESSAGES.reorderSet);
        await setPositions(w.client, actor.householdId, ids);
        return (await rulesOf(w.client, actor.householdId)).map(ruleAnswer);
      });
    },
  );

  app.post<{ Params: IdParams; Body: ApplyRuleBody }>(
    '/api/rules/:id/apply',
    { schema: { params: IdParams, body: ApplyRuleBody, response: { 200: ApplyRuleResponse, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const { householdId } = actor;
      if (request.body.dry_run === true) {
        const rule = await findRule(app.db, householdId, request.params.id);
        if (!rule) throw notFound(RULE_MESSAGES.notFound);
        const [rows, categories] = await Promise.all([
          ruleCandidateRows(app.db, householdId, rule.conditions),
          categoriesOf(app.db, householdId),
        ]);
        const changes = plannedChanges(rule, rows);
        const byId = new Map(categories.map((c) => [c.id, c]));
        const name = (id: number | null) => {
          const c = id === null ? undefined : byId.get(id);
          return c ? categoryPath(c, byId) : null;
        };
        const shown = changes.slice(0, RULE_LIMITS.previewRows);
        const places = await rowPlaces(
          app.db,
          householdId,
          shown.map((c) => c.row.id),
        );
        const listed: RuleRowChange[] = shown.map(({ row, after }) => ({
          id: row.id,
          account_id: row.account_id,
          account_name: places.get(row.id)?.account_name ?? '',
          date: places.get(row.id)?.date ?? '',
          amount: fromCents(row.amount),
          before: {
            payee: row.payee,
            category_id: row.category_id,
            category_name: name(row.category_id),
            notes: row.notes,
          },
          after: { ...after, category_name: name(after.category_id) },
        }));
        return {
          message: `${countOf(changes.length, 'transaction')} would change.`,
          dry_run: true,
          count: changes.length,
          rows: listed,
        };
      }
      const changed = await runWrite(app, reply, actor, async (w) => {
        const rule = await findRule(w.client, householdId, request.params.id);
        if (!rule) throw notFound(RULE_MESSAGES.notFound);
        const planned = plannedChanges(rule, await ruleCandidateRows(w.client, householdId, rule.conditions));
        // Locked, then judged again on the locked rows (a concurrent edit may have changed them).
        const locked = await lockRows(
          w.client,
          householdId,
          planned.map((p) => p.row.id),
        );
        const compiled = new CompiledRules([rule]);
        const pairs = locked
          .filter((r) => !r.deleted && !r.is_budgeted && r.transfer_id === null)
          .flatMap((before) => {
            const outcome = compiled.evaluate(before);
            const split = (before.splits?.length ?? 0) > 0;
            return outcome ? [{ before, after: { ...before, ...applyOutcome({ ...before, split }, outcome) } }] : [];
          });
        const changes = await applyChanges(w, pairs, 'rule', announceChanged(w, 'rule'), { withHistory: false });
        await insertHistory(
          w.client,
          householdId,
          w.userId,
          changes.map((c) => {
            const old_values: Record<string, unknown> = {};
            const new_values: Record<string, unknown> = { rule_id: rule.id, rule_name: rule.name };
            for (const f of ['payee', 'category_id', 'notes'] as const)
              if (c.before[f] !== c.after[f]) {
                old_values[f] = c.before[f];
                new_values[f] = c.after[f];
              }
            return { transaction_id: c.after.id, action: 'rule', old_values, new_values };
          }),
        );
        return changes.length;
      });
      return { message: `${countOf(changed, 'transaction')} changed.`, dry_run: false, count: changed, rows: [] };
    },
  );

  app.post<{ Body: RuleCountBody }>(
    '/internal/rules/count',
    { config: INTERNAL_ROUTE, schema: { body: RuleCountBody, response: { 200: RuleCountResponse, ...LEDGER_ERRORS } } },
    async (request) => ({ count: await countRules(app.db, request.body.household_id) }),
  );

  app.post<{ Body: EvaluateRulesBody }>(
    '/internal/rules/evaluate',
    {
      config: INTERNAL_ROUTE,
      bodyLimit: 64 * 1024 * 1024,
      schema: { body: EvaluateRulesBody, response: { 200: EvaluateRulesResponse, ...LEDGER_ERRORS } },
    },
    async (request, reply) => {
      const { household_id: householdId, account_id: accountId, payees, amounts_cents: amounts, notes } = request.body;
      if (amounts.length !== payees.length || notes.length !== payees.length)
        throw badRequest('payees, amounts_cents and notes must have one entry per row.');
      const [rules, account] = await Promise.all([
        rulesOf(app.db, householdId),
        findAccount(app.db, householdId, accountId),
      ]);
      if (!account) throw notFound(ACCOUNT_NOT_FOUND);
      const results: Array<RuleOutcomeAnswer | null> = new Array(payees.length).fill(null);
      if (rules.length > 0) {
        // Compiled once for the whole import; only this account's rules can match.
        const compiled = new CompiledRules(
          rules.filter((r) => r.conditions.every((c) => c.field !== 'account' || c.value === accountId)),
        );
        const row = { payee: '', amount: 0, account_id: accountId, notes: '' };
        for (let i = 0; i < payees.length; i++) {
          row.payee = payees[i];
          row.amount = amounts[i];
          row.notes = notes[i];
          const outcome = compiled.evaluate(row);
          if (outcome)
            results[i] = {
              rule_id: outcome.rule_id,
              category_id: outcome.category_id?.value ?? null,
              payee: outcome.payee?.value ?? null,
              notes: outcome.notes?.value ?? null,
            };
        }
      }
      return reply.type('application/json; charset=utf-8').send(JSON.stringify({ results }));
    },
  );
}
