import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EVENTS, IdParams, MessageResponse } from '@hf/contracts';
import {
  BulkCategorizeBody,
  BulkCategorizeResponse,
  CreateTransactionBody,
  LEDGER_LIMITS,
  MoveTransactionBody,
  RegisterPage,
  RegisterQuery,
  SearchResults,
  SearchTransactionsBody,
  SetStatusBody,
  TransactionHistory,
  TransactionRecord,
  UpdateTransactionBody,
  type SearchResult,
} from '@hf/contracts/ledger';
import type { TransactionDeletedV1, TransactionMovedV1, TransactionRestoredV1 } from '@hf/contracts/ledger-events';
import Type from 'typebox';
import { badRequest, conflict, JSON_ANSWER_TYPE, notFound, sendJsonAnswer, sendJsonAnswerWith } from '@hf/service-kit';
import { decodeCursor } from '../domain/cursor';
import { etagMatches, registerEtag } from '../held-registers/domain/http-cache';
import { normaliseStatus, type Status } from '../domain/status';
import { applyEdit, applyMove, applyStatus, legPairs, toEventSnapshot } from '../domain/transaction-rules';
import { accountNamedBy, transferDirection } from '../domain/transfer';
import { amountToCents, requireAtMost, requireDate } from '../domain/values';
import { accountRows, findAccount, registerHead } from '../repositories/accounts';
import { categoriesExist } from '../repositories/categories';
import { historyOf } from '../repositories/history';
import { categoryPathSql, isIsoInstant } from '../repositories/sql';
import {
  announceChanged,
  applyChanges,
  createSingle,
  createTransfer,
  resolveCategory,
} from '../repositories/transaction-writes';
import { lockRows, lockWithPeer, recordById, registerPage, transactionExists } from '../repositories/transactions';
import { REGISTER_WARM_ROWS } from '../held-registers/register-cache';
import { runWrite } from '../write';
import {
  ACCOUNT_NOT_FOUND,
  actorOf,
  CATEGORY_NOT_FOUND,
  errorResponses,
  TRANSACTION_NOT_FOUND,
  TRANSFER_DESTINATION_MESSAGE,
} from './common';

const MoveResponse = Type.Object({ ...TransactionRecord.properties, message: Type.String() });

function statusOf(input: string | undefined): Status | undefined {
  if (input === undefined) return undefined;
  const status = normaliseStatus(input);
  if (status === null) throw badRequest('Status must be empty, p or x.');
  return status;
}

function cleanPayee(input: string): string {
  const payee = input.trim();
  if (payee === '') throw badRequest('Payee is required.');
  return payee;
}

const STALE_MESSAGE = 'This transaction was changed since you loaded it. Reload and try again.';

/**
 * The full register (the spec's plain array), from the register cache. One household-scoped
 * primary-key read gives the account's register version (a foreign or deleted id is 404 here,
 * before the cache is looked at); a matching If-None-Match is 304; otherwise the cached body of
 * that version (see held-registers/) is sent as one Buffer with its
 * length, gzip'ed (level 1, once per version) when the client accepts gzip. It has RegisterRows'
 * shape. `private, no-cache`: browsers keep it and revalidate with the ETag; shared caches don't.
 */
async function sendFullRegister(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: IdParams }>,
  reply: FastifyReply,
  householdId: number,
): Promise<FastifyReply> {
  const head = await registerHead(app.db, householdId, request.params.id);
  if (!head) throw notFound(ACCOUNT_NOT_FOUND);
  reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  const etag = registerEtag(head.id, head.register_version);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).header('etag', etag).send();
  const entry = await app.registerCache.get(householdId, head.id, head.register_version);
  if (!entry) throw notFound(ACCOUNT_NOT_FOUND);
  reply.header('etag', entry.etag);
  return sendJsonAnswerWith(
    request,
    reply,
    entry.model.length,
    () => entry.model.body,
    () => app.registerCache.gzipped(entry),
  );
}

