import type { FastifyInstance } from 'fastify';
import { EVENTS, IdParams } from '@hf/contracts';
import {
  FinishReconciliationBody,
  OpenReconciliationBody,
  Reconciliation,
  ReconciliationList,
  ReconciliationParams,
  RECONCILIATION_ADJUSTMENT_PAYEE,
} from '@hf/contracts/ledger';
import type { StatementReconciledV1, TransactionDeletedV1 } from '@hf/contracts/ledger-events';
import { badRequest, conflict, identityOf, notFound, requestToday } from '@hf/service-kit';
import { planFinish, statementDateProblem } from '../domain/reconciliation';
import { chunksBySize, toEventSnapshot } from '../domain/transaction-rules';
import { amountToCents, requireDate } from '../domain/values';
import { findAccount } from '../repositories/accounts';
import type { LedgerWrite } from '../repositories/events';
import {
  clearedAsOf,
  clearedAsOfEach,
  insertReconciliation,
  latestFinished,
  lockOpenReconciliation,
  lockReconciliation,
  markFinished,
  markReconciled,
  markUndone,
  reconciliationsOf,
  toReconciliation,
  unmarkReconciled,
  updateOpenStatement,
  type HeldCleared,
  type ReconciliationRow,
} from '../repositories/reconciliations';
import { applyChanges, createSingle } from '../repositories/transaction-writes';
import { lockRows } from '../repositories/transactions';
import { ACCOUNT_NOT_FOUND, LEDGER_ERRORS } from '../route-helpers';
import { runWrite } from '../write';

export const RECONCILIATION_NOT_FOUND = 'Reconciliation not found.';

/** The account's cleared sum held by the balance cache, if any (clearedAsOf checks its version). */
function heldCleared(app: FastifyInstance, householdId: number, accountId: number): HeldCleared | undefined {
  const held = app.balanceCache.held(householdId).get(accountId);
  return held && { version: held.version, cleared: held.sums.cleared };
}

