import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubFetch } from '@hf/app-kit/testing/harness';
import AccountRoutes from '../pages/AccountRoutes';
import { makeRegisterRow } from '../register/fake-register-server';

const account = {
  id: 5,
  name: 'Joint Checking',
  balance: 40,
  starting_balance: 100,
  is_default: true,
  sort_order: 1,
  cleared_balance: 80,
  pending_balance: 80,
  last_reconciliation: { id: 3, statement_date: '2026-10-31', statement_balance: 1234.56, broken: true },
};
const rows = [
  {
    ...makeRegisterRow({ id: 1, date: '2026-10-02', amount: -20, status: 'x', payee: 'Old Cleared' }, 80, 80, 80),
    reconciled: true,
  },
  makeRegisterRow({ id: 2, date: '2026-11-03', amount: -40, payee: 'Open Shop' }, 40, 80, 80),
];
const page = {
  rows,
  balance_before: { running: 100, pending: 100, cleared: 100 },
  prev_cursor: null,
  next_cursor: null,
  total: 2,
};
const opened = {
  id: 4,
  account_id: 5,
  statement_date: '2026-11-20',
  statement_balance: 40,
  status: 'open',
  cleared_balance: 80,
  difference: -40,
  reconciled_count: 0,
  adjustment_transaction_id: null,
  finished_at: null,
};

// jsdom has no layout: give the register's scroll container a size so the virtual list renders rows.
const sized = (el: HTMLElement, value: number) => (el.classList?.contains('ledger-register__scroll') ? value : 0);
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return sized(this, 800);
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return sized(this, 1200);
    },
  });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});

function stub() {
  // The register as the server has it: the status change is kept.
  let status: '' | 'x' = '';
  const current = () => ({ ...page, rows: [rows[0], { ...rows[1], status }] });
  return stubFetch({
    'GET /api/budget/category/*': [],
    'GET /api/accounts/5': account,
    'GET /api/accounts/': [account],
    'GET /api/accounts/5/transactions': () => current(),
    'GET /api/accounts/5/reconciliations': { open: null, finished: [] },
    'POST /api/accounts/5/reconciliations': opened,
    'PATCH /api/transactions/2/status': () => {
      status = 'x';
      return current().rows[1];
    },
    'GET /api/categories/': [],
    'GET /api/payees/': [],
  });
}

describe('statement reconciliation in the account shell', () => {
  it('says what the account was reconciled to, warns when it broke, and shows the reconciled lock', async () => {
    stub();
    renderWithProviders(<AccountRoutes />, { path: '/accounts/:accountId/*', route: '/accounts/5/register' });
    expect(await screen.findByText('Reconciled to Oct 31, 2026: $1,234.56')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'the cleared balance on Oct 31, 2026 no longer equals $1,234.56',
    );
    expect(await screen.findAllByRole('img', { name: 'Reconciled' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Undo last reconciliation' })).toBeInTheDocument();
  });

  it('asks the statement, refuses 3 decimals, then works on the rows not yet cleared with a live difference', async () => {
    const { calls } = stub();
    const user = userEvent.setup();
    renderWithProviders(<AccountRoutes />, { path: '/accounts/:accountId/*', route: '/accounts/5/register' });
    await screen.findByText('Open Shop');
    await user.click(screen.getByRole('button', { name: 'Reconcile' }));
    const dialog = screen.getByRole('dialog', { name: 'Reconcile' });
    await user.clear(within(dialog).getByLabelText('Statement date'));
    await user.type(within(dialog).getByLabelText('Statement date'), '2026-11-20');
    await user.type(within(dialog).getByLabelText('Ending balance'), '40.123{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('at most 2 decimals');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(within(dialog).getByLabelText('Ending balance'));
    await user.type(within(dialog).getByLabelText('Ending balance'), '40{Enter}');
    const panel = await screen.findByRole('region', { name: 'Reconciliation' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      statement_date: '2026-11-20',
      statement_balance: 40,
    });
    expect(within(panel).getByTestId('reconcile-difference')).toHaveTextContent('-$40.00');
    expect(screen.queryByText('Old Cleared')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Exit Clearing Mode' })).toBeInTheDocument();
    await user.keyboard('x');
    await waitFor(() => expect(within(panel).getByTestId('reconcile-difference')).toHaveTextContent(/^\$0\.00$/));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Finish' })).toHaveFocus());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'x' });
  });
});
