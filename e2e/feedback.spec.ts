/**
 * Issue 10, "Feedback where a user expects it": the navigation shows where the user is, an
 * account id that is not the household's shows a not-found page, a forced sign-out says so on
 * /login, Help is public, built-in themes cannot be deleted and low-contrast colours are named.
 * Both widths (desktop and the 768 px project).
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, isMobile, openMobileMenuIfNeeded, registerViaApi, signInWithToken, snap, test, uniqueEmail } from './support/fixtures';
import { createAccount } from './support/ledger';

/** The Accounts / Settings entry of the navigation: the dropdown toggle, or the mobile menu's heading. */
async function section(page: Page, testInfo: TestInfo, name: 'Accounts' | 'Settings'): Promise<Locator> {
  if (isMobile(testInfo)) {
    await openMobileMenuIfNeeded(page, testInfo);
    return page.getByRole('navigation', { name: 'Mobile' }).locator('.hf-mobile-menu__heading', { hasText: name });
  }
  return page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).or(page.getByRole('banner').getByRole('button', { name })).first();
}

async function expectHighlighted(page: Page, testInfo: TestInfo, name: 'Accounts' | 'Settings', on: boolean): Promise<void> {
  const entry = await section(page, testInfo, name);
  const active = isMobile(testInfo) ? 'hf-mobile-menu__heading--active' : 'hf-nav__link--active';
  if (on) {
    await expect(entry).toHaveClass(new RegExp(active));
    if (!isMobile(testInfo)) await expect(entry).toHaveAttribute('aria-current', 'true');
  } else {
    await expect(entry).not.toHaveClass(new RegExp(active));
  }
  if (isMobile(testInfo)) await page.getByRole('button', { name: 'Menu' }).click();
}

