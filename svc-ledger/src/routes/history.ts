import type { FastifyInstance } from 'fastify';
import { EVENTS, IdParams } from '@hf/contracts';
import {
  ACTIVITY_PAGE_SIZE,
  ActivityPage,
  ActivityQuery,
  CHANGE_KINDS,
  changedByOther,
  DeletedRows,
  HISTORY_MESSAGES,
  RECENTLY_DELETED_LIMIT,
  UndoBody,
  UndoManyBody,
  UndoResponse,
} from '@hf/contracts/history';
import type { TransactionMovedV1, TransactionRestoredV1 } from '@hf/contracts/ledger-events';
import { badRequest, conflict, HttpError, identityOf, notFound } from '@hf/service-kit';
import { isValidDate } from '@hf/calendar';
import { toEventSnapshot, type TxRow } from '../domain/transaction-rules';
import { revertRow, sameWrite, undoAction, undoRefusal, type ChangeEntry } from '../domain/undo';
import { findAccount } from '../repositories/accounts';
import { categoriesExist } from '../repositories/categories';
import type { LedgerWrite } from '../repositories/events';
import { activity, deletedRowsOf, householdMembers, latestChanges } from '../repositories/history';
import { isIsoInstant } from '../repositories/sql';
import { announceChanged, applyChanges } from '../repositories/transaction-writes';
import { lockRows, recordsByIds } from '../repositories/transactions';
import { ACCOUNT_NOT_FOUND, LEDGER_ERRORS, TRANSACTION_NOT_FOUND } from '../route-helpers';
import { runWrite } from '../write';

