import { renderWithProviders, stubFetch } from '@hf/app-kit/testing/harness';
import type { Jar } from '@hf/contracts/budget';
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jarProgress } from './api';
import { bodyOf, draftOf, TARGET_MESSAGE } from './JarForm';
import { SavingsJars } from './SavingsJars';

const accounts = [
  { id: 1, name: 'Checking', is_default: false },
  { id: 2, name: 'Savings', is_default: true },
];
const goal = (id: number, name: string, account_id: number, target_amount: number, saved_amount: number): Jar => ({
  id,
  name,
  account_id,
  account_name: accounts.find((a) => a.id === account_id)!.name,
  target_amount,
  saved_amount,
});

function setup(initial: Jar[], extra: Record<string, unknown> = {}) {
  let goals = [...initial];
  const stub = stubFetch({
    'GET /api/accounts/': accounts,
    'GET /api/budget/goals': () => goals,
    'POST /api/budget/goals': ({ body }: { body: { name: string; account_id: number; target_amount: number } }) => {
      const created = goal(goals.length + 10, body.name, body.account_id, body.target_amount, 0);
      goals = [...goals, created];
      return created;
    },
    'PUT /api/budget/goals/*': ({ path, body }: { path: string; body: Partial<Jar> }) => {
      const id = Number(path.split('/').pop());
      goals = goals.map((g) =>
        g.id === id
          ? { ...g, ...body, account_name: accounts.find((a) => a.id === (body.account_id ?? g.account_id))!.name }
          : g,
      );
      return goals.find((g) => g.id === id);
    },
    'DELETE /api/budget/goals/*': ({ path }: { path: string }) => {
      goals = goals.filter((g) => g.id !== Number(path.split('/').pop()));
      return { message: 'ok' };
    },
    ...(extra as Record<string, never>),
  });
  const user = userEvent.setup();
  const view = renderWithProviders(<SavingsJars />);
  return { ...stub, ...view, user };
}

const list = () => screen.getByRole('list', { name: 'Savings jars' });
const addForm = () => screen.getByRole('form', { name: 'Add savings jar' });

afterEach(() => jest.useRealTimers());

describe('jar progress and the form values', () => {
  test.each([
    [250, 1000, 0.25],
    [1200, 1000, 1],
    [0, 1000, 0],
    [10, 0, 0],
    [10, -5, 0],
  ])('saved %p of %p -> %p', (saved, target, progress) => {
    expect(jarProgress(saved, target)).toBe(progress);
  });

  it('the target must be more than $0', () => {
    for (const target of ['', '0', '0.00', '-5', 'abc'])
      expect(bodyOf({ name: 'Car', accountId: '1', target })).toEqual({ error: TARGET_MESSAGE });
    expect(bodyOf({ name: ' Car ', accountId: '2', target: '1500.5' })).toEqual({
      name: 'Car',
      account_id: 2,
      target_amount: 1500.5,
    });
  });

  it('an edit starts from the jar', () => {
    expect(draftOf(goal(1, 'Car', 2, 12500, 0), 1)).toEqual({ name: 'Car', accountId: '2', target: '12500.00' });
    expect(draftOf(null, 2)).toEqual({ name: '', accountId: '2', target: '' });
  });
});

