import type { FastifyInstance, FastifyReply } from 'fastify';
import { LEDGER_LIMITS } from '@hf/contracts/ledger';
import {
  BulkCreateBody,
  BulkCreateResponse,
  CandidateList,
  CandidatesBody,
  ClearTransactionsBody,
  ClearTransactionsResponse,
} from '@hf/contracts/ledger-internal';
import { BulkRowError, checkBulkRows, type CheckedBulkRow } from '@hf/ledger-client/bulk-rows';
import { badRequest, HttpError, notFound } from '@hf/service-kit';
import { findByPath } from '../../domain/category-tree';
import { clearedRows } from '../../domain/clearing';
import { splitLinesInCents, type SplitLineCents } from '../../domain/splits';
import type { TxRow } from '../../domain/transaction-rules';
import { requireAtMost, requireDate } from '../../domain/values';
import { findAccount } from '../../repositories/accounts';
import { categoriesExist, categoriesOf } from '../../repositories/categories';
import type { LedgerWrite } from '../../repositories/events';
import { candidatesJson, claimIdempotencyKey, saveBulkAnswer } from '../../repositories/imports';
import { withoutRowTriggers } from '../../repositories/references';
import { announceChanged, announceCreated, applyChanges, ordinaryRow } from '../../repositories/transaction-writes';
import {
  allocateIds,
  insertRowsInParts,
  lockRows,
  storedRow,
  transactionNow,
  type NewRow,
} from '../../repositories/transactions';
import {
  ACCOUNT_NOT_FOUND,
  CATEGORY_NOT_FOUND,
  LEDGER_ERRORS,
  INTERNAL_ROUTE,
  TRANSACTION_NOT_FOUND,
} from '../../route-helpers';
import { insertImportedHistory } from '../../repositories/history';
import { runWrite } from '../../write';
import { countOf } from '@hf/contracts/wording';

/** Imports are large: up to LEDGER_LIMITS.internalBulk rows per call. */
const BULK_BODY_LIMIT = 64 * 1024 * 1024;

/**
 * svc-import's routes: candidate rows for matching, many rows created in one write (idempotent
 * per key), matched rows cleared. There is no user token, so the household id comes in the body
 * and scopes every id exactly like a token would.
 */