/** The register, entry line, row edits, status, move, delete/restore, history, search, bulk categorize. */
export async function transactionRoutes(app: FastifyInstance): Promise<void> {
  // --- The register ------------------------------------------------------------------------
  app.get<{ Params: IdParams; Querystring: RegisterQuery }>(
    '/api/accounts/:id/transactions',
    // The 200 answer is either the plain array (no paging parameters) or a RegisterPage; each is
    // serialised with its own compiled schema below (an anyOf would validate every row).
    { schema: { params: IdParams, querystring: RegisterQuery, response: errorResponses } },
    async (request, reply) => {
      const { householdId } = actorOf(request);
      const { limit, before, after } = request.query;
      if (limit === undefined && before === undefined && after === undefined)
        return sendFullRegister(app, request, reply, householdId);
      const account = await registerHead(app.db, householdId, request.params.id);
      if (!account) throw notFound(ACCOUNT_NOT_FOUND);
      reply.type(JSON_ANSWER_TYPE);
      if (before !== undefined && after !== undefined) throw badRequest('Give either "before" or "after", not both.');
      const cursorText = before ?? after;
      const position = cursorText === undefined ? undefined : decodeCursor(cursorText);
      if (position === null) throw badRequest('The paging cursor is not valid.');
      const options = {
        limit: limit ?? 200,
        before: before !== undefined ? position : undefined,
        after: after !== undefined ? position : undefined,
      };
      // A register held in memory (any version: bringing it up to date costs the changed rows)
      // answers with a slice of it; otherwise PostgreSQL reads the page, and a large register
      // is loaded in the background for the pages that follow.
      if (app.registerCache.holds(householdId, account.id)) {
        const entry = await app.registerCache.get(householdId, account.id, account.register_version);
        if (!entry) throw notFound(ACCOUNT_NOT_FOUND);
        // Gzip'ed from the model's parts, whose whole-part blocks are kept (register-gzip.ts); the rows are not copied.
        const slices = entry.model.pageSlices(options);
        return sendJsonAnswerWith(
          request,
          reply,
          slices.length,
          () => Buffer.concat(slices.pieces),
          () => app.registerCache.gzippedPage(entry, slices),
        );
      }
      const page = await registerPage(app.db, householdId, account, options);
      if (page.total >= REGISTER_WARM_ROWS)
        app.registerCache.warm(householdId, account.id, account.register_version, (err) =>
          request.log.warn({ err }, 'register load failed'),
        );
      // Pages are gzip'ed here (level 1, zlib's thread pool), like the full register: left to the
      // gateway, each 5,000-row page would be brotli-compressed on its event loop (~10x the CPU).
      return sendJsonAnswer(
        request,
        reply,
        Buffer.from(
          reply.serializeInput(
            page as unknown as Record<string, unknown>,
            RegisterPage as unknown as Record<string, unknown>,
          ),
        ),
      );
    },
  );

  // --- Entry line ----------------------------------------------------------------------------
  app.post<{ Params: IdParams; Body: CreateTransactionBody }>(
    '/api/accounts/:id/transactions',
    {
      schema: {
        params: IdParams,
        body: CreateTransactionBody,
        response: { 201: TransactionRecord, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = request.body;
      const date = requireDate(body.date);
      const payee = cleanPayee(body.payee);
      const amount = amountToCents(body.amount);
      const status = statusOf(body.status) ?? '';
      const notes = (body.notes ?? '').trim();
      const record = await runWrite(app, reply, actor, async (w) => {
        const accounts = await accountRows(w.client, actor.householdId);
        const account = accounts.find((a) => a.id === request.params.id);
        if (!account) throw notFound(ACCOUNT_NOT_FOUND);
        let destination = undefined;
        if (body.destination_account_id !== undefined && body.destination_account_id !== null) {
          destination = accounts.find((a) => a.id === body.destination_account_id);
          if (!destination) throw notFound(ACCOUNT_NOT_FOUND);
          if (destination.id === account.id) throw badRequest(TRANSFER_DESTINATION_MESSAGE);
        } else {
          destination = accountNamedBy(payee, accounts, account.id);
          if (body.isTransfer && !destination) throw badRequest(TRANSFER_DESTINATION_MESSAGE);
        }
        // Every id is checked, even one a transfer then ignores; a transfer ignores a category text.
        const categoryId =
          (await resolveCategory(
            w.client,
            actor.householdId,
            destination ? { category_id: body.category_id } : body,
          )) ?? null;
        if (destination) {
          const direction = transferDirection(account.id, destination.id, amount);
          const outgoing = direction.fromAccountId === account.id;
          const { fromLeg, toLeg } = await createTransfer(w, {
            from: outgoing ? account : destination,
            to: outgoing ? destination : account,
            amountCents: direction.amountCents,
            date,
            notes,
            fromStatus: outgoing ? status : '',
            toStatus: outgoing ? '' : status,
          });
          return recordById(w.client, actor.householdId, outgoing ? fromLeg.id : toLeg.id);
        }
        const row = await createSingle(w, account, { date, payee, amount, status, notes, category_id: categoryId });
        return recordById(w.client, actor.householdId, row.id);
      });
      reply.code(201);
      return record;
    },
  );

  // --- Row edit -------------------------------------------------------------------------------
  app.put<{ Params: IdParams; Body: UpdateTransactionBody }>(
    '/api/transactions/:id',
    {
      schema: {
        params: IdParams,
        body: UpdateTransactionBody,
        response: { 200: TransactionRecord, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = request.body;
      const edit = {
        date: body.date === undefined ? undefined : requireDate(body.date),
        payee: body.payee === undefined ? undefined : cleanPayee(body.payee),
        amount: body.amount === undefined ? undefined : amountToCents(body.amount),
        status: statusOf(body.status),
        notes: body.notes === undefined ? undefined : body.notes.trim(),
      };
      if (body.updated_at !== undefined && !isIsoInstant(body.updated_at))
        throw badRequest('The field "updated_at" is not a valid time.');
      return runWrite(app, reply, actor, async (w) => {
        const found = await lockWithPeer(w.client, actor.householdId, request.params.id);
        if (!found || found.row.deleted) throw notFound(TRANSACTION_NOT_FOUND);
        if (body.updated_at !== undefined) {
          const check = await w.client.query<{ same: boolean }>('SELECT $1::timestamptz = $2::timestamptz AS same', [
            body.updated_at,
            found.row.updated_at,
          ]);
          if (!check.rows[0].same) throw conflict(STALE_MESSAGE);
        }
        // A leg's category is fixed: its text is ignored, but an id is still checked (404 if foreign).
        const isLeg = found.row.transfer_id !== null;
        const categoryId = await resolveCategory(
          w.client,
          actor.householdId,
          isLeg ? { category_id: body.category_id } : body,
        );
        const next = applyEdit(found.row, found.peer, { ...edit, category_id: categoryId });
        await applyChanges(w, legPairs(found, next), 'edited', announceChanged(w, 'edited'));
        return recordById(w.client, actor.householdId, found.row.id);
      });
    },
  );

  app.patch<{ Params: IdParams }>(
    '/api/transactions/:id/delete',
    { schema: { params: IdParams, response: { 200: MessageResponse, ...errorResponses } } },
    async (request, reply) => {
      const actor = actorOf(request);
      await runWrite(app, reply, actor, async (w) => {
        const found = await lockWithPeer(w.client, actor.householdId, request.params.id);
        if (!found) throw notFound(TRANSACTION_NOT_FOUND);
        const rows = [found.row, ...(found.peer ? [found.peer] : [])];
        await applyChanges(
          w,
          rows.map((r) => ({ before: r, after: r.deleted ? r : { ...r, deleted: true, deleted_reason: 'user' } })),
          'deleted',
          (changes) => {
            const data: TransactionDeletedV1 = {
              transactions: changes.map((c) => toEventSnapshot(c.before)),
              reason: 'user',
            };
            w.emit(EVENTS.transactionDeleted, `account/${found.row.account_id}`, data);
          },
        );
      });
      return { message: 'Transaction deleted.' };
    },
  );

  app.patch<{ Params: IdParams }>(
    '/api/transactions/:id/restore',
    { schema: { params: IdParams, response: { 200: TransactionRecord, ...errorResponses } } },
    async (request, reply) => {
      const actor = actorOf(request);
      return runWrite(app, reply, actor, async (w) => {
        const found = await lockWithPeer(w.client, actor.householdId, request.params.id);
        if (!found) throw notFound(TRANSACTION_NOT_FOUND);
        const rows = [found.row, ...(found.peer ? [found.peer] : [])];
        await applyChanges(
          w,
          rows.map((r) => ({ before: r, after: r.deleted ? { ...r, deleted: false, deleted_reason: null } : r })),
          'restored',
          (changes) => {
            const data: TransactionRestoredV1 = { transactions: changes.map((c) => toEventSnapshot(c.after)) };
            w.emit(EVENTS.transactionRestored, `account/${found.row.account_id}`, data);
          },
        );
        return recordById(w.client, actor.householdId, found.row.id);
      });
    },
  );

  app.patch<{ Params: IdParams; Body: MoveTransactionBody }>(
    '/api/transactions/:id/move',
    { schema: { params: IdParams, body: MoveTransactionBody, response: { 200: MoveResponse, ...errorResponses } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const record = await runWrite(app, reply, actor, async (w) => {
        const found = await lockWithPeer(w.client, actor.householdId, request.params.id);
        if (!found || found.row.deleted) throw notFound(TRANSACTION_NOT_FOUND);
        const destination = await findAccount(w.client, actor.householdId, request.body.destination_account_id);
        if (!destination) throw notFound(ACCOUNT_NOT_FOUND);
        const moved = applyMove(found.row, found.peer, destination);
        if (moved === 'same-as-other-leg') {
          throw badRequest('A transfer cannot be moved into the account of its other leg.');
        }
        await applyChanges(w, legPairs(found, moved), 'moved', (changes) => {
          const data: TransactionMovedV1 = {
            changes: changes.map((c) => ({ before: toEventSnapshot(c.before), after: toEventSnapshot(c.after) })),
            from_account_id: found.row.account_id,
            to_account_id: destination.id,
          };
          w.emit(EVENTS.transactionMoved, `account/${found.row.account_id}`, data);
        });
        return recordById(w.client, actor.householdId, found.row.id);
      });
      return { ...record, message: 'Transaction moved.' };
    },
  );

  app.patch<{ Params: IdParams; Body: SetStatusBody }>(
    '/api/transactions/:id/status',
    { schema: { params: IdParams, body: SetStatusBody, response: { 200: TransactionRecord, ...errorResponses } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const status = statusOf(request.body.status)!;
      return runWrite(app, reply, actor, async (w) => {
        const found = await lockWithPeer(w.client, actor.householdId, request.params.id);
        if (!found || found.row.deleted) throw notFound(TRANSACTION_NOT_FOUND);
        const next = applyStatus(found.row, found.peer, status);
        await applyChanges(w, legPairs(found, next), 'status', announceChanged(w, 'status'));
        return recordById(w.client, actor.householdId, found.row.id);
      });
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/transactions/:id/history',
    { schema: { params: IdParams, response: { 200: TransactionHistory, ...errorResponses } } },
    async (request) => {
      const { householdId } = actorOf(request);
      if (!(await transactionExists(app.db, householdId, request.params.id))) throw notFound(TRANSACTION_NOT_FOUND);
      return historyOf(app.db, householdId, request.params.id);
    },
  );

  // --- Bulk categorize ---------------------------------------------------------------------
  app.post<{ Body: SearchTransactionsBody }>(
    '/api/transactions/search',
    { schema: { body: SearchTransactionsBody, response: { 200: SearchResults, ...errorResponses } } },
    async (request) => {
      const { householdId } = actorOf(request);
      const body = request.body;
      requireAtMost(
        body.search_terms,
        LEDGER_LIMITS.searchTerms,
        `Too many search terms (limit ${LEDGER_LIMITS.searchTerms}).`,
      );
      const account = await findAccount(app.db, householdId, body.account_id);
      if (!account) throw notFound(ACCOUNT_NOT_FOUND);
      const patterns = body.search_terms
        .map((t) => t.trim())
        .filter((t) => t !== '')
        .map((t) => `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      const result = await app.db.query<Omit<SearchResult, 'amount'> & { amount: number }>(
        `SELECT t.id, t.date, t.payee, t.amount, t.category_id,
           CASE WHEN c.id IS NULL THEN NULL ELSE ${categoryPathSql('c', 'p')} END AS category_name
         FROM transactions t
         LEFT JOIN categories c ON c.id = t.category_id LEFT JOIN categories p ON p.id = c.parent_id
         WHERE t.household_id = $1 AND t.account_id = $2 AND t.deleted_at IS NULL AND t.transfer_id IS NULL AND NOT t.is_budgeted
           AND (cardinality($3::text[]) = 0 OR t.payee ILIKE ANY($3::text[]))
           AND (NOT $4::bool OR t.category_id IS NULL)
         ORDER BY t.date DESC, t.created_at DESC, t.id DESC
         LIMIT $5`,
        [householdId, account.id, patterns, body.uncategorized_only === true, LEDGER_LIMITS.searchResults],
      );
      return result.rows.map((r) => ({ ...r, amount: r.amount / 100 }));
    },
  );

  app.patch<{ Body: BulkCategorizeBody }>(
    '/api/transactions/bulk_categorize',
    { schema: { body: BulkCategorizeBody, response: { 200: BulkCategorizeResponse, ...errorResponses } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { transaction_ids: ids, category_id: categoryId } = request.body;
      requireAtMost(
        ids,
        LEDGER_LIMITS.bulkCategorize,
        `Too many transactions (limit ${LEDGER_LIMITS.bulkCategorize}).`,
      );
      if (ids.length === 0) throw badRequest('Please select a category and at least one transaction.');
      const distinct = [...new Set(ids)];
      const count = await runWrite(app, reply, actor, async (w) => {
        if (!(await categoriesExist(w.client, actor.householdId, [categoryId]))) throw notFound(CATEGORY_NOT_FOUND);
        const rows = (await lockRows(w.client, actor.householdId, distinct)).filter((r) => !r.deleted);
        if (rows.length !== distinct.length) throw notFound(TRANSACTION_NOT_FOUND);
        const changes = await applyChanges(
          w,
          rows
            .filter((r) => r.transfer_id === null)
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
        message: `${count} transaction${count === 1 ? '' : 's'} categorized.`,
        selected: distinct.length,
        changed: count,
      };
    },
  );
}
