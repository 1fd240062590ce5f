/* eslint-disable @typescript-eslint/no-explicit-any -- JSON request bodies seen by the fetch stub */
/**
 * Schedules of any frequency in the Budget Planner (docs/rules/predictables.md, Frequencies):
 * the Schedule column in words with the next dates, a month's several occurrences, the add
 * form's frequencies, the schedule dialog (keyboard first) and the server's refusals.
 */
import { resetEventSequence } from '@hf/app-kit';
import { aPredictable } from '@hf/app-kit/testing/budget';
import { renderWithStubs, setToday, type FetchCall, type StubRoutes } from '@hf/app-kit/testing/harness';
import type { Predictable } from '@hf/contracts/budget';
import { act, screen, waitFor, within } from '@testing-library/react';
import BudgetPage from '../pages/BudgetPage';

const TODAY = '2026-11-15';
const MONTHS = Array.from({ length: 12 }, (_, i) => {
  const index = 2026 * 12 + 10 + i;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
});

/** Every 2 weeks from Fri 2026-11-06, listed apart from the code (14 days apart). */
const BIWEEKLY: Record<string, string[]> = {
  '2026-11-01': ['2026-11-06', '2026-11-20'],
  '2026-12-01': ['2026-12-04', '2026-12-18'],
  '2027-01-01': ['2027-01-01', '2027-01-15', '2027-01-29'],
  '2027-02-01': ['2027-02-12', '2027-02-26'],
  '2027-03-01': ['2027-03-12', '2027-03-26'],
  '2027-04-01': ['2027-04-09', '2027-04-23'],
  '2027-05-01': ['2027-05-07', '2027-05-21'],
  '2027-06-01': ['2027-06-04', '2027-06-18'],
  '2027-07-01': ['2027-07-02', '2027-07-16', '2027-07-30'],
  '2027-08-01': ['2027-08-13', '2027-08-27'],
  '2027-09-01': ['2027-09-10', '2027-09-24'],
  '2027-10-01': ['2027-10-08', '2027-10-22'],
};
const every = (amount: number) => Object.fromEntries(MONTHS.map((m) => [m, amount]));
/** A yearly item's dates: only its month has one. */
const onlyIn = (month: string, date: string) => Object.fromEntries(MONTHS.map((m) => [m, m === month ? [date] : []]));

let items: Predictable[];

