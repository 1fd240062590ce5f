import type { FastifyInstance } from 'fastify';
import { EVENTS } from '@hf/contracts';
import { LEDGER_LIMITS } from '@hf/contracts/ledger';
import type { TransactionDeletedV1 } from '@hf/contracts/ledger-events';
import {
  BulkCreateBody,
  BulkCreateResponse,
  CandidateList,
  CandidatesBody,
  ClearTransactionsBody,
  ClearTransactionsResponse,
  DeleteBudgetedRowsBody,
  DeleteBudgetedRowsResponse,
  UpsertBudgetedRowBody,
  UpsertBudgetedRowResponse,
} from '@hf/contracts/ledger-internal';
import { isValidMonth } from '@hf/calendar';
import { badRequest, notFound } from '@hf/service-kit';
import { findByPath } from '../domain/category-tree';
import { normaliseStatus, type Status } from '../domain/status';
import { chunksBySize, snapshotBytes, toEventSnapshot, type TxRow } from '../domain/transaction-rules';
import { accountNamedBy } from '../domain/transfer';
import { amountToCents, requireAtMost, requireDate } from '../domain/values';
import { accountRows, findAccount } from '../repositories/accounts';
import { categoriesExist, categoriesOf } from '../repositories/categories';
import type { LedgerWrite } from '../repositories/events';
import { withoutRowTriggers } from '../repositories/references';
import {
  announceChanged,
  announceCreated,
  applyChanges,
  blankRow,
  createTransfer,
  ordinaryRow,
  resolveCategory,
} from '../repositories/transaction-writes';
import {
  allocateIds,
  hardDeleteRows,
  insertNewRows,
  insertRows,
  lockRows,
  lockScheduleRows,
  storedRow,
  transactionNow,
  type NewRow,
} from '../repositories/transactions';
import { runWrite } from '../write';
import { ACCOUNT_NOT_FOUND, CATEGORY_NOT_FOUND, errorResponses, TRANSACTION_NOT_FOUND } from './common';

const internal = { internal: true } as const;
/** Imports are large: up to LEDGER_LIMITS.internalBulk rows per call. */
const BULK_BODY_LIMIT = 64 * 1024 * 1024;

function statusOrBadRequest(input: string | undefined, where: string): Status {
  const status = normaliseStatus(input ?? '');
  if (status === null) throw badRequest(`${where}: status must be empty, p or x.`);
  return status;
}

/** Removes generated budgeted rows for good and announces it. */
async function removeBudgetedRows(w: LedgerWrite, rows: readonly TxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await hardDeleteRows(w, rows);
  for (const part of chunksBySize(rows, snapshotBytes)) {
    const data: TransactionDeletedV1 = { transactions: part.map(toEventSnapshot), reason: 'budgeted_removed' };
    w.emit(EVENTS.transactionDeleted, `account/${part[0].account_id}`, data);
  }
}

/**
 * Service-to-service routes (x-internal-token; never routed by the gateway). There is no user
 * token, so the household id comes in the body and scopes every id exactly like a token would.
 */
