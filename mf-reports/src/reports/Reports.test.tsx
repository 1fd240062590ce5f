/* eslint-disable @typescript-eslint/no-explicit-any -- JSON request bodies seen by the fetch stub */
import { resetEventSequence } from '@hf/app-kit';
import { type FetchCall, renderWithStubs, setToday, type StubRoutes } from '@hf/app-kit/testing/harness';
import type { DrillDownRow, MonthlyTrend, ReportItem } from '@hf/contracts/reports';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Reports } from './Reports';

const TODAY = '2026-03-15';

const accounts = [
  { id: 1, name: 'Checking', is_default: true },
  { id: 2, name: 'Savings' },
  { id: 3, name: 'Card' },
];
const tree = [
  {
    id: 1,
    name: 'Food',
    parent_id: null,
    children: [
      { id: 11, name: 'Groceries', parent_id: 1 },
      { id: 12, name: 'Dining', parent_id: 1 },
    ],
  },
  { id: 2, name: 'Rent', parent_id: null, children: [] },
  { id: 3, name: 'Salary', parent_id: null, children: [] },
];
const leaf = (id: number | null, name: string, value: number) => ({ id, name, value, children: [] as never[] });
const item = (
  id: number | null,
  name: string,
  value: number,
  children: ReturnType<typeof leaf>[] = [],
): ReportItem => ({ id, name, value, children });

function drillRow(id: number, extra: Partial<DrillDownRow> = {}): DrillDownRow {
  return {
    id,
    date: '2026-03-10',
    payee: `Payee ${id}`,
    amount: -10,
    account_id: 1,
    account_name: 'Checking',
    status: '',
    notes: '',
    category_id: 11,
    category_name: 'Food: Groceries',
    updated_at: `2026-03-10T10:00:0${id}.000000Z`,
    ...extra,
  };
}

