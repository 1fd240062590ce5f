import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubFetch } from '@hf/app-kit/testing/harness';
import AccountRoutes from './AccountRoutes';

const account = {
  id: 5,
  name: 'Joint Checking',
  balance: 10,
  starting_balance: 0,
  is_default: true,
  sort_order: 1,
  cleared_balance: 5,
  pending_balance: 7,
};
const emptyPage = {
  rows: [],
  balance_before: { running: 0, pending: 0, cleared: 0 },
  prev_cursor: null,
  next_cursor: null,
  total: 0,
};

describe('AccountRoutes (account shell)', () => {
  it('shows the account name, the Envelopes panel and the buttons', async () => {
    stubFetch({
      'GET /api/budget/category/*': [],
      'GET /api/accounts/5': account,
      'GET /api/accounts/': [account],
      'GET /api/accounts/5/transactions': emptyPage,
      'GET /api/categories/': [],
      'GET /api/payees/': [],
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountRoutes />, { path: '/accounts/:accountId/*', route: '/accounts/5/register' });
    expect(await screen.findByRole('heading', { name: 'Joint Checking' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bulk Categorize' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(/No envelopes for this month/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByText(/No envelopes for this month/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import Transactions' }));
    const modal = screen.getByRole('dialog', { name: 'Import Transactions' });
    expect(within(modal).getByText(/Drag and drop your bank's CSV file here/)).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Upload' }));
    expect(within(modal).getByRole('alert')).toHaveTextContent('Please select a file first.');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Bulk Categorize' }));
    expect(screen.getByRole('dialog', { name: 'Bulk Categorize' })).toBeInTheDocument();
  });

  it('says "Failed to fetch account details." when the ledger fails', async () => {
    stubFetch({
      'GET /api/accounts/77': { status: 500, body: { message: 'boom' } },
      'GET /api/accounts/': [],
      'GET /api/categories/': [],
      'GET /api/payees/': [],
    });
    renderWithProviders(<AccountRoutes />, { path: '/accounts/:accountId/*', route: '/accounts/77/register' });
    expect(await screen.findByText('Failed to fetch account details.')).toBeInTheDocument();
  });

  it.each(['77', 'abc', '0', '1.5'])(
    'an unknown or foreign account id (%s) shows "Account not found", no register',
    async (id) => {
      stubFetch({ 'GET /api/accounts/': [], 'GET /api/categories/': [], 'GET /api/payees/': [] });
      renderWithProviders(<AccountRoutes />, { path: '/accounts/:accountId/*', route: `/accounts/${id}/register` });
      expect(await screen.findByRole('heading', { name: 'Account not found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to Your Accounts' })).toHaveAttribute('href', '/accounts');
      expect(screen.queryByRole('button', { name: 'Clearing Mode' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Import Transactions' })).not.toBeInTheDocument();
      expect(screen.queryByRole('row', { name: 'New transaction' })).not.toBeInTheDocument();
    },
  );

  it.each(['import/map', 'reconcile'])('%s without navigation state goes back to the register', async (page) => {
    stubFetch({
      'GET /api/accounts/5': account,
      'GET /api/accounts/': [account],
      'GET /api/accounts/5/transactions': emptyPage,
      'GET /api/categories/': [],
      'GET /api/payees/': [],
    });
    renderWithProviders(<AccountRoutes />, { path: '/accounts/:accountId/*', route: `/accounts/5/${page}` });
    expect(await screen.findByRole('button', { name: 'Clearing Mode' })).toBeInTheDocument();
  });
});
