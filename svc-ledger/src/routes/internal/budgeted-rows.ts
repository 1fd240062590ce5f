import type { FastifyInstance, FastifyReply } from 'fastify';
import { EVENTS, PAYEE_REQUIRED } from '@hf/contracts';
import type { TransactionDeletedV1 } from '@hf/contracts/ledger-events';
import {
  DeleteBudgetedRowsBody,
  DeleteBudgetedRowsResponse,
  SyncScheduleRowsBody,
  SyncScheduleRowsResponse,
  UpsertBudgetedRowBody,
  UpsertBudgetedRowResponse,
} from '@hf/contracts/ledger-internal';
import { isValidMonth } from '@hf/calendar';
import { badRequest, notFound } from '@hf/service-kit';
import { chunksBySize, snapshotBytes, toEventSnapshot, type TxRow } from '../../domain/transaction-rules';
import { occurrenceIndex, occurrenceKey } from '../../domain/schedule-occurrence';
import { accountNamedBy } from '../../domain/transfer';
import { requireDate } from '../../domain/values';
import { accountRows, type AccountRow } from '../../repositories/accounts';
import type { LedgerWrite } from '../../repositories/events';
import {
  announceChanged,
  announceCreated,
  applyChanges,
  blankRow,
  createTransfer,
  resolveCategory,
} from '../../repositories/transaction-writes';
import {
  allocateIds,
  hardDeleteRows,
  insertRows,
  lockScheduleMonths,
  lockScheduleRows,
} from '../../repositories/transactions';
import { ACCOUNT_NOT_FOUND, LEDGER_ERRORS, INTERNAL_ROUTE } from '../../route-helpers';
import { runWrite } from '../../write';

const MONTH_MESSAGE = 'The field "month" must be a real month (YYYY-MM).';
const DATES_MESSAGE = 'Send exactly one of "date" and "dates".';

/**
 * svc-budget's routes for The Predictables: one budgeted row (or budgeted transfer pair) per
 * occurrence of a schedule (several a month for weekly or twice-monthly ones), kept in step with
 * the schedule; removed for good when it no longer wants it. An occurrence whose row became actual
 * is left alone (`detached`) and not generated again.
 */