/** A CSV download as the server answers it: the file name in Content-Disposition. */
const csvFile = (filename: string, body: string) => ({
  status: 200,
  body,
  headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="${filename}"` },
});

const trend: MonthlyTrend = { months: ['2026-03'], spending: [1080.5], income: [3000], categories: [] };

let byCategory: ReportItem[];
let byPayee: ReportItem[];
let income: ReportItem[];
let drillRows: DrillDownRow[];

function setup(extra: StubRoutes = {}) {
  return renderWithStubs(
    <Reports />,
    {
      'GET /api/accounts/': accounts,
      'GET /api/categories/': tree,
      'GET /api/payees/': ['Grocer', 'Landlord'],
      'GET /api/reports/spending_by_category': () => byCategory,
      'GET /api/reports/spending_by_payee': () => byPayee,
      'GET /api/reports/income_by_category': () => income,
      'GET /api/reports/monthly_trend': () => trend,
      'GET /api/reports/transactions_by_category': () => drillRows,
      'GET /api/reports/transactions_by_payee': () => drillRows,
    },
    extra,
  );
}

const callsTo = (calls: FetchCall[], path: string) => calls.filter((c) => c.path === `/api/reports/${path}`);
const lastCall = (calls: FetchCall[], path: string) => callsTo(calls, path).at(-1)!;
const bars = () => screen.getByRole('list', { name: /^(Spending|Income) by/ });
const barNames = () =>
  within(bars())
    .getAllByRole('button', { name: /^Show the transactions|\$/ })
    .map((b) => b.querySelector('.report-bar__name')?.textContent);
const total = () => document.querySelector('.report-total')!.textContent;

beforeEach(() => {
  setToday(TODAY);
  localStorage.clear();
  sessionStorage.clear();
  resetEventSequence();
  byCategory = [
    item(2, 'Rent', 900),
    item(1, 'Food', 150.5, [leaf(11, 'Groceries', 100.25), leaf(12, 'Dining', 50.25)]),
    item(null, 'Uncategorized', 30),
  ];
  byPayee = [item(null, 'Landlord', 900), item(null, 'Grocer', 100.25)];
  income = [item(3, 'Salary', 3000)];
  drillRows = [
    drillRow(1, { payee: 'Grocer', amount: -60.25 }),
    drillRow(2, { payee: 'Market', amount: -40, status: 'x', date: '2026-03-02' }),
  ];
});
afterEach(() => jest.useRealTimers());

describe('Reports: filters', () => {
  it('opens on spending by category for the current month, all accounts, sorted by amount', async () => {
    const { calls } = setup();
    expect(await screen.findByText('Rent')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spending' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Income' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'By Category' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Start Date')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('End Date')).toHaveValue('2026-03-31');
    expect(screen.getByLabelText('Sort by')).toHaveValue('amount');
    expect(screen.getByRole('button', { name: 'Accounts All Accounts' })).toBeInTheDocument();
    const call = lastCall(calls, 'spending_by_category');
    expect(Object.fromEntries(call.query)).toEqual({
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      sort_by: 'amount',
    });
    expect(screen.getByRole('heading', { name: 'Spending by Category' })).toBeInTheDocument();
  });

  it('switches to by payee and to income; the grouping and the hide filter are for spending (by category) only', async () => {
    const { user, calls } = setup();
    await screen.findByText('Rent');
    expect(screen.getByRole('button', { name: /^Hide Categories/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'By Payee' }));
    expect(await screen.findByText('Landlord')).toBeInTheDocument();
    expect(lastCall(calls, 'spending_by_payee').query.get('sort_by')).toBe('amount');
    expect(screen.getByRole('heading', { name: 'Spending by Payee' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Hide Categories/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Income' }));
    expect(await screen.findByText('Salary')).toBeInTheDocument();
    expect(callsTo(calls, 'income_by_category')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'By Category' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'By Payee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Hide Categories/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Income by Category' })).toBeInTheDocument();
  });

  it('the shortcut buttons set the dates and refetch', async () => {
    const { user, calls } = setup();
    await screen.findByText('Rent');
    const expectRange = async (label: string, start: string, end: string) => {
      await user.click(screen.getByRole('button', { name: label }));
      expect(screen.getByLabelText('Start Date')).toHaveValue(start);
      expect(screen.getByLabelText('End Date')).toHaveValue(end);
      await waitFor(() => expect(lastCall(calls, 'spending_by_category').query.get('start_date')).toBe(start));
      expect(lastCall(calls, 'spending_by_category').query.get('end_date')).toBe(end);
    };
    await expectRange('Last Month', '2026-02-01', '2026-02-28');
    await expectRange('Year to Date', '2026-01-01', '2026-03-15');
    await expectRange('Last Year', '2025-01-01', '2025-12-31');
    await expectRange('This Month', '2026-03-01', '2026-03-31');
  });

  it('a start after the end is refused without a call', async () => {
    const { user, calls } = setup();
    await screen.findByText('Rent');
    const before = callsTo(calls, 'spending_by_category').length;
    const start = screen.getByLabelText('Start Date');
    await user.clear(start);
    await user.type(start, '2026-04-20');
    expect(await screen.findByText('The start date must be on or before the end date.')).toBeInTheDocument();
    expect(
      callsTo(calls, 'spending_by_category').every((c) => c.query.get('start_date')! <= c.query.get('end_date')!),
    ).toBe(true);
    expect(callsTo(calls, 'spending_by_category').length).toBeGreaterThanOrEqual(before);
  });

  it('sort by name is sent and remembered in report_sort_by', async () => {
    const { user, calls, unmount } = setup();
    await screen.findByText('Rent');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Name');
    await waitFor(() => expect(lastCall(calls, 'spending_by_category').query.get('sort_by')).toBe('name'));
    expect(localStorage.getItem('report_sort_by')).toBe('name');
    unmount();
    const again = setup();
    await screen.findByText('Rent');
    expect(screen.getByLabelText('Sort by')).toHaveValue('name');
    expect(lastCall(again.calls, 'spending_by_category').query.get('sort_by')).toBe('name');
  });

  it('the account multi-select names the chosen accounts, sends their ids and remembers them', async () => {
    const { user, calls } = setup();
    await screen.findByText('Rent');
    await user.click(screen.getByRole('button', { name: 'Accounts All Accounts' }));
    const panel = screen.getByRole('group', { name: 'Accounts' });
    expect(within(panel).getByRole('checkbox', { name: 'All Accounts' })).toBeChecked();
    await user.click(within(panel).getByRole('checkbox', { name: 'Savings' }));
    expect(screen.getByRole('button', { name: 'Accounts Checking, Card' })).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(lastCall(calls, 'spending_by_category').query.get('account_ids')).toBe('1,3'));
    expect(lastCall(calls, 'monthly_trend').query.get('account_ids')).toBe('1,3');
    expect(localStorage.getItem('report_account_filter')).toBe('[1,3]');
    await user.click(within(panel).getByRole('checkbox', { name: 'Savings' }));
    expect(screen.getByRole('button', { name: 'Accounts All Accounts' })).toBeInTheDocument();
    expect(localStorage.getItem('report_account_filter')).toBe('all');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Accounts' })).not.toBeInTheDocument();
  });

  it('unticking every account shows "No accounts selected" and makes no call', async () => {
    const { user, calls } = setup();
    await screen.findByText('Rent');
    await user.click(screen.getByRole('button', { name: 'Accounts All Accounts' }));
    await user.click(screen.getByRole('checkbox', { name: 'All Accounts' }));
    const count = calls.filter((c) => c.path.startsWith('/api/reports/')).length;
    expect(screen.getByText('No accounts selected', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accounts No accounts selected' })).toBeInTheDocument();
    expect(screen.queryByText('Rent')).not.toBeInTheDocument();
    expect(localStorage.getItem('report_account_filter')).toBe('[]');
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(calls.filter((c) => c.path.startsWith('/api/reports/')).length).toBe(count);
  });

  it('starts from the remembered accounts (a deleted account drops out)', async () => {
    localStorage.setItem('report_account_filter', '[2,99]');
    const { calls } = setup();
    await screen.findByText('Rent');
    expect(screen.getByRole('button', { name: 'Accounts Savings' })).toBeInTheDocument();
    expect(callsTo(calls, 'spending_by_category').map((c) => c.query.get('account_ids'))).toEqual(['2']);
  });

  it('hidden categories leave the list and the total, and are remembered', async () => {
    const { user } = setup();
    await screen.findByText('Rent');
    expect(total()).toBe('Total$1,080.50');
    await user.click(screen.getByRole('button', { name: 'Hide Categories None hidden' }));
    await user.click(screen.getByRole('checkbox', { name: 'Rent' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dining' }));
    expect(screen.queryByText('Rent', { selector: '.report-bar__name' })).not.toBeInTheDocument();
    expect(total()).toBe('Total$130.25');
    expect(JSON.parse(localStorage.getItem('report_hidden_categories')!)).toEqual(['2', '12']);
    expect(screen.getByRole('button', { name: 'Hide Categories 2 hidden' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Uncategorized' }));
    expect(total()).toBe('Total$100.25');
  });
});

describe('Reports: the bar list', () => {
  it('shows one bar per item with its amount, widths relative to the largest, colours cycling, and the total', async () => {
    byCategory = Array.from({ length: 7 }, (_, i) => item(100 + i, `Cat ${i}`, 700 - i * 100));
    setup();
    await screen.findByText('Cat 0');
    expect(barNames()).toEqual(['Cat 0', 'Cat 1', 'Cat 2', 'Cat 3', 'Cat 4', 'Cat 5', 'Cat 6']);
    const rows = within(bars()).getAllByRole('listitem');
    expect(rows.map((r) => r.className.match(/report-bar--c(\d)/)![1])).toEqual(['0', '1', '2', '3', '4', '5', '0']);
    const widths = [...document.querySelectorAll<HTMLElement>('.report-bar__fill')].map((el) => el.style.width);
    expect(widths[0]).toBe('100%');
    expect(widths[6]).toBe(`${(100 / 700) * 100}%`);
    expect(screen.getByText('$700.00')).toBeInTheDocument();
    expect(total()).toBe('Total$2,800.00');
  });

  it('a parent expands to its sub-categories with aria-expanded', async () => {
    const { user } = setup();
    await screen.findByText('Food');
    const toggle = screen.getByRole('button', { name: 'Expand Food' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Groceries')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Expand Rent/ })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Collapse Food' })).toHaveAttribute('aria-expanded', 'true');
    const children = screen.getByRole('list', { name: 'Sub-categories of Food' });
    expect(within(children).getByText('Groceries')).toBeInTheDocument();
    expect(within(children).getByText('$100.25')).toBeInTheDocument();
    expect(within(children).getByText('$50.25')).toBeInTheDocument();
  });

  it('the empty state', async () => {
    byCategory = [];
    setup();
    expect(await screen.findByText('No spending data available for the selected period.')).toBeInTheDocument();
  });

  it('a failed call (5xx) shows the spec text, not the server text', async () => {
    setup({
      'GET /api/reports/spending_by_category': {
        status: 500,
        body: { message: 'Something went wrong. Please try again.' },
      },
    });
    expect(await screen.findByText('Could not fetch report data. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong. Please try again.')).not.toBeInTheDocument();
  });

  it('a 4xx message from the server is shown as it is', async () => {
    setup({
      'GET /api/reports/spending_by_category': {
        status: 400,
        body: { message: 'The date range cannot be longer than 10 years.' },
      },
    });
    expect(await screen.findByText('The date range cannot be longer than 10 years.')).toBeInTheDocument();
  });

  it('the trend chart lists the months with spending and income', async () => {
    setup();
    expect(await screen.findByRole('table', { name: 'Monthly spending and income' })).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Mar 2026/ });
    expect(row).toHaveTextContent('$1,080.50');
    expect(row).toHaveTextContent('$3,000.00');
    expect(screen.getByRole('img', { name: 'Monthly spending and income, Mar 2026 to Mar 2026' })).toBeInTheDocument();
  });

  it('Download CSV fetches the report as CSV with the token and saves it under the server name', async () => {
    localStorage.setItem('access_token', 'tok');
    const csv = csvFile('spending_by_category_2026-03-01_2026-03-31.csv', 'Category,Amount\r\nRent,900\r\n');
    const { user, calls } = setup({
      'GET /api/reports/spending_by_category': (req: { query: URLSearchParams }) =>
        req.query.get('format') === 'csv' ? csv : byCategory,
    });
    await screen.findByText('Rent');
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:csv'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    try {
      await user.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(saved).toEqual(['spending_by_category_2026-03-01_2026-03-31.csv']));
      const call = calls.find((c) => c.query.get('format') === 'csv')!;
      expect(call.headers.Authorization).toBe('Bearer tok');
      expect(Object.fromEntries(call.query)).toEqual({
        start_date: '2026-03-01',
        end_date: '2026-03-31',
        sort_by: 'amount',
        format: 'csv',
      });
    } finally {
      click.mockRestore();
    }
  });

  it('Download CSV leaves out the hidden categories that are in the report (not stale ones)', async () => {
    localStorage.setItem('report_hidden_categories', JSON.stringify(['12', 'uncategorized', '999']));
    const csv = csvFile('r.csv', 'Category,Amount\r\n');
    const { user, calls } = setup({
      'GET /api/reports/spending_by_category': (req: { query: URLSearchParams }) =>
        req.query.get('format') === 'csv' ? csv : byCategory,
    });
    await screen.findByText('Rent');
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:csv'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      await user.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(calls.some((c) => c.query.get('format') === 'csv')).toBe(true));
      const call = calls.find((c) => c.query.get('format') === 'csv')!;
      expect(call.query.get('hide_category_ids')).toBe('12,uncategorized');
      expect(calls.filter((c) => c.query.get('format') !== 'csv').every((c) => !c.query.has('hide_category_ids'))).toBe(
        true,
      );
    } finally {
      click.mockRestore();
    }
  });
});

describe('Reports: the drill-down', () => {
  const openFood = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('button', { name: /^Food\s*\$150\.50$/ }));
    return screen.findByRole('dialog', { name: 'Food, 3/1/2026 to 3/31/2026' });
  };

  it('lists the rows behind an item; a child item drills into its own category', async () => {
    const { user, calls } = setup();
    const dialog = await openFood(user);
    expect(await within(dialog).findByText('Grocer')).toBeInTheDocument();
    for (const c of ['Date', 'Payee', 'Account', 'Category', 'Amount', 'Status'])
      expect(within(dialog).getByRole('columnheader', { name: c })).toBeInTheDocument();
    const grocer = within(dialog).getByText('Grocer').closest('tr')!;
    expect(grocer).toHaveTextContent('3/10/2026');
    expect(grocer).toHaveTextContent('Checking');
    expect(grocer).toHaveTextContent('Food: Groceries');
    expect(grocer).toHaveTextContent('-$60.25');
    expect(within(dialog).getByText('Market').closest('tr')).toHaveTextContent('X');
    expect(Object.fromEntries(lastCall(calls, 'transactions_by_category').query)).toEqual({
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      sort_by: 'amount',
      category_id: '1',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Expand Food' }));
    await user.click(screen.getByRole('button', { name: /^Groceries/ }));
    expect(await screen.findByRole('dialog', { name: 'Food: Groceries, 3/1/2026 to 3/31/2026' })).toBeInTheDocument();
    expect(lastCall(calls, 'transactions_by_category').query.get('category_id')).toBe('11');
  });

  it('"Uncategorized" drills with category_id=uncategorized; a payee item by payee_name', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: /^Uncategorized/ }));
    await screen.findByRole('dialog', { name: /^Uncategorized, / });
    expect(lastCall(calls, 'transactions_by_category').query.get('category_id')).toBe('uncategorized');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'By Payee' }));
    await user.click(await screen.findByRole('button', { name: /^Landlord/ }));
    await screen.findByRole('dialog', { name: /^Landlord, / });
    expect(lastCall(calls, 'transactions_by_payee').query.get('payee_name')).toBe('Landlord');
  });

  it('changing a row category sends only the category and updated_at (no amount), then refetches report, drill-down and trend', async () => {
    let put: any = null;
    const { user, calls } = setup({
      'PUT /api/transactions/1': (req: { body: unknown }) => {
        put = req.body;
        byCategory = [
          item(2, 'Rent', 900),
          item(1, 'Food', 90.25, [leaf(11, 'Groceries', 40), leaf(12, 'Dining', 50.25)]),
          item(null, 'Uncategorized', 90.25),
        ];
        drillRows = drillRows.filter((r) => r.id !== 1);
        return { status: 200, body: { id: 1 }, headers: { 'x-event-sequence': '77' } };
      },
    });
    const dialog = await openFood(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Edit Grocer, 3/10/2026' }));
    const editor = within(dialog).getByRole('group', { name: 'Edit transaction Grocer' });
    expect(within(editor).getByLabelText('Payment')).toHaveValue(60.25);
    const category = within(editor).getByRole('combobox', { name: 'Category' });
    await user.clear(category);
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toEqual({ category_id: null, updated_at: '2026-03-10T10:00:01.000000Z' }));
    expect(await within(dialog).findByText('Update successful.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByText('Grocer')).not.toBeInTheDocument());
    expect(await screen.findByText('$90.25', { selector: '.report-bar--c1 .report-bar__amount' })).toBeInTheDocument();
    // The refetches wait for the read model: they carry the write's sequence.
    expect(lastCall(calls, 'spending_by_category').headers['X-Min-Sequence']).toBe('77');
    expect(lastCall(calls, 'transactions_by_category').headers['X-Min-Sequence']).toBe('77');
    expect(lastCall(calls, 'monthly_trend').headers['X-Min-Sequence']).toBe('77');
    expect(total()).toBe('Total$1,080.50');
  });

  it('an unchanged save makes no call; a changed notes field sends only the notes', async () => {
    const puts: any[] = [];
    const { user } = setup({ 'PUT /api/transactions/1': (req: { body: unknown }) => (puts.push(req.body), { id: 1 }) });
    const dialog = await openFood(user);
    await user.click(await within(dialog).findByText('Grocer'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).queryByRole('group', { name: /^Edit transaction/ })).not.toBeInTheDocument();
    expect(puts).toEqual([]);
    await user.click(within(dialog).getByText('Grocer'));
    await user.type(within(dialog).getByLabelText('Notes'), 'weekly{Enter}');
    await waitFor(() => expect(puts).toEqual([{ notes: 'weekly', updated_at: '2026-03-10T10:00:01.000000Z' }]));
  });

  it('a cleared row keeps its amount locked until "Unlock to edit amount" is confirmed', async () => {
    let put: any = null;
    const { user } = setup({ 'PUT /api/transactions/2': (req: { body: unknown }) => ((put = req.body), { id: 2 }) });
    const dialog = await openFood(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Edit Market, 3/2/2026' }));
    const editor = within(dialog).getByRole('group', { name: 'Edit transaction Market' });
    expect(within(editor).getByLabelText('Payment')).toBeDisabled();
    expect(within(editor).getByLabelText('Deposit')).toBeDisabled();
    expect(within(editor).getByLabelText('Status')).toBeDisabled();
    await user.click(within(editor).getByRole('button', { name: 'Unlock to edit amount' }));
    const confirm = screen.getByRole('dialog', { name: 'Unlock Cleared Transaction?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(editor).getByLabelText('Payment')).toBeDisabled();
    await user.click(within(editor).getByRole('button', { name: 'Unlock to edit amount' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Unlock Cleared Transaction?' })).getByRole('button', {
        name: 'Unlock',
      }),
    );
    const payment = within(editor).getByLabelText('Payment');
    expect(payment).toBeEnabled();
    await user.clear(payment);
    await user.type(payment, '45');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toEqual({ amount: -45, updated_at: '2026-03-10T10:00:02.000000Z' }));
  });

  it('a failed save shows "Failed to update transaction." or the server message', async () => {
    let answer: { status: number; body?: unknown } = { status: 500 };
    const { user } = setup({ 'PUT /api/transactions/1': () => answer });
    const dialog = await openFood(user);
    await user.click(await within(dialog).findByText('Grocer'));
    await user.type(within(dialog).getByLabelText('Notes'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to update transaction.')).toBeInTheDocument();
    answer = { status: 400, body: { message: 'Notes are too long.' } };
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Notes are too long.')).toBeInTheDocument();
  });

  it('Escape while editing cancels the edit, the next Escape closes the drill-down', async () => {
    const { user } = setup();
    const dialog = await openFood(user);
    await user.click(await within(dialog).findByText('Grocer'));
    expect(within(dialog).getByRole('group', { name: 'Edit transaction Grocer' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('group', { name: 'Edit transaction Grocer' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the drill-down has its own Download CSV', async () => {
    const csv = csvFile('transactions_by_category.csv', 'Date,Payee\r\n');
    const { user, calls } = setup({
      'GET /api/reports/transactions_by_category': (req: { query: URLSearchParams }) =>
        req.query.get('format') === 'csv' ? csv : drillRows,
    });
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:csv'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    try {
      const dialog = await openFood(user);
      await within(dialog).findByText('Grocer');
      await user.click(within(dialog).getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(saved).toEqual(['transactions_by_category.csv']));
      expect(calls.find((c) => c.query.get('format') === 'csv')!.query.get('category_id')).toBe('1');
    } finally {
      click.mockRestore();
    }
  });
});
