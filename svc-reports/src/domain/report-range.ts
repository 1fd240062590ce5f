import { addMonths, isValidDate, type CalendarDate } from '@hf/calendar';
import { REPORT_LIMITS, REPORT_MESSAGES } from '@hf/contracts/reports-limits';
import { badRequest } from '@hf/service-kit/errors';

/** What every report reads: an inclusive date range and the chosen accounts (null: all of them). */
export interface ReportScope {
  start: CalendarDate;
  end: CalendarDate;
  accountIds: number[] | null;
}

const ID = /^[1-9][0-9]{0,9}$/;
const MAX_ID = 2147483647;

/**
 * `account_ids` as the client sends it: comma-joined canonical ids (`1,2,3`). Absent or empty:
 * every account. Anything else (`1,2) OR 1=1--`, `01`, `1.0`, blanks between commas) is a 400.
 */
export function parseAccountIds(text: string | undefined): number[] | null {
  if (text === undefined || text === '') return null;
  const parts = text.split(',');
  if (parts.length > REPORT_LIMITS.accountIds)
    throw badRequest(`Too many accounts (limit ${REPORT_LIMITS.accountIds}).`);
  const ids = new Set<number>();
  for (const part of parts) {
    if (!ID.test(part) || Number(part) > MAX_ID) throw badRequest(REPORT_MESSAGES.accountIds);
    ids.add(Number(part));
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * The report's range: both real dates, start on or before end, and at most 10 years long
 * (`2016-01-01..2025-12-31` is 10 years; `2016-01-01..2026-01-01` is refused).
 */
export function parseScope(query: { start_date: string; end_date: string; account_ids?: string }): ReportScope {
  if (!isValidDate(query.start_date)) throw badRequest('The field "start_date" must be a real date (YYYY-MM-DD).');
  if (!isValidDate(query.end_date)) throw badRequest('The field "end_date" must be a real date (YYYY-MM-DD).');
  if (query.start_date > query.end_date) throw badRequest(REPORT_MESSAGES.startAfterEnd);
  if (query.end_date >= addMonths(query.start_date, REPORT_LIMITS.rangeYears * 12))
    throw badRequest(REPORT_MESSAGES.rangeTooLong);
  return { start: query.start_date, end: query.end_date, accountIds: parseAccountIds(query.account_ids) };
}

/** Every month `YYYY-MM` from the range's first to its last, in order. */
export function monthsOf(scope: Pick<ReportScope, 'start' | 'end'>): string[] {
  const months: string[] = [];
  const last = scope.end.slice(0, 7);
  for (let d = `${scope.start.slice(0, 7)}-01`; d.slice(0, 7) <= last; d = addMonths(d, 1)) months.push(d.slice(0, 7));
  return months;
}
