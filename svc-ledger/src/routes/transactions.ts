import type { FastifyInstance, FastifyReply } from 'fastify';
import { EVENTS, IdParams, MessageResponse, PAYEE_REQUIRED } from '@hf/contracts';
import {
  CreateTransactionBody,
  MoveTransactionBody,
  SetStatusBody,
  TransactionRecord,
  UpdateTransactionBody,
} from '@hf/contracts/ledger';
import { HISTORY_MESSAGES, otherAccountDeleted, RowHistory } from '@hf/contracts/history';
import type { TransactionDeletedV1, TransactionMovedV1, TransactionRestoredV1 } from '@hf/contracts/ledger-events';
import Type from 'typebox';
import { badRequest, conflict, notFound, identityOf } from '@hf/service-kit';
import { linesAfterEdit, parseSplitLines, SPLIT_MESSAGES, type SplitLineCents } from '../domain/splits';
import { normaliseStatus, type Status } from '../domain/status';
import { applyEdit, applyMove, applyStatus, legPairs, toEventSnapshot } from '../domain/transaction-rules';
import { accountNamedBy, transferDirection } from '../domain/transfer';
import { amountToCents, requireDate } from '../domain/values';
import { accountRows, findAccount } from '../repositories/accounts';
import { categoriesExist } from '../repositories/categories';
import type { LedgerWrite } from '../repositories/events';
import { detachedAfterDelete, historyOf } from '../repositories/history';
import { isIsoInstant, sameInstant } from '../repositories/sql';
import {
  announceChanged,
  applyChanges,
  createSingle,
  createTransfer,
  recordAfter,
  resolveCategory,
} from '../repositories/transaction-writes';
import { lockWithPeer, recordById, transactionExists } from '../repositories/transactions';
import {
  ACCOUNT_NOT_FOUND,
  CATEGORY_NOT_FOUND,
  LEDGER_ERRORS,
  TRANSACTION_NOT_FOUND,
  TRANSFER_DESTINATION_MESSAGE,
} from '../route-helpers';
import { runWrite } from '../write';

const MoveResponse = Type.Object({ ...TransactionRecord.properties, message: Type.String() });

function statusOf(input: string | undefined): Status | undefined {
  if (input === undefined) return undefined;
  const status = normaliseStatus(input);
  if (status === null) throw badRequest('Status must be empty, p or x.');
  return status;
}

function cleanPayee(input: string): string {
  const payee = input.trim();
  if (payee === '') throw badRequest(PAYEE_REQUIRED);
  return payee;
}

const STALE_MESSAGE = 'This transaction was changed since you loaded it. Reload and try again.';

type Actor = { householdId: number; userId: number };

