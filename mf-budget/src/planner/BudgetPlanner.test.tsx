/* eslint-disable @typescript-eslint/no-explicit-any -- JSON request bodies seen by the fetch stub */
import { resetEventSequence } from '@hf/app-kit';
import { anEnvelope, aPredictable } from '@hf/app-kit/testing/budget';
import { type FetchCall, renderWithStubs, setToday, type StubRoutes } from '@hf/app-kit/testing/harness';
import type { Envelope, Predictable } from '@hf/contracts/budget';
import { act, screen, waitFor, within } from '@testing-library/react';
import BudgetPage from '../pages/BudgetPage';

const TODAY = '2026-11-15';
const MONTHS = [
  '2026-11-01',
  '2026-12-01',
  '2027-01-01',
  '2027-02-01',
  '2027-03-01',
  '2027-04-01',
  '2027-05-01',
  '2027-06-01',
  '2027-07-01',
  '2027-08-01',
  '2027-09-01',
  '2027-10-01',
];

const accounts = [
  { id: 1, name: 'Checking', is_default: true },
  { id: 2, name: 'Savings', is_default: false },
];
const tree = [
  { id: 1, name: 'Groceries', parent_id: null, children: [] },
  { id: 2, name: 'Rent', parent_id: null, children: [] },
  { id: 3, name: 'Salary', parent_id: null, children: [] },
  { id: 4, name: 'Food', parent_id: null, children: [{ id: 41, name: 'Dining', parent_id: 4 }] },
];

const values = (amounts: Record<string, number> = {}) => Object.fromEntries(MONTHS.map((m) => [m, amounts[m] ?? 0]));

function item(id: number, extra: Partial<Predictable> = {}): Predictable {
  return aPredictable({ id, values: values(), ...extra });
}

const envelope = (id: number, extra: Partial<Envelope> = {}): Envelope => anEnvelope({ id, ...extra });

let items: Predictable[];
let envelopes: Envelope[];

function setup(extra: StubRoutes = {}) {
  return renderWithStubs(
    <BudgetPage />,
    {
      'GET /api/accounts/': accounts,
      'GET /api/categories/': tree,
      'GET /api/payees/': ['Landlord', 'Employer'],
      'GET /api/budget/1': () => items,
      'GET /api/budget/2': () => [],
      'GET /api/budget/category/*': () => envelopes,
    },
    extra,
  );
}

const callsTo = (calls: FetchCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);
const grid = (name: 'Planned Deposits' | 'Planned Payments') => screen.getByRole('grid', { name });
const rowOf = (name: 'Planned Deposits' | 'Planned Payments', payee: string) =>
  within(grid(name)).getByText(payee).closest('tr') as HTMLElement;
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('gridcell');
const addForm = (kind: 'deposit' | 'payment' | 'envelope') =>
  screen.getByRole('form', { name: kind === 'envelope' ? 'Add envelope' : `Add planned ${kind}` });

beforeEach(() => {
  setToday(TODAY);
  localStorage.clear();
  resetEventSequence();
  items = [
    item(10, {
      item_type: 'deposit',
      payee: 'Employer',
      category: 'Salary',
      category_id: 3,
      day_of_month: 15,
      values: values({ '2026-11-01': 3000, '2026-12-01': 3000 }),
    }),
    item(11, {
      payee: 'Landlord',
      category: 'Rent',
      category_id: 2,
      day_of_month: 31,
      values: values({ '2026-11-01': 1200 }),
    }),
    item(12, {
      payee: 'Savings',
      category: '-- Transfer --',
      day_of_month: 5,
      transfer_account_id: 2,
      values: values({ '2026-11-01': 200 }),
    }),
    item(13, {
      item_type: 'deposit',
      account_id: 2,
      payee: 'Savings',
      category: '-- Transfer --',
      day_of_month: 20,
      transfer_account_id: 1,
      is_incoming_transfer: true,
      values: values({ '2026-12-01': 50 }),
    }),
  ];
  envelopes = [
    envelope(1, { category_name: 'Groceries', amount: 400, rollover: 100, spent: 125 }),
    envelope(2, { category_id: 41, category_name: 'Food: Dining', amount: 100, spent: 80, rollover_enabled: false }),
    envelope(3, { category_id: 2, category_name: 'Rent', amount: 100, spent: 95 }),
  ];
});
afterEach(() => jest.useRealTimers());

