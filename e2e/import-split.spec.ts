/**
 * Issue 21 on the import's reconcile page (docs/decisions/0139): a new row split before import
 * by keyboard, with the register's lines editor under the row; the imported row is "Split (2)"
 * in the register with its lines, and the report counts each line in its category. Desktop and
 * 768 px.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  isMobile,
  localToday,
  openScreen,
  registerViaApi,
  signInWithToken,
  snap,
  test,
} from './support/fixtures';
import {
  createAccount,
  createCategory,
  money,
  registerRows,
  rowOf,
  typeTwoSplitLines,
  importCsvToReconcile,
  usDate,
} from './support/ledger';

const today = localToday();
/** MM/DD/YYYY, as US banks write dates. */

/** A top-level bar of the reports' list, by name (as e2e/reports.spec.ts finds them). */
const reportBar = (page: Page, name: string) =>
  page
    .getByRole('list', { name: /^(Spending|Income) by/ })
    .locator(':scope > li > .report-bar__row .report-bar__item')
    .filter({ has: page.locator('.report-bar__name', { hasText: new RegExp(`^${name}$`) }) });

test('a new row split into two categories on the reconcile page is imported as Split (2) and counted by line', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  const account = await createAccount(request, user, 'Checking', 500);
  for (const name of ['Groceries', 'Household']) await createCategory(request, user, name);
  await signInWithToken(page, user, `/accounts/${account.id}/register`);

  // Upload a CSV and process it with the detected columns.
  await importCsvToReconcile(page, {
    name: 'receipts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `Date,Description,Amount\r\n${usDate(today)},Corner Market,-30.00\r\n${usDate(today)},Coffee,-4.50\r\n`,
    ),
  });
  const newRows = page.getByRole('list', { name: 'New transactions' });
  await expect(newRows.getByRole('listitem')).toHaveCount(2);

  // "Split" by keyboard: the lines open under the row, the first line's category has focus.
  const split = newRows.getByRole('button', { name: /^Split: Corner Market / });
  await expect(split).toHaveText('Split');
  await split.focus();
  await page.keyboard.press('Enter');
  await expect(split).toHaveAttribute('aria-expanded', 'true');
  const lines = page.getByRole('group', { name: 'Split lines of Corner Market' });
  const remainder = lines.getByTestId('split-remainder');
  await expect(lines.getByRole('combobox', { name: 'Line 1 category' })).toBeFocused();
  await expect(lines.getByRole('textbox', { name: 'Line 1 amount' })).toHaveValue('30.00');
  const done = page.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Complete Reconciliation' })).toBeDisabled();

  await typeTwoSplitLines(page, lines);
  await expect(done).toBeDisabled();
  await expect(done).toHaveAccessibleDescription('Cannot save: $1.00 over.');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('17.49');
  await expect(remainder).toHaveText('All assigned');
  await expect(done).toBeEnabled();
  await snap(page, testInfo, 'import-split-lines');
  // Ctrl+Enter in a line is Done; focus goes back to the row's button, now "Split (2)".
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(lines).toHaveCount(0);
  const splitRow = newRows.getByRole('button', { name: /^Split \(2\): Corner Market / });
  await expect(splitRow).toBeFocused();
  await expect(splitRow).toHaveAttribute('aria-expanded', 'false');
  await snap(page, testInfo, 'import-split-done');

  await page.getByRole('button', { name: 'Complete Reconciliation' }).click();
  await expect(page.getByText('0 matched transactions cleared, 2 new transactions imported.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Register' }).click();

  // The register: the row is "Split (2)" with its lines.
  const row = rowOf(page, 'Corner Market');
  await expect(row).toContainText('Split (2)');
  if (!isMobile(testInfo)) {
    await row.getByRole('button', { name: 'Split (2)' }).click();
    const shownLines = page.getByRole('list', { name: 'Split lines of Corner Market' });
    await expect(shownLines.getByRole('listitem')).toHaveCount(2);
    await expect(shownLines.getByRole('listitem').nth(0)).toContainText('Groceries');
    await expect(shownLines.getByRole('listitem').nth(0)).toContainText(money(12.51));
    await expect(shownLines.getByRole('listitem').nth(1)).toContainText('Household');
    await expect(shownLines.getByRole('listitem').nth(1)).toContainText(money(17.49));
  }
  await snap(page, testInfo, 'import-split-register');
  const rows = (await registerRows(request, user, account.id)) as unknown as Array<{
    payee: string;
    amount: number;
    status: string;
    category_name: string | null;
    splits: Array<{ category_name: string | null; amount: number }>;
  }>;
  const imported = rows.find((r) => r.payee === 'Corner Market')!;
  expect([imported.amount, imported.status, imported.category_name]).toEqual([-30, 'x', 'Split']);
  expect(imported.splits.map((l) => [l.category_name, l.amount])).toEqual([
    ['Groceries', -12.51],
    ['Household', -17.49],
  ]);

  // The report counts each line in its own category.
  await openScreen(page, user, '/reports', 'Reports');
  await expect(reportBar(page, 'Groceries').locator('.report-bar__amount')).toHaveText(money(12.51));
  await expect(reportBar(page, 'Household').locator('.report-bar__amount')).toHaveText(money(17.49));
});
