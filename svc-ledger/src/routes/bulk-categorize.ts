import type { FastifyInstance } from 'fastify';
import {
  BulkCategorizeBody,
  BulkCategorizeResponse,
  LEDGER_LIMITS,
  SearchResults,
  SearchTransactionsBody,
} from '@hf/contracts/ledger';
import { badRequest, notFound, identityOf } from '@hf/service-kit';
import { requireAtMost } from '../domain/values';
import { findAccount } from '../repositories/accounts';
import { categoriesExist } from '../repositories/categories';
import { searchRows } from '../repositories/search';
import { announceChanged, applyChanges } from '../repositories/transaction-writes';
import { lockRows } from '../repositories/transactions';
import { CATEGORY_NOT_FOUND, LEDGER_ERRORS, TRANSACTION_NOT_FOUND, ACCOUNT_NOT_FOUND } from '../route-helpers';
import { runWrite } from '../write';
import { countOf } from '@hf/contracts/wording';

/** The bulk categorize answer's text: how many changed, and how many split rows were left as they are. */
export function bulkCategorizeMessage(changed: number, skippedSplit: number): string {
  const done = `${countOf(changed, 'transaction')} categorized.`;
  if (skippedSplit === 0) return done;
  return `${done} ${countOf(skippedSplit, 'split transaction')} skipped: ${skippedSplit === 1 ? 'its lines keep their' : 'their lines keep their'} categories.`;
}

/** Bulk categorize: find an account's rows by payee, then give many rows one category. */
export async function bulkCategorizeRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: SearchTransactionsBody }>(
    '/api/transactions/search',
    { schema: { body: SearchTransactionsBody, response: { 200: SearchResults, ...LEDGER_ERRORS } } },
    async (request) => {
      const { householdId } = identityOf(request);
      const body = request.body;
      requireAtMost(
        body.search_terms,
        LEDGER_LIMITS.searchTerms,
        `Too many search terms (limit ${LEDGER_LIMITS.searchTerms}).`,
      );
      const account = await findAccount(app.db, householdId, body.account_id);
      if (!account) throw notFound(ACCOUNT_NOT_FOUND);
      return searchRows(
        app.db,
        householdId,
        account.id,
        body.search_terms,
        body.uncategorized_only === true,
        LEDGER_LIMITS.searchResults,
      );
    },
  );

  app.patch<{ Body: BulkCategorizeBody }>(
    '/api/transactions/bulk_categorize',
    { schema: { body: BulkCategorizeBody, response: { 200: BulkCategorizeResponse, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const { transaction_ids: ids, category_id: categoryId } = request.body;
      requireAtMost(
        ids,
        LEDGER_LIMITS.bulkCategorize,
        `Too many transactions (limit ${LEDGER_LIMITS.bulkCategorize}).`,
      );
      if (ids.length === 0) throw badRequest('Please select a category and at least one transaction.');
      const distinct = [...new Set(ids)];
      let skipped = 0;
      const count = await runWrite(app, reply, actor, async (w) => {
        if (!(await categoriesExist(w.client, actor.householdId, [categoryId]))) throw notFound(CATEGORY_NOT_FOUND);
        const rows = (await lockRows(w.client, actor.householdId, distinct)).filter((r) => !r.deleted);
        if (rows.length !== distinct.length) throw notFound(TRANSACTION_NOT_FOUND);
        // A split row keeps its lines: its categories are its lines' (it is skipped and counted).
        const isSplit = (r: (typeof rows)[number]) => (r.splits?.length ?? 0) > 0;
        skipped = rows.filter(isSplit).length;
        const changes = await applyChanges(
          w,
          rows
            .filter((r) => r.transfer_id === null && !isSplit(r))
            .map((r) => ({
              before: r,
              after: r.category_id === categoryId ? r : { ...r, category_id: categoryId, is_budgeted: false },
            })),
          'categorized',
          announceChanged(w, 'categorized'),
        );
        return changes.length;
      });
      // Rows already in the category and transfers (which take no category) are not changed.
      return {
        message: bulkCategorizeMessage(count, skipped),
        selected: distinct.length,
        changed: count,
        skipped_split: skipped,
      };
    },
  );
}