describe('Budget Planner: account selector', () => {
  it('says so when there are no accounts', async () => {
    setup({ 'GET /api/accounts/': [] });
    expect(screen.getByRole('heading', { level: 1, name: 'Budget Planner' })).toBeInTheDocument();
    expect(
      await screen.findByText("You don't have any accounts. Please add an account to create a budget."),
    ).toBeInTheDocument();
  });

  it('preselects the default account, links to its register and switches account', async () => {
    const { user, calls } = setup({
      'GET /api/accounts/': [
        accounts[1],
        { ...accounts[0], is_default: false },
        { id: 3, name: 'Joint', is_default: true },
      ],
      'GET /api/budget/3': [],
    });
    expect(await screen.findByRole('link', { name: 'Go to Register →' })).toHaveAttribute(
      'href',
      '/accounts/3/register',
    );
    expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue('3');
    // The planner shows once the account's envelopes and Predictables are in (no layout shift).
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/budget/3').length).toBeGreaterThan(0));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Account' }), 'Checking');
    expect(screen.getByRole('link', { name: 'Go to Register →' })).toHaveAttribute('href', '/accounts/1/register');
    expect(await screen.findByText('Landlord')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/budget/category/1/2026-11')).toHaveLength(1);
  });

  it('shows the three sections, Piggy Banks as "Coming Soon!"', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 2, name: 'Everyday Envelopes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'The Predictables' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Piggy Banks' })).toBeInTheDocument();
    expect(screen.getByText('Coming Soon!')).toBeInTheDocument();
    expect(
      screen.getByText(/Editing an amount in the Predictables grid fills it forward to future months\./),
    ).toBeInTheDocument();
  });
});