describe('SavingsJars', () => {
  it('lists jars with name, account, saved of target and a progress bar', async () => {
    setup([goal(1, 'Holiday', 2, 2000, 500), goal(2, 'Car', 1, 0, 50)]);
    const items = within(await screen.findByRole('list', { name: 'Savings jars' })).getAllByRole('listitem');
    expect(screen.getByRole('heading', { level: 2, name: 'Savings Jars' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Holiday');
    expect(items[0]).toHaveTextContent('Savings');
    expect(items[0]).toHaveTextContent('$500.00 of $2,000.00');
    expect(within(items[0]).getByRole('progressbar', { name: 'Holiday saved' })).toHaveAttribute('aria-valuenow', '25');
    expect(within(items[1]).getByRole('progressbar', { name: 'Car saved' })).toHaveAttribute('aria-valuenow', '0');
  });

  it('empty state', async () => {
    setup([]);
    expect(
      await screen.findByText('No savings jars yet. Add one below to start saving toward a goal.'),
    ).toBeInTheDocument();
  });

  it('says so when the jars cannot be fetched', async () => {
    setup([], { 'GET /api/budget/goals': { status: 500, body: {} } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch savings jars.');
  });

  it('no accounts: no add form', async () => {
    setup([], { 'GET /api/accounts/': [] });
    expect(
      await screen.findByText('Add an account first: a savings jar saves in one of your accounts.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add savings jar' })).not.toBeInTheDocument();
  });

  it('adds a jar in the default account, refreshes the jars and the dashboard, the message vanishes after 3 s', async () => {
    const { user, calls, queryClient } = setup([]);
    const invalidate = jest.spyOn(queryClient as QueryClient, 'invalidateQueries');
    await screen.findByText(/No savings jars yet/);
    await waitFor(() => expect(within(addForm()).getByLabelText('Account')).toHaveValue('2'));
    await user.type(within(addForm()).getByLabelText('Jar name'), 'Holiday');
    await user.type(within(addForm()).getByLabelText('Target amount'), '2000');
    jest.useFakeTimers({ advanceTimers: true });
    await user.click(within(addForm()).getByRole('button', { name: 'Add Jar' }));
    expect(await screen.findByText('Savings jar created successfully.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Holiday',
      account_id: 2,
      target_amount: 2000,
    });
    expect(await within(list()).findByText('Holiday')).toBeInTheDocument();
    expect(within(addForm()).getByLabelText('Jar name')).toHaveValue('');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['dashboard'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['savings-goals'] });
    act(() => jest.advanceTimersByTime(3100));
    expect(screen.queryByText('Savings jar created successfully.')).not.toBeInTheDocument();
  });

  it('picks another account', async () => {
    const { user, calls } = setup([]);
    await screen.findByText(/No savings jars yet/);
    await user.type(within(addForm()).getByLabelText('Jar name'), 'Car');
    await user.selectOptions(within(addForm()).getByLabelText('Account'), 'Checking');
    await user.type(within(addForm()).getByLabelText('Target amount'), '12500.50');
    await user.click(within(addForm()).getByRole('button', { name: 'Add Jar' }));
    await screen.findByText('Savings jar created successfully.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Car',
      account_id: 1,
      target_amount: 12500.5,
    });
  });

  it('refuses a target of $0 or less, with no call', async () => {
    const { user, calls } = setup([]);
    await screen.findByText(/No savings jars yet/);
    await user.type(within(addForm()).getByLabelText('Jar name'), 'Car');
    await user.type(within(addForm()).getByLabelText('Target amount'), '0');
    await user.click(within(addForm()).getByRole('button', { name: 'Add Jar' }));
    expect(await screen.findByText(TARGET_MESSAGE)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(within(addForm()).getByLabelText('Target amount')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server message when create fails, else the fallback', async () => {
    const { user } = setup([], { 'POST /api/budget/goals': { status: 404, body: { message: 'Account not found.' } } });
    await screen.findByText(/No savings jars yet/);
    await user.type(within(addForm()).getByLabelText('Jar name'), 'Car');
    await user.type(within(addForm()).getByLabelText('Target amount'), '10');
    await user.click(within(addForm()).getByRole('button', { name: 'Add Jar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Account not found.');
    expect(within(addForm()).getByLabelText('Jar name')).toHaveValue('Car');
  });

  it('edits a jar: only the changed fields are sent', async () => {
    const { user, calls } = setup([goal(1, 'Holiday', 2, 2000, 500)]);
    await user.click(await screen.findByRole('button', { name: 'Edit Holiday' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Savings Jar' });
    expect(within(dialog).getByLabelText('Jar name')).toHaveValue('Holiday');
    expect(within(dialog).getByLabelText('Account')).toHaveValue('2');
    expect(within(dialog).getByLabelText('Target amount')).toHaveValue(2000);
    await user.clear(within(dialog).getByLabelText('Target amount'));
    await user.type(within(dialog).getByLabelText('Target amount'), '2500');
    await user.selectOptions(within(dialog).getByLabelText('Account'), 'Checking');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Savings jar updated successfully.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/budget/goals/1');
    expect(put.body).toEqual({ account_id: 1, target_amount: 2500 });
    expect(await within(list()).findByText('$500.00 of $2,500.00')).toBeInTheDocument();
  });

  it('an edit that fails says so', async () => {
    const { user } = setup([goal(1, 'Holiday', 2, 2000, 500)], {
      'PUT /api/budget/goals/*': { status: 500, body: {} },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Holiday' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Savings Jar' });
    await user.type(within(dialog).getByLabelText('Jar name'), ' Fund');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not update savings jar.');
  });

  it('deletes a jar after a confirmation; Cancel keeps it', async () => {
    const { user, calls } = setup([goal(1, 'Holiday', 2, 2000, 500), goal(2, 'Car', 1, 9000, 100)]);
    await user.click(await screen.findByRole('button', { name: 'Delete Car' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Car?' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete Car' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Car?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Savings jar deleted successfully.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe('/api/budget/goals/2');
    await waitFor(() => expect(within(list()).queryByText('Car')).not.toBeInTheDocument());
    expect(within(list()).getByText('Holiday')).toBeInTheDocument();
  });

  it('a failed delete says so', async () => {
    const { user } = setup([goal(1, 'Holiday', 2, 2000, 500)], {
      'DELETE /api/budget/goals/*': { status: 500, body: {} },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Holiday' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Holiday?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not delete savings jar.');
  });
});