export async function importRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: CandidatesBody }>(
    '/internal/candidates',
    { config: INTERNAL_ROUTE, schema: { body: CandidatesBody, response: { 200: CandidateList, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const { household_id: householdId, account_id: accountId } = request.body;
      const from = requireDate(request.body.from, 'from');
      const to = requireDate(request.body.to, 'to');
      if (!(await findAccount(app.db, householdId, accountId))) throw notFound(ACCOUNT_NOT_FOUND);
      const body = await candidatesJson(app.db, householdId, accountId, from, to);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.post<{ Body: BulkCreateBody }>(
    '/internal/transactions/bulk',
    {
      config: INTERNAL_ROUTE,
      bodyLimit: BULK_BODY_LIMIT,
      schema: { body: BulkCreateBody, response: { 200: BulkCreateResponse, ...LEDGER_ERRORS } },
    },
    async (request, reply) => bulkCreate(app, request.body, reply),
  );

  app.post<{ Body: ClearTransactionsBody }>(
    '/internal/transactions/clear',
    {
      config: INTERNAL_ROUTE,
      bodyLimit: BULK_BODY_LIMIT,
      schema: { body: ClearTransactionsBody, response: { 200: ClearTransactionsResponse, ...LEDGER_ERRORS } },
    },
    async (request, reply) => {
      const cleared = await clearMatched(app, request.body, reply);
      return { message: `${countOf(cleared, 'transaction')} cleared.`, cleared };
    },
  );
}

/** Every row checked by the bulk-row rules before the database is touched; a 400 names the first bad row. */
function checkedRows(rows: BulkCreateBody['transactions']): CheckedBulkRow[] {
  try {
    return checkBulkRows(rows);
  } catch (err) {
    if (err instanceof BulkRowError) throw badRequest(err.message);
    throw err;
  }
}

/** Each row's split lines (null: the row is not split), or null when no row is split (an import's usual case). */
type RowLines = (SplitLineCents[] | null)[] | null;

/**
 * The rows' lines checked by the public create's rules (domain/splits.ts); a 400 names the row.
 * Rows without lines cost one look each.
 */
function splitLinesOf(inputs: readonly CheckedBulkRow[]): RowLines {
  let lines: (SplitLineCents[] | null)[] | null = null;
  for (let i = 0; i < inputs.length; i++) {
    const sent = inputs[i].splits;
    if (!sent || sent.length === 0) continue;
    lines ??= new Array<SplitLineCents[] | null>(inputs.length).fill(null);
    try {
      lines[i] = splitLinesInCents(sent, inputs[i].amount_cents);
    } catch (err) {
      if (err instanceof HttpError) throw badRequest(`Transaction ${i + 1}: ${err.message}`);
      throw err;
    }
  }
  return lines;
}

/** The categories the lines name, each once. */
function lineCategoryIds(lines: RowLines): number[] {
  if (!lines) return [];
  const ids = new Set<number>();
  for (const row of lines) for (const line of row ?? []) if (line.category_id !== null) ids.add(line.category_id);
  return [...ids];
}

/** Many rows in one database transaction (all or none); a repeated key answers the first result. */
async function bulkCreate(
  app: FastifyInstance,
  body: BulkCreateBody,
  reply: FastifyReply,
): Promise<BulkCreateResponse> {
  const householdId = body.household_id;
  requireAtMost(
    body.transactions,
    LEDGER_LIMITS.internalBulk,
    `Too many transactions (limit ${LEDGER_LIMITS.internalBulk}).`,
  );
  const inputs = checkedRows(body.transactions);
  const lines = splitLinesOf(inputs);
  return runWrite(app, reply, { householdId, userId: body.user_id ?? null }, async (w) => {
    const first = await claimIdempotencyKey(w.client, householdId, body.idempotency_key);
    if (first) return { ...first, replayed: true };
    const ids = await insertImportedRows(w, body.account_id, inputs, lines, app.checksReferencesOnce);
    const answer = { created: ids.length, transaction_ids: ids };
    await saveBulkAnswer(w.client, householdId, body.idempotency_key, answer);
    return { ...answer, replayed: false };
  });
}

/** The rows as they will be stored: the account and every category checked (a category text must name one). */
async function importedRows(
  w: LedgerWrite,
  accountId: number,
  inputs: readonly CheckedBulkRow[],
  lines: RowLines,
  referencesLocked: boolean,
): Promise<NewRow[]> {
  // References checked once for all rows (not by a trigger per row) when the database role
  // allows it: the account and the rows' categories locked as the triggers would lock them.
  const account = await findAccount(w.client, w.householdId, accountId, referencesLocked ? 'FOR KEY SHARE' : undefined);
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  const ids = [...new Set(inputs.map((t) => t.category_id).filter((id): id is number => typeof id === 'number'))];
  if (!(await categoriesExist(w.client, w.householdId, [...ids, ...lineCategoryIds(lines)])))
    throw notFound(CATEGORY_NOT_FOUND);
  const needsNames = inputs.some(
    (t, i) => (t.category_id === undefined || t.category_id === null) && t.category && !lines?.[i],
  );
  const categories = needsNames ? await categoriesOf(w.client, w.householdId) : [];
  const newIds = await allocateIds(w.client, inputs.length);
  return inputs.map((t, i) => {
    const entered = { date: t.date, payee: t.payee, amount: t.amount_cents, status: t.status, notes: t.notes };
    const split = lines?.[i];
    // A split row's category is its lines' (the row's own category_id or text does not apply).
    if (split) return { ...ordinaryRow(w, newIds[i], account.id, entered, null), splits: split };
    let categoryId: number | null = t.category_id ?? null;
    if (categoryId === null && t.category && t.category.trim() !== '') {
      const found = findByPath(categories, t.category);
      if (!found) throw badRequest(`Transaction ${i + 1}: the category "${t.category.trim()}" does not exist.`);
      categoryId = found.id;
    }
    return ordinaryRow(w, newIds[i], account.id, entered, categoryId);
  });
}

/** Inserts an import's rows and records their events; answers their ids in input order. */
async function insertImportedRows(
  w: LedgerWrite,
  accountId: number,
  inputs: readonly CheckedBulkRow[],
  lines: RowLines,
  referencesLocked: boolean,
): Promise<number[]> {
  const rows = await importedRows(w, accountId, inputs, lines, referencesLocked);
  // A category deleted since it was looked up is refused, as the trigger would refuse it (the
  // lines' categories too: their foreign key's trigger is off with the rows').
  if (referencesLocked) {
    const categoryIds = rows
      .map((r) => r.category_id)
      .filter((id): id is number => id !== null)
      .concat(lineCategoryIds(lines));
    if (!(await categoriesExist(w.client, w.householdId, categoryIds, true))) throw notFound(CATEGORY_NOT_FOUND);
  }
  // The events (compact JSON) of each part of the rows are written while PostgreSQL inserts that
  // part: the rows as stored are known before (the transaction's timestamp), and JSON work and
  // the INSERT then run on both cores.
  const now = await transactionNow(w.client);
  const insertAndAnnounce = () =>
    insertRowsInParts(w, rows, w.userId, (part) =>
      announceCreated(
        w,
        part.map((r) => storedRow(r, now)),
        'import',
        false,
        true,
      ),
    );
  await (referencesLocked ? withoutRowTriggers(w.client, insertAndAnnounce) : insertAndAnnounce());
  const ids = rows.map((r) => r.id);
  await insertImportedHistory(w.client, w.householdId, w.userId, ids);
  return ids;
}

/**
 * Matched rows become cleared; a budgeted one becomes actual and takes the imported date and
 * amount of its update (an actual row keeps its own), mirrored on its transfer's other leg.
 * Answers how many of the named rows changed.
 */
async function clearMatched(app: FastifyInstance, body: ClearTransactionsBody, reply: FastifyReply): Promise<number> {
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
      amount: u.amount_cents,
    });
  }
  return runWrite(app, reply, { householdId, userId: body.user_id ?? null }, async (w) => {
    const rows = (await lockRows(w.client, householdId, ids)).filter((r) => !r.deleted);
    if (rows.length !== ids.length) throw notFound(TRANSACTION_NOT_FOUND);
    const peerIds = rows
      .map((r) => r.transfer_transaction_id)
      .filter((id): id is number => id !== null && !wanted.has(id));
    const peers = (await lockRows(w.client, householdId, peerIds)).filter((r) => !r.deleted);
    const before = new Map<number, TxRow>([...rows, ...peers].map((r) => [r.id, r]));
    const after = clearedRows(rows, before, updates);
    const changes = await applyChanges(
      w,
      [...before.values()].map((b) => ({ before: b, after: after.get(b.id)! })),
      'cleared',
      announceChanged(w, 'cleared'),
    );
    return changes.filter((c) => wanted.has(c.after.id)).length;
  });
}