export async function budgetedRowRoutes(app: FastifyInstance): Promise<void> {
  app.put<{ Body: UpsertBudgetedRowBody }>(
    '/internal/budgeted-rows',
    {
      config: INTERNAL_ROUTE,
      schema: { body: UpsertBudgetedRowBody, response: { 200: UpsertBudgetedRowResponse, ...LEDGER_ERRORS } },
    },
    async (request, reply) => upsertBudgetedRows(app, request.body, reply),
  );

  app.put<{ Body: SyncScheduleRowsBody }>(
    '/internal/budgeted-rows/schedule',
    {
      config: INTERNAL_ROUTE,
      schema: { body: SyncScheduleRowsBody, response: { 200: SyncScheduleRowsResponse, ...LEDGER_ERRORS } },
    },
    async (request, reply) => syncScheduleRows(app, request.body, reply),
  );

  app.delete<{ Body: DeleteBudgetedRowsBody }>(
    '/internal/budgeted-rows',
    {
      config: INTERNAL_ROUTE,
      schema: { body: DeleteBudgetedRowsBody, response: { 200: DeleteBudgetedRowsResponse, ...LEDGER_ERRORS } },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.month !== undefined && !isValidMonth(body.month)) throw badRequest(MONTH_MESSAGE);
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

/** One occurrence's budgeted row as the schedule wants it (amount in cents). */
interface WantedRow {
  scheduleId: number;
  /** The row's `schedule_month`: which occurrence of which month (domain/schedule-occurrence.ts). */
  key: string;
  date: string;
  payee: string;
  amount: number;
  notes: string;
}

type OccurrenceState = UpsertBudgetedRowResponse['rows'][number];

/** What every month of one call shares: the schedule, its account and how its rows look. */
interface ScheduleTarget {
  householdId: number;
  scheduleId: number;
  account: AccountRow;
  transferTo: AccountRow | undefined;
  categoryId: number | null;
  payee: string;
  notes: string;
}

/** The checked payee and notes of a body, and its account, category and transfer (404 for another household's). */
async function scheduleTarget(
  w: LedgerWrite,
  body: { household_id: number; account_id: number; schedule_id: number; category_id?: number | null },
  payee: string,
  notes: string,
): Promise<ScheduleTarget> {
  const householdId = body.household_id;
  const accounts = await accountRows(w.client, householdId);
  const account = accounts.find((a) => a.id === body.account_id);
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  const categoryId = (await resolveCategory(w.client, householdId, { category_id: body.category_id })) ?? null;
  const transferTo = accountNamedBy(payee, accounts, account.id);
  return { householdId, scheduleId: body.schedule_id, account, transferTo, categoryId, payee, notes };
}

/**
 * One month of a schedule in step: its n-th date is its n-th occurrence (created, updated, or left
 * alone when its row became actual); its still-budgeted rows beyond the dates are removed.
 */
async function syncMonth(
  w: LedgerWrite,
  target: ScheduleTarget,
  month: string,
  { dates, amount, existing }: { dates: readonly string[]; amount: number; existing: readonly TxRow[] },
  pending: PendingUpdates,
): Promise<{ rows: OccurrenceState[]; removed: number }> {
  const rows: OccurrenceState[] = [];
  for (const [i, date] of dates.entries()) {
    const key = occurrenceKey(month, i);
    const { scheduleId, payee, notes } = target;
    const wanted: WantedRow = { scheduleId, key, date, payee, amount, notes };
    const own = existing.filter((r) => occurrenceIndex(r.schedule_month ?? month) === i);
    const outcome = await syncOccurrence(w, wanted, own, target);
    if ('pairs' in outcome) {
      const row: OccurrenceState = { date, state: 'unchanged', transaction_id: outcome.transaction_id };
      pending.push({ row, pairs: outcome.pairs });
      rows.push(row);
    } else rows.push({ date, ...outcome });
  }
  const beyond = existing.filter(
    (r) => occurrenceIndex(r.schedule_month ?? month) >= dates.length && r.is_budgeted && !r.deleted,
  );
  await removeBudgetedRows(w, beyond);
  return { rows, removed: beyond.length };
}

/** The payee and notes of a body, trimmed (400 for a blank payee). */
function payeeAndNotes(body: { payee: string; notes?: string }): [string, string] {
  const payee = body.payee.trim();
  if (payee === '') throw badRequest(PAYEE_REQUIRED);
  return [payee, (body.notes ?? '').trim()];
}

async function upsertBudgetedRows(
  app: FastifyInstance,
  body: UpsertBudgetedRowBody,
  reply: FastifyReply,
): Promise<UpsertBudgetedRowResponse> {
  if (!isValidMonth(body.month)) throw badRequest(MONTH_MESSAGE);
  if ((body.date === undefined) === (body.dates === undefined)) throw badRequest(DATES_MESSAGE);
  const dates = (body.dates ?? [body.date!]).map((d) => requireDate(d));
  const [payee, notes] = payeeAndNotes(body);
  return runWrite(app, reply, { householdId: body.household_id, userId: null }, async (w) => {
    const target = await scheduleTarget(w, body, payee, notes);
    const pending: PendingUpdates = [];
    const existing = (await lockScheduleMonths(w.client, body.household_id, body.schedule_id, [body.month])).get(
      body.month,
    )!;
    const wanted = { dates, amount: body.amount_cents, existing };
    const { rows, removed } = await syncMonth(w, target, body.month, wanted, pending);
    await applyPending(w, pending);
    return { state: rows[0].state, transaction_id: rows[0].transaction_id, rows, removed };
  });
}

async function syncScheduleRows(
  app: FastifyInstance,
  body: SyncScheduleRowsBody,
  reply: FastifyReply,
): Promise<SyncScheduleRowsResponse> {
  const months = [...body.months].sort((a, b) => a.month.localeCompare(b.month));
  for (const [i, m] of months.entries()) {
    if (!isValidMonth(m.month)) throw badRequest(MONTH_MESSAGE);
    if (i > 0 && months[i - 1].month === m.month) throw badRequest(`The month ${m.month} is sent twice.`);
    m.dates.forEach((d) => requireDate(d));
  }
  const [payee, notes] = payeeAndNotes(body);
  return runWrite(app, reply, { householdId: body.household_id, userId: null }, async (w) => {
    const target = await scheduleTarget(w, body, payee, notes);
    const answers: SyncScheduleRowsResponse['months'] = [];
    const pending: PendingUpdates = [];
    const existing = await lockScheduleMonths(
      w.client,
      body.household_id,
      body.schedule_id,
      months.map((m) => m.month),
    );
    for (const m of months) {
      const wanted = { dates: m.dates, amount: m.amount_cents, existing: existing.get(m.month)! };
      answers.push({ month: m.month, ...(await syncMonth(w, target, m.month, wanted, pending)) });
    }
    await applyPending(w, pending);
    return { months: answers };
  });
}

/**
 * Brings one occurrence's row (or transfer pair) in step: created when missing, updated in place
 * when of the same shape, made anew when not; left alone once it became actual (`detached`).
 */
async function syncOccurrence(
  w: LedgerWrite,
  wanted: WantedRow,
  existing: readonly TxRow[],
  { account, transferTo, categoryId }: ScheduleTarget,
): Promise<Omit<OccurrenceState, 'date'> | { transaction_id: number; pairs: Updates }> {
  const detached = existing.find((r) => r.deleted || !r.is_budgeted);
  if (detached) return { state: 'detached', transaction_id: detached.id };
  const create = () => createBudgetedRow(w, wanted, account, transferTo, categoryId);
  if (existing.length === 0) return { state: 'created', transaction_id: await create() };
  const mine = existing.find((r) => r.account_id === account.id) ?? existing[0];
  const sameShape = transferTo
    ? existing.length === 2 && mine.account_id === account.id && mine.transfer_account_id === transferTo.id
    : existing.length === 1 && mine.transfer_id === null && mine.account_id === account.id;
  if (!sameShape) {
    await removeBudgetedRows(w, existing);
    return { state: 'updated', transaction_id: await create() };
  }
  const { date, payee, amount, notes } = wanted;
  const pairs: Updates = [];
  if (transferTo) {
    pairs.push({ before: mine, after: { ...mine, date, amount, notes } });
    const peer = existing.find((r) => r.id !== mine.id)!;
    pairs.push({ before: peer, after: { ...peer, date, amount: amount === 0 ? 0 : -amount, notes } });
  } else {
    pairs.push({ before: mine, after: { ...mine, date, payee, amount, notes, category_id: categoryId } });
  }
  return { transaction_id: mine.id, pairs };
}

type Updates = Array<{ before: TxRow; after: TxRow }>;
/** Occurrences to update in place, written together at the end of the call (one statement, one event). */
type PendingUpdates = Array<{ row: OccurrenceState; pairs: Updates }>;

/** Writes the pending updates at once; an occurrence whose rows did not change answers `unchanged`. */
async function applyPending(w: LedgerWrite, pending: PendingUpdates): Promise<void> {
  if (pending.length === 0) return;
  const pairs = pending.flatMap((p) => p.pairs);
  const changes = await applyChanges(w, pairs, 'budgeted_sync', announceChanged(w, 'budgeted_sync'), {
    withHistory: false,
  });
  const changed = new Set(changes.map((c) => c.after.id));
  for (const p of pending) p.row.state = p.pairs.some((x) => changed.has(x.after.id)) ? 'updated' : 'unchanged';
}

/** Creates an occurrence's budgeted row (a budgeted transfer pair when the payee names another account); answers the id of this account's row. */
async function createBudgetedRow(
  w: LedgerWrite,
  wanted: WantedRow,
  account: AccountRow,
  transferTo: AccountRow | undefined,
  categoryId: number | null,
): Promise<number> {
  const { date, payee, amount, notes } = wanted;
  const budgeted = { schedule_id: wanted.scheduleId, schedule_month: wanted.key };
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