function setup(extra: StubRoutes = {}) {
  return renderWithStubs(
    <BudgetPage />,
    {
      'GET /api/accounts/': [{ id: 1, name: 'Checking', is_default: true }],
      'GET /api/categories/': [{ id: 3, name: 'Salary', parent_id: null, children: [] }],
      'GET /api/payees/': ['Employer'],
      'GET /api/budget/1': () => items,
      'GET /api/budget/category/*': [],
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
const addForm = (kind: 'deposit' | 'payment') => screen.getByRole('form', { name: `Add planned ${kind}` });

beforeEach(() => {
  setToday(TODAY);
  localStorage.clear();
  resetEventSequence();
  items = [
    aPredictable({
      id: 10,
      item_type: 'deposit',
      payee: 'Employer',
      category: 'Salary',
      category_id: 3,
      frequency: 'every_n_weeks',
      interval: 2,
      day_of_month: 6,
      start_date: '2026-11-06',
      values: every(1500),
      occurrences: BIWEEKLY,
      next_dates: ['2026-11-20', '2026-12-04', '2026-12-18'],
    }),
    aPredictable({
      id: 11,
      payee: 'Insurer',
      frequency: 'yearly',
      day_of_month: 3,
      start_date: '2027-03-03',
      weekend: 'after',
      values: every(600),
      // 2027-03-03 is a Wednesday: it stays.
      occurrences: onlyIn('2027-03-01', '2027-03-03'),
      next_dates: ['2027-03-03', '2028-03-03'],
    }),
    aPredictable({
      id: 12,
      payee: 'Landlord',
      day_of_month: 31,
      values: every(1200),
      occurrences: Object.fromEntries(MONTHS.map((m) => [m, [m]])),
      next_dates: ['2026-11-30', '2026-12-31', '2027-01-31'],
    }),
  ];
});
afterEach(() => jest.useRealTimers());

describe('Planned items of any frequency in the grid', () => {
  it('says each schedule in words with its next dates; a month with three paydays says so, with its total', async () => {
    setup();
    await screen.findByText('Employer');
    const headers = within(grid('Planned Deposits'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 4)).toEqual(['Payee', 'Category', 'Schedule', 'Nov 2026']);

    const pay = cellsOf(rowOf('Planned Deposits', 'Employer'));
    expect(pay[2]).toHaveTextContent(/^Every 2 weeks from Fri, Nov 6Next: Nov 20 · Dec 4 · Dec 18$/);
    // November and December: two paydays each, shown as the amount with "2×" and the month's total.
    expect(pay[3]).toHaveTextContent(/^\$1,500\.00\s*2×\s*\$3,000\.00$/);
    // January 2027 (the third month column): three paydays.
    expect(pay[5]).toHaveTextContent(/^\$1,500\.00\s*3×\s*\$4,500\.00$/);
    expect(within(pay[5]).getByLabelText('3 paydays in January: $1,500.00 each, $4,500.00 in all')).toHaveTextContent(
      '3×',
    );
    expect(within(pay[5]).getByTitle('Jan 1, 2027, Jan 15, 2027, Jan 29, 2027')).toBeInTheDocument();

    // A yearly item: its one month has the amount, the others a dash.
    const insurance = cellsOf(rowOf('Planned Payments', 'Insurer'));
    expect(insurance[2]).toHaveTextContent(
      /^Every year on Mar 3 from 2027, weekends move to the Monday afterNext: Mar 3, 2027 · Mar 3, 2028$/,
    );
    expect(insurance.slice(3).map((c) => c.textContent)).toEqual([
      '-',
      '-',
      '-',
      '-',
      '$600.00',
      ...Array(7).fill('-'),
    ]);
    expect(cellsOf(rowOf('Planned Payments', 'Landlord'))[2]).toHaveTextContent(
      'Every month on the 31stNext: Nov 30 · Dec 31 · Jan 31, 2027',
    );
  });

  it('fill forward keeps working on a bi-weekly item: the totals follow the new amount', async () => {
    const autofills: any[] = [];
    const { user } = setup({
      'POST /api/budget/autofill': ({ body }: { body: any }) => {
        autofills.push(body);
        const target = items.find((i) => i.id === body.budget_item_id)!;
        for (const m of MONTHS) if (m >= body.start_month) target.values[m] = body.amount;
        return target;
      },
    });
    await screen.findByText('Employer');
    await user.click(cellsOf(rowOf('Planned Deposits', 'Employer'))[4]);
    const input = within(rowOf('Planned Deposits', 'Employer')).getByRole('textbox', { name: 'Employer Dec 2026' });
    expect(input).toHaveValue('1500.00');
    await user.clear(input);
    await user.type(input, '1600{Enter}');
    await waitFor(() =>
      expect(autofills).toEqual([{ budget_item_id: 10, start_month: '2026-12-01', amount: 1600, mode: 'full' }]),
    );
    const pay = cellsOf(rowOf('Planned Deposits', 'Employer'));
    expect(pay[3]).toHaveTextContent(/^\$1,500\.00\s*2×\s*\$3,000\.00$/);
    expect(pay[5]).toHaveTextContent(/^\$1,600\.00\s*3×\s*\$4,800\.00$/);
    expect(within(pay[5]).getByLabelText('3 paydays in January: $1,600.00 each, $4,800.00 in all')).toBeVisible();
  });
});

describe('Adding a planned item of any frequency', () => {
  function added(posted: any[]) {
    return {
      'POST /api/budget/1': ({ body }: { body: any }) => (
        posted.push(body),
        aPredictable({ id: 20 + posted.length, ...body })
      ),
    };
  }

  it('a bi-weekly paycheck: "Every few weeks", every 2, from a Friday', async () => {
    const posted: any[] = [];
    const { user } = setup(added(posted));
    await screen.findByText('Employer');
    const form = addForm('deposit');
    await user.type(within(form).getByRole('combobox', { name: 'Payee' }), 'Employer');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'How often' }), 'Every few weeks');
    expect(within(form).getByRole('spinbutton', { name: 'Every how many weeks' })).toHaveValue(2);
    const first = within(form).getByLabelText('First date');
    expect(first).toHaveValue(TODAY);
    expect(within(form).queryByLabelText('Day')).not.toBeInTheDocument();
    // Today (Sun, Nov 15) until the date is changed.
    expect(form).toHaveTextContent('Every 2 weeks from Sun, Nov 15');
    await user.clear(first);
    await user.type(first, '2026-11-06');
    expect(form).toHaveTextContent('Every 2 weeks from Fri, Nov 6');
    await user.click(within(form).getByRole('button', { name: 'Add Deposit' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          payee: 'Employer',
          item_type: 'deposit',
          frequency: 'every_n_weeks',
          interval: 2,
          start_date: '2026-11-06',
        },
      ]),
    );
    // The form starts again: every month.
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'How often' })).toHaveValue('monthly'));
  });

  it('twice a month on the 1st and the last day, and a yearly insurance moved off weekends', async () => {
    const posted: any[] = [];
    const { user } = setup(added(posted));
    await screen.findByText('Employer');
    const form = addForm('payment');
    const often = within(form).getByRole('combobox', { name: 'How often' });
    await user.type(within(form).getByRole('combobox', { name: 'Payee' }), 'Cleaner');
    await user.selectOptions(often, 'Twice a month');
    await user.type(within(form).getByRole('spinbutton', { name: 'First day' }), '1');
    await user.click(within(form).getByRole('checkbox', { name: 'Last day of the month' }));
    expect(within(form).getByRole('spinbutton', { name: 'Second day' })).toBeDisabled();
    expect(form).toHaveTextContent('Twice a month on the 1st and the last day');
    await user.click(within(form).getByRole('button', { name: 'Add Payment' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { payee: 'Cleaner', item_type: 'payment', frequency: 'semi_monthly', days_of_month: [1, -1] },
      ]),
    );

    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Payee' })).toHaveValue(''));
    await user.type(within(form).getByRole('combobox', { name: 'Payee' }), 'Insurer');
    await user.selectOptions(often, 'Every year');
    await user.clear(within(form).getByLabelText('First date'));
    await user.type(within(form).getByLabelText('First date'), '2027-03-06');
    await user.type(within(form).getByLabelText('Until (optional)'), '2030-12-31');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'If it falls on a weekend' }),
      'Move to the Monday after',
    );
    expect(form).toHaveTextContent(
      'Every year on Mar 6 from 2027 until Dec 31, 2030, weekends move to the Monday after',
    );
    await user.click(within(form).getByRole('button', { name: 'Add Payment' }));
    await waitFor(() =>
      expect(posted[1]).toEqual({
        payee: 'Insurer',
        item_type: 'payment',
        frequency: 'yearly',
        start_date: '2027-03-06',
        end_date: '2030-12-31',
        weekend: 'after',
      }),
    );
  });

  it('a wrong field is named and focused before any call; the server\u2019s refusal shows in the form', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { message: 'A yearly item cannot start on Feb 29.' },
    };
    const { user, calls } = setup({ 'POST /api/budget/1': () => answer });
    await screen.findByText('Employer');
    const form = addForm('payment');
    await user.type(within(form).getByRole('combobox', { name: 'Payee' }), 'Gym');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'How often' }), 'Every few weeks');
    const interval = within(form).getByRole('spinbutton', { name: 'Every how many weeks' });
    await user.clear(interval);
    await user.type(interval, '1');
    await user.click(within(form).getByRole('button', { name: 'Add Payment' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter every how many weeks: 2 to 52.');
    expect(interval).toHaveFocus();
    expect(interval).toHaveAttribute('aria-invalid', 'true');
    await user.clear(interval);
    await user.type(interval, '53');
    await user.keyboard('{Enter}');
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter every how many weeks: 2 to 52.');

    await user.selectOptions(within(form).getByRole('combobox', { name: 'How often' }), 'Once');
    await user.clear(within(form).getByLabelText('Date'));
    await user.click(within(form).getByRole('button', { name: 'Add Payment' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please enter the date.');
    expect(within(form).getByLabelText('Date')).toHaveFocus();
    expect(within(form).queryByLabelText('Until (optional)')).not.toBeInTheDocument();

    await user.selectOptions(within(form).getByRole('combobox', { name: 'How often' }), 'Every month');
    await user.type(within(form).getByLabelText('Day'), '10');
    await user.type(within(form).getByLabelText('Starts'), '2027-02-01');
    await user.type(within(form).getByLabelText('Until (optional)'), '2027-01-31');
    await user.click(within(form).getByRole('button', { name: 'Add Payment' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The end date must not be before the first date.');
    expect(callsTo(calls, 'POST', '/api/budget/1')).toHaveLength(0);

    await user.selectOptions(within(form).getByRole('combobox', { name: 'How often' }), 'Every year');
    await user.clear(within(form).getByLabelText('First date'));
    await user.type(within(form).getByLabelText('First date'), '2028-02-29');
    await user.clear(within(form).getByLabelText('Until (optional)'));
    await user.click(within(form).getByRole('button', { name: 'Add Payment' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('A yearly item cannot start on Feb 29.');
    expect(callsTo(calls, 'POST', '/api/budget/1')).toHaveLength(1);
    answer = { status: 500, body: { message: 'boom' } };
    await user.click(within(form).getByRole('button', { name: 'Add Payment' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('Could not add the new item.'));
    // The fields stay as typed after a refusal.
    expect(within(form).getByRole('combobox', { name: 'Payee' })).toHaveValue('Gym');
  });
});

describe('Editing an item\u2019s schedule', () => {
  it('keyboard: Enter on the Schedule cell opens the dialog with the item\u2019s fields, Escape closes it', async () => {
    const { user, calls } = setup();
    await screen.findByText('Employer');
    const payments = grid('Planned Payments');
    const cell = (row: number, col: number) => payments.querySelector(`[data-cell="${row}-${col}"]`) as HTMLElement;
    act(() => cell(0, 0).focus());
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Schedule of Insurer' });
    const often = within(dialog).getByRole('combobox', { name: 'How often' });
    expect(often).toHaveFocus();
    expect(often).toHaveValue('yearly');
    expect(within(dialog).getByLabelText('First date')).toHaveValue('2027-03-03');
    expect(within(dialog).getByRole('combobox', { name: 'If it falls on a weekend' })).toHaveValue('after');
    expect(dialog).toHaveTextContent('Every year on Mar 3 from 2027, weekends move to the Monday after');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cell(0, 2)).toHaveFocus();
    // Saving an unchanged schedule makes no call either.
    await user.keyboard('{F2}');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save Schedule' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('changes a monthly rent to twice a month (PUT with the whole schedule); the row follows', async () => {
    const puts: any[] = [];
    const { user } = setup({
      'PUT /api/budget/12': ({ body }: { body: any }) => {
        puts.push(body);
        Object.assign(items[2], body, { next_dates: ['2026-11-30', '2026-12-15', '2026-12-31'] });
        return items[2];
      },
    });
    await screen.findByText('Landlord');
    await user.click(cellsOf(rowOf('Planned Payments', 'Landlord'))[2]);
    const dialog = screen.getByRole('dialog', { name: 'Schedule of Landlord' });
    expect(within(dialog).getByLabelText('Day')).toHaveValue(31);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'How often' }), 'Twice a month');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'First day' }), '15');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Last day of the month' }));
    expect(dialog).toHaveTextContent('Twice a month on the 15th and the last day');
    // Enter in a field saves.
    await user.click(within(dialog).getByRole('spinbutton', { name: 'First day' }));
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(puts).toEqual([
        {
          frequency: 'semi_monthly',
          interval: null,
          days_of_month: [15, -1],
          start_date: null,
          end_date: null,
          weekend: 'keep',
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cellsOf(rowOf('Planned Payments', 'Landlord'))[2]).toHaveTextContent(
      'Twice a month on the 15th and the last dayNext: Nov 30 · Dec 15 · Dec 31',
    );
  });

  it('a refused change (400) shows the server\u2019s message in the dialog and keeps it open', async () => {
    const { user } = setup({
      'PUT /api/budget/10': {
        status: 400,
        body: { message: 'Edited rows of this item would be left behind: change it from a later date.' },
      },
    });
    await screen.findByText('Employer');
    await user.click(cellsOf(rowOf('Planned Deposits', 'Employer'))[2]);
    const dialog = screen.getByRole('dialog', { name: 'Schedule of Employer' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Every how many weeks' })).toHaveValue(2);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'How often' }), 'Every week');
    expect(dialog).toHaveTextContent('Every week from Fri, Nov 6');
    await user.click(within(dialog).getByRole('button', { name: 'Save Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Edited rows of this item would be left behind: change it from a later date.',
    );
    expect(screen.getByRole('dialog', { name: 'Schedule of Employer' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(cellsOf(rowOf('Planned Deposits', 'Employer'))[2]).toHaveTextContent(/^Every 2 weeks from Fri, Nov 6/);
  });

  it('an incoming transfer\u2019s schedule is read-only', async () => {
    items.push(
      aPredictable({
        id: 13,
        item_type: 'deposit',
        account_id: 2,
        payee: 'Savings',
        category: '-- Transfer --',
        transfer_account_id: 1,
        is_incoming_transfer: true,
        frequency: 'weekly',
        start_date: '2026-11-02',
      }),
    );
    const { user } = setup();
    await screen.findByText('Savings');
    const mirror = cellsOf(rowOf('Planned Deposits', 'Savings'));
    expect(mirror[2]).toHaveTextContent('Every week from Mon, Nov 2No dates ahead');
    expect(mirror[2]).toHaveAttribute('aria-readonly', 'true');
    await user.click(mirror[2]);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
