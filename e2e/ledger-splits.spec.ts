/**
 * Issue 21: split transactions in the register (domain.md "Split transactions",
 * docs/decisions/0136-split-line-amounts.md). A new row split by keyboard into three lines, shown
 * as "Split (3)" and expanded; a line's amount edited with the total in the row editor (Save
 * refused, saying why, until the lines add up); Unsplit; bulk categorize leaving a split row as it
 * is and saying so. Desktop and 768 px.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { api, expect, isMobile, localToday, ok, openScreen, registerViaApi, snap, test } from './support/fixtures';
import {
  addDays,
  cell,
  createAccount,
  createCategory,
  createTransaction,
  entryOf,
  money,
  registerRows,
  rowOf,
  shown,
  signInToRegister,
  typeTwoSplitLines,
} from './support/ledger';

interface SplitAnswer {
  splits: { category_name: string | null; amount: number; notes: string }[];
  amount: number;
  category_name: string | null;
}

/** The row as svc-ledger's register answers it (its lines, amount and category). */
async function rowFromApi(
  request: Parameters<typeof registerRows>[0],
  user: Parameters<typeof registerRows>[1],
  accountId: number,
  payee: string,
): Promise<SplitAnswer> {
  const rows = (await registerRows(request, user, accountId)) as unknown as (SplitAnswer & { payee: string })[];
  const row = rows.find((r) => r.payee === payee);
  expect(row).toBeTruthy();
  return row!;
}

/** Opens a row's editor: a click on its notes (desktop) or a tap on it (768 px). */
async function openEditor(page: Page, testInfo: TestInfo, payee: string): Promise<Locator> {
  if (isMobile(testInfo)) {
    await rowOf(page, payee).getByRole('button').first().click();
    return page.getByRole('dialog', { name: 'Edit Transaction' });
  }
  await cell(rowOf(page, payee), 'notes').click();
  return page.getByRole('row', { name: 'Editing transaction' });
}

/** Where the edited row's split lines are: under the row (desktop) or in the dialog (768 px). */
const linesOf = (page: Page, testInfo: TestInfo): Locator =>
  isMobile(testInfo)
    ? page.getByRole('dialog', { name: 'Edit Transaction' }).getByRole('group', { name: 'Split lines' })
    : page.getByRole('group', { name: 'Split lines' });

