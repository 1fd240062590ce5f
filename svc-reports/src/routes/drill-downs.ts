import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CategoryDrillDownQuery, DrillDownRows, PayeeDrillDownQuery, type DrillDownRow } from '@hf/contracts/reports';
import { REPORT_MESSAGES, UNCATEGORIZED_ID } from '@hf/contracts/reports-limits';
import { notFound, sendJsonAnswer } from '@hf/service-kit';
import type { CsvCell } from '../domain/csv';
import { categoryDrillDown, payeeDrillDown } from '../report-engine';
import { REPORT_ERRORS, scopedRead, sendCsv, type ScopedRead } from '../route-helpers';

function sendDrillDown(
  request: FastifyRequest<{ Querystring: { format?: string } }>,
  reply: FastifyReply,
  name: string,
  read: ScopedRead,
  text: string,
) {
  // The answer's text, not the schema's serializer's: every field is written in the schema's order,
  // so the text is the same (decisions 0144, 0157). The CSV reads it back.
  if (request.query.format !== 'csv') return sendJsonAnswer(request, reply, text);
  const rows = JSON.parse(text) as DrillDownRow[];
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
      const text = await categoryDrillDown(app.db, read, target);
      return sendDrillDown(request, reply, 'transactions_by_category', read, text);
    },
  );

  app.get<{ Querystring: PayeeDrillDownQuery }>(
    '/api/reports/transactions_by_payee',
    { schema: { querystring: PayeeDrillDownQuery, response: { 200: DrillDownRows, ...REPORT_ERRORS } } },
    async (request, reply) => {
      const read = await scopedRead(app, request, request.query);
      const text = await payeeDrillDown(app.db, read, request.query.payee_name);
      return sendDrillDown(request, reply, 'transactions_by_payee', read, text);
    },
  );
}
