import { resetEventSequence } from '@hf/app-kit';
import { renderWithStubs, setToday } from '@hf/app-kit/testing/harness';
import type { AccountProjection, Scenario } from '@hf/contracts/budget';
import { screen, waitFor, within } from '@testing-library/react';
import DashboardPage from '../pages/DashboardPage';

const TODAY = '2026-11-23';
const days = (balance: (i: number) => number) =>
  Array.from({ length: 420 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 9, 1) + i * 86_400_000).toISOString().slice(0, 10),
    balance: balance(i),
  }));

function projection(id: number | null, name: string, drop: number): AccountProjection {
  const points = days((i) => (i > 60 ? 10_000 - drop : 10_000));
  return {
    account_id: id,
    account_name: name,
    account_kind: id === null ? null : 'checking',
    current_pending_balance: 10_000,
    balance_today: 10_000,
    graph_data: points,
    low_point: { date: points[61].date, balance: 10_000 - drop },
    first_negative_date: null,
    warning: null,
  };
}

const newCar: Scenario = {
  id: 4,
  name: 'New car',
  changes: [{ kind: 'one_off', account_id: 1, item_type: 'payment', date: '2026-12-01', amount: 2000, payee: 'Car' }],
  created_at: '2026-11-23T10:00:00Z',
  updated_at: '2026-11-23T10:00:00Z',
};

function setup() {
  let scenarios: Scenario[] = [newCar];
  return renderWithStubs(<DashboardPage />, {
    'PUT /api/budget/scenarios/4': ({ body }: { body: { name: string; changes: Scenario['changes'] } }) => {
      scenarios = [{ ...newCar, ...body }];
      return scenarios[0];
    },
    'DELETE /api/budget/scenarios/4': () => {
      scenarios = [];
      return { message: 'Scenario deleted.' };
    },
    'GET /api/dashboard/balance_projection': ({ query }: { query: URLSearchParams }) => [
      projection(1, 'Checking', query.get('scenario') === '4' ? 2000 : 400),
    ],
    'GET /api/dashboard/net_worth_projection': ({ query }: { query: URLSearchParams }) =>
      projection(null, 'Net Worth', query.get('scenario') === '4' ? 2000 : 400),
    'GET /api/dashboard/widgets': { month_name: 'November 2026', category_budgets: [], savings_goals: [] },
    'GET /api/budget/scenarios': () => scenarios,
    'GET /api/budget/1': [],
    'POST /api/budget/scenarios/4/apply': () => {
      scenarios = [];
      return { message: 'Scenario "New car" applied.', created_item_ids: [9], changed_item_ids: [] };
    },
  });
}

beforeEach(() => {
  setToday(TODAY);
  resetEventSequence();
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: 600,
    bottom: 200,
    width: 600,
    height: 200,
    toJSON: () => ({}),
  });
});
afterEach(() => jest.restoreAllMocks());

describe('What if on the dashboard', () => {
  it('picks a scenario by keyboard, says the difference in words, and applies it after a confirmation', async () => {
    const { user, calls } = setup();
    const bar = await screen.findByRole('region', { name: 'What if' });
    const picker = within(bar).getByLabelText('Scenario');
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(2));
    expect(within(bar).queryByRole('button', { name: 'Apply scenario' })).not.toBeInTheDocument();
    picker.focus();
    await user.selectOptions(picker, 'New car');
    const words =
      "With 'New car': lowest balance $8,000.00 on Dec 1, 2026 ($1,600.00 lower); end balance $8,000.00 ($1,600.00 lower).";
    const checking = screen.getByRole('region', { name: 'Checking' });
    expect(await within(checking).findByText(words)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Net Worth' })).getByText(words)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/dashboard/balance_projection' && c.query.get('scenario') === '4')).toBe(
      true,
    );

    await user.click(within(bar).getByRole('button', { name: 'Apply scenario' }));
    const dialog = screen.getByRole('dialog', { name: 'Apply scenario' });
    expect(dialog).toHaveTextContent(
      'Apply "New car"? Its 1 change(s) become real scheduled items in the Budget Planner, and the scenario is removed.',
    );
    await user.keyboard('y');
    expect(await within(bar).findByRole('status')).toHaveTextContent(
      'Scenario "New car" applied: its changes are in the Budget Planner.',
    );
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/budget/scenarios/4/apply')).toHaveLength(1);
    await waitFor(() => expect(within(checking).queryByText(words)).not.toBeInTheDocument());
    expect(picker).toHaveValue('');
  });

  it('edits a scenario in its dialog (a change removed, one added) and deletes it after a confirmation', async () => {
    const { user, calls } = setup();
    const bar = await screen.findByRole('region', { name: 'What if' });
    const picker = within(bar).getByLabelText('Scenario');
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(picker, 'New car');
    await user.click(within(bar).getByRole('button', { name: 'Edit scenario' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit scenario "New car"' });
    expect(within(dialog).getByLabelText('Scenario name')).toHaveValue('New car');
    await user.click(
      within(dialog).getByRole('button', {
        name: 'Remove change: One-off payment "Car" of $2,000.00 on Dec 1, 2026 (Checking)',
      }),
    );
    expect(within(dialog).getByText('No changes yet.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Change'), 'A new monthly payment or deposit');
    await user.type(within(dialog).getByLabelText('Payee'), 'Car loan');
    await user.selectOptions(within(dialog).getByLabelText('Day of month'), '5');
    await user.selectOptions(within(dialog).getByLabelText('From month'), 'January 2027');
    await user.type(within(dialog).getByLabelText('Amount'), '350.25{Enter}');
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(
      'New monthly payment "Car loan" of $350.25 from January 2027 (Checking)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save scenario' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      name: 'New car',
      changes: [
        {
          kind: 'add_item',
          account_id: 1,
          payee: 'Car loan',
          item_type: 'payment',
          day_of_month: 5,
          amount: 350.25,
          start_month: '2027-01-01',
        },
      ],
    });

    await user.click(within(bar).getByRole('button', { name: 'Delete scenario' }));
    expect(screen.getByRole('dialog', { name: 'Delete scenario' })).toHaveTextContent(
      'Delete "New car"? Nothing real changes.',
    );
    await user.keyboard('y');
    expect(await within(bar).findByRole('status')).toHaveTextContent('Scenario "New car" deleted.');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(1));
  });
});