export async function internalRoutes(app: FastifyInstance): Promise<void> {
  // --- Import matching: candidate rows of an account in a date range ----------------------------
  app.post<{ Body: CandidatesBody }>(
    '/internal/candidates',
    { config: internal, schema: { body: CandidatesBody, response: { 200: CandidateList, ...errorResponses } } },
    async (request, reply) => {
      const { household_id: householdId, account_id: accountId } = request.body;
      const from = requireDate(request.body.from, 'from');
      const to = requireDate(request.body.to, 'to');
      if (!(await findAccount(app.db, householdId, accountId))) throw notFound(ACCOUNT_NOT_FOUND);
      // The answer's JSON is written by PostgreSQL (as the register's rows are): a 50,000-row
      // account is one text value instead of 50,000 rows parsed, copied and serialised here.
      const result = await app.db.query<{ body: string }>(
        `SELECT '[' || coalesce(string_agg(
             '{"id":' || id || ',"date":"' || date::text || '","payee":' || to_json(payee)::text
             || ',"amount":' || trim_scale(amount / 100.0) || ',"status":"' || status || '","is_budgeted":' || is_budgeted
             || ',"category_id":' || coalesce(category_id::text, 'null') || ',"transfer_id":' || coalesce(transfer_id::text, 'null') || '}',
             ',' ORDER BY date, created_at, id), '') || ']' AS body
         FROM transactions
         WHERE household_id = $1 AND account_id = $2 AND deleted_at IS NULL AND date BETWEEN $3 AND $4`,
        [householdId, accountId, from, to],
      );
      return reply.type('application/json; charset=utf-8').send(result.rows[0].body);
    },
  );

  // --- Import: many rows in one database transaction, idempotent per key ------------------------
  app.post<{ Body: BulkCreateBody }>(
    '/internal/transactions/bulk',
    {
      config: internal,
      bodyLimit: BULK_BODY_LIMIT,
      schema: { body: BulkCreateBody, response: { 200: BulkCreateResponse, ...errorResponses } },
    },
    async (request, reply) => {
      const body = request.body;
      const householdId = body.household_id;
      requireAtMost(
        body.transactions,
        LEDGER_LIMITS.internalBulk,
        `Too many transactions (limit ${LEDGER_LIMITS.internalBulk}).`,
      );
      // Validate every row before touching the database; the message names the row.
      const inputs = body.transactions.map((t, i) => {
        const where = `Transaction ${i + 1}`;
        if (!isValidDateSafe(t.date)) throw badRequest(`${where}: the date must be a real date (YYYY-MM-DD).`);
        const payee = t.payee.trim();
        if (payee === '') throw badRequest(`${where}: payee is required.`);
        let amount: number;
        try {
          amount = amountToCents(t.amount);
        } catch (err) {
          throw badRequest(`${where}: ${(err as Error).message}`);
        }
        return {
          date: t.date,
          payee,
          amount,
          status: statusOrBadRequest(t.status, where),
          notes: (t.notes ?? '').trim(),
          category_id: t.category_id,
          category: t.category,
        };
      });
      return runWrite(app, reply, { householdId, userId: body.user_id ?? null }, async (w) => {
        const claimed = await w.client.query(
          'INSERT INTO idempotency_keys (household_id, key) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING key',
          [householdId, body.idempotency_key],
        );
        if (claimed.rowCount === 0) {
          const stored = await w.client.query<{ response: StoredBulkAnswer | null }>(
            'SELECT response FROM idempotency_keys WHERE household_id = $1 AND key = $2',
            [householdId, body.idempotency_key],
          );
          const first = stored.rows[0]?.response;
          if (first) return { ...bulkAnswer(first), replayed: true };
        }
        // References checked once for all rows (not by a trigger per row) when the database role
        // allows it: the account and the rows' categories locked as the triggers would lock them.
        const referencesLocked = app.checksReferencesOnce;
        const account = await findAccount(
          w.client,
          householdId,
          body.account_id,
          referencesLocked ? 'FOR KEY SHARE' : undefined,
        );
        if (!account) throw notFound(ACCOUNT_NOT_FOUND);
        const ids = [...new Set(inputs.map((t) => t.category_id).filter((id): id is number => typeof id === 'number'))];
        if (!(await categoriesExist(w.client, householdId, ids))) throw notFound(CATEGORY_NOT_FOUND);
        const needsNames = inputs.some((t) => (t.category_id === undefined || t.category_id === null) && t.category);
        const categories = needsNames ? await categoriesOf(w.client, householdId) : [];
        const newIds = await allocateIds(w.client, inputs.length);
        const rows: NewRow[] = inputs.map((t, i) => {
          let categoryId: number | null = t.category_id ?? null;
          if (categoryId === null && t.category && t.category.trim() !== '') {
            const found = findByPath(categories, t.category);
            if (!found) throw badRequest(`Transaction ${i + 1}: the category "${t.category.trim()}" does not exist.`);
            categoryId = found.id;
          }
          return ordinaryRow(w, newIds[i], account.id, t, categoryId);
        });
        // A category deleted since it was looked up is refused, as the trigger would refuse it.
        if (referencesLocked) {
          const categoryIds = rows.map((r) => r.category_id).filter((id): id is number => id !== null);
          if (!(await categoriesExist(w.client, householdId, categoryIds, true))) throw notFound(CATEGORY_NOT_FOUND);
        }
        // The events (~90 bytes of JSON a row, compact) are written while PostgreSQL inserts the rows: the
        // rows as stored are known before (the transaction's timestamp), and JSON work and the
        // INSERT then run on both cores.
        const now = await transactionNow(w.client);
        const insertAndAnnounce = async () => {
          const inserting = insertNewRows(w, rows, w.userId);
          inserting.catch(() => undefined); // awaited below; a refusal then rolls the write back
          await announceCreated(
            w,
            rows.map((r) => storedRow(r, now)),
            'import',
            false,
            true,
          );
          await inserting;
        };
        await (referencesLocked ? withoutRowTriggers(w.client, insertAndAnnounce) : insertAndAnnounce());
        const response = { created: rows.length, transaction_ids: newIds };
        await w.client.query('UPDATE idempotency_keys SET response = $3 WHERE household_id = $1 AND key = $2', [
          householdId,
          body.idempotency_key,
          JSON.stringify(storedBulkAnswer(response)),
        ]);
        return { ...response, replayed: false };
      });
    },
  );

  // --- Import: matched rows become cleared (budgeted ones actual, with the imported values) -----
  app.post<{ Body: ClearTransactionsBody }>(
    '/internal/transactions/clear',
    {
      config: internal,
      bodyLimit: BULK_BODY_LIMIT,
      schema: { body: ClearTransactionsBody, response: { 200: ClearTransactionsResponse, ...errorResponses } },
    },
    async (request, reply) => {
      const body = request.body;
      const householdId = body.household_id;
      requireAtMost(
        body.transaction_ids,
        LEDGER_LIMITS.internalBulk,
        `Too many transactions (limit ${LEDGER_LIMITS.internalBulk}).`,
      );
      const ids = [...new Set(body.transaction_ids)];
      const wanted = new Set(ids);
      const updates = new Map<number, { date?: string; amount?: number }>();
      for (const u of body.updates ?? []) {
        if (!wanted.has(u.id)) throw badRequest('Every update must name one of the transaction_ids.');
        updates.set(u.id, {
          date: u.date === undefined ? undefined : requireDate(u.date),
          amount: u.amount === undefined ? undefined : amountToCents(u.amount),
        });
      }
      const cleared = await runWrite(app, reply, { householdId, userId: body.user_id ?? null }, async (w) => {
        const rows = (await lockRows(w.client, householdId, ids)).filter((r) => !r.deleted);
        if (rows.length !== ids.length) throw notFound(TRANSACTION_NOT_FOUND);
        const peerIds = rows
          .map((r) => r.transfer_transaction_id)
          .filter((id): id is number => id !== null && !wanted.has(id));
        const peers = (await lockRows(w.client, householdId, peerIds)).filter((r) => !r.deleted);
        const before = new Map<number, TxRow>([...rows, ...peers].map((r) => [r.id, r]));
        const after = new Map<number, TxRow>(before);
        for (const row of rows) {
          const u = updates.get(row.id) ?? {};
          const current = after.get(row.id)!;
          const next: TxRow = { ...current, status: 'x', is_budgeted: false };
          // The imported values win only for a budgeted row (a plan); an actual row keeps its own.
          if (row.is_budgeted) {
            if (u.date !== undefined) next.date = u.date;
            if (u.amount !== undefined) next.amount = u.amount;
          }
          after.set(row.id, next);
          const peerId = row.transfer_transaction_id;
          const peer = peerId === null ? undefined : after.get(peerId);
          if (peer) {
            after.set(peer.id, {
              ...peer,
              date: next.date,
              amount: next.amount === 0 ? 0 : -next.amount,
              is_budgeted: row.is_budgeted ? false : peer.is_budgeted,
            });
          }
        }
        const changes = await applyChanges(
          w,
          [...before.values()].map((b) => ({ before: b, after: after.get(b.id)! })),
          'cleared',
          announceChanged(w, 'cleared'),
        );
        return changes.filter((c) => wanted.has(c.after.id)).length;
      });
      return { message: `${cleared} transaction${cleared === 1 ? '' : 's'} cleared.`, cleared };
    },
  );

  // --- The Predictables: one budgeted row (or transfer pair) per schedule and month ------------
  app.put<{ Body: UpsertBudgetedRowBody }>(
    '/internal/budgeted-rows',
    {
      config: internal,
      schema: { body: UpsertBudgetedRowBody, response: { 200: UpsertBudgetedRowResponse, ...errorResponses } },
    },
    async (request, reply) => {
      const body = request.body;
      const householdId = body.household_id;
      if (!isValidMonth(body.month)) throw badRequest('The field "month" must be a real month (YYYY-MM).');
      const date = requireDate(body.date);
      const amount = amountToCents(body.amount);
      const payee = body.payee.trim();
      if (payee === '') throw badRequest('Payee is required.');
      const notes = (body.notes ?? '').trim();
      return runWrite(app, reply, { householdId, userId: null }, async (w) => {
        const accounts = await accountRows(w.client, householdId);
        const account = accounts.find((a) => a.id === body.account_id);
        if (!account) throw notFound(ACCOUNT_NOT_FOUND);
        const categoryId = (await resolveCategory(w.client, householdId, { category_id: body.category_id })) ?? null;
        const existing = await lockScheduleRows(w.client, householdId, body.schedule_id, body.month);
        const detached = existing.find((r) => r.deleted || !r.is_budgeted);
        if (detached) return { state: 'detached' as const, transaction_id: detached.id };
        const transferTo = accountNamedBy(payee, accounts, account.id);
        const budgeted = { schedule_id: body.schedule_id, schedule_month: body.month };

        const create = async (): Promise<number> => {
          if (transferTo) {
            const outgoing = amount < 0;
            const { fromLeg, toLeg } = await createTransfer(
              w,
              {
                from: outgoing ? account : transferTo,
                to: outgoing ? transferTo : account,
                amountCents: Math.abs(amount),
                date,
                notes,
                fromStatus: '',
                toStatus: '',
                budgeted,
              },
              'budgeted',
            );
            return outgoing ? fromLeg.id : toLeg.id;
          }
          const [id] = await allocateIds(w.client, 1);
          const [row] = await insertRows(
            w,
            [
              {
                ...blankRow(w, id, account.id),
                date,
                payee,
                amount,
                status: '',
                notes,
                category_id: categoryId,
                is_budgeted: true,
                ...budgeted,
              },
            ],
            null,
          );
          await announceCreated(w, [row], 'budgeted', false);
          return row.id;
        };

        if (existing.length === 0) return { state: 'created' as const, transaction_id: await create() };
        const mine = existing.find((r) => r.account_id === account.id) ?? existing[0];
        const sameShape = transferTo
          ? existing.length === 2 && mine.account_id === account.id && mine.transfer_account_id === transferTo.id
          : existing.length === 1 && mine.transfer_id === null && mine.account_id === account.id;
        if (!sameShape) {
          await removeBudgetedRows(w, existing);
          return { state: 'updated' as const, transaction_id: await create() };
        }
        const pairs: Array<{ before: TxRow; after: TxRow }> = [];
        if (transferTo) {
          pairs.push({ before: mine, after: { ...mine, date, amount, notes } });
          const peer = existing.find((r) => r.id !== mine.id)!;
          pairs.push({ before: peer, after: { ...peer, date, amount: amount === 0 ? 0 : -amount, notes } });
        } else {
          pairs.push({ before: mine, after: { ...mine, date, payee, amount, notes, category_id: categoryId } });
        }
        const changes = await applyChanges(w, pairs, 'budgeted_sync', announceChanged(w, 'budgeted_sync'), false);
        return { state: changes.length > 0 ? ('updated' as const) : ('unchanged' as const), transaction_id: mine.id };
      });
    },
  );

  app.delete<{ Body: DeleteBudgetedRowsBody }>(
    '/internal/budgeted-rows',
    {
      config: internal,
      schema: { body: DeleteBudgetedRowsBody, response: { 200: DeleteBudgetedRowsResponse, ...errorResponses } },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.month !== undefined && !isValidMonth(body.month))
        throw badRequest('The field "month" must be a real month (YYYY-MM).');
      const deleted = await runWrite(app, reply, { householdId: body.household_id, userId: null }, async (w) => {
        const rows = (await lockScheduleRows(w.client, body.household_id, body.schedule_id, body.month)).filter(
          (r) => r.is_budgeted && !r.deleted,
        );
        await removeBudgetedRows(w, rows);
        return rows.length;
      });
      return { deleted };
    },
  );
}

/** A bulk create's answer as kept under its idempotency key; consecutive ids (one allocation) as their range. */
type StoredBulkAnswer =
  { created: number; transaction_ids: number[] } | { created: number; id_range: [number, number] };

function storedBulkAnswer(answer: { created: number; transaction_ids: number[] }): StoredBulkAnswer {
  const ids = answer.transaction_ids;
  const consecutive = ids.length > 1 && ids.every((id, i) => id === ids[0] + i);
  return consecutive ? { created: answer.created, id_range: [ids[0], ids[ids.length - 1]] } : answer;
}

function bulkAnswer(stored: StoredBulkAnswer): { created: number; transaction_ids: number[] } {
  if (!('id_range' in stored)) return stored;
  const [first, last] = stored.id_range;
  return { created: stored.created, transaction_ids: Array.from({ length: last - first + 1 }, (_, i) => first + i) };
}

function isValidDateSafe(date: string): boolean {
  try {
    requireDate(date);
    return true;
  } catch {
    return false;
  }
}