test('a new row split by keyboard into 3 lines, shown as Split (3), edited with its total and unsplit', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  const account = await createAccount(request, user, 'Checking', 500);
  for (const name of ['Groceries', 'Household', 'Pharmacy']) await createCategory(request, user, name);
  await createTransaction(request, user, account.id, {
    date: addDays(localToday(), -1),
    payee: 'Earlier Row',
    amount: -5,
  });
  await signInToRegister(page, user, account.id);
  const entry = entryOf(page);

  // The entry line by keyboard: Date has focus; payee, payment, then the Split button.
  await expect(entry.getByRole('textbox', { name: 'Date' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Corner Market');
  await page.keyboard.press('Tab');
  await page.keyboard.type('30');
  if (isMobile(testInfo)) {
    await entry.getByRole('button', { name: 'Split' }).focus();
  } else {
    await page.keyboard.press('Tab'); // Deposit
    await page.keyboard.press('Tab'); // Add
    await page.keyboard.press('Tab'); // Split
    await expect(entry.getByRole('button', { name: 'Split' })).toBeFocused();
  }
  await page.keyboard.press('Enter');
  const lines = page.getByRole('group', { name: "New transaction's split lines" });
  const remainder = lines.getByTestId('split-remainder');
  await expect(lines.getByRole('combobox', { name: 'Line 1 category' })).toBeFocused();
  await expect(lines.getByRole('textbox', { name: 'Line 1 amount' })).toHaveValue('30.00');
  await expect(remainder).toHaveText('All assigned');

  await typeTwoSplitLines(page, lines);
  const add = entry.getByRole('button', { name: isMobile(testInfo) ? 'Add Transaction' : 'Add', exact: true });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription('Cannot save: $1.00 over.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Pharmacy');
  await page.keyboard.press('Tab');
  await page.keyboard.type('-1');
  await page.keyboard.press('Tab');
  await page.keyboard.type('returned vitamins');
  await expect(remainder).toHaveText('All assigned');
  await expect(add).toBeEnabled();
  await snap(page, testInfo, 'splits-entry-three-lines');
  // Ctrl+Enter in a line adds the row (plain Enter adds a line).
  await page.keyboard.press('ControlOrMeta+Enter');

  const row = rowOf(page, 'Corner Market');
  await expect(row).toContainText('Split (3)');
  await expect(lines).toHaveCount(0);
  const saved = await rowFromApi(request, user, account.id, 'Corner Market');
  expect(saved.amount).toBe(-30);
  expect(saved.splits.map((l) => [l.category_name, l.amount, l.notes])).toEqual([
    ['Groceries', -12.51, ''],
    ['Household', -18.49, ''],
    ['Pharmacy', 1, 'returned vitamins'],
  ]);

  if (!isMobile(testInfo)) {
    // The disclosure: Enter on "Split (3)" shows the lines as a list, Space hides them.
    const toggle = row.getByRole('button', { name: 'Split (3)' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = page.getByRole('list', { name: 'Split lines of Corner Market' });
    await expect(list.getByRole('listitem')).toHaveText([
      /Groceries\s*\$12\.51/,
      /Household\s*\$18\.49/,
      /Pharmacy\s*-\$1\.00\s*returned vitamins/,
    ]);
    await expect(page.getByRole('row', { name: 'Editing transaction' })).toHaveCount(0);
    await snap(page, testInfo, 'splits-row-expanded');
    // What follows the lines (today's separator) is where the virtualised list puts it (no overlap, no gap).
    const listBox = (await list.boundingBox())!;
    const belowBox = (await page.getByRole('row', { name: 'Today', exact: true }).boundingBox())!;
    expect(Math.abs(belowBox.y - (listBox.y + listBox.height))).toBeLessThan(4);
    await toggle.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toHaveCount(0);
  }

  // The row editor: a total of 32.00 needs the lines to add up before Save.
  const editor = await openEditor(page, testInfo, 'Corner Market');
  const editLines = linesOf(page, testInfo);
  await expect(editLines.getByRole('textbox', { name: 'Line 3 amount' })).toHaveValue('-1.00');
  await editor.getByRole('spinbutton', { name: 'Payment' }).fill('32');
  await expect(editLines.getByTestId('split-remainder')).toHaveText('$2.00 left to assign');
  const save = editor.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription('Cannot save: $2.00 left to assign.');
  await editLines.getByRole('textbox', { name: 'Line 1 amount' }).fill('14.51');
  await expect(editLines.getByTestId('split-remainder')).toHaveText('All assigned');
  await snap(page, testInfo, 'splits-row-editor');
  await save.click();
  await expect(editor).toHaveCount(0);
  await expect(row).toContainText('$32.00');
  await expect(row).toContainText('Split (3)');
  expect((await rowFromApi(request, user, account.id, 'Corner Market')).splits.map((l) => l.amount)).toEqual([
    -14.51, -18.49, 1,
  ]);

  // Unsplit: the first line's category takes the row.
  await openEditor(page, testInfo, 'Corner Market');
  await linesOf(page, testInfo).getByRole('button', { name: 'Unsplit' }).click();
  await expect(linesOf(page, testInfo)).toHaveCount(0);
  const reopened = isMobile(testInfo)
    ? page.getByRole('dialog', { name: 'Edit Transaction' })
    : page.getByRole('row', { name: 'Editing transaction' });
  await expect(reopened.getByRole('combobox', { name: 'Category' })).toHaveValue('Groceries');
  await reopened.getByRole('button', { name: 'Save' }).click();
  await expect(reopened).toHaveCount(0);
  await expect(row).toContainText('Groceries');
  await expect(row).not.toContainText('Split');
  const after = await rowFromApi(request, user, account.id, 'Corner Market');
  expect(after.splits).toEqual([]);
  expect(after.category_name).toBe('Groceries');
});

test('bulk categorize leaves a split row as it is and says so', async ({ page, request }, testInfo) => {
  const user = await registerViaApi(request);
  const account = await createAccount(request, user, 'Checking', 500);
  const groceries = await createCategory(request, user, 'Groceries');
  const household = await createCategory(request, user, 'Household');
  await createCategory(request, user, 'Dining');
  const today = localToday();
  await createTransaction(request, user, account.id, { date: today, payee: 'Market Plain', amount: -8 });
  await ok(
    api(request, user, 'POST', `/accounts/${account.id}/transactions`, {
      date: today,
      payee: 'Market Split',
      amount: -20,
      splits: [
        { category_id: groceries, amount: -15, notes: '' },
        { category_id: household, amount: -5, notes: '' },
      ],
    }),
  );
  await signInToRegister(page, user, account.id);
  await expect(rowOf(page, 'Market Split')).toContainText('Split (2)');

  await page.getByRole('button', { name: 'Bulk Categorize' }).click();
  const modal = page.getByRole('dialog', { name: 'Bulk Categorize' });
  await modal.getByLabel('Payees (comma-separated)').fill('market');
  await modal.getByRole('button', { name: 'Search' }).click();
  await expect(modal.getByRole('checkbox', { name: /^Select (?!all)/ })).toHaveCount(2);
  await expect(modal.getByText('Split (2)')).toBeVisible();
  await modal.getByRole('checkbox', { name: 'Select all' }).check();
  await modal.getByRole('combobox', { name: 'Category' }).fill('Dining');
  await modal.getByRole('button', { name: 'Apply' }).click();
  await expect(modal.getByRole('status')).toHaveText(
    'Update successful. 2 transactions selected, 1 changed. 1 split row was left as it is.',
  );
  await snap(page, testInfo, 'splits-bulk-skipped');
  const rows = await registerRows(request, user, account.id);
  expect(rows.find((r) => r.payee === 'Market Plain')?.category_name).toBe('Dining');
  const split = await rowFromApi(request, user, account.id, 'Market Split');
  expect(split.splits.map((l) => l.category_name)).toEqual(['Groceries', 'Household']);
});

/** A top-level bar of the reports' list, by name (as e2e/reports.spec.ts finds them). */
const reportBar = (page: Page, name: string): Locator =>
  page
    .getByRole('list', { name: /^(Spending|Income) by/ })
    .locator(':scope > li > .report-bar__row .report-bar__item')
    .filter({ has: page.locator('.report-bar__name', { hasText: new RegExp(`^${name}$`) }) });

test("the reports' drill-down lists a split row's line and edits its category", async ({ page, request }, testInfo) => {
  const user = await registerViaApi(request);
  const account = await createAccount(request, user, 'Checking', 500);
  const groceries = await createCategory(request, user, 'Groceries');
  const household = await createCategory(request, user, 'Household');
  await createCategory(request, user, 'Pharmacy');
  await ok(
    api(request, user, 'POST', `/accounts/${account.id}/transactions`, {
      date: localToday(),
      payee: 'Market Split',
      amount: -20,
      splits: [
        { category_id: groceries, amount: -15, notes: 'food' },
        { category_id: household, amount: -5, notes: '' },
      ],
    }),
  );
  await openScreen(page, user, '/reports', 'Reports');
  await expect(reportBar(page, 'Groceries').locator('.report-bar__amount')).toHaveText(money(15));
  await reportBar(page, 'Groceries').click();
  const dialog = page.getByRole('dialog', { name: /^Groceries, / });
  const rows = dialog.locator('tbody tr[data-row-id]');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Market Split');
  await expect(rows).toContainText(money(-15));
  await expect(rows).toContainText(shown(localToday()));

  await rows.getByRole('button', { name: /^Edit Market Split/ }).click();
  const editor = dialog.getByRole('group', { name: /^Edit line 1 of Market Split/ });
  await expect(editor).toContainText('Line 1 of a split transaction');
  const category = editor.getByRole('combobox', { name: 'Category' });
  await expect(category).toHaveValue('Groceries');
  await category.fill('Pharmacy');
  await snap(page, testInfo, 'splits-drill-down-line');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Update successful.')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // The report counts the line in its new category, without a reload.
  await expect(reportBar(page, 'Pharmacy').locator('.report-bar__amount')).toHaveText(money(15));
  await expect(reportBar(page, 'Household').locator('.report-bar__amount')).toHaveText(money(5));
  await expect(reportBar(page, 'Groceries')).toHaveCount(0);
  const saved = await rowFromApi(request, user, account.id, 'Market Split');
  expect(saved.splits.map((l) => [l.category_name, l.amount, l.notes])).toEqual([
    ['Pharmacy', -15, 'food'],
    ['Household', -5, ''],
  ]);
});
