/**
 * Issue 2: the shell around the remotes: header and mobile menu, Help, 401 handling, and a
 * remote that is down (fallback + Retry) while the header keeps working.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  api,
  expect,
  isMobile,
  openMobileMenuIfNeeded,
  registerViaApi,
  signInWithToken,
  snap,
  test,
} from './support/fixtures';

const UNAVAILABLE = 'This part of the app is unavailable right now.';

const HELP_STATEMENTS = [
  'Scheduled income and bills drive a 12-month forecast.',
  'Everyday Envelopes are variable monthly category budgets.',
  'The Predictables are fixed recurring income and bills.',
  'Editing an amount in the Predictables grid fills it forward to future months.',
];

/** Opens the header's Help (the icon on desktop, the menu entry on 768 px). */
async function openHelp(page: Page, testInfo: TestInfo): Promise<void> {
  if (isMobile(testInfo)) {
    await openMobileMenuIfNeeded(page, testInfo);
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Help' }).click();
  } else {
    await page.getByRole('banner').getByRole('link', { name: 'Help' }).click();
  }
  await expect(page).toHaveURL(/\/help$/);
}

test('the header offers every section; the Accounts dropdown lists the accounts', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request, { name: 'Nav Tester' });
  const created = await api(request, user, 'POST', '/accounts/', { name: 'Everyday Checking', starting_balance: 100 });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  await signInWithToken(page, user, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();

  let nav: Locator;
  if (isMobile(testInfo)) {
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    nav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(nav.getByRole('link', { name: 'Everyday Checking' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Manage All Accounts' })).toBeVisible();
    for (const name of ['Household', 'Appearance', 'Help'])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  } else {
    nav = page.getByRole('banner');
    await nav.getByRole('button', { name: 'Accounts' }).click();
    await expect(nav.getByRole('link', { name: 'Everyday Checking' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Manage All Accounts' })).toBeVisible();
    await snap(page, testInfo, 'header-accounts-dropdown');
    await page.keyboard.press('Escape');
    await nav.getByRole('button', { name: 'Settings' }).click();
    await expect(nav.getByRole('link', { name: 'Household' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Appearance' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Help' })).toBeVisible();
  }
  for (const name of ['Dashboard', 'Budget', 'Reports', 'Categories'])
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await snap(page, testInfo, 'header-signed-in');

  if (!isMobile(testInfo)) await nav.getByRole('button', { name: 'Accounts' }).click();
  await nav.getByRole('link', { name: 'Everyday Checking' }).click();
  await expect(page).toHaveURL(/\/accounts\/\d+\/register$/);
});

test('signed out, the header offers Login and Register', async ({ page }, testInfo) => {
  await page.goto('/login');
  await openMobileMenuIfNeeded(page, testInfo);
  const nav = isMobile(testInfo) ? page.getByRole('navigation', { name: 'Mobile' }) : page.getByRole('banner');
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Register', exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toHaveCount(0);
});

test('Help shows the FAQ', async ({ page, request }, testInfo) => {
  const user = await registerViaApi(request);
  await signInWithToken(page, user, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await openHelp(page, testInfo);
  await expect(page.getByRole('heading', { name: 'Help', exact: true, level: 1 })).toBeVisible();
  for (const statement of HELP_STATEMENTS) await expect(page.getByText(statement)).toBeVisible();
  expect(await page.getByRole('main').getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(4);
  await snap(page, testInfo, 'help');
});

test('a 401 from any call clears the token and sends the user to /login', async ({ page, request }, testInfo) => {
  const user = await registerViaApi(request);
  await signInWithToken(page, user, '/settings/household');
  await expect(page.getByRole('heading', { name: 'Household', exact: true })).toBeVisible();

  // Corrupt the stored token; the next call the page makes answers 401.
  await page.evaluate(() => localStorage.setItem('access_token', 'corrupted.not-a.jwt'));
  if (isMobile(testInfo)) {
    await openMobileMenuIfNeeded(page, testInfo);
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Appearance' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Appearance' }).click();
  }
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

  // Same on a fresh page load with a token that was never valid.
  await page.evaluate(() => localStorage.setItem('access_token', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.'));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('a failed login does not count as a session 401: the error stays on the login screen', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(/^email/i).fill('nobody-here@example.com');
  await page.getByLabel(/^password$/i).fill('whatever-it-is-1!');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a stopped remote shows the fallback, the header still works, and Retry loads it once it is back', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  await page.route('**/mf/mf-reports/**', (route) => route.abort());
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.evaluate((token) => localStorage.setItem('access_token', token), user.accessToken);
  await page.goto('/reports', { waitUntil: 'domcontentloaded' });

  await expect(page.getByText(UNAVAILABLE)).toBeVisible({ timeout: 20_000 });
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await snap(page, testInfo, 'remote-fallback');

  // The header still works while the remote is down.
  await openHelp(page, testInfo);
  await expect(page.getByRole('heading', { name: 'Help', exact: true })).toBeVisible();
  await page.goBack({ waitUntil: 'domcontentloaded' });
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByText(UNAVAILABLE)).toBeVisible({ timeout: 20_000 });

  // The remote comes back: Retry loads it without a page reload.
  await page.unroute('**/mf/mf-reports/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
  await snap(page, testInfo, 'remote-after-retry');
});

test('a remote answering 503 shows the fallback too, and the other remotes keep working', async ({ page, request }) => {
  const user = await registerViaApi(request);
  await page.route('**/mf/mf-settings/**', (route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
  );
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.evaluate((token) => localStorage.setItem('access_token', token), user.accessToken);
  await page.goto('/settings/appearance', { waitUntil: 'domcontentloaded' });
  await expect(page.getByText(UNAVAILABLE)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

  await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();

  await page.unroute('**/mf/mf-settings/**');
  await page.goto('/settings/appearance', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { name: 'Appearance', exact: true })).toBeVisible({ timeout: 20_000 });
});

test('an unknown path shows a not-found page inside the shell', async ({ page, request }) => {
  const user = await registerViaApi(request);
  await signInWithToken(page, user, '/no-such-page');
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
});

test('the API documentation page renders under the strict CSP, without signing in', async ({ page }, testInfo) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  page.on('pageerror', (error) => refused.push(error.message));
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /API/ }).first()).toBeVisible();
  // The operations grouped by area; one opened shows its parameters. Every operation has the bearer scheme's lock.
  await expect(page.getByRole('link', { name: 'accounts', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'GET /api/accounts/{id}', exact: true }).click();
  const read = page.locator('.opblock-get', { hasText: '/api/accounts/{id}' }).first();
  await expect(read.getByText('Parameters', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Authorize/ })).toBeVisible();
  await snap(page, testInfo, 'api-docs');
  expect(refused).toEqual([]);
});
