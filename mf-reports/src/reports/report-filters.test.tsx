import {
  accountFilterLabel,
  DATE_SHORTCUTS,
  loadAccountFilter,
  loadHiddenCategories,
  loadSortBy,
  rangeProblem,
  reportKind,
  saveAccountFilter,
  saveHiddenCategories,
  saveSortBy,
  selectedAccounts,
  thisMonth,
  toggleAccount,
} from './report-filters';

const accounts = [
  { id: 1, name: 'Checking' },
  { id: 2, name: 'Savings' },
  { id: 3, name: 'Card' },
];
const shortcut = (label: string, today: string) => DATE_SHORTCUTS.find((s) => s.label === label)!.range(today);

beforeEach(() => localStorage.clear());

describe('report filters', () => {
  it('picks the report route from the toggles (income is by category only)', () => {
    expect(reportKind('spending', 'category')).toBe('spending_by_category');
    expect(reportKind('spending', 'payee')).toBe('spending_by_payee');
    expect(reportKind('income', 'payee')).toBe('income_by_category');
  });

  it('defaults to the current month and has the four shortcuts', () => {
    expect(thisMonth('2026-02-14')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(DATE_SHORTCUTS.map((s) => s.label)).toEqual(['This Month', 'Last Month', 'Year to Date', 'Last Year']);
    expect(shortcut('This Month', '2024-02-10')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(shortcut('Last Month', '2026-03-31')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(shortcut('Last Month', '2026-01-15')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(shortcut('Year to Date', '2026-05-07')).toEqual({ start: '2026-01-01', end: '2026-05-07' });
    expect(shortcut('Last Year', '2026-05-07')).toEqual({ start: '2025-01-01', end: '2025-12-31' });
  });

  it('checks the range before any call', () => {
    expect(rangeProblem({ start: '2026-01-01', end: '2026-01-31' })).toBeNull();
    expect(rangeProblem({ start: '2026-02-01', end: '2026-01-31' })).toBe(
      'The start date must be on or before the end date.',
    );
    expect(rangeProblem({ start: '', end: '2026-01-31' })).toBe('Please enter a valid start and end date.');
  });

  it('remembers the sort under report_sort_by (default amount)', () => {
    expect(loadSortBy()).toBe('amount');
    saveSortBy('name');
    expect(localStorage.getItem('report_sort_by')).toBe('name');
    expect(loadSortBy()).toBe('name');
    localStorage.setItem('report_sort_by', 'bogus');
    expect(loadSortBy()).toBe('amount');
  });

  it('remembers hidden categories under report_hidden_categories', () => {
    expect(loadHiddenCategories()).toEqual([]);
    saveHiddenCategories(['7', 'uncategorized']);
    expect(JSON.parse(localStorage.getItem('report_hidden_categories')!)).toEqual(['7', 'uncategorized']);
    expect(loadHiddenCategories()).toEqual(['7', 'uncategorized']);
    localStorage.setItem('report_hidden_categories', '{bad');
    expect(loadHiddenCategories()).toEqual([]);
  });

  it('remembers the account filter under report_account_filter; the default means every account', () => {
    expect(loadAccountFilter()).toBe('all');
    saveAccountFilter([2, 3]);
    expect(localStorage.getItem('report_account_filter')).toBe('[2,3]');
    expect(loadAccountFilter()).toEqual([2, 3]);
    saveAccountFilter('all');
    expect(localStorage.getItem('report_account_filter')).toBe('all');
    localStorage.setItem('report_account_filter', '["x"]');
    expect(loadAccountFilter()).toBe('all');
    saveAccountFilter([]);
    expect(loadAccountFilter()).toEqual([]);
  });

  it('"all" includes an account added later; a deleted account drops out', () => {
    expect(selectedAccounts('all', [...accounts, { id: 9, name: 'New' }]).map((a) => a.id)).toEqual([1, 2, 3, 9]);
    expect(selectedAccounts([2, 8], accounts).map((a) => a.id)).toEqual([2]);
  });

  it('ticking and unticking accounts; ticking every one is "all"', () => {
    expect(toggleAccount('all', 1, accounts)).toEqual([2, 3]);
    expect(toggleAccount([2, 3], 3, accounts)).toEqual([2]);
    expect(toggleAccount([2], 2, accounts)).toEqual([]);
    expect(toggleAccount([2, 3], 1, accounts)).toBe('all');
  });

  it('labels the account button', () => {
    expect(accountFilterLabel('all', accounts)).toBe('All Accounts');
    expect(accountFilterLabel([3, 1], accounts)).toBe('Checking, Card');
    expect(accountFilterLabel([], accounts)).toBe('No accounts selected');
  });
});
