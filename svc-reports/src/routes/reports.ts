import type { FastifyInstance } from 'fastify';
import { ReportItems, ReportQuery, type ReportItem } from '@hf/contracts/reports';
import { REPORT_MESSAGES, UNCATEGORIZED_ID, type ReportKind, type ReportSort } from '@hf/contracts/reports-limits';
import { dollarsToCents, fromCents } from '@hf/money';
import { badRequest, notFound, sendJsonAnswer } from '@hf/service-kit';
import type { CsvCell } from '../domain/csv';
import { withoutHidden } from '../domain/report-items';
import { reportByCategory, reportByPayee } from '../report-engine';
import { REPORT_ERRORS, scopedRead, sendCsv, type ScopedRead } from '../route-helpers';

/**
 * One CSV row per item (docs/rules/reports.md, CSV downloads). By category: a parent's Amount is
 * its own rows only and its Subtotal its value with its children; a child names its Parent and
 * has no Subtotal. So a spreadsheet's sum of the Amount column is the report's total, each cent
 * once.
 */
function* reportCsvRows(items: readonly ReportItem[], byCategory: boolean): Generator<CsvCell[]> {
  for (const item of items) {
    if (!byCategory) {
      yield [item.name, item.value];
      continue;
    }
    const childrenCents = item.children.reduce((sum, child) => sum + dollarsToCents(child.value), 0);
    yield [item.name, null, fromCents(dollarsToCents(item.value) - childrenCents), item.value];
    for (const child of item.children) yield [child.name, item.name, child.value, null];
  }
}

/** `hide_category_ids` as a set (null: "Uncategorized"); every id must be a live category of the household. */
function hiddenCategories(read: ScopedRead, kind: ReportKind, text: string | undefined): Set<number | null> {
  const hidden = new Set<number | null>();
  if (!text) return hidden;
  if (kind === 'spending_by_payee') throw badRequest(REPORT_MESSAGES.hideByCategoryOnly);
  for (const part of text.split(',')) {
    const id = part === UNCATEGORIZED_ID ? null : Number(part);
    if (id !== null && !read.categories.live(id)) throw notFound(REPORT_MESSAGES.categoryNotFound);
    hidden.add(id);
  }
  return hidden;
}

/**
 * The reports (docs/rules/reports.md): spending and income by category and spending by payee
 * (their drill-downs and the monthly trend are routes of their own). Every read is the caller's household only, from the
 * read model (never the ledger), after `ensureFresh` (X-Min-Sequence; a missing or stale model
 * is rebuilt from the ledger's replay first). Account and category ids of another household
 * answer 404.
 */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const reportRoute = (kind: ReportKind, build: (read: ScopedRead, sort: ReportSort) => Promise<ReportItem[]>) =>
    app.get<{ Querystring: ReportQuery }>(
      `/api/reports/${kind}`,
      { schema: { querystring: ReportQuery, response: { 200: ReportItems, ...REPORT_ERRORS } } },
      async (request, reply) => {
        const read = await scopedRead(app, request, request.query);
        const hidden = hiddenCategories(read, kind, request.query.hide_category_ids);
        const items = withoutHidden(await build(read, request.query.sort_by ?? 'amount'), hidden);
        // JSON.stringify, not the schema's serializer: finish() builds every field in the schema's
        // order, so the text is the same; gzip'ed here, off the event loop (decision 0145).
        if (request.query.format !== 'csv') return sendJsonAnswer(request, reply, JSON.stringify(items));
        const byCategory = kind !== 'spending_by_payee';
        const header = byCategory ? ['Category', 'Parent', 'Amount', 'Subtotal'] : ['Payee', 'Amount'];
        return reply
          .serializer((s: string) => s)
          .send(sendCsv(reply, [kind, read.scope.start, read.scope.end], header, reportCsvRows(items, byCategory)));
      },
    );

  reportRoute('spending_by_category', (read, sort) => reportByCategory(app.db, read, 'spending', sort));
  reportRoute('income_by_category', (read, sort) => reportByCategory(app.db, read, 'income', sort));
  reportRoute('spending_by_payee', (read, sort) => reportByPayee(app.db, read, sort));
}
