import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CategoryDrillDownQuery, DrillDownRows, PayeeDrillDownQuery, type DrillDownRow } from '@hf/contracts/reports';
import { REPORT_LIMITS, REPORT_MESSAGES, UNCATEGORIZED_ID } from '@hf/contracts/reports-limits';
import { SPLIT_CATEGORY_NAME } from '@hf/contracts/ledger-limits';
import { fromCents } from '@hf/money';
import { notFound, sendJsonAnswer } from '@hf/service-kit';
import type { CsvCell } from '../domain/csv';
import { rowsByCategory, rowsByPayee, type StoredRow } from '../repositories/report-queries';
import { REPORT_ERRORS, scopedRead, sendCsv, type ScopedRead } from '../route-helpers';

function drillDownRows(read: ScopedRead, rows: readonly StoredRow[]): DrillDownRow[] {
  return rows.map((r) => {
    const category = read.categories.resolve(r.category_id);
    const splits = (r.splits ?? []).map((l) => {
      const lineCategory = read.categories.resolve(l.category_id);
      return {
        category_id: lineCategory,
        category_name: read.categories.path(lineCategory),
        amount: fromCents(l.amount),
        notes: l.notes ?? '',
      };
    });
    return {
      id: r.id,
      date: r.date,
      payee: r.payee,
      amount: fromCents(r.amount),
      account_id: r.account_id,
      account_name: read.accounts.get(r.account_id)?.name ?? '',
      status: r.status,
      notes: r.notes,
      category_id: category,
      category_name: r.line === 0 && splits.length > 0 ? SPLIT_CATEGORY_NAME : read.categories.path(category),
      updated_at: r.updated_at,
      line: r.line,
      splits,
    };
  });
}

function sendDrillDown(
  request: FastifyRequest<{ Querystring: { format?: string } }>,
  reply: FastifyReply,
  name: string,
  read: ScopedRead,
  rows: DrillDownRow[],
) {
  // JSON.stringify, not the schema's serializer: drillDownRows builds every field in the schema's
  // order, so the text is the same (decision 0144).
  if (request.query.format !== 'csv') return sendJsonAnswer(request, reply, JSON.stringify(rows));
  const header = ['Date', 'Payee', 'Account', 'Category', 'Amount', 'Status', 'Notes'];
  const csvRows = rows.map((r): CsvCell[] => [
    r.date,
    r.payee,
    r.account_name,
    r.category_name,
    r.amount,
    r.status,
    r.notes,
  ]);
  return reply
    .serializer((s: string) => s)
    .send(sendCsv(reply, [name, read.scope.start, read.scope.end], header, csvRows));
}

/** The rows behind a report's bar: of a category (and its children) or of a payee, in the scope. */
export async function drillDownRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: CategoryDrillDownQuery }>(
    '/api/reports/transactions_by_category',
    { schema: { querystring: CategoryDrillDownQuery, response: { 200: DrillDownRows, ...REPORT_ERRORS } } },
    async (request, reply) => {
      const read = await scopedRead(app, request, request.query);
      const raw = request.query.category_id;
      const target = raw === UNCATEGORIZED_ID ? null : Number(raw);
      if (target !== null && !read.categories.live(target)) throw notFound(REPORT_MESSAGES.categoryNotFound);
      const selection = read.categories.storedIdsFor(target);
      const limit = REPORT_LIMITS.drillDownRows;
      const rows = await rowsByCategory(app.db, read.householdId, read.scope, selection, limit);
      return sendDrillDown(request, reply, 'transactions_by_category', read, drillDownRows(read, rows));
    },
  );

  app.get<{ Querystring: PayeeDrillDownQuery }>(
    '/api/reports/transactions_by_payee',
    { schema: { querystring: PayeeDrillDownQuery, response: { 200: DrillDownRows, ...REPORT_ERRORS } } },
    async (request, reply) => {
      const read = await scopedRead(app, request, request.query);
      const [payee, limit] = [request.query.payee_name, REPORT_LIMITS.drillDownRows];
      const rows = await rowsByPayee(app.db, read.householdId, read.scope, payee, limit);
      return sendDrillDown(request, reply, 'transactions_by_payee', read, drillDownRows(read, rows));
    },
  );
}
