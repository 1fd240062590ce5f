import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubFetch } from '@hf/app-kit/testing/harness';
import { AccountsManager } from './AccountsManager';

const account = (id: number, name: string, balance = 0) => ({
  id,
  name,
  balance,
  starting_balance: 0,
  is_default: id === 1,
  sort_order: id,
  cleared_balance: 0,
  pending_balance: 0,
});

describe('AccountsManager', () => {
  afterEach(() => jest.useRealTimers());

  it('lists accounts with links to their registers', async () => {
    stubFetch({ 'GET /api/accounts/': [account(1, 'Checking', 1234.5), account(2, 'Savings')] });
    renderWithProviders(<AccountsManager />);
    const link = await screen.findByRole('link', { name: 'Checking' });
    expect(link).toHaveAttribute('href', '/accounts/1/register');
    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Savings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Drag to reorder Savings' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    stubFetch({ 'GET /api/accounts/': [] });
    renderWithProviders(<AccountsManager />);
    expect(await screen.findByText('No accounts found. Add one below to get started.')).toBeInTheDocument();
  });

  it('shows "Could not fetch accounts." when the list fails', async () => {
    stubFetch({ 'GET /api/accounts/': { status: 500, body: { message: 'boom' } } });
    renderWithProviders(<AccountsManager />);
    expect(await screen.findByText('Could not fetch accounts.')).toBeInTheDocument();
  });

  it('creates an account and the message vanishes after 3 s', async () => {
    let list = [account(1, 'Checking')];
    const { calls } = stubFetch({
      'GET /api/accounts/': () => list,
      'POST /api/accounts/': ({ body }) => {
        list = [...list, account(2, body.name, body.starting_balance)];
        return list[1];
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountsManager />);
    await screen.findByRole('link', { name: 'Checking' });
    await user.type(screen.getByLabelText('New account name'), 'Savings');
    await user.type(screen.getByLabelText('Starting balance'), '100.25');
    jest.useFakeTimers({ advanceTimers: true });
    await user.click(screen.getByRole('button', { name: 'Add Account' }));
    expect(await screen.findByText('Account created successfully.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Savings', starting_balance: 100.25 });
    expect(await screen.findByRole('link', { name: 'Savings' })).toBeInTheDocument();
    expect(screen.getByLabelText('New account name')).toHaveValue('');
    act(() => jest.advanceTimersByTime(3100));
    expect(screen.queryByText('Account created successfully.')).not.toBeInTheDocument();
  });

  it('shows the server message when create fails, else the fallback', async () => {
    stubFetch({
      'GET /api/accounts/': [],
      'POST /api/accounts/': { status: 409, body: { message: 'An account with this name already exists.' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountsManager />);
    await screen.findByText(/No accounts found/);
    await user.type(screen.getByLabelText('New account name'), 'Checking');
    await user.type(screen.getByLabelText('Starting balance'), '1');
    await user.click(screen.getByRole('button', { name: 'Add Account' }));
    expect(await screen.findByText('An account with this name already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('New account name')).toHaveValue('Checking');
  });

  it('falls back to "Could not create account."', async () => {
    stubFetch({ 'GET /api/accounts/': [], 'POST /api/accounts/': { status: 500 } });
    const user = userEvent.setup();
    renderWithProviders(<AccountsManager />);
    await screen.findByText(/No accounts found/);
    await user.type(screen.getByLabelText('New account name'), 'X');
    await user.type(screen.getByLabelText('Starting balance'), '0');
    await user.click(screen.getByRole('button', { name: 'Add Account' }));
    expect(await screen.findByText('Could not create account.')).toBeInTheDocument();
  });

  it('does not submit without a name or starting balance', async () => {
    const { calls } = stubFetch({ 'GET /api/accounts/': [] });
    const user = userEvent.setup();
    renderWithProviders(<AccountsManager />);
    await screen.findByText(/No accounts found/);
    await user.type(screen.getByLabelText('New account name'), 'Savings');
    await user.click(screen.getByRole('button', { name: 'Add Account' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('renames through "Edit Account Name"', async () => {
    let name = 'Checking';
    const { calls } = stubFetch({
      'GET /api/accounts/': () => [account(1, name)],
      'PUT /api/accounts/1': ({ body }) => {
        name = body.name;
        return account(1, name);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountsManager />);
    await user.click(await screen.findByRole('button', { name: 'Edit Checking' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Account Name' });
    const input = within(dialog).getByLabelText('Account name');
    await user.clear(input);
    await user.type(input, 'Main');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Account updated successfully.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Main' });
    expect(await screen.findByRole('link', { name: 'Main' })).toBeInTheDocument();
  });

  it('shows "Could not update account name." on failure and Cancel closes without a call', async () => {
    const { calls } = stubFetch({
      'GET /api/accounts/': [account(1, 'Checking')],
      'PUT /api/accounts/1': { status: 500 },
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountsManager />);
    await user.click(await screen.findByRole('button', { name: 'Edit Checking' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Edit Checking' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Could not update account name.')).toBeInTheDocument();
  });

  it('deletes after a confirmation titled with the account name', async () => {
    let list = [account(1, 'Checking'), account(2, 'Savings')];
    stubFetch({
      'GET /api/accounts/': () => list,
      'DELETE /api/accounts/2': () => {
        list = [list[0]];
        return { message: 'ok' };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountsManager />);
    await user.click(await screen.findByRole('button', { name: 'Delete Savings' }));
    expect(screen.getByRole('dialog', { name: 'Delete Savings?' })).toBeInTheDocument();
    await user.keyboard('y');
    expect(await screen.findByText('Account deleted successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Savings' })).not.toBeInTheDocument());
  });

  it('shows "Could not delete account." on failure', async () => {
    stubFetch({ 'GET /api/accounts/': [account(1, 'Checking')], 'DELETE /api/accounts/1': { status: 500 } });
    const user = userEvent.setup();
    renderWithProviders(<AccountsManager />);
    await user.click(await screen.findByRole('button', { name: 'Delete Checking' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Could not delete account.')).toBeInTheDocument();
  });

  it('saves a keyboard reorder, and reloads the list when saving fails', async () => {
    // jsdom has no layout: give each list item a 40 px slot so dnd-kit's keyboard sensor can move.
    const original = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      const item = this.closest('li');
      const index = item ? Array.from(item.parentElement!.children).indexOf(item) : 0;
      const top = index * 40;
      return {
        x: 0,
        y: top,
        top,
        left: 0,
        width: 300,
        height: 40,
        bottom: top + 40,
        right: 300,
        toJSON() {},
      } as DOMRect;
    };
    try {
      const list = [account(1, 'Checking'), account(2, 'Savings')];
      let fail = false;
      const { calls } = stubFetch({
        'GET /api/accounts/': () => list,
        'POST /api/accounts/reorder': () => (fail ? { status: 500 } : { message: 'ok' }),
      });
      const user = userEvent.setup();
      renderWithProviders(<AccountsManager />);
      const handle = await screen.findByRole('button', { name: 'Drag to reorder Checking' });
      handle.focus();
      await user.keyboard(' ');
      await user.keyboard('{ArrowDown}');
      await user.keyboard(' ');
      await waitFor(() => expect(calls.find((c) => c.path === '/api/accounts/reorder')).toBeTruthy());
      expect(calls.find((c) => c.path === '/api/accounts/reorder')?.body).toEqual({ account_ids: [2, 1] });
      expect(await screen.findByText('Account order saved.')).toBeInTheDocument();
      fail = true;
      const gets = calls.filter((c) => c.method === 'GET').length;
      screen.getByRole('button', { name: 'Drag to reorder Checking' }).focus();
      await user.keyboard(' ');
      await user.keyboard('{ArrowUp}');
      await user.keyboard(' ');
      expect(await screen.findByText('Failed to save account order.')).toBeInTheDocument();
      await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(gets));
    } finally {
      Element.prototype.getBoundingClientRect = original;
    }
  });
});
