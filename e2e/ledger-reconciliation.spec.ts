/**
 * Issue 24: statement reconciliation in the register (domain.md "Statement reconciliation",
 * docs/decisions/0125-statement-reconciliation.md). Reconcile asks the statement date and ending
 * balance; the register then shows the cleared balance, the difference and the rows not yet
 * cleared up to that date, in clearing mode; Finish (difference zero) or "Add adjustment of $X";
 * reconciled rows show a lock; the header says "Reconciled to ..." and warns when a later unlock
 * and edit broke it; "Undo last reconciliation" asks first. Desktop and 768 px.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, isMobile, localToday, snap, test } from './support/fixtures';
import {
  addDays,
  cell,
  createTransactions,
  householdWithAccount,
  money,
  registerRows,
  rowOf,
  SHORT_MONTH_NAMES,
  signInToRegister,
} from './support/ledger';

/** `2026-11-30` -> `Nov 30, 2026`, as the header writes it. */
const longDate = (date: string) => {
  const [y, m, d] = date.split('-');
  return `${SHORT_MONTH_NAMES[Number(m) - 1]} ${Number(d)}, ${y}`;
};

const panelOf = (page: Page): Locator => page.getByRole('region', { name: 'Reconciliation' });
const lockOf = (row: Locator): Locator => row.getByRole('img', { name: 'Reconciled' });

