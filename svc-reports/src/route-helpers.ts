import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REPORT_MESSAGES } from '@hf/contracts/reports-limits';
import { CategoryIndex, type MirrorAccount } from '@hf/ledger-mirror';
import { errorResponses, identityOf, notFound, requestMinSequence } from '@hf/service-kit';
import { attachmentHeader, toCsv, type CsvCell } from './domain/csv';
import { parseScope, type ReportScope } from './domain/report-range';

/** The error statuses svc-reports' routes answer. */
export const REPORT_ERRORS = errorResponses(400, 401, 404, 503);

export interface ScopedRead {
  householdId: number;
  scope: ReportScope;
  accounts: Map<number, MirrorAccount>;
  categories: CategoryIndex;
}

/** The caller's household and scope, with the read model made fresh for what the caller has seen. */
export async function scopedRead(
  app: FastifyInstance,
  request: FastifyRequest,
  query: { start_date: string; end_date: string; account_ids?: string },
): Promise<ScopedRead> {
  const scope = parseScope(query);
  const { householdId } = identityOf(request);
  const { accounts, categories } = await app.mirror.freshView(householdId, requestMinSequence(request));
  if (scope.accountIds && scope.accountIds.some((id) => !accounts.has(id)))
    throw notFound(REPORT_MESSAGES.accountNotFound);
  return { householdId, scope, accounts, categories: new CategoryIndex(categories) };
}

/** Sets the headers of a CSV download and answers its text. */
export function sendCsv(
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
