import '../test/polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeNetwork } from '../test/fake-network';
import { freshBrowser, renderShell, signIn } from '../test/render-shell';

let network: FakeNetwork;
beforeEach(() => {
  network = freshBrowser().on('POST /api/users/logout', { body: { message: 'You have been logged out.' } });
});

const ACCOUNTS = [
  { id: 3, name: 'Checking', starting_balance: 100, is_default: true },
  { id: 5, name: 'Savings', starting_balance: 0, is_default: false },
];

function desktopNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('header', () => {
  test('signed in: Dashboard, Accounts, Budget, Reports, Categories, Help, Settings, Logout', async () => {
    signIn();
    network.on('GET /api/accounts/', { body: ACCOUNTS });
    renderShell({ path: '/help' });
    const nav = desktopNav();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Budget', 'Reports', 'Categories']);
    expect(within(nav).getByRole('button', { name: /Accounts/ })).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
    expect(within(banner).getByRole('button', { name: /Settings/ })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Login' })).toBeNull();
  });

  test('the Accounts dropdown links every account to its register, plus "Manage All Accounts"', async () => {
    signIn();
    network.on('GET /api/accounts/', { body: ACCOUNTS });
    const { pathname } = renderShell({ path: '/help' });
    const user = userEvent.setup();
    await waitFor(() => expect(network.callsTo('GET /api/accounts/')).toHaveLength(1));
    const toggle = within(desktopNav()).getByRole('button', { name: /Accounts/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Checking' })).toHaveAttribute('href', '/accounts/3/register');
    expect(screen.getByRole('link', { name: 'Savings' })).toHaveAttribute('href', '/accounts/5/register');
    expect(screen.getByRole('link', { name: 'Manage All Accounts' })).toHaveAttribute('href', '/accounts');

    await user.click(screen.getByRole('link', { name: 'Savings' }));
    await waitFor(() => expect(pathname()).toBe('/accounts/5/register'));
    expect(screen.queryByRole('link', { name: 'Checking' })).toBeNull();
  });

  test('when the account list fails, the dropdown still offers "Manage All Accounts"', async () => {
    signIn();
    network.on('GET /api/accounts/', { status: 503, body: { message: 'Service unavailable' } });
    renderShell({ path: '/help' });
    const user = userEvent.setup();
    await waitFor(() => expect(network.callsTo('GET /api/accounts/')).toHaveLength(1));
    await user.click(within(desktopNav()).getByRole('button', { name: /Accounts/ }));
    const menu = screen.getByRole('link', { name: 'Manage All Accounts' }).closest('ul')!;
    expect(within(menu).getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
  });

  test('the Settings dropdown offers Household and Appearance; Escape and outside clicks close it', async () => {
    signIn();
    network.on('GET /api/accounts/', { body: [] });
    renderShell({ path: '/help' });
    const user = userEvent.setup();
    const toggle = within(screen.getByRole('banner')).getByRole('button', { name: /Settings/ });
    await user.click(toggle);
    expect(screen.getByRole('link', { name: 'Household' })).toHaveAttribute('href', '/settings/household');
    expect(screen.getByRole('link', { name: 'Appearance' })).toHaveAttribute('href', '/settings/appearance');
    expect(screen.getByRole('link', { name: 'Payees' })).toHaveAttribute('href', '/settings/payees');
    expect(screen.getByRole('link', { name: 'Rules' })).toHaveAttribute('href', '/settings/rules');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Household' })).toBeNull();
    await user.click(toggle);
    expect(screen.getByRole('link', { name: 'Household' })).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { level: 1, name: 'Help' }));
    expect(screen.queryByRole('link', { name: 'Household' })).toBeNull();
  });

  test('signed out: Login and Register only', () => {
    network.on('GET /api/accounts/', { body: [] });
    renderShell({ path: '/login' });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(within(banner).queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(network.callsTo('GET /api/accounts/')).toHaveLength(0);
  });

  test('Logout calls the server, clears tokens and the auto-logout marker, and goes to /login', async () => {
    signIn();
    sessionStorage.setItem('autoLogoutAt', '2020-01-01T00:00:00.000Z');
    network.on('GET /api/accounts/', { body: [] });
    const { pathname } = renderShell({ path: '/help' });
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
    const [call] = network.callsTo('POST /api/users/logout');
    expect(call.headers.Authorization).toBe('Bearer test-access-token');
    expect(call.body).toEqual({ refresh_token: 'test-refresh-token' });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(sessionStorage.getItem('autoLogoutAt')).toBeNull();
    expect(screen.queryByText('You were logged out due to inactivity.')).toBeNull();
  });

  test('Logout still signs out when the server call fails', async () => {
    signIn();
    network.on('GET /api/accounts/', { body: [] }).on('POST /api/users/logout', { status: 503, body: '' });
    const { pathname } = renderShell({ path: '/help' });
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  test('the mobile menu (Menu button) repeats the links', async () => {
    signIn();
    network.on('GET /api/accounts/', { body: ACCOUNTS });
    const { pathname } = renderShell({ path: '/help' });
    await waitFor(() => expect(network.callsTo('GET /api/accounts/')).toHaveLength(1));
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    await user.click(button);
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    const labels = within(menu)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Checking',
      'Savings',
      'Manage All Accounts',
      'Budget',
      'Reports',
      'Categories',
      'Help',
      'Household',
      'Appearance',
      'Payees',
      'Rules',
    ]);
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('link', { name: 'Budget' }));
    await waitFor(() => expect(pathname()).toBe('/budget'));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });

  test('the mobile menu offers Login and Register when signed out', async () => {
    renderShell({ path: '/login' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Login', 'Register']);
  });
});
