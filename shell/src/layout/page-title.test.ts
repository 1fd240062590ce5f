import { pageTitle } from './page-title';

const accounts = [
  { id: 3, name: 'Checking' },
  { id: 12, name: 'Rainy Day' },
];

describe('pageTitle', () => {
  it.each([
    ['/dashboard', 'Dashboard — Ledgerly'],
    ['/accounts', 'Accounts — Ledgerly'],
    ['/accounts/', 'Accounts — Ledgerly'],
    ['/accounts/3/register', 'Register · Checking — Ledgerly'],
    ['/accounts/12/reconcile', 'Reconcile · Rainy Day — Ledgerly'],
    ['/accounts/12/import/map', 'Import · Rainy Day — Ledgerly'],
    ['/accounts/99/register', 'Register — Ledgerly'],
    ['/budget', 'Budget — Ledgerly'],
    ['/categories', 'Categories — Ledgerly'],
    ['/reports', 'Reports — Ledgerly'],
    ['/settings/household', 'Household — Ledgerly'],
    ['/settings/appearance', 'Appearance — Ledgerly'],
    ['/help', 'Help — Ledgerly'],
    ['/login', 'Login — Ledgerly'],
    ['/register', 'Create Account — Ledgerly'],
    ['/forgot-password', 'Forgot Password — Ledgerly'],
    ['/reset-password/abc', 'Reset Password — Ledgerly'],
    ['/nowhere', 'Page not found — Ledgerly'],
  ])('%s -> %s', (path, title) => {
    expect(pageTitle(path, accounts)).toBe(title);
  });

  it('differs from page to page', () => {
    const paths = ['/dashboard', '/accounts', '/budget', '/categories', '/reports', '/settings/household'];
    expect(new Set(paths.map((p) => pageTitle(p))).size).toBe(paths.length);
  });
});
