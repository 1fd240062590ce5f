import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MessageResponse } from '@hf/contracts';
import {
  CategoryDrillDownQuery,
  DrillDownRows,
  MonthlyTrend,
  PayeeDrillDownQuery,
  ReportItems,
  ReportQuery,
  TrendQuery,
  type DrillDownRow,
  type ReportItem,
} from '@hf/contracts/reports';
import { REPORT_LIMITS, REPORT_MESSAGES, UNCATEGORIZED_ID, type ReportKind } from '@hf/contracts/reports-limits';
import { fromCents } from '@hf/money';
import { badRequest, identityOf, notFound, requestMinSequence } from '@hf/service-kit';
import { categoriesOf, CategoryIndex, openAccounts, type MirrorAccount } from '@hf/ledger-mirror';
import { attachmentHeader, toCsv, type CsvCell } from '../domain/csv';
import { monthlyTrend } from '../domain/monthly-trend';
import { categoryReport, netsByCategory, payeeReport, withoutHidden } from '../domain/report-items';
import { monthsOf, parseScope, type ReportScope } from '../domain/report-range';
import {
  netsByMonth,
  netsByPayee,
  netsByStoredCategory,
  rowsByCategory,
  rowsByPayee,
  type StoredRow,
} from '../repositories/report-queries';

const errorResponses = {
  400: MessageResponse,
  401: MessageResponse,
  404: MessageResponse,
  503: MessageResponse,
} as const;

interface ScopedRead {
  householdId: number;
  scope: ReportScope;
  accounts: Map<number, MirrorAccount>;
  categories: CategoryIndex;
}

function sendCsv(
  reply: FastifyReply,
  name: readonly string[],
  header: readonly string[],
  rows: Iterable<readonly CsvCell[]>,
): string {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentHeader(name))
    .header('x-content-type-options', 'nosniff');
  return toCsv(header, rows);
}

function* reportCsvRows(items: readonly ReportItem[], byCategory: boolean): Generator<CsvCell[]> {
  for (const item of items) {
    yield byCategory ? [item.name, null, item.value] : [item.name, item.value];
    for (const child of item.children) yield [item.name, child.name, child.value];
  }
}

/**
 * The reports (spec section 7 "Reports"): spending and income by category, spending by payee,
 * their drill-downs, and the monthly trend. Every read is the caller's household only, from the
 * read model (never the ledger), after `ensureFresh` (X-Min-Sequence; a missing or stale model
 * is rebuilt from the ledger's replay first). Account and category ids of another household
 * answer 404.
 */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  async function scopedRead(
    request: FastifyRequest,
    query: { start_date: string; end_date: string; account_ids?: string },
  ): Promise<ScopedRead> {
    const scope = parseScope(query);
    const { householdId } = identityOf(request);
    await app.mirror.ensureFresh(householdId, requestMinSequence(request));
    const [accounts, categories] = await Promise.all([
      openAccounts(app.db, householdId),
      categoriesOf(app.db, householdId),
    ]);
    if (scope.accountIds && scope.accountIds.some((id) => !accounts.has(id)))
      throw notFound(REPORT_MESSAGES.accountNotFound);
    return { householdId, scope, accounts, categories: new CategoryIndex(categories) };
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

  const reportRoute = (kind: ReportKind, build: (read: ScopedRead, sort: 'amount' | 'name') => Promise<ReportItem[]>) =>
    app.get<{ Querystring: ReportQuery }>(
      `/api/reports/${kind}`,
      { schema: { querystring: ReportQuery, response: { 200: ReportItems, ...errorResponses } } },
      async (request, reply) => {
        const read = await scopedRead(request, request.query);
        const hidden = hiddenCategories(read, kind, request.query.hide_category_ids);
        const items = withoutHidden(await build(read, request.query.sort_by ?? 'amount'), hidden);
        if (request.query.format !== 'csv') return items;
        const byCategory = kind !== 'spending_by_payee';
        const header = byCategory ? ['Category', 'Sub-category', 'Amount'] : ['Payee', 'Amount'];
        return reply
          .serializer((s: string) => s)
          .send(sendCsv(reply, [kind, read.scope.start, read.scope.end], header, reportCsvRows(items, byCategory)));
      },
    );

  reportRoute('spending_by_category', async (read, sort) =>
    categoryReport(
      netsByCategory(await netsByStoredCategory(app.db, read.householdId, read.scope), read.categories),
      read.categories,
      'spending',
      sort,
    ),
  );
  reportRoute('income_by_category', async (read, sort) =>
    categoryReport(
      netsByCategory(await netsByStoredCategory(app.db, read.householdId, read.scope), read.categories),
      read.categories,
      'income',
      sort,
    ),
  );
  reportRoute('spending_by_payee', async (read, sort) =>
    payeeReport(await netsByPayee(app.db, read.householdId, read.scope), 'spending', sort),
  );

  function drillDownRows(read: ScopedRead, rows: readonly StoredRow[]): DrillDownRow[] {
    return rows.map((r) => {
      const category = read.categories.resolve(r.category_id);
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
        category_name: read.categories.path(category),
        updated_at: r.updated_at,
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
    if (request.query.format !== 'csv') return rows;
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

  app.get<{ Querystring: CategoryDrillDownQuery }>(
    '/api/reports/transactions_by_category',
    { schema: { querystring: CategoryDrillDownQuery, response: { 200: DrillDownRows, ...errorResponses } } },
    async (request, reply) => {
      const read = await scopedRead(request, request.query);
      const raw = request.query.category_id;
      const target = raw === UNCATEGORIZED_ID ? null : Number(raw);
      if (target !== null && !read.categories.live(target)) throw notFound(REPORT_MESSAGES.categoryNotFound);
      const rows = await rowsByCategory(
        app.db,
        read.householdId,
        read.scope,
        read.categories.storedIdsFor(target),
        REPORT_LIMITS.drillDownRows,
      );
      return sendDrillDown(request, reply, 'transactions_by_category', read, drillDownRows(read, rows));
    },
  );

  app.get<{ Querystring: PayeeDrillDownQuery }>(
    '/api/reports/transactions_by_payee',
    { schema: { querystring: PayeeDrillDownQuery, response: { 200: DrillDownRows, ...errorResponses } } },
    async (request, reply) => {
      const read = await scopedRead(request, request.query);
      const rows = await rowsByPayee(
        app.db,
        read.householdId,
        read.scope,
        request.query.payee_name,
        REPORT_LIMITS.drillDownRows,
      );
      return sendDrillDown(request, reply, 'transactions_by_payee', read, drillDownRows(read, rows));
    },
  );

  app.get<{ Querystring: TrendQuery }>(
    '/api/reports/monthly_trend',
    { schema: { querystring: TrendQuery, response: { 200: MonthlyTrend, ...errorResponses } } },
    async (request, reply) => {
      const read = await scopedRead(request, request.query);
      const trend = monthlyTrend(
        monthsOf(read.scope),
        await netsByMonth(app.db, read.householdId, read.scope),
        read.categories,
      );
      if (request.query.format !== 'csv') return trend;
      const header = ['Month', 'Spending', 'Income', ...trend.categories.map((c) => c.name)];
      const rows = trend.months.map((m, i): CsvCell[] => [
        m,
        trend.spending[i],
        trend.income[i],
        ...trend.categories.map((c) => c.spending[i]),
      ]);
      return reply
        .serializer((s: string) => s)
        .send(sendCsv(reply, ['monthly_trend', read.scope.start, read.scope.end], header, rows));
    },
  );
}
