import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubFetch } from '@hf/app-kit/testing/harness';
import type { Account } from './api';
import { AccountsManager } from './AccountsManager';

const account = (id: number, name: string, balance = 0, fields: Partial<Account> = {}): Account => ({
  id,
  name,
  balance,
  starting_balance: 0,
  kind: 'checking',
  credit_limit: null,
  low_balance_threshold: null,
  is_default: id === 1,
  sort_order: id,
  cleared_balance: 0,
  pending_balance: 0,
  ...fields,
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
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Savings',
      starting_balance: 100.25,
      kind: 'checking',
      low_balance_threshold: null,
    });
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
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Main',
      kind: 'checking',
      low_balance_threshold: null,
    });
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

  it("shows a credit card and a loan as owed, with each account's kind", async () => {
    stubFetch({
      'GET /api/accounts/': [
        account(1, 'Checking', 1234.5),
        account(2, 'Visa', -500, { kind: 'credit_card', credit_limit: 2000 }),
        account(3, 'Car loan', -9050.25, { kind: 'loan' }),
        account(4, 'Savings', 800, { kind: 'savings', low_balance_threshold: 500 }),
      ],
    });
    renderWithProviders(<AccountsManager />);
    const items = within(await screen.findByRole('list', { name: 'Accounts' })).getAllByRole('listitem');
    const texts = items.map((li) => [
      li.querySelector('.ledger-account-item__kind')!.textContent,
      li.querySelector('.ledger-account-item__balance')!.textContent,
    ]);
    expect(texts).toEqual([
      ['Checking', '$1,234.50'],
      ['Credit card, limit $2,000.00', '$500.00 owed'],
      ['Loan', '$9,050.25 owed'],
      ['Savings, warns below $500.00', '$800.00'],
    ]);
  });

  it('adds a credit card with a limit and a loan: the Kind select shows the field that fits', async () => {
    const { calls } = stubFetch({
      'GET /api/accounts/': [account(1, 'Checking')],
      'POST /api/accounts/': ({ body }) => account(2, body.name, body.starting_balance, body),
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountsManager />);
    const form = await screen.findByRole('form', { name: 'Add account' });
    expect(within(form).getByLabelText('Low-balance threshold')).toBeInTheDocument();
    expect(within(form).queryByLabelText('Credit limit')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('New account name'), 'Visa');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'Credit card');
    expect(within(form).queryByLabelText('Low-balance threshold')).not.toBeInTheDocument();
    expect(
      within(form).getByText('What you owe is a balance below zero: enter -500.00 for $500.00 owed.'),
    ).toBeVisible();
    await user.type(within(form).getByLabelText('Credit limit'), '2000');
    await user.type(within(form).getByLabelText('Starting balance'), '-250');
    await user.click(within(form).getByRole('button', { name: 'Add Account' }));
    expect(await screen.findByText('Account created successfully.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('New account name'), 'Car loan');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'Loan');
    expect(within(form).queryByLabelText('Credit limit')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Low-balance threshold')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Starting balance'), '-9000');
    await user.click(within(form).getByRole('button', { name: 'Add Account' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Visa', starting_balance: -250, kind: 'credit_card', credit_limit: 2000 },
      { name: 'Car loan', starting_balance: -9000, kind: 'loan' },
    ]);
  });

  it('refuses a credit limit below zero in the form, without a call', async () => {
    const { calls } = stubFetch({ 'GET /api/accounts/': [account(1, 'Checking')] });
    const user = userEvent.setup();
    renderWithProviders(<AccountsManager />);
    const form = await screen.findByRole('form', { name: 'Add account' });
    await user.type(within(form).getByLabelText('New account name'), 'Visa');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'Credit card');
    await user.type(within(form).getByLabelText('Credit limit'), '-5');
    await user.type(within(form).getByLabelText('Starting balance'), '0');
    await user.click(within(form).getByRole('button', { name: 'Add Account' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The credit limit cannot be below zero.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('changes the kind in "Edit Account Name"; the server\'s refusal is shown', async () => {
    let current = account(1, 'Checking', 300);
    let refuse = false;
    const { calls } = stubFetch({
      'GET /api/accounts/': () => [current],
      'PUT /api/accounts/1': ({ body }) => {
        if (refuse) return { status: 400, body: { message: 'Only a credit card has a credit limit.' } };
        current = account(1, body.name, 300, body);
        return current;
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountsManager />);
    await user.click(await screen.findByRole('button', { name: 'Edit Checking' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit Account Name' });
    expect(within(dialog).getByLabelText('Kind')).toHaveValue('checking');
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'Savings');
    await user.type(within(dialog).getByLabelText('Low-balance threshold'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Account updated successfully.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Checking',
      kind: 'savings',
      low_balance_threshold: 100,
    });
    expect(await screen.findByText('Savings, warns below $100.00')).toBeInTheDocument();

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Edit Checking' }));
    dialog = screen.getByRole('dialog', { name: 'Edit Account Name' });
    expect(within(dialog).getByLabelText('Low-balance threshold')).toHaveValue(100);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Only a credit card has a credit limit.')).toBeInTheDocument();
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
