/**
 * Issue 26 items 14 and 15: each page's title names the page and the product; icon buttons name
 * their object; counts read "1 transaction", "1 row" (one countOf helper).
 */
import type { Page } from '@playwright/test';
import { expect, localToday, signInWithToken, snap, test } from './support/fixtures';
import { createCategory, createTransaction, householdWithAccount } from './support/ledger';

/** Opens `path` by clicking nothing: a fresh load, as a bookmark or a new tab does. */
async function titleOf(page: Page, path: string, heading: string | RegExp): Promise<string> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  return page.title();
}

test('every page has a title of its own: the page, then the product', async ({ page, request }) => {
  const html = await (await request.get('/login')).text();
  expect(html).toContain('<title>Ledgerly</title>');

  const { user, account } = await householdWithAccount(request, 'Checking', 100);
  await signInWithToken(page, user, '/dashboard');
  expect(await titleOf(page, '/dashboard', 'Dashboard')).toBe('Dashboard — Ledgerly');
  expect(await titleOf(page, '/accounts', 'Your Accounts')).toBe('Accounts — Ledgerly');
  await page.goto(`/accounts/${account.id}/register`);
  await expect(page.getByRole('heading', { level: 1, name: 'Checking' })).toBeVisible();
  await expect(page).toHaveTitle('Register · Checking — Ledgerly');
  expect(await titleOf(page, '/budget', /Budget/)).toBe('Budget — Ledgerly');
  expect(await titleOf(page, '/categories', /Categories/)).toBe('Categories — Ledgerly');
  expect(await titleOf(page, '/reports', /Reports/)).toBe('Reports — Ledgerly');
  expect(await titleOf(page, '/settings/household', 'Household')).toBe('Household — Ledgerly');
  expect(await titleOf(page, '/settings/appearance', /Appearance/)).toBe('Appearance — Ledgerly');
  expect(await titleOf(page, '/help', 'Help')).toBe('Help — Ledgerly');

  // Moving inside the app (no page load) changes the title too.
  await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
  await expect(page).toHaveTitle('Dashboard — Ledgerly');
});

test('icon buttons name what they act on: "Edit Groceries", "Delete Checking"', async ({ page, request }, testInfo) => {
  const { user, account } = await householdWithAccount(request, 'Checking', 100);
  const food = await createCategory(request, user, 'Food');
  await createCategory(request, user, 'Groceries', food);

  await signInWithToken(page, user, '/categories');
  const groceries = page.getByRole('button', { name: 'Drag Groceries', exact: true }).locator('..');
  await groceries.hover();
  for (const name of ['Merge Groceries', 'Edit Groceries', 'Delete Groceries'])
    await expect(groceries.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Sub-category to Food', exact: true })).toHaveCount(1);
  await snap(page, testInfo, 'categories-icon-names');

  await page.goto('/accounts');
  await expect(page.getByRole('button', { name: `Edit ${account.name}`, exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: `Delete ${account.name}`, exact: true })).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Account', exact: true })).toHaveCount(1);
});

test('one row reads "1 transaction"; a later-dated actual row is not called planned', async ({ page, request }) => {
  const { user, account } = await householdWithAccount(request, 'Checking', 100);
  await createTransaction(request, user, account.id, { date: localToday(), payee: 'Corner Shop', amount: -5 });
  await signInWithToken(page, user, `/accounts/${account.id}/register`);
  await expect(page.locator('.ledger-register__count')).toHaveText('1 transaction');

  const later = new Date(Date.now() + 10 * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const date = `${later.getFullYear()}-${p(later.getMonth() + 1)}-${p(later.getDate())}`;
  await createTransaction(request, user, account.id, { date, payee: 'Post-dated cheque', amount: -20 });
  await page.reload();
  await expect(page.locator('.ledger-register__count')).toHaveText('2 transactions');
  const balances = page.locator('.ledger-account-shell__balances');
  await expect(balances).toContainText('After later-dated rows');
  await expect(balances).not.toContainText('planned');
});
