import { PRODUCT_NAME } from '../product';

/** The pages an account has under /accounts/:id/, by their path's last part. */
const ACCOUNT_PAGES: Readonly<Record<string, string>> = {
  register: 'Register',
  reconcile: 'Reconcile',
  'import/map': 'Import',
  deleted: 'Recently deleted',
};

/** The pages with a fixed name, by path (the routes of app/routes.tsx). */
const PAGES: Readonly<Record<string, string>> = {
  '/dashboard': 'Dashboard',
  '/accounts': 'Accounts',
  '/budget': 'Budget',
  '/categories': 'Categories',
  '/activity': 'Activity',
  '/reports': 'Reports',
  '/settings/household': 'Household',
  '/settings/appearance': 'Appearance',
  '/settings/rules': 'Rules',
  '/settings/payees': 'Payees',
  '/help': 'Help',
  '/login': 'Login',
  '/register': 'Create Account',
  '/forgot-password': 'Forgot Password',
};

/**
 * The document title of a path: the page, then the product ("Register · Checking — Ledgerly"),
 * so tabs, history and screen readers tell pages apart. An account page names its account once
 * its name is known.
 */
export function pageTitle(path: string, accounts: readonly { id: number; name: string }[] = []): string {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const account = /^\/accounts\/(\d+)\/(.+)$/.exec(clean);
  let page: string;
  if (account) {
    const name = accounts.find((a) => a.id === Number(account[1]))?.name;
    const kind = ACCOUNT_PAGES[account[2]] ?? 'Account';
    page = name ? `${kind} · ${name}` : kind;
  } else if (clean.startsWith('/reset-password/')) page = 'Reset Password';
  else page = PAGES[clean] ?? (clean === '/' ? 'Dashboard' : 'Page not found');
  return `${page} — ${PRODUCT_NAME}`;
}
