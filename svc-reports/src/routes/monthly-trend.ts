import type { FastifyInstance } from 'fastify';
import { sendJsonAnswer } from '@hf/service-kit';
import { MonthlyTrend, TrendQuery } from '@hf/contracts/reports';
import type { CsvCell } from '../domain/csv';
import { trendReport } from '../report-engine';
import { REPORT_ERRORS, scopedRead, sendCsv } from '../route-helpers';

/** Spending, income and each category's spending per month of the scope. */
export async function monthlyTrendRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: TrendQuery }>(
    '/api/reports/monthly_trend',
    { schema: { querystring: TrendQuery, response: { 200: MonthlyTrend, ...REPORT_ERRORS } } },
    async (request, reply) => {
      const read = await scopedRead(app, request, request.query);
      const trend = await trendReport(app.db, read);
      // monthlyTrend builds the schema's fields in its order: JSON.stringify gives the same text (decision 0145).
      if (request.query.format !== 'csv') return sendJsonAnswer(request, reply, JSON.stringify(trend));
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