describe('Budget Planner: Everyday Envelopes', () => {
  it('lists the month\u2019s envelopes with amount, rollover, spent, left, progress and colour', async () => {
    const { calls } = setup();
    const table = await screen.findByRole('grid', { name: 'Envelopes of November 2026' });
    expect(screen.getByLabelText('Month')).toHaveValue('2026-11');
    expect(callsTo(calls, 'GET', '/api/budget/category/1/2026-11')).toHaveLength(1);
    const groceries = within(table).getByRole('rowheader', { name: 'Groceries' }).closest('tr')!;
    expect([...groceries.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      '$400.00',
      '$100.00',
      '$125.00',
      '$375.00',
      '',
      '',
    ]);
    expect(within(groceries).getByRole('button', { name: 'Edit Groceries' })).toBeInTheDocument();
    expect(within(groceries).getByRole('button', { name: 'Delete Groceries' })).toBeInTheDocument();
    // (400 + 100 - 125) / 500 = 75 %: green
    expect(within(groceries).getByRole('progressbar', { name: 'Groceries remaining' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    expect(groceries).toHaveAttribute('data-tone', 'green');
    // 20 % left: orange; 5 % left: red
    const dining = within(table).getByRole('rowheader', { name: 'Food: Dining' }).closest('tr')!;
    expect(dining).toHaveAttribute('data-tone', 'orange');
    expect(within(dining).getByText('off')).toBeInTheDocument();
    const rent = within(table).getByRole('rowheader', { name: 'Rent' }).closest('tr')!;
    expect(rent).toHaveAttribute('data-tone', 'red');
    expect(within(rent).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '5');
  });

  it('the month picker reads another month; an overspent or empty envelope shows 0 % in red', async () => {
    const { user, calls } = setup();
    await screen.findByRole('grid', { name: 'Envelopes of November 2026' });
    envelopes = [
      envelope(4, { month: '2026-12', amount: 50, spent: 80, carried_from: '2026-11' }),
      envelope(5, { category_id: 3, category_name: 'Salary', month: '2026-12', amount: 0, spent: 0 }),
    ];
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    const table = await screen.findByRole('grid', { name: 'Envelopes of December 2026' });
    expect(callsTo(calls, 'GET', '/api/budget/category/1/2026-12')).toHaveLength(1);
    expect(screen.getByText('Carried forward from November 2026.')).toBeInTheDocument();
    const over = within(table).getByRole('rowheader', { name: 'Groceries' }).closest('tr')!;
    expect(within(over).getByText('-$30.00')).toBeInTheDocument();
    expect(within(over).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(over).toHaveAttribute('data-tone', 'red');
    expect(within(table).getByRole('rowheader', { name: 'Salary' }).closest('tr')).toHaveAttribute('data-tone', 'red');
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/budget/category/1/2026-10')).toHaveLength(1));
  });

  it('a failed read says "Could not fetch category budget data."', async () => {
    setup({ 'GET /api/budget/category/*': { status: 500, body: { message: 'boom' } } });
    expect(await screen.findByText('Could not fetch category budget data.')).toHaveAttribute('role', 'alert');
  });

  it('adding without a category alerts "Please select or enter a category." and makes no call', async () => {
    const { user, calls } = setup();
    await screen.findByRole('grid', { name: 'Envelopes of November 2026' });
    await user.type(within(addForm('envelope')).getByLabelText('Amount'), '50');
    await user.click(within(addForm('envelope')).getByRole('button', { name: 'Add Envelope' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select or enter a category.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(callsTo(calls, 'POST', '/api/budget/category')).toHaveLength(0);
  });

  it('adds an envelope with rollover on by default, then one without; the list is refetched', async () => {
    const posted: any[] = [];
    const { user, calls } = setup({
      'POST /api/budget/category': ({ body }: { body: any }) => (posted.push(body), { ...envelope(9), ...body }),
    });
    await screen.findByRole('grid', { name: 'Envelopes of November 2026' });
    const form = addForm('envelope');
    expect(within(form).getByRole('checkbox', { name: 'Rollover' })).toBeChecked();
    await user.type(within(form).getByRole('combobox', { name: 'Category' }), 'Salary');
    await user.type(within(form).getByLabelText('Amount'), '250.5');
    await user.click(within(form).getByRole('button', { name: 'Add Envelope' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      account_id: 1,
      category_id: 3,
      month: '2026-11',
      amount: 250.5,
      rollover_enabled: true,
    });
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/budget/category/1/2026-11').length).toBeGreaterThanOrEqual(2),
    );
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Category' })).toHaveValue(''));

    await user.type(within(form).getByRole('combobox', { name: 'Category' }), 'Groceries');
    await user.type(within(form).getByLabelText('Amount'), '80');
    await user.click(within(form).getByRole('checkbox', { name: 'Rollover' }));
    await user.click(within(form).getByRole('button', { name: 'Add Envelope' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({ account_id: 1, category_id: 1, month: '2026-11', amount: 80, rollover_enabled: false });
  });

  it('a refused add alerts the server\u2019s message; a failure alerts "Could not save category budget."', async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { message: 'This category already has an envelope for this month.' },
    };
    const { user } = setup({ 'POST /api/budget/category': () => answer });
    await screen.findByRole('grid', { name: 'Envelopes of November 2026' });
    const form = addForm('envelope');
    const add = async () => {
      await user.clear(within(form).getByRole('combobox', { name: 'Category' }));
      await user.type(within(form).getByRole('combobox', { name: 'Category' }), 'Groceries');
      await user.clear(within(form).getByLabelText('Amount'));
      await user.type(within(form).getByLabelText('Amount'), '10');
      await user.click(within(form).getByRole('button', { name: 'Add Envelope' }));
      return screen.findByRole('dialog');
    };
    let dialog = await add();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'This category already has an envelope for this month.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    answer = { status: 500, body: { message: 'Internal Server Error' } };
    dialog = await add();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Could not save category budget.');
  });

  it('deletes an envelope after confirmation; a failure says "Could not delete the envelope."', async () => {
    let fail = false;
    const { user, calls } = setup({
      'DELETE /api/budget/category/2': () => (fail ? { status: 500 } : { status: 204 }),
    });
    await screen.findByRole('grid', { name: 'Envelopes of November 2026' });
    await user.click(screen.getByRole('button', { name: 'Delete Food: Dining' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Envelope' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the Food: Dining envelope?');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(callsTo(calls, 'DELETE', '/api/budget/category/2')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Food: Dining' }));
    await user.keyboard('y');
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/budget/category/2')).toHaveLength(1));
    expect(callsTo(calls, 'DELETE', '/api/budget/category/2')[0].query.get('month')).toBe('2026-11');
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Delete Food: Dining' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Could not delete the envelope.')).toHaveAttribute('role', 'alert');
  });

  it('deleting an envelope carried into the month on screen names that month', async () => {
    const { user, calls } = setup({
      'DELETE /api/budget/category/1': { status: 200, body: { message: 'Envelope deleted.' } },
    });
    await screen.findByRole('grid', { name: 'Envelopes of November 2026' });
    envelopes = [envelope(1, { month: '2026-12', carried_from: '2026-11' })];
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await screen.findByRole('grid', { name: 'Envelopes of December 2026' });
    await user.click(screen.getByRole('button', { name: 'Delete Groceries' }));
    await user.keyboard('y');
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/budget/category/1')).toHaveLength(1));
    expect(callsTo(calls, 'DELETE', '/api/budget/category/1')[0].query.get('month')).toBe('2026-12');
  });

  it('edits an amount and the rollover flag in place with the grid’s keys, for the month on screen', async () => {
    const puts: any[] = [];
    const { user, calls } = setup({
      'PUT /api/budget/category/*': ({ body }: { body: any }) => (puts.push(body), envelope(1, body)),
    });
    const table = await screen.findByRole('grid', { name: 'Envelopes of November 2026' });
    const cell = (row: number, col: number) => table.querySelector<HTMLElement>(`[data-cell="${row}-${col}"]`)!;
    // Tab reaches the first Amount cell; Enter edits, Enter saves and goes down.
    cell(0, 0).focus();
    await user.keyboard('{Enter}');
    const input = within(table).getByRole('textbox', { name: 'Groceries amount' });
    expect(input).toHaveValue('400.00');
    await user.keyboard('450.5{Enter}');
    await waitFor(() => expect(puts).toEqual([{ month: '2026-11', amount: 450.5 }]));
    expect(callsTo(calls, 'PUT', '/api/budget/category/1')).toHaveLength(1);
    await waitFor(() => expect(cell(1, 0)).toHaveFocus());
    // Typing starts an edit; Escape cancels it without a call.
    await user.keyboard('7');
    expect(within(table).getByRole('textbox', { name: 'Food: Dining amount' })).toHaveValue('7');
    await user.keyboard('{Escape}');
    expect(within(table).queryByRole('textbox')).not.toBeInTheDocument();
    await waitFor(() => expect(cell(1, 0)).toHaveFocus());
    // Arrow right to Rollover; Enter opens the checkbox, Space ticks it, Enter saves.
    await user.keyboard('{ArrowRight}{Enter}');
    expect(within(table).getByRole('checkbox', { name: 'Rolls over' })).not.toBeChecked();
    await user.keyboard(' {Enter}');
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ month: '2026-11', rollover_enabled: true });
    expect(callsTo(calls, 'PUT', '/api/budget/category/2')).toHaveLength(1);
    // The Edit button opens the amount; a negative amount is refused without a call.
    await user.click(screen.getByRole('button', { name: 'Edit Rent' }));
    await user.keyboard('{Control>}a{/Control}-5{Enter}');
    expect(await screen.findByText('The amount must not be negative: the type gives the sign.')).toBeInTheDocument();
    expect(puts).toHaveLength(2);
  });

  it('"Reset This Month" asks and makes no call', async () => {
    const { user, calls } = setup();
    await screen.findByRole('grid', { name: 'Envelopes of November 2026' });
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Reset This Month' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset This Month' });
    expect(dialog).toHaveTextContent('Are you sure you want to reset the envelopes of November 2026?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.slice(before).filter((c) => c.method !== 'GET')).toHaveLength(0);
  });
});

describe('Budget Planner: The Predictables', () => {
  it('shows deposits and payments with 12 months from the current one, a dash for zero, transfers and mirrors', async () => {
    setup();
    await screen.findByText('Landlord');
    const headers = within(grid('Planned Payments'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 3)).toEqual(['Payee', 'Category', 'Schedule']);
    expect(headers.slice(3, 15)).toEqual([
      'Nov 2026',
      'Dec 2026',
      'Jan 2027',
      'Feb 2027',
      'Mar 2027',
      'Apr 2027',
      'May 2027',
      'Jun 2027',
      'Jul 2027',
      'Aug 2027',
      'Sep 2027',
      'Oct 2027',
    ]);
    expect(cellsOf(rowOf('Planned Payments', 'Landlord')).map((c) => c.textContent)).toEqual([
      'Landlord',
      'Rent',
      'Every month on the 31stNo dates ahead',
      '$1,200.00',
      ...Array(11).fill('-'),
    ]);
    expect(
      cellsOf(rowOf('Planned Deposits', 'Employer'))
        .slice(0, 6)
        .map((c) => c.textContent),
    ).toEqual(['Employer', 'Salary', 'Every month on the 15thNo dates ahead', '$3,000.00', '$3,000.00', '-']);
    const transfer = rowOf('Planned Payments', 'Savings');
    expect(cellsOf(transfer)[1]).toHaveTextContent('-- Transfer --');
    const mirror = rowOf('Planned Deposits', 'Savings');
    expect(mirror).toHaveClass('budget-grid__mirror');
    expect(cellsOf(mirror)[1]).toHaveTextContent('-- Transfer --');
    expect(cellsOf(mirror)[4]).toHaveTextContent('$50.00');
    cellsOf(mirror).forEach((c) => expect(c).toHaveAttribute('aria-readonly', 'true'));
    expect(within(mirror).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('an incoming transfer mirror cannot be edited', async () => {
    const { user, calls } = setup();
    await screen.findByText('Landlord');
    const mirror = rowOf('Planned Deposits', 'Savings');
    await user.click(cellsOf(mirror)[5]);
    expect(within(mirror).queryByRole('textbox')).not.toBeInTheDocument();
    await user.keyboard('{Enter}9');
    expect(within(mirror).queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('a failed read says "Could not fetch scheduled budget data."', async () => {
    setup({ 'GET /api/budget/1': { status: 503, body: { message: 'down' } } });
    expect(await screen.findByText('Could not fetch scheduled budget data.')).toHaveAttribute('role', 'alert');
  });

  it('a cell edit fills forward (autofill full) and refetches; an unchanged value is not saved', async () => {
    const autofills: any[] = [];
    const { user, calls } = setup({
      'POST /api/budget/autofill': ({ body }: { body: any }) => {
        autofills.push(body);
        const target = items.find((i) => i.id === body.budget_item_id)!;
        for (const m of MONTHS) if (m >= body.start_month) target.values[m] = body.amount;
        return target;
      },
    });
    await screen.findByText('Landlord');
    const reads = callsTo(calls, 'GET', '/api/budget/1').length;
    await user.click(cellsOf(rowOf('Planned Payments', 'Landlord'))[5]);
    const input = within(rowOf('Planned Payments', 'Landlord')).getByRole('textbox', { name: 'Landlord Jan 2027' });
    expect(input).toHaveValue('');
    await user.type(input, '1250{Enter}');
    await waitFor(() =>
      expect(autofills).toEqual([{ budget_item_id: 11, start_month: '2027-01-01', amount: 1250, mode: 'full' }]),
    );
    expect(
      cellsOf(rowOf('Planned Payments', 'Landlord'))
        .slice(3)
        .map((c) => c.textContent),
    ).toEqual(['$1,200.00', '-', ...Array(10).fill('$1,250.00')]);
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/budget/1').length).toBeGreaterThan(reads));

    // The same value again: no call.
    await user.click(cellsOf(rowOf('Planned Payments', 'Landlord'))[3]);
    const first = within(rowOf('Planned Payments', 'Landlord')).getByRole('textbox', { name: 'Landlord Nov 2026' });
    expect(first).toHaveValue('1200.00');
    await user.clear(first);
    await user.type(first, '1200{Enter}');
    expect(autofills).toHaveLength(1);
  });

  it('a failed amount save says "Could not save the amount."; a negative amount is refused', async () => {
    const { user, calls } = setup({ 'POST /api/budget/autofill': { status: 500, body: { message: 'boom' } } });
    await screen.findByText('Landlord');
    await user.click(cellsOf(rowOf('Planned Payments', 'Landlord'))[4]);
    await user.keyboard('-5{Enter}');
    expect(await screen.findByText('The amount must not be negative: the type gives the sign.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/budget/autofill')).toHaveLength(0);
    await user.click(cellsOf(rowOf('Planned Payments', 'Landlord'))[4]);
    await user.keyboard('75{Enter}');
    expect(await screen.findByText('Could not save the amount.')).toBeInTheDocument();
  });

  it('an open editor stays with its item when a refetch reorders the rows', async () => {
    const autofills: any[] = [];
    const { user, queryClient } = setup({
      'POST /api/budget/autofill': ({ body }: { body: any }) => (
        autofills.push(body),
        items.find((i) => i.id === body.budget_item_id)
      ),
    });
    await screen.findByText('Landlord');
    await user.click(cellsOf(rowOf('Planned Payments', 'Landlord'))[4]);
    await user.keyboard('42');
    items = [items[2], items[1], items[0], items[3]];
    await act(() => queryClient.invalidateQueries({ queryKey: ['budget', 'items', 1] }));
    await waitFor(() => expect(grid('Planned Payments').querySelector('tbody tr')).toHaveTextContent(/^Savings/));
    const editor = within(rowOf('Planned Payments', 'Landlord')).getByRole('textbox', { name: 'Landlord Dec 2026' });
    expect(editor).toHaveValue('42');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(autofills).toEqual([{ budget_item_id: 11, start_month: '2026-12-01', amount: 42, mode: 'full' }]),
    );
  });

  it('moves with the arrows, edits with Enter or typing, Escape cancels', async () => {
    const autofills: any[] = [];
    const { user } = setup({
      'POST /api/budget/autofill': ({ body }: { body: any }) => (autofills.push(body), items[1]),
    });
    await screen.findByText('Landlord');
    const payments = grid('Planned Payments');
    const cell = (row: number, col: number) => payments.querySelector(`[data-cell="${row}-${col}"]`) as HTMLElement;
    act(() => cell(0, 0).focus());
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(cell(0, 3)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(cell(1, 3)).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(cell(0, 2)).toHaveFocus();
    await user.keyboard('{ArrowRight}{Enter}');
    const editor = within(cell(0, 3)).getByRole('textbox');
    expect(editor).toHaveFocus();
    expect(editor).toHaveValue('1200.00');
    await user.keyboard('999{Escape}');
    expect(within(payments).queryByRole('textbox')).not.toBeInTheDocument();
    expect(cell(0, 3)).toHaveFocus();
    expect(cell(0, 3)).toHaveTextContent('$1,200.00');
    expect(autofills).toHaveLength(0);
    // Typing starts an edit with that character; Enter commits and moves down.
    await user.keyboard('{ArrowRight}7{Enter}');
    await waitFor(() =>
      expect(autofills).toEqual([{ budget_item_id: 11, start_month: '2026-12-01', amount: 7, mode: 'full' }]),
    );
    await waitFor(() => expect(cell(1, 4)).toHaveFocus());
    await user.keyboard('{Home}');
    expect(cell(1, 0)).toHaveFocus();
    await user.keyboard('{End}');
    expect(cell(1, 14)).toHaveFocus();
  });

  it('edits payee and category (PUT); a failure says "Could not update the item."', async () => {
    const puts: any[] = [];
    let fail = false;
    const { user } = setup({
      'PUT /api/budget/11': ({ body }: { body: any }) => {
        if (fail) return { status: 500, body: { message: 'boom' } };
        puts.push(body);
        Object.assign(
          items[1],
          body,
          body.category_id ? { category: tree.find((c) => c.id === body.category_id)!.name } : {},
        );
        return items[1];
      },
    });
    await screen.findByText('Landlord');
    await user.click(cellsOf(rowOf('Planned Payments', 'Landlord'))[0]);
    await user.keyboard('{Control>}a{/Control}Big Landlord{Enter}');
    await waitFor(() => expect(puts).toEqual([{ payee: 'Big Landlord' }]));
    await screen.findByText('Big Landlord');
    await user.click(cellsOf(rowOf('Planned Payments', 'Big Landlord'))[1]);
    await user.keyboard('{Control>}a{/Control}Groceries{Enter}');
    await waitFor(() => expect(puts).toEqual([{ payee: 'Big Landlord' }, { category_id: 1 }]));
    fail = true;
    await user.click(cellsOf(rowOf('Planned Payments', 'Big Landlord'))[0]);
    await user.keyboard('{Control>}a{/Control}Landlords{Enter}');
    expect(await screen.findByText('Could not update the item.')).toBeInTheDocument();
  });

  it('the category of a transfer item is fixed', async () => {
    const { user } = setup();
    await screen.findByText('Landlord');
    await user.click(cellsOf(rowOf('Planned Payments', 'Savings'))[1]);
    expect(within(rowOf('Planned Payments', 'Savings')).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('adds a payment: payee and day are required, day 1..31', async () => {
    const posted: any[] = [];
    const { user, calls } = setup({
      'POST /api/budget/1': ({ body }: { body: any }) => (
        posted.push(body),
        item(20, { ...body, category: body.categoryName ?? null })
      ),
    });
    await screen.findByText('Landlord');
    const form = addForm('payment');
    const submit = () => user.click(within(form).getByRole('button', { name: 'Add Payment' }));
    await submit();
    expect(within(form).getByRole('alert')).toHaveTextContent('Payee is required.');
    await user.type(within(form).getByRole('combobox', { name: 'Payee' }), 'Water Co');
    await submit();
    expect(within(form).getByRole('alert')).toHaveTextContent('Day is required.');
    for (const bad of ['0', '32']) {
      await user.clear(within(form).getByLabelText('Day'));
      await user.type(within(form).getByLabelText('Day'), bad);
      await submit();
      expect(within(form).getByRole('alert')).toHaveTextContent('Day must be between 1 and 31.');
    }
    expect(callsTo(calls, 'POST', '/api/budget/1')).toHaveLength(0);
    await user.clear(within(form).getByLabelText('Day'));
    await user.type(within(form).getByLabelText('Day'), '31');
    await user.type(within(form).getByRole('combobox', { name: 'Category' }), 'Rent');
    await submit();
    await waitFor(() =>
      expect(posted).toEqual([
        { payee: 'Water Co', item_type: 'payment', day_of_month: 31, category_id: 2, categoryName: 'Rent' },
      ]),
    );
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Payee' })).toHaveValue(''));
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('adds a deposit, and a transfer when the payee is another account\u2019s name', async () => {
    const posted: any[] = [];
    const { user } = setup({ 'POST /api/budget/1': ({ body }: { body: any }) => (posted.push(body), item(21, body)) });
    await screen.findByText('Landlord');
    const deposits = addForm('deposit');
    await user.type(within(deposits).getByRole('combobox', { name: 'Payee' }), 'Employer');
    await user.type(within(deposits).getByLabelText('Day'), '1');
    await user.click(within(deposits).getByRole('button', { name: 'Add Deposit' }));
    await waitFor(() => expect(posted).toEqual([{ payee: 'Employer', item_type: 'deposit', day_of_month: 1 }]));

    const payments = addForm('payment');
    await user.type(within(payments).getByRole('combobox', { name: 'Payee' }), 'savings');
    const category = within(payments).getByRole('combobox', { name: 'Category' });
    expect(category).toHaveValue('-- Transfer --');
    expect(category).toBeDisabled();
    await user.type(within(payments).getByLabelText('Day'), '5');
    await user.click(within(payments).getByRole('button', { name: 'Add Payment' }));
    await waitFor(() => expect(posted[1]).toEqual({ payee: 'Savings', item_type: 'payment', day_of_month: 5 }));
  });

  it('a failed add says "Could not add the new item."', async () => {
    const { user } = setup({ 'POST /api/budget/1': { status: 500, body: { message: 'boom' } } });
    await screen.findByText('Landlord');
    const form = addForm('payment');
    await user.type(within(form).getByRole('combobox', { name: 'Payee' }), 'Gym');
    await user.type(within(form).getByLabelText('Day'), '3');
    await user.click(within(form).getByRole('button', { name: 'Add Payment' }));
    expect(await screen.findByText('Could not add the new item.')).toBeInTheDocument();
  });

  it('deletes an item after confirmation; a failure says "Could not delete the item."', async () => {
    let fail = false;
    const { user, calls } = setup({ 'DELETE /api/budget/11': () => (fail ? { status: 500 } : { status: 204 }) });
    await screen.findByText('Landlord');
    await user.click(screen.getByRole('button', { name: 'Delete Landlord' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Scheduled Item' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Landlord"?');
    await user.keyboard('n');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Landlord' }));
    await user.keyboard('y');
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/budget/11')).toHaveLength(1));
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Delete Landlord' }));
    await user.keyboard('y');
    expect(await screen.findByText('Could not delete the item.')).toBeInTheDocument();
  });

  it('a change refreshes every budget query and the dashboard\u2019s', async () => {
    const { user, queryClient } = setup({ 'POST /api/budget/autofill': () => items[1] });
    await screen.findByText('Landlord');
    queryClient.setQueryData(['dashboard', 'widgets'], { month_name: 'November' });
    queryClient.setQueryData(['budget', 'envelopes', 2, '2026-11'], []);
    await user.click(cellsOf(rowOf('Planned Payments', 'Landlord'))[6]);
    await user.keyboard('10{Enter}');
    await waitFor(() => expect(queryClient.getQueryState(['dashboard', 'widgets'])?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(['budget', 'envelopes', 2, '2026-11'])?.isInvalidated).toBe(true);
  });
});