/** One row: the entry line, edits, status, move, delete / restore, history. The register itself is register.ts. */
export async function transactionRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: IdParams; Body: CreateTransactionBody }>(
    '/api/accounts/:id/transactions',
    {
      schema: {
        params: IdParams,
        body: CreateTransactionBody,
        response: { 201: TransactionRecord, ...LEDGER_ERRORS },
      },
    },
    async (request, reply) => {
      const record = await createEntry(app, reply, identityOf(request), request.params.id, request.body);
      reply.code(201);
      return record;
    },
  );

  app.put<{ Params: IdParams; Body: UpdateTransactionBody }>(
    '/api/transactions/:id',
    {
      schema: {
        params: IdParams,
        body: UpdateTransactionBody,
        response: { 200: TransactionRecord, ...LEDGER_ERRORS },
      },
    },
    async (request, reply) => editRow(app, reply, identityOf(request), request.params.id, request.body),
  );

  app.patch<{ Params: IdParams }>(
    '/api/transactions/:id/delete',
    { schema: { params: IdParams, response: { 200: MessageResponse, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      await deleteRow(app, reply, identityOf(request), request.params.id);
      return { message: 'Transaction deleted.' };
    },
  );

  app.patch<{ Params: IdParams }>(
    '/api/transactions/:id/restore',
    { schema: { params: IdParams, response: { 200: TransactionRecord, ...LEDGER_ERRORS } } },
    async (request, reply) => restoreRow(app, reply, identityOf(request), request.params.id),
  );

  app.patch<{ Params: IdParams; Body: MoveTransactionBody }>(
    '/api/transactions/:id/move',
    { schema: { params: IdParams, body: MoveTransactionBody, response: { 200: MoveResponse, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const record = await moveRow(app, reply, identityOf(request), request.params.id, request.body);
      return { ...record, message: 'Transaction moved.' };
    },
  );

  app.patch<{ Params: IdParams; Body: SetStatusBody }>(
    '/api/transactions/:id/status',
    { schema: { params: IdParams, body: SetStatusBody, response: { 200: TransactionRecord, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const status = statusOf(request.body.status)!;
      return runWrite(app, reply, actor, async (w) => {
        const found = await lockWithPeer(w.client, actor.householdId, request.params.id);
        if (!found || found.row.deleted) throw notFound(TRANSACTION_NOT_FOUND);
        const next = applyStatus(found.row, found.peer, status);
        const changes = await applyChanges(w, legPairs(found, next), 'status', announceChanged(w, 'status'), {
          records: true,
        });
        return recordAfter(w, changes, found.row.id);
      });
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/transactions/:id/history',
    { schema: { params: IdParams, response: { 200: RowHistory, ...LEDGER_ERRORS } } },
    async (request) => {
      const { householdId } = identityOf(request);
      if (!(await transactionExists(app.db, householdId, request.params.id))) throw notFound(TRANSACTION_NOT_FOUND);
      return historyOf(app.db, householdId, request.params.id);
    },
  );
}

/** The entry line: a row, or a transfer when the payee names another account or a destination is given. */
async function createEntry(
  app: FastifyInstance,
  reply: FastifyReply,
  actor: Actor,
  accountId: number,
  body: CreateTransactionBody,
): Promise<TransactionRecord> {
  const date = requireDate(body.date);
  const payee = cleanPayee(body.payee);
  const amount = amountToCents(body.amount);
  const status = statusOf(body.status) ?? '';
  const notes = (body.notes ?? '').trim();
  const lines = parseSplitLines(body.splits ?? null, amount);
  return runWrite(app, reply, actor, async (w) => {
    await requireLineCategories(w, lines);
    const accounts = await accountRows(w.client, actor.householdId);
    const account = accounts.find((a) => a.id === accountId);
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
      (await resolveCategory(w.client, actor.householdId, destination ? { category_id: body.category_id } : body)) ??
      null;
    if (destination) {
      if (lines.length > 0) throw badRequest(SPLIT_MESSAGES.transfer);
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
    const row = await createSingle(w, account, {
      date,
      payee,
      amount,
      status,
      notes,
      category_id: lines.length > 0 ? null : categoryId,
      splits: lines,
    });
    return recordById(w.client, actor.householdId, row.id);
  });
}

/** A row edit (a transfer leg's other leg in step); 409 when `updated_at` is stale. */
async function editRow(
  app: FastifyInstance,
  reply: FastifyReply,
  actor: Actor,
  id: number,
  body: UpdateTransactionBody,
): Promise<TransactionRecord> {
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
    const found = await lockWithPeer(w.client, actor.householdId, id);
    if (!found || found.row.deleted) throw notFound(TRANSACTION_NOT_FOUND);
    if (body.updated_at !== undefined && !(await sameInstant(w.client, body.updated_at, found.row.updated_at)))
      throw conflict(STALE_MESSAGE);
    // A leg's category is fixed: its text is ignored, but an id is still checked (404 if foreign).
    const isLeg = found.row.transfer_id !== null;
    const categoryId = await resolveCategory(
      w.client,
      actor.householdId,
      isLeg ? { category_id: body.category_id } : body,
    );
    const lines = linesAfterEdit(found.row.splits ?? [], body.splits, {
      amountCents: isLeg ? 0 : (edit.amount ?? found.row.amount),
      isTransfer: isLeg,
      categoryGiven: categoryId !== undefined && categoryId !== null,
    });
    await requireLineCategories(w, lines);
    const next = applyEdit(found.row, found.peer, {
      ...edit,
      category_id: lines.length > 0 ? null : categoryId,
      splits: isLeg ? undefined : lines,
    });
    const changes = await applyChanges(w, legPairs(found, next), 'edited', announceChanged(w, 'edited'), {
      records: true,
    });
    return recordAfter(w, changes, found.row.id);
  });
}

/** 404 unless every line's category is the household's (held until the write ends, as a foreign key would). */
async function requireLineCategories(w: LedgerWrite, lines: readonly SplitLineCents[]): Promise<void> {
  const ids = lines.flatMap((l) => (l.category_id === null ? [] : [l.category_id]));
  if (!(await categoriesExist(w.client, w.householdId, ids, true))) throw notFound(CATEGORY_NOT_FOUND);
}

/** Locks a row and its transfer's other leg, or 404. */
async function lockedLegs(w: LedgerWrite, id: number) {
  const found = await lockWithPeer(w.client, w.householdId, id);
  if (!found) throw notFound(TRANSACTION_NOT_FOUND);
  return { found, rows: [found.row, ...(found.peer ? [found.peer] : [])] };
}

/** Soft-deletes a row (both legs of a transfer). */
async function deleteRow(app: FastifyInstance, reply: FastifyReply, actor: Actor, id: number): Promise<void> {
  await runWrite(app, reply, actor, async (w) => {
    const { found, rows } = await lockedLegs(w, id);
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
}

/**
 * Restores a deleted row (both legs of a transfer). A row that is not deleted is 400; a transfer
 * leg whose other account was deleted since (the leg was detached from it) is 409.
 */
async function restoreRow(
  app: FastifyInstance,
  reply: FastifyReply,
  actor: Actor,
  id: number,
): Promise<TransactionRecord> {
  return runWrite(app, reply, actor, async (w) => {
    const { found, rows } = await lockedLegs(w, id);
    if (!found.row.deleted) throw badRequest(HISTORY_MESSAGES.notDeleted);
    const detachedFrom = found.row.transfer_id === null ? await detachedAfterDelete(w.client, w.householdId, id) : null;
    if (detachedFrom !== null) throw conflict(otherAccountDeleted(detachedFrom));
    const changes = await applyChanges(
      w,
      rows.map((r) => ({ before: r, after: r.deleted ? { ...r, deleted: false, deleted_reason: null } : r })),
      'restored',
      (restored) => {
        const data: TransactionRestoredV1 = { transactions: restored.map((c) => toEventSnapshot(c.after)) };
        w.emit(EVENTS.transactionRestored, `account/${found.row.account_id}`, data);
      },
      { records: true },
    );
    return recordAfter(w, changes, found.row.id);
  });
}

/** Moves a row (keeping id, date, amount, status) to another account of the household. */
async function moveRow(
  app: FastifyInstance,
  reply: FastifyReply,
  actor: Actor,
  id: number,
  body: MoveTransactionBody,
): Promise<TransactionRecord> {
  return runWrite(app, reply, actor, async (w) => {
    const found = await lockWithPeer(w.client, actor.householdId, id);
    if (!found || found.row.deleted) throw notFound(TRANSACTION_NOT_FOUND);
    const destination = await findAccount(w.client, actor.householdId, body.destination_account_id);
    if (!destination) throw notFound(ACCOUNT_NOT_FOUND);
    const moved = applyMove(found.row, found.peer, destination);
    if (moved === 'same-as-other-leg') {
      throw badRequest('A transfer cannot be moved into the account of its other leg.');
    }
    const changes = await applyChanges(
      w,
      legPairs(found, moved),
      'moved',
      (written) => {
        const data: TransactionMovedV1 = {
          changes: written.map((c) => ({ before: toEventSnapshot(c.before), after: toEventSnapshot(c.after) })),
          from_account_id: found.row.account_id,
          to_account_id: destination.id,
        };
        w.emit(EVENTS.transactionMoved, `account/${found.row.account_id}`, data);
      },
      { records: true },
    );
    return recordAfter(w, changes, found.row.id);
  });
}