async function startReconciling(page: Page, statementDate: string, endingBalance: string): Promise<void> {
  await page.getByRole('button', { name: 'Reconcile', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reconcile' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Statement date').fill(statementDate);
  await dialog.getByLabel('Ending balance').fill(endingBalance);
  await dialog.getByLabel('Ending balance').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(panelOf(page)).toBeVisible();
}

/** Clears a row as a person would: x on the active row (desktop keys), or its X button (768 px). */
async function clearRow(page: Page, payee: string): Promise<void> {
  const row = rowOf(page, payee);
  if ((page.viewportSize()?.width ?? 1280) <= 768) {
    await row.getByRole('button', { name: 'Mark cleared' }).click();
  } else {
    await cell(row, 'payee').click();
    await expect(row).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('x');
  }
}

test('reconcile to a zero difference: the rows not yet cleared, the live difference, Finish, locks and the header', async ({
  page,
  request,
}, testInfo) => {
  const { user, account } = await householdWithAccount(request, 'Checking', 100);
  const today = localToday();
  const statementDate = addDays(today, -3);
  await createTransactions(request, user, account.id, [
    { date: addDays(today, -10), payee: 'Alpha Cleared', amount: -20, status: 'x' },
    { date: addDays(today, -8), payee: 'Bravo Open', amount: -30 },
    { date: addDays(today, -5), payee: 'Charlie Pending', amount: 50, status: 'p' },
    { date: addDays(today, -1), payee: 'Delta Later', amount: -7 },
  ]);
  await signInToRegister(page, user, account.id);

  await startReconciling(page, statementDate, '100.00');
  const panel = panelOf(page);
  await expect(panel).toContainText(`Statement ${longDate(statementDate)}: ${money(100)}`);
  await expect(panel.getByTestId('reconcile-cleared')).toHaveText(money(80));
  await expect(panel.getByTestId('reconcile-difference')).toHaveText(money(20));
  // Only the rows not yet cleared up to the statement date, in clearing mode.
  await expect(rowOf(page, 'Bravo Open')).toBeVisible();
  await expect(rowOf(page, 'Charlie Pending')).toBeVisible();
  await expect(rowOf(page, 'Alpha Cleared')).toHaveCount(0);
  await expect(rowOf(page, 'Delta Later')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Exit Clearing Mode' })).toBeVisible();
  await expect(panel.getByRole('button', { name: `Add adjustment of ${money(20)}` })).toBeVisible();
  await snap(page, testInfo, 'reconcile-open');

  // The difference follows each row cleared.
  await clearRow(page, 'Charlie Pending');
  await expect(panel.getByTestId('reconcile-difference')).toHaveText(money(-30));
  await clearRow(page, 'Bravo Open');
  await expect(panel.getByTestId('reconcile-difference')).toHaveText(money(0));
  // Finish is the default button now: focused, Enter finishes.
  const finish = panel.getByRole('button', { name: 'Finish' });
  await expect(finish).toBeFocused();
  await snap(page, testInfo, 'reconcile-balanced');
  await page.keyboard.press('Enter');

  await expect(panel).toHaveCount(0);
  await expect(page.getByText(`Reconciled to ${longDate(statementDate)}: ${money(100)}`)).toBeVisible();
  for (const payee of ['Alpha Cleared', 'Bravo Open', 'Charlie Pending'])
    await expect(lockOf(rowOf(page, payee))).toBeVisible();
  await expect(rowOf(page, 'Delta Later')).toBeVisible();
  await expect(lockOf(rowOf(page, 'Delta Later'))).toHaveCount(0);
  const rows = await registerRows(request, user, account.id);
  expect(rows.map((r) => [r.payee, (r as { reconciled?: boolean }).reconciled])).toEqual([
    ['Alpha Cleared', true],
    ['Bravo Open', true],
    ['Charlie Pending', true],
    ['Delta Later', false],
  ]);
  await snap(page, testInfo, 'reconcile-finished');
});

test('an adjustment, a later unlock and edit that breaks it, and undo', async ({ page, request }, testInfo) => {
  const { user, account } = await householdWithAccount(request, 'Checking', 0);
  const today = localToday();
  const statementDate = addDays(today, -2);
  await createTransactions(request, user, account.id, [
    { date: addDays(today, -6), payee: 'Grocer', amount: -10, status: 'x' },
  ]);
  await signInToRegister(page, user, account.id);

  await startReconciling(page, statementDate, '-12.34');
  const panel = panelOf(page);
  await expect(panel.getByTestId('reconcile-difference')).toHaveText(money(-2.34));
  // Cancel keeps the open reconciliation: Reconcile again starts with its values.
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel).toHaveCount(0);
  await page.getByRole('button', { name: 'Reconcile', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reconcile' });
  await expect(dialog.getByLabel('Ending balance')).toHaveValue('-12.34');
  await expect(dialog.getByLabel('Statement date')).toHaveValue(statementDate);
  await dialog.getByRole('button', { name: 'Start Reconciling' }).click();

  await panel.getByRole('button', { name: `Add adjustment of ${money(-2.34)}` }).click();
  const header = page.getByText(`Reconciled to ${longDate(statementDate)}: ${money(-12.34)}`);
  await expect(header).toBeVisible();
  const adjustment = rowOf(page, 'Reconciliation adjustment');
  await expect(adjustment).toContainText('$2.34');
  await expect(lockOf(adjustment)).toBeVisible();
  await expect(lockOf(rowOf(page, 'Grocer'))).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await snap(page, testInfo, 'reconcile-adjusted');

  // A reconciled row's amount changes only after the unlock; the header then warns.
  const grocer = rowOf(page, 'Grocer');
  let editor: Locator;
  if (isMobile(testInfo)) {
    await grocer.getByRole('button').first().click();
    editor = page.getByRole('dialog', { name: 'Edit Transaction' });
  } else {
    await cell(grocer, 'payment').click();
    editor = page.getByRole('row', { name: 'Editing transaction' });
  }
  const payment = editor.getByRole('spinbutton', { name: 'Payment' });
  await expect(payment).toBeDisabled();
  await editor.getByRole('button', { name: 'Unlock to edit amount' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: /unlock/i })
    .getByRole('button', { name: 'Unlock' })
    .click();
  await expect(payment).toBeEnabled();
  await payment.fill('11');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(rowOf(page, 'Grocer')).toContainText('$11.00');
  await expect(page.getByRole('alert')).toContainText(
    `the cleared balance on ${longDate(statementDate)} no longer equals ${money(-12.34)}`,
  );
  await snap(page, testInfo, 'reconcile-broken');

  // Undo last reconciliation asks first; its adjustment goes, its rows stay cleared without the lock.
  await page.getByRole('button', { name: 'Undo last reconciliation' }).click();
  const confirm = page.getByRole('dialog', { name: 'Undo Reconciliation' });
  await expect(confirm).toContainText(`Undo the reconciliation to ${longDate(statementDate)}?`);
  await confirm.getByRole('button', { name: 'Undo' }).click();
  await expect(header).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Undo last reconciliation' })).toHaveCount(0);
  await expect(rowOf(page, 'Reconciliation adjustment')).toHaveCount(0);
  await expect(lockOf(rowOf(page, 'Grocer'))).toHaveCount(0);
  const rows = await registerRows(request, user, account.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ payee: 'Grocer', status: 'x', reconciled: false });
  await snap(page, testInfo, 'reconcile-undone');
});
