import { badRequest, identityOf, notFound } from '@hf/service-kit';
import type { FastifyInstance } from 'fastify';
import { isValidDate, localToday } from '@hf/calendar';
import {
  LEDGER_LIMITS,
  PayeeList,
  PayeeSuggestion,
  PayeeSuggestionQuery,
  PayeeUsageList,
  RenamePayeeBody,
  RenamePayeeResponse,
} from '@hf/contracts/ledger';
import { normalizeName } from '@hf/contracts/names';
import { renameMessage, renameRefusal, suggestionWindowStart } from '../domain/payees';
import { amountToCents } from '../domain/values';
import { findAccount } from '../repositories/accounts';
import { insertHistory } from '../repositories/history';
import { accountNames, historySuggestion, payeeUsage, renameCounts, renamePayeeRows } from '../repositories/payees';
import { payeesByUse } from '../repositories/search';
import { announceChanged } from '../repositories/transaction-writes';
import { ACCOUNT_NOT_FOUND, LEDGER_ERRORS } from '../route-helpers';
import { runWrite } from '../write';
import { ruleSuggestion } from './rules';

const NO_SUGGESTION: PayeeSuggestion = { category_id: null, category_name: null, source: null, rule_id: null };

/**
 * Payees: GET /api/payees/ (names, most used first), GET /api/payees/usage (names with row count
 * and last date), POST /api/payees/rename (rename and merge, with a dry run) and
 * GET /api/payees/suggestion (a new row's category from history).
 */
export async function payeeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/payees/', { schema: { response: { 200: PayeeList, ...LEDGER_ERRORS } } }, async (request) =>
    payeesByUse(app.db, identityOf(request).householdId, LEDGER_LIMITS.payees),
  );

  app.get('/api/payees/usage', { schema: { response: { 200: PayeeUsageList, ...LEDGER_ERRORS } } }, async (request) =>
    payeeUsage(app.db, identityOf(request).householdId),
  );

  app.post<{ Body: RenamePayeeBody }>(
    '/api/payees/rename',
    { schema: { body: RenamePayeeBody, response: { 200: RenamePayeeResponse, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const { from } = request.body;
      const to = normalizeName(request.body.to);
      const dryRun = request.body.dry_run === true;
      const check = async (q: Parameters<typeof renameCounts>[0]) => {
        const counts = await renameCounts(q, actor.householdId, from, to);
        const refusal = renameRefusal(from, to, await accountNames(q, actor.householdId), counts);
        if (refusal) throw badRequest(refusal);
        return counts;
      };
      if (dryRun) {
        const counts = await check(app.db);
        return { message: renameMessage(to, counts, true), from, to, ...counts, dry_run: true };
      }
      const counts = await runWrite(app, reply, actor, async (w) => {
        const { existing } = await check(w.client);
        const changes = await renamePayeeRows(w.client, actor.householdId, from, to);
        w.touchRows(changes.map((c) => c.after));
        await insertHistory(
          w.client,
          w.householdId,
          w.userId,
          changes.map((c) => ({
            transaction_id: c.after.id,
            action: 'payee_renamed',
            old_values: { payee: from },
            new_values: { payee: to },
          })),
        );
        announceChanged(w, 'payee_renamed')(changes);
        return { renamed: changes.length, existing };
      });
      return { message: renameMessage(to, counts, false), from, to, ...counts, dry_run: false };
    },
  );

  app.get<{ Querystring: PayeeSuggestionQuery }>(
    '/api/payees/suggestion',
    { schema: { querystring: PayeeSuggestionQuery, response: { 200: PayeeSuggestion, ...LEDGER_ERRORS } } },
    async (request) => {
      const { householdId } = identityOf(request);
      const { payee, account_id: accountId, today: asked } = request.query;
      if (asked !== undefined && !isValidDate(asked)) throw badRequest('Please enter a valid date for today.');
      if (accountId !== undefined && !(await findAccount(app.db, householdId, accountId)))
        throw notFound(ACCOUNT_NOT_FOUND);
      if (payee.trim() === '') return NO_SUGGESTION;
      // A matching rule's category comes first (docs/rules/rules.md).
      const amountCents = request.query.amount === undefined ? undefined : amountToCents(request.query.amount);
      const byRule = await ruleSuggestion(app.db, householdId, { payee, amountCents, accountId });
      if (byRule) return byRule;
      const today = asked ?? localToday();
      return (
        (await historySuggestion(app.db, householdId, payee, suggestionWindowStart(today), today)) ?? NO_SUGGESTION
      );
    },
  );
}
