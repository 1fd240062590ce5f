import '../test/polyfills';
import { screen, waitFor } from '@testing-library/react';
import { HELP_STATEMENTS } from '../help/HelpPage';
import { freshBrowser, renderShell, signIn, stubRemoteLoader } from '../test/render-shell';

beforeEach(() => {
  freshBrowser().on('GET /api/accounts/', { body: [] });
});

const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/accounts',
  '/accounts/7/register',
  '/accounts/7/reconcile',
  '/accounts/7/import/map',
  '/budget',
  '/categories',
  '/settings/appearance',
  '/settings/household',
  '/reports',
];

describe('routes', () => {
  test.each(SIGNED_IN_ROUTES)('%s without a stored token redirects to /login', async (path) => {
    const loader = stubRemoteLoader();
    const { pathname } = renderShell({ path, loader });
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(loader.loads).toHaveLength(0);
  });

  test('/help is public: signed out it shows the help, not the login page', async () => {
    const { pathname } = renderShell({ path: '/help' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    expect(pathname()).toBe('/help');
  });

  test('/ goes to /dashboard, and on to /login when signed out', async () => {
    const { pathname } = renderShell({ path: '/' });
    await waitFor(() => expect(pathname()).toBe('/login'));
  });

  test('/login with a stored session goes to /dashboard instead of showing the login form', async () => {
    signIn();
    const loader = stubRemoteLoader();
    const { pathname } = renderShell({ path: '/login', loader });
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Login' })).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  test('/ goes to /dashboard when signed in', async () => {
    signIn();
    const { pathname } = renderShell({ path: '/' });
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
  });

  test.each([
    ['/dashboard', 'mf-budget/./DashboardPage'],
    ['/budget', 'mf-budget/./BudgetPage'],
    ['/accounts', 'mf-ledger/./AccountsPage'],
    ['/accounts/7/register', 'mf-ledger/./AccountRoutes'],
    ['/accounts/7/import/map', 'mf-ledger/./AccountRoutes'],
    ['/categories', 'mf-ledger/./CategoriesPage'],
    ['/activity', 'mf-ledger/./ActivityPage'],
    ['/reports', 'mf-reports/./ReportsPage'],
    ['/settings/household', 'mf-settings/./HouseholdPage'],
    ['/settings/appearance', 'mf-settings/./AppearancePage'],
    ['/settings/rules', 'mf-settings/./RulesPage'],
  ])('%s signed in renders %s', async (path, page) => {
    signIn();
    const loader = stubRemoteLoader();
    renderShell({ path, loader });
    const [remote, module] = page.split('/.');
    expect(await screen.findByRole('heading', { name: `${remote} .${module}` })).toBeInTheDocument();
    expect(loader.loads).toEqual([page]);
  });

  test('/help is a static FAQ with the four help statements', () => {
    signIn();
    renderShell({ path: '/help' });
    expect(screen.getByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    for (const statement of HELP_STATEMENTS) expect(screen.getByText(statement, { exact: false })).toBeInTheDocument();
    expect(HELP_STATEMENTS).toEqual([
      'Scheduled income and bills drive a 12-month forecast.',
      'Everyday Envelopes are variable monthly category budgets.',
      'The Predictables are fixed recurring income and bills.',
      'Editing an amount in the Predictables grid fills it forward to future months.',
    ]);
  });

  test('an unknown address shows the not-found page inside the shell', () => {
    renderShell({ path: '/no/such/page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});