test('Accounts and Settings are highlighted in the navigation on their pages and sub-pages', async ({ page, request }, testInfo) => {
  const user = await registerViaApi(request, { email: uniqueEmail('nav') });
  const account = await createAccount(request, user, 'Everyday Checking', 100);
  await signInWithToken(page, user, '/accounts');
  await expect(page.getByRole('heading', { name: 'Your Accounts', level: 1 })).toBeVisible();
  await expectHighlighted(page, testInfo, 'Accounts', true);
  await expectHighlighted(page, testInfo, 'Settings', false);

  await page.goto(`/accounts/${account.id}/register`);
  await expect(page.getByRole('heading', { name: 'Everyday Checking', level: 1 })).toBeVisible();
  await expectHighlighted(page, testInfo, 'Accounts', true);
  await snap(page, testInfo, 'feedback-nav-accounts');

  for (const [path, heading] of [
    ['/settings/household', 'Household'],
    ['/settings/appearance', 'Appearance'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectHighlighted(page, testInfo, 'Settings', true);
    await expectHighlighted(page, testInfo, 'Accounts', false);
  }
  await snap(page, testInfo, 'feedback-nav-settings');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expectHighlighted(page, testInfo, 'Accounts', false);
  await expectHighlighted(page, testInfo, 'Settings', false);
});

test('an unknown or another household\'s account id shows "Account not found", not a register', async ({ page, request }, testInfo) => {
  const other = await registerViaApi(request, { email: uniqueEmail('foreign') });
  const foreign = await createAccount(request, other, 'Their Checking', 100);
  const user = await registerViaApi(request, { email: uniqueEmail('own') });
  await createAccount(request, user, 'My Checking', 100);
  await signInWithToken(page, user, '/accounts');
  await expect(page.getByRole('heading', { name: 'Your Accounts', level: 1 })).toBeVisible();

  for (const path of [`/accounts/${foreign.id}/register`, '/accounts/2147483000/register', '/accounts/abc/register', `/accounts/${foreign.id}/reconcile`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Account not found', level: 1 })).toBeVisible();
    await expect(page.getByText('There is no account at this address in your household.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clearing Mode' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Import Transactions' })).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByText('Their Checking')).toHaveCount(0);
  }
  await snap(page, testInfo, 'feedback-account-not-found');
  await page.getByRole('link', { name: 'Go to Your Accounts' }).click();
  await expect(page.getByRole('heading', { name: 'Your Accounts', level: 1 })).toBeVisible();
});

test('a forced sign-out (401) says on /login that the session ended; the signed-out footer opens Help', async ({ page, request }, testInfo) => {
  const user = await registerViaApi(request, { email: uniqueEmail('ended') });
  await signInWithToken(page, user, '/accounts');
  await expect(page.getByRole('heading', { name: 'Your Accounts', level: 1 })).toBeVisible();

  // The session ends elsewhere (signed out on the server); the next call of this page answers 401.
  const res = await request.post('/api/users/logout', {
    headers: { Authorization: `Bearer ${user.accessToken}` },
    data: user.refreshToken ? { refresh_token: user.refreshToken } : {},
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  await page.goto('/categories');

  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('status')).toHaveText('Your session has ended. Please log in again.');
  await snap(page, testInfo, 'feedback-session-ended');

  // Opening /login by hand says nothing of the kind.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  await expect(page.getByText('Your session has ended. Please log in again.')).toHaveCount(0);

  // Help is public: the signed-out footer's link opens it.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
  await snap(page, testInfo, 'feedback-help-signed-out');
});

test('Delete Theme is disabled for built-in themes; colours below 4.5:1 get a low-contrast warning', async ({ page, request }, testInfo) => {
  const user = await registerViaApi(request, { email: uniqueEmail('contrast') });
  await signInWithToken(page, user, '/settings/appearance');
  await expect(page.getByRole('heading', { name: /Active theme: Default/ })).toBeVisible();
  const deleteTheme = page.getByRole('button', { name: 'Delete Theme' });
  await expect(deleteTheme).toBeDisabled();
  await expect(page.getByText('Built-in themes cannot be deleted.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Low contrast' })).toHaveCount(0);

  // Grey text on the grey page: the editor names the pair and its ratio.
  await page.getByRole('button', { name: 'Page background and text' }).click();
  await page.getByRole('textbox', { name: 'Main text hex' }).fill('#9ca3af');
  const warning = page.getByRole('region', { name: 'Low contrast' });
  await expect(warning).toBeVisible();
  await expect(warning.getByText('Main text on page background: 2.3:1')).toBeVisible();

  // Saved under a name, loaded again: the saved theme keeps its warning, and can be deleted.
  const name = `Low ${Date.now().toString(36)}`;
  await page.getByLabel('Theme name').fill(name);
  await page.getByRole('button', { name: 'Save Theme' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Active theme: ${name}`) })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: new RegExp(`Active theme: ${name}`) })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Low contrast' })).toBeVisible();
  await expect(deleteTheme).toBeEnabled();
  await snap(page, testInfo, 'feedback-contrast-warning');

  // Fixing the colour clears the warning.
  await page.getByRole('button', { name: 'Page background and text' }).click();
  await page.getByRole('textbox', { name: 'Main text hex' }).fill('#111827');
  await expect(page.getByRole('region', { name: 'Low contrast' })).toHaveCount(0);
});

test('Accounts and Categories use the full width at 768 px (capped at 720 px on desktop)', async ({ page, request }, testInfo) => {
  const user = await registerViaApi(request, { email: uniqueEmail('width') });
  await createAccount(request, user, 'Everyday Checking', 100);
  const widths = (selector: string) =>
    page.locator(selector).evaluate((el) => {
      const page = el.closest('.hf-page') as HTMLElement;
      const cs = getComputedStyle(page);
      return { own: el.getBoundingClientRect().width, available: page.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) };
    });
  for (const [path, heading, selector] of [
    ['/accounts', 'Your Accounts', '.ledger-accounts'],
    ['/categories', 'Manage Your Categories', '.ledger-categories'],
  ] as const) {
    if (path === '/accounts') await signInWithToken(page, user, path);
    else await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    const { own, available } = await widths(selector);
    if (isMobile(testInfo)) expect(Math.abs(own - available), `${path}: ${own} of ${available} px`).toBeLessThanOrEqual(1);
    else expect(own).toBeLessThanOrEqual(720);
    await snap(page, testInfo, `feedback-width-${path.slice(1)}`);
  }
});
