/**
 * The header's links after Dashboard and the Accounts dropdown (spec section 2, header
 * navigation); the mobile menu repeats them.
 */
export const SECTION_LINKS = [
  { to: '/budget', label: 'Budget' },
  { to: '/reports', label: 'Reports' },
  { to: '/categories', label: 'Categories' },
] as const;

export const SETTINGS_LINKS = [
  { to: '/settings/household', label: 'Household' },
  { to: '/settings/appearance', label: 'Appearance' },
] as const;

export const MANAGE_ACCOUNTS_LABEL = 'Manage All Accounts';

export function registerPath(accountId: number | string): string {
  return `/accounts/${accountId}/register`;
}