/** Statement reconciliation (docs/decisions/0125-statement-reconciliation.md): open, finish, undo the latest. */
export async function reconciliationRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: IdParams }>(
    '/api/accounts/:id/reconciliations',
    { schema: { params: IdParams, response: { 200: ReconciliationList, ...LEDGER_ERRORS } } },
    async (request) => {
      const { householdId } = identityOf(request);
      const account = await findAccount(app.db, householdId, request.params.id);
      if (!account) throw notFound(ACCOUNT_NOT_FOUND);
      const rows = await reconciliationsOf(app.db, account.id);
      const cleared = await clearedAsOfEach(
        app.db,
        account.id,
        rows.map((r) => r.statement_date),
      );
      const answers = rows.map((r) => toReconciliation(r, cleared.get(r.statement_date)!));
      return {
        open: answers.find((r) => r.status === 'open') ?? null,
        finished: answers.filter((r) => r.status !== 'open'),
      };
    },
  );

  app.post<{ Params: IdParams; Body: OpenReconciliationBody }>(
    '/api/accounts/:id/reconciliations',
    { schema: { params: IdParams, body: OpenReconciliationBody, response: { 200: Reconciliation, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const statementDate = requireDate(request.body.statement_date, 'statement_date');
      const statementBalance = amountToCents(request.body.statement_balance, 'statement_balance');
      const today = requestToday(request);
      return runWrite(app, reply, actor, async (w) => {
        const account = await findAccount(w.client, actor.householdId, request.params.id, 'FOR UPDATE');
        if (!account) throw notFound(ACCOUNT_NOT_FOUND);
        const last = await latestFinished(w.client, account.id);
        const problem = statementDateProblem({ statementDate, today, lastStatementDate: last?.statement_date ?? null });
        if (problem) throw badRequest(problem);
        const open = await lockOpenReconciliation(w.client, account.id);
        let id: number;
        if (open) {
          id = open.id;
          if (open.statement_date !== statementDate || open.statement_balance !== statementBalance)
            await updateOpenStatement(w.client, id, statementDate, statementBalance);
        } else {
          id = await insertReconciliation(
            w.client,
            actor.householdId,
            account.id,
            statementDate,
            statementBalance,
            actor.userId,
          );
        }
        const row = (await lockReconciliation(w.client, actor.householdId, account.id, id))!;
        const held = heldCleared(app, actor.householdId, account.id);
        return toReconciliation(row, await clearedAsOf(w.client, account.id, statementDate, held));
      });
    },
  );

  app.post<{ Params: ReconciliationParams; Body: FinishReconciliationBody }>(
    '/api/accounts/:id/reconciliations/:rid/finish',
    {
      schema: {
        params: ReconciliationParams,
        body: FinishReconciliationBody,
        response: { 200: Reconciliation, ...LEDGER_ERRORS },
      },
    },
    async (request, reply) => {
      const actor = identityOf(request);
      const { id: accountId, rid } = request.params;
      const held = heldCleared(app, actor.householdId, accountId);
      return runWrite(app, reply, actor, (w) => finish(w, accountId, rid, request.body.adjust === true, held));
    },
  );

  app.delete<{ Params: ReconciliationParams }>(
    '/api/accounts/:id/reconciliations/:rid',
    { schema: { params: ReconciliationParams, response: { 200: Reconciliation, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const { id: accountId, rid } = request.params;
      return runWrite(app, reply, actor, (w) => undo(w, accountId, rid));
    },
  );
}

async function lockedOfAccount(w: LedgerWrite, accountId: number, rid: number) {
  const account = await findAccount(w.client, w.householdId, accountId, 'FOR UPDATE');
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  const reconciliation = await lockReconciliation(w.client, w.householdId, account.id, rid);
  if (!reconciliation || reconciliation.undone_at !== null) throw notFound(RECONCILIATION_NOT_FOUND);
  return { account, reconciliation };
}

/** The reconciled / unreconciled event(s) of a reconciliation's rows (ids split to stay well below the bus's limit). */
function announce(w: LedgerWrite, type: string, r: ReconciliationRow, ids: readonly number[]): void {
  const parts = ids.length === 0 ? [[]] : chunksBySize(ids, () => 12, 600_000, 20_000);
  for (const part of parts) {
    const data: StatementReconciledV1 = {
      account_id: r.account_id,
      reconciliation_id: r.id,
      statement_date: r.statement_date,
      statement_balance_cents: r.statement_balance,
      transaction_ids: part,
    };
    w.emit(type, `account/${r.account_id}`, data);
  }
}

/**
 * Finishes an open reconciliation: with a difference, `adjust` first adds a cleared adjustment
 * row dated the statement date (else 409); then every cleared row up to the statement date is
 * marked reconciled. Afterwards the cleared balance as of the statement date is the statement's.
 */
async function finish(
  w: LedgerWrite,
  accountId: number,
  rid: number,
  adjust: boolean,
  held?: HeldCleared,
): Promise<Reconciliation> {
  const { account, reconciliation: r } = await lockedOfAccount(w, accountId, rid);
  if (r.finished_at !== null) throw conflict('This reconciliation is already finished.');
  const cleared = await clearedAsOf(w.client, account.id, r.statement_date, held);
  const plan = planFinish(r.statement_balance - cleared, adjust);
  if (plan.kind === 'refuse') throw conflict(plan.message);
  let adjustmentId: number | null = null;
  if (plan.kind === 'adjust') {
    const row = await createSingle(w, account, {
      date: r.statement_date,
      payee: RECONCILIATION_ADJUSTMENT_PAYEE,
      amount: plan.adjustmentCents,
      status: 'x',
      notes: '',
      category_id: null,
    });
    adjustmentId = row.id;
  }
  const ids = await markReconciled(w.client, r, w.userId);
  // Marking changes no amount: the cleared balance is the one read plus the adjustment. The
  // invariant of every finish (a failure rolls everything back):
  const after = cleared + plan.adjustmentCents;
  if (after !== r.statement_balance) throw new Error(`reconciliation ${r.id}: cleared ${after} after finish`);
  await markFinished(w.client, r.id, w.userId, adjustmentId, ids.length);
  if (ids.length > 0) w.touchRows(ids.map((id) => ({ id, account_id: account.id })));
  else w.touchAccounts([account.id]);
  announce(w, EVENTS.statementReconciled, r, ids);
  const done = (await lockReconciliation(w.client, w.householdId, account.id, r.id))!;
  return toReconciliation(done, after);
}

/**
 * Undoes the account's latest finished reconciliation: its rows stay cleared, its adjustment row is
 * deleted. An open one is discarded.
 */
async function undo(w: LedgerWrite, accountId: number, rid: number): Promise<Reconciliation> {
  const { account, reconciliation: r } = await lockedOfAccount(w, accountId, rid);
  if (r.finished_at === null) {
    // An open one is only put aside: nothing was marked yet.
    await markUndone(w.client, r.id, w.userId);
    return toReconciliation(r, await clearedAsOf(w.client, account.id, r.statement_date));
  }
  const latest = await latestFinished(w.client, account.id);
  if (!latest || latest.id !== r.id) throw conflict('Only the latest reconciliation can be undone.');
  const rows = await unmarkReconciled(w.client, r, w.userId);
  const live = rows.filter((row) => !row.deleted).map((row) => row.id);
  if (r.adjustment_transaction_id !== null) {
    const [adjustment] = await lockRows(w.client, w.householdId, [r.adjustment_transaction_id]);
    if (adjustment && !adjustment.deleted) {
      await applyChanges(
        w,
        [{ before: adjustment, after: { ...adjustment, deleted: true, deleted_reason: 'user' } }],
        'deleted',
        (changes) => {
          const data: TransactionDeletedV1 = {
            transactions: changes.map((c) => toEventSnapshot(c.before)),
            reason: 'user',
          };
          w.emit(EVENTS.transactionDeleted, `account/${account.id}`, data);
        },
      );
    }
  }
  await markUndone(w.client, r.id, w.userId);
  if (rows.length > 0) w.touchRows(rows);
  else w.touchAccounts([account.id]);
  announce(w, EVENTS.statementUnreconciled, r, live);
  return toReconciliation(r, await clearedAsOf(w.client, account.id, r.statement_date));
}