/** The household's activity, recently deleted rows and undo (change history: repositories/history.ts). */
export async function historyRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: ActivityQuery }>(
    '/api/history',
    { schema: { querystring: ActivityQuery, response: { 200: ActivityPage, ...LEDGER_ERRORS } } },
    async (request) => {
      const { householdId } = identityOf(request);
      const q = request.query;
      if (q.kind !== undefined && !(CHANGE_KINDS as readonly string[]).includes(q.kind))
        throw badRequest(HISTORY_MESSAGES.unknownKind);
      let since: string | undefined;
      if (q.since !== undefined) {
        if (isValidDate(q.since)) since = `${q.since}T00:00:00Z`;
        else if (isIsoInstant(q.since)) since = q.since;
        else throw badRequest(HISTORY_MESSAGES.badSince);
      }
      if (q.account_id !== undefined && !(await findAccount(app.db, householdId, q.account_id)))
        throw notFound(ACCOUNT_NOT_FOUND);
      const limit = q.limit ?? ACTIVITY_PAGE_SIZE;
      const [rows, members] = await Promise.all([
        activity(app.db, householdId, {
          accountId: q.account_id,
          userId: q.user_id,
          kind: q.kind,
          since,
          before: q.before,
          limit: limit + 1,
        }),
        householdMembers(app.db, householdId),
      ]);
      const changes = rows.slice(0, limit);
      return {
        changes,
        next_before: rows.length > limit ? changes[changes.length - 1].id : null,
        members,
      };
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/accounts/:id/deleted',
    { schema: { params: IdParams, response: { 200: DeletedRows, ...LEDGER_ERRORS } } },
    async (request) => {
      const { householdId } = identityOf(request);
      if (!(await findAccount(app.db, householdId, request.params.id))) throw notFound(ACCOUNT_NOT_FOUND);
      const deleted = await deletedRowsOf(app.db, householdId, request.params.id, RECENTLY_DELETED_LIMIT);
      const records = await recordsByIds(
        app.db,
        householdId,
        deleted.map((d) => d.id),
      );
      const info = new Map(deleted.map((d) => [d.id, d]));
      return {
        rows: records.map((r) => ({
          ...r,
          deleted_at: info.get(r.id)!.deleted_at,
          deleted_by: info.get(r.id)!.deleted_by,
        })),
      };
    },
  );

  app.post<{ Params: IdParams; Body: UndoBody }>(
    '/api/transactions/:id/undo',
    { schema: { params: IdParams, body: UndoBody, response: { 200: UndoResponse, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const ids = [request.params.id];
      const pinned = request.body?.change_id;
      return runWrite(app, reply, actor, (w) => undoLatest(w, actor.userId, ids, pinned));
    },
  );

  app.post<{ Body: UndoManyBody }>(
    '/api/transactions/undo',
    { schema: { body: UndoManyBody, response: { 200: UndoResponse, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const ids = [...new Set(request.body.transaction_ids)];
      return runWrite(app, reply, actor, (w) => undoLatest(w, actor.userId, ids));
    },
  );
}

const refuse = (r: { status: number; message: string }) => new HttpError(r.status, r.message);

/**
 * Undoes the caller's latest change of each row (and the same write's change of a transfer's
 * other leg), all or nothing: each must still be its row's latest change (decision 0128).
 */
async function undoLatest(
  w: LedgerWrite,
  userId: number,
  ids: readonly number[],
  pinned?: number,
): Promise<{ message: string; transactions: UndoResponse['transactions'] }> {
  const rows = await lockRows(w.client, w.householdId, ids);
  if (rows.length !== ids.length) throw notFound(TRANSACTION_NOT_FOUND);
  const wanted = new Set(ids);
  const peerIds = rows
    .map((r) => r.transfer_transaction_id)
    .filter((id): id is number => id !== null && !wanted.has(id));
  const peers = await lockRows(w.client, w.householdId, peerIds);
  const byId = new Map<number, TxRow>([...rows, ...peers].map((r) => [r.id, r]));
  const latest = new Map<number, ChangeEntry>(
    (await latestChanges(w.client, w.householdId, [...byId.keys()])).map((c) => [c.transaction_id, c]),
  );
  // Units: a row and, for a transfer leg, its other leg changed by the same write.
  const units: Array<{ entry: ChangeEntry; pairs: Array<{ before: TxRow; after: TxRow }> }> = [];
  const done = new Set<number>();
  for (const row of rows) {
    if (done.has(row.id)) continue;
    const entry = latest.get(row.id);
    const refusal = undoRefusal(entry, userId, pinned);
    if (refusal) throw refuse(refusal);
    const pairs = [{ before: row, after: revertRow(row, entry!) }];
    done.add(row.id);
    const peerId = row.transfer_transaction_id;
    const peer = peerId === null ? undefined : byId.get(peerId);
    if (peer) {
      const peerEntry = latest.get(peer.id);
      if (sameWrite(peerEntry, entry!)) {
        pairs.push({ before: peer, after: revertRow(peer, peerEntry!) });
        done.add(peer.id);
      } else if (peerEntry && peerEntry.changed_at > entry!.changed_at) {
        // The other leg was changed after the caller's change (by them or another member).
        throw conflict(
          peerEntry.user_id === userId ? HISTORY_MESSAGES.changedSince : changedByOther(peerEntry.user_name),
        );
      }
    }
    units.push({ entry: entry!, pairs });
  }
  await checkReferences(w, units);
  const restored = units.filter((u) => u.entry.action === 'deleted');
  const moved = units.filter((u) => u.entry.action === 'moved' || 'account_id' in u.entry.old_values);
  const others = units.filter((u) => !restored.includes(u) && !moved.includes(u));
  if (restored.length > 0) {
    await applyChanges(
      w,
      restored.flatMap((u) => u.pairs),
      'restored',
      (changes) => {
        const data: TransactionRestoredV1 = { transactions: changes.map((c) => toEventSnapshot(c.after)) };
        w.emit(EVENTS.transactionRestored, `account/${changes[0].after.account_id}`, data);
      },
    );
  }
  for (const u of moved) {
    const from = u.pairs[0].before.account_id;
    const to = u.pairs[0].after.account_id;
    await applyChanges(w, u.pairs, undoAction(u.entry.action), (changes) => {
      const data: TransactionMovedV1 = {
        changes: changes.map((c) => ({ before: toEventSnapshot(c.before), after: toEventSnapshot(c.after) })),
        from_account_id: from,
        to_account_id: to,
      };
      w.emit(EVENTS.transactionMoved, `account/${from}`, data);
    });
  }
  if (others.length > 0)
    await applyChanges(
      w,
      others.flatMap((u) => u.pairs),
      'undone',
      announceChanged(w, 'undone'),
    );
  const transactions = await recordsByIds(w.client, w.householdId, ids);
  return { message: ids.length === 1 ? 'Change undone.' : `${ids.length} changes undone.`, transactions };
}

/** The accounts and categories an undo puts back must still exist. */
async function checkReferences(
  w: LedgerWrite,
  units: ReadonlyArray<{ pairs: ReadonlyArray<{ before: TxRow; after: TxRow }> }>,
): Promise<void> {
  const afters = units.flatMap((u) => u.pairs.map((p) => p.after));
  const accountIds = new Set(
    units.flatMap((u) =>
      u.pairs.filter((p) => p.after.account_id !== p.before.account_id).map((p) => p.after.account_id),
    ),
  );
  for (const id of accountIds) {
    if (!(await findAccount(w.client, w.householdId, id)))
      throw conflict('The account this transaction was moved from was deleted, so the move cannot be undone.');
  }
  const categoryIds = afters
    .flatMap((r) => [r.category_id, ...(r.splits ?? []).map((l) => l.category_id)])
    .filter((id): id is number => id !== null);
  if (!(await categoriesExist(w.client, w.householdId, categoryIds)))
    throw conflict('A category this change would put back was deleted, so it cannot be undone.');
}
