/**
 * The header's links after Dashboard and the Accounts dropdown (docs/rules/screens.md,
 * Routes); the mobile menu repeats them.
 */
export const SECTION_LINKS = [
  { to: '/budget', label: 'Budget' },
  { to: '/reports', label: 'Reports' },
  { to: '/categories', label: 'Categories' },
] as const;

export const SETTINGS_LINKS = [
  { to: '/settings/household', label: 'Household' },
  { to: '/settings/appearance', label: 'Appearance' },
  { to: '/settings/payees', label: 'Payees' },
  { to: '/settings/rules', label: 'Rules' },
] as const;

export const MANAGE_ACCOUNTS_LABEL = 'Manage All Accounts';

export function registerPath(accountId: number | string): string {
  return `/accounts/${accountId}/register`;
}

/** The sections whose pages sit behind a dropdown: highlighted on their pages and sub-pages. */
export const inAccounts = (path: string) => /^\/accounts(\/|$)/.test(path);
export const inSettings = (path: string) => /^\/settings(\/|$)/.test(path);

/** A header link, marked on its page. */
export const navClass = ({ isActive }: { isActive: boolean }) =>
  `hf-nav__link${isActive ? ' hf-nav__link--active' : ''}`;
/** A link inside a header dropdown, marked on its page. */
export const itemClass = ({ isActive }: { isActive: boolean }) =>
  `hf-dropdown__item${isActive ? ' hf-dropdown__item--active' : ''}`;

export interface NavItem {
  to: string;
  label: string;
  /** Marked on this very page only, not on its sub-pages. */
  end?: boolean;
}

export const DASHBOARD_LINK: NavItem = { to: '/dashboard', label: 'Dashboard' };
export const HELP_LINK: NavItem = { to: '/help', label: 'Help' };
export const MANAGE_ACCOUNTS_LINK: NavItem = { to: '/accounts', label: MANAGE_ACCOUNTS_LABEL, end: true };

/** The links shown to a signed-out visitor. */
export const SIGNED_OUT_LINKS: readonly NavItem[] = [
  { to: '/login', label: 'Login' },
  { to: '/register', label: 'Register' },
];

/** One register link per account, in the order given. */
export const accountLinks = (accounts: readonly { id: number; name: string }[]): NavItem[] =>
  accounts.map((account) => ({ to: registerPath(account.id), label: account.name }));
