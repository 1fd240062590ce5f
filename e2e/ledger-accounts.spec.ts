/**
 * Issue 3: "Your Accounts" (/accounts): create, rename, reorder and delete accounts
 * (docs/rules/screens.md "Other screens", ledger.md "Accounts").
 */
import type { Page } from '@playwright/test';
import { api, expect, registerViaApi, signInWithToken, snap, test } from './support/fixtures';

const accountList = (page: Page) => page.getByRole('list', { name: 'Accounts' });
const accountNames = (page: Page) => accountList(page).getByRole('link').allTextContents();

async function addAccount(page: Page, name: string, startingBalance: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Add account' });
  await form.getByLabel(/new account name/i).fill(name);
  await form.getByLabel(/starting balance/i).fill(startingBalance);
  await form.getByRole('button', { name: /add/i }).click();
  await expect(page.getByText('Account created successfully.')).toBeVisible();
  await expect(accountList(page).getByRole('link', { name, exact: true })).toBeVisible();
}

/** One account's row, found by its link. */
const accountRow = (page: Page, accountName: string) =>
  accountList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: accountName, exact: true }) });

/** The hover icons of one account row. */
async function rowAction(page: Page, accountName: string, action: 'Edit' | 'Delete'): Promise<void> {
  const row = accountRow(page, accountName);
  await row.hover();
  await row.getByRole('button', { name: `${action} ${accountName}` }).click();
}

test('accounts: add, rename, reorder (saved) and delete', async ({ page, request }, testInfo) => {
  const user = await registerViaApi(request, { name: 'Acca Counts' });
  await signInWithToken(page, user, '/accounts');
  await expect(page.getByRole('heading', { name: 'Your Accounts', exact: true })).toBeVisible();
  await expect(page.getByText('No accounts found. Add one below to get started.')).toBeVisible();
  await snap(page, testInfo, 'accounts-empty');

  await addAccount(page, 'Checking', '1000');
  await addAccount(page, 'Savings', '250.50');
  await addAccount(page, 'Cash', '20');
  await expect.poll(() => accountNames(page)).toEqual(['Checking', 'Savings', 'Cash']);
  const checkingLink = accountList(page).getByRole('link', { name: 'Checking', exact: true });
  await expect(checkingLink).toHaveAttribute('href', /^\/accounts\/\d+\/register$/);
  // Each row by its link: every row also names its kind ("Checking" for all three here).
  await expect(accountRow(page, 'Savings')).toContainText('$250.50');
  await expect(accountRow(page, 'Checking')).toContainText('$1,000.00');
  await expect(accountRow(page, 'Cash')).toContainText('Checking');
  // Status messages vanish after 3 seconds.
  await expect(page.getByText('Account created successfully.')).toBeHidden({ timeout: 6_000 });
  await snap(page, testInfo, 'accounts-list');

  // A name that already exists: the server's message.
  const form = page.getByRole('form', { name: 'Add account' });
  await form.getByLabel(/new account name/i).fill('checking');
  await form.getByLabel(/starting balance/i).fill('5');
  await form.getByRole('button', { name: /add/i }).click();
  await expect(
    page
      .locator('[role="alert"]')
      .filter({ hasText: /exist|already|taken|could not create/i })
      .first(),
  ).toBeVisible();
  await form.getByLabel(/new account name/i).fill('');
  await form.getByLabel(/starting balance/i).fill('');

  // Rename through "Edit Account Name".
  await rowAction(page, 'Savings', 'Edit');
  const modal = page.getByRole('dialog', { name: 'Edit Account Name' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await snap(page, testInfo, 'accounts-edit-modal');
  await modal.getByRole('textbox').fill('Rainy Day Fund');
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Account updated successfully.')).toBeVisible();
  await expect.poll(() => accountNames(page)).toEqual(['Checking', 'Rainy Day Fund', 'Cash']);

  // Reorder with the keyboard on the drag handle: Cash to the top.
  const handle = accountList(page).getByRole('button', { name: /Drag to reorder Cash/ });
  await handle.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect(page.getByText('Account order saved.')).toBeVisible();
  await expect.poll(() => accountNames(page)).toEqual(['Cash', 'Checking', 'Rainy Day Fund']);
  const saved = await api(request, user, 'GET', '/accounts/');
  expect((saved.body as { name: string }[]).map((a) => a.name)).toEqual(['Cash', 'Checking', 'Rainy Day Fund']);

  // And with the mouse: drag Rainy Day Fund above Cash.
  const from = accountList(page).getByRole('button', { name: /Drag to reorder Rainy Day Fund/ });
  const to = accountList(page).getByRole('button', { name: /Drag to reorder Cash/ });
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag handles are not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y - 5, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + 2, { steps: 15 });
  await page.mouse.up();
  await expect.poll(() => accountNames(page)).toEqual(['Rainy Day Fund', 'Cash', 'Checking']);
  await page.reload();
  await expect.poll(() => accountNames(page)).toEqual(['Rainy Day Fund', 'Cash', 'Checking']);

  // The header's Accounts dropdown follows.
  if (testInfo.project.name === 'desktop') {
    await page.getByRole('banner').getByRole('button', { name: 'Accounts' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Rainy Day Fund' })).toBeVisible();
    await page.keyboard.press('Escape');
  }

  // Delete, after a confirmation titled with the account's name.
  await rowAction(page, 'Cash', 'Delete');
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Cash');
  await snap(page, testInfo, 'accounts-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Account deleted successfully.')).toBeVisible();
  await expect.poll(() => accountNames(page)).toEqual(['Rainy Day Fund', 'Checking']);

  // Each account links to its register.
  await accountList(page).getByRole('link', { name: 'Checking', exact: true }).click();
  await expect(page).toHaveURL(/\/accounts\/\d+\/register$/);
  await expect(page.getByRole('heading', { name: 'Checking' }).first()).toBeVisible();
});

test('accounts of another household are not visible or reachable', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const created = await api(request, owner, 'POST', '/accounts/', { name: 'Private Vault', starting_balance: 5 });
  const id = (created.body as { id: number }).id;
  const stranger = await registerViaApi(request);
  expect((await api(request, stranger, 'GET', `/accounts/${id}`)).status).toBe(404);
  expect((await api(request, stranger, 'GET', `/accounts/${id}/transactions`)).status).toBe(404);
  await signInWithToken(page, stranger, '/accounts');
  await expect(page.getByText('No accounts found. Add one below to get started.')).toBeVisible();
  await expect(page.getByText('Private Vault')).toHaveCount(0);
});
