/**
 * Accounts of every kind (docs/rules/ledger.md "Accounts", forecast.md "Low-balance warnings"),
 * at desktop width and 768 px: a credit card with a limit and a loan are added on /accounts and
 * shown as owed; the dashboard headlines each chart's balance today, warns a checking account
 * below zero and the card over its limit (never the loan, never net worth), and a dismissed
 * warning stays away until its projection changes; raising the card's limit in Edit Account Name
 * ends its warning. Screens go to test-results/screens/.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, localToday, openScreen, registerViaApi, snap, test } from './support/fixtures';
import { addDays, createTransaction, SHORT_MONTH_NAMES } from './support/ledger';

const today = localToday();
/** `2027-03-14` -> `Mar 14, 2027`, as the warning says it. */
const longDate = (date: string) =>
  `${SHORT_MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;

const accountList = (page: Page) => page.getByRole('list', { name: 'Accounts' });
const accountRow = (page: Page, name: string): Locator =>
  accountList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
const chartCard = (page: Page, name: string): Locator =>
  page.locator('.dash-card').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
const warnings = (page: Page): Locator =>
  page.getByRole('list', { name: 'Low balance warnings' }).getByRole('listitem').locator('.dash-warning__text');

/** Fills the add form as a person does: name, kind, the field that fits, starting balance. */
async function addAccount(
  page: Page,
  fields: { name: string; kind: string; startingBalance: string; creditLimit?: string },
): Promise<void> {
  const form = page.getByRole('form', { name: 'Add account' });
  await form.getByLabel('New account name').fill(fields.name);
  await form.getByLabel('Kind').selectOption({ label: fields.kind });
  if (fields.creditLimit !== undefined) await form.getByLabel('Credit limit').fill(fields.creditLimit);
  await form.getByLabel('Starting balance').fill(fields.startingBalance);
  await form.getByRole('button', { name: 'Add Account' }).click();
  await expect(page.getByText('Account created successfully.')).toBeVisible();
  await expect(accountList(page).getByRole('link', { name: fields.name, exact: true })).toBeVisible();
}

/** The account's id, from its register link. */
async function accountId(page: Page, name: string): Promise<number> {
  const href = await accountList(page).getByRole('link', { name, exact: true }).getAttribute('href');
  return Number(href!.match(/\/accounts\/(\d+)\//)![1]);
}

test('a credit card with a limit and a loan: owed balances, the warnings that fit, one dismissed', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  await openScreen(page, user, '/accounts', 'Your Accounts');
  await addAccount(page, { name: 'Checking', kind: 'Checking', startingBalance: '300' });
  await addAccount(page, { name: 'Visa', kind: 'Credit card', creditLimit: '1000', startingBalance: '-250' });
  await addAccount(page, { name: 'Car loan', kind: 'Loan', startingBalance: '-9000' });
  await expect(accountRow(page, 'Visa')).toContainText('Credit card, limit $1,000.00');
  await expect(accountRow(page, 'Visa')).toContainText('$250.00 owed');
  await expect(accountRow(page, 'Car loan')).toContainText('Loan');
  await expect(accountRow(page, 'Car loan')).toContainText('$9,000.00 owed');
  await expect(accountRow(page, 'Checking')).toContainText('$300.00');
  await snap(page, testInfo, 'account-kinds-list');

  // Ahead: Checking pays 450 (300 - 450 = -150); Visa is charged 900 (-250 - 900 = -1,150, over
  // its 1,000 limit); the loan's interest takes it further below zero, which is no warning.
  const billDay = addDays(today, 9);
  const chargeDay = addDays(today, 12);
  const [checking, visa, loan] = [
    await accountId(page, 'Checking'),
    await accountId(page, 'Visa'),
    await accountId(page, 'Car loan'),
  ];
  await createTransaction(request, user, checking, { date: billDay, payee: 'Rent', amount: -450 });
  await createTransaction(request, user, visa, { date: chargeDay, payee: 'Laptop', amount: -900 });
  await createTransaction(request, user, loan, { date: chargeDay, payee: 'Interest', amount: -40 });

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(chartCard(page, 'Visa')).toContainText('Balance today$250.00 owed');
  await expect(chartCard(page, 'Visa')).toContainText('Most owed ahead$1,150.00 owed');
  await expect(chartCard(page, 'Car loan')).toContainText('Balance today$9,000.00 owed');
  await expect(chartCard(page, 'Checking')).toContainText('Balance today$300.00');
  await expect(chartCard(page, 'Checking')).toContainText('Lowest ahead-$150.00');
  // Net worth: 300 - 250 - 9,000 today.
  await expect(chartCard(page, 'Net Worth')).toContainText('Balance today-$8,950.00');
  await expect(warnings(page)).toHaveText([
    `Checking will go below $0.00 on ${longDate(billDay)}, to -$150.00`,
    `Visa will go over its $1,000.00 limit on ${longDate(chargeDay)}, to $1,150.00 owed`,
  ]);
  await snap(page, testInfo, 'account-kinds-dashboard');

  // Dismissed: gone, and still gone after a reload.
  await page.getByRole('button', { name: 'Dismiss the warning for Checking' }).click();
  await expect(warnings(page)).toHaveText([
    `Visa will go over its $1,000.00 limit on ${longDate(chargeDay)}, to $1,150.00 owed`,
  ]);
  await page.reload();
  await expect(chartCard(page, 'Checking')).toBeVisible();
  await expect(warnings(page)).toHaveText([
    `Visa will go over its $1,000.00 limit on ${longDate(chargeDay)}, to $1,150.00 owed`,
  ]);
  // Another bill moves the amount: the warning is back.
  await createTransaction(request, user, checking, { date: billDay, payee: 'Water', amount: -25 });
  await page.reload();
  await expect(warnings(page)).toHaveText([
    `Checking will go below $0.00 on ${longDate(billDay)}, to -$175.00`,
    `Visa will go over its $1,000.00 limit on ${longDate(chargeDay)}, to $1,150.00 owed`,
  ]);

  // A higher limit in Edit Account Name ends the card's warning.
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Accounts' })).toBeVisible();
  const row = accountRow(page, 'Visa');
  await row.hover();
  await row.getByRole('button', { name: 'Edit Visa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Account Name' });
  await expect(dialog.getByLabel('Kind')).toHaveValue('credit_card');
  await dialog.getByLabel('Credit limit').fill('2000');
  await snap(page, testInfo, 'account-kinds-edit');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Account updated successfully.')).toBeVisible();
  await expect(accountRow(page, 'Visa')).toContainText('Credit card, limit $2,000.00');
  await page.goto('/dashboard');
  await expect(chartCard(page, 'Visa')).toBeVisible();
  await expect(warnings(page)).toHaveText([`Checking will go below $0.00 on ${longDate(billDay)}, to -$175.00`]);
  await snap(page, testInfo, 'account-kinds-dashboard-after');
});
