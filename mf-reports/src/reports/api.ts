/** svc-reports calls (docs/rules/api.md; contract: @hf/contracts/reports). */
import { ApiError, apiDownload, apiFetch, errorMessage, saveDownloadedFile } from '@hf/app-kit';
import type { DrillDownRow, MonthlyTrend, ReportItem } from '@hf/contracts/reports';
import { UNCATEGORIZED_ID, type ReportKind, type ReportSort } from '@hf/contracts/reports-limits';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export type { DrillDownRow, MonthlyTrend, ReportItem };

/** What every report, drill-down and trend call is about. */
export interface ReportScope {
  start_date: string;
  end_date: string;
  /** Comma-joined account ids; undefined: every account of the household. */
  account_ids?: string;
}

export interface ReportParams extends ReportScope {
  sort_by: ReportSort;
  /** CSV downloads of a report by category: the hidden categories, left out by the server too. */
  hide_category_ids?: string;
}

/** The item a drill-down lists the rows of. */
export type DrillDownTarget = { by: 'category'; id: number | null; name: string } | { by: 'payee'; name: string };

/** The screen's text when a report call fails (docs/rules/reports.md). */
export const REPORT_FETCH_ERROR = 'Could not fetch report data. Please try again.';

/** A refused request (4xx) shows the server's message (a too long range...); anything else the spec's text. */
export function reportErrorMessage(err: unknown): string {
  return err instanceof ApiError && err.status < 500 ? errorMessage(err, REPORT_FETCH_ERROR) : REPORT_FETCH_ERROR;
}

/** Every reports query sits under this key: one invalidation refetches reports, drill-downs and the trend. */
export const REPORTS_QUERY_KEY = ['reports'] as const;

function drillDownRequest(
  target: DrillDownTarget,
  params: ReportParams,
): { path: string; query: Record<string, string | undefined> } {
  if (target.by === 'payee')
    return { path: '/reports/transactions_by_payee', query: { ...params, payee_name: target.name } };
  return {
    path: '/reports/transactions_by_category',
    query: { ...params, category_id: target.id === null ? UNCATEGORIZED_ID : String(target.id) },
  };
}

export const reportsApi = {
  report: (kind: ReportKind, params: ReportParams, signal?: AbortSignal) =>
    apiFetch<ReportItem[]>(`/reports/${kind}`, { query: { ...params }, signal }),
  drillDown: (target: DrillDownTarget, params: ReportParams, signal?: AbortSignal) => {
    const { path, query } = drillDownRequest(target, params);
    return apiFetch<DrillDownRow[]>(path, { query, signal });
  },
  trend: (scope: ReportScope, signal?: AbortSignal) =>
    apiFetch<MonthlyTrend>('/reports/monthly_trend', { query: { ...scope }, signal }),
};

/** The CSV of a report (`kind`) or of a drill-down, fetched with the session's token and saved. */
export async function downloadCsv(
  what: { kind: ReportKind } | { drillDown: DrillDownTarget },
  params: ReportParams,
): Promise<void> {
  const request =
    'kind' in what ? { path: `/reports/${what.kind}`, query: { ...params } } : drillDownRequest(what.drillDown, params);
  const file = await apiDownload(request.path, { query: { ...request.query, format: 'csv' } });
  saveDownloadedFile(file, `${request.path.split('/').pop()}_${params.start_date}_${params.end_date}.csv`);
}

export function useReport(kind: ReportKind, params: ReportParams, enabled: boolean) {
  return useQuery({
    queryKey: [...REPORTS_QUERY_KEY, kind, params],
    queryFn: ({ signal }) => reportsApi.report(kind, params, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useDrillDown(target: DrillDownTarget, params: ReportParams) {
  return useQuery({
    queryKey: [...REPORTS_QUERY_KEY, 'drill-down', target, params],
    queryFn: ({ signal }) => reportsApi.drillDown(target, params, signal),
  });
}

export function useMonthlyTrend(scope: ReportScope, enabled: boolean) {
  return useQuery({
    queryKey: [...REPORTS_QUERY_KEY, 'monthly_trend', scope],
    queryFn: ({ signal }) => reportsApi.trend(scope, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
