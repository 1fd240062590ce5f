/**
 * The report filters as values (docs/rules/reports.md): which report, the date range and its
 * shortcuts, and the settings remembered in localStorage (sort, hidden categories, accounts).
 */
import { STORAGE_KEYS } from '@hf/app-kit';
import {
  addMonths,
  firstOfMonth,
  formatDate,
  isValidDate,
  lastOfMonth,
  splitDate,
  type CalendarDate,
} from '@hf/calendar';
import {
  REPORT_MESSAGES,
  REPORT_SORTS,
  UNCATEGORIZED_ID,
  type ReportKind,
  type ReportSort,
} from '@hf/contracts/reports-limits';

export type ReportType = 'spending' | 'income';
export type ReportGrouping = 'category' | 'payee';

/** Income is by category only; spending by category or by payee. */
export function reportKind(type: ReportType, grouping: ReportGrouping): ReportKind {
  if (type === 'income') return 'income_by_category';
  return grouping === 'payee' ? 'spending_by_payee' : 'spending_by_category';
}

export const REPORT_TITLES: Record<ReportKind, string> = {
  spending_by_category: 'Spending by Category',
  spending_by_payee: 'Spending by Payee',
  income_by_category: 'Income by Category',
};

export interface DateRange {
  start: CalendarDate;
  end: CalendarDate;
}

/** The default range: the current month. */
export function thisMonth(today: CalendarDate): DateRange {
  return { start: firstOfMonth(today), end: lastOfMonth(today) };
}

export const DATE_SHORTCUTS: readonly { label: string; range: (today: CalendarDate) => DateRange }[] = [
  { label: 'This Month', range: thisMonth },
  { label: 'Last Month', range: (today) => thisMonth(addMonths(firstOfMonth(today), -1)) },
  { label: 'Year to Date', range: (today) => ({ start: formatDate(splitDate(today).year, 1, 1), end: today }) },
  {
    label: 'Last Year',
    range: (today) => {
      const year = splitDate(today).year - 1;
      return { start: formatDate(year, 1, 1), end: formatDate(year, 12, 31) };
    },
  },
];

/** Why a range cannot be reported, or null when it can. */
export function rangeProblem(range: DateRange): string | null {
  if (!isValidDate(range.start) || !isValidDate(range.end)) return 'Please enter a valid start and end date.';
  if (range.start > range.end) return REPORT_MESSAGES.startAfterEnd;
  return null;
}

// ----- remembered in localStorage (docs/rules/reports.md) -----

export const DEFAULT_SORT: ReportSort = 'amount';

export function loadSortBy(): ReportSort {
  const saved = localStorage.getItem(STORAGE_KEYS.reportSortBy);
  return (REPORT_SORTS as readonly string[]).includes(saved ?? '') ? (saved as ReportSort) : DEFAULT_SORT;
}

export function saveSortBy(sort: ReportSort): void {
  localStorage.setItem(STORAGE_KEYS.reportSortBy, sort);
}

/** The hide filter's key of a category item: its id, or `uncategorized` for "Uncategorized". */
export function categoryKey(id: number | null): string {
  return id === null ? UNCATEGORIZED_ID : String(id);
}

/** Hidden categories: a JSON array of category keys. */
export function loadHiddenCategories(): string[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.reportHiddenCategories) ?? '[]');
    return Array.isArray(saved) ? saved.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

export function saveHiddenCategories(keys: readonly string[]): void {
  localStorage.setItem(STORAGE_KEYS.reportHiddenCategories, JSON.stringify(keys));
}

/**
 * The account filter: every account (stored as `"all"`, so an account added later is included)
 * or the chosen account ids (a JSON array; `[]` when the person unticked all).
 */
export type AccountFilter = 'all' | readonly number[];
export const ALL_ACCOUNTS = 'all';

export function loadAccountFilter(): AccountFilter {
  const saved = localStorage.getItem(STORAGE_KEYS.reportAccountFilter);
  if (saved === null || saved === ALL_ACCOUNTS) return ALL_ACCOUNTS;
  try {
    const ids: unknown = JSON.parse(saved);
    if (Array.isArray(ids) && ids.every((id) => Number.isInteger(id) && id > 0)) return ids as number[];
  } catch {
    /* fall through */
  }
  return ALL_ACCOUNTS;
}

export function saveAccountFilter(filter: AccountFilter): void {
  localStorage.setItem(
    STORAGE_KEYS.reportAccountFilter,
    filter === ALL_ACCOUNTS ? ALL_ACCOUNTS : JSON.stringify(filter),
  );
}

/**
 * The accounts a filter selects among the household's accounts (ids of deleted accounts drop
 * out). Choosing every account one by one is "all".
 */
export function selectedAccounts<A extends { id: number }>(filter: AccountFilter, accounts: readonly A[]): A[] {
  if (filter === ALL_ACCOUNTS) return [...accounts];
  const chosen = new Set(filter);
  return accounts.filter((a) => chosen.has(a.id));
}

/** The filter after ticking or unticking one account. */
export function toggleAccount(
  filter: AccountFilter,
  accountId: number,
  accounts: readonly { id: number }[],
): AccountFilter {
  const chosen = new Set(selectedAccounts(filter, accounts).map((a) => a.id));
  if (chosen.has(accountId)) chosen.delete(accountId);
  else chosen.add(accountId);
  if (accounts.length > 0 && accounts.every((a) => chosen.has(a.id))) return ALL_ACCOUNTS;
  return accounts.filter((a) => chosen.has(a.id)).map((a) => a.id);
}

/** The account multi-select's button text: "All Accounts", the chosen names, or the empty state. */
export function accountFilterLabel(filter: AccountFilter, accounts: readonly { id: number; name: string }[]): string {
  if (filter === ALL_ACCOUNTS) return 'All Accounts';
  const names = selectedAccounts(filter, accounts).map((a) => a.name);
  return names.length === 0 ? 'No accounts selected' : names.join(', ');
}
