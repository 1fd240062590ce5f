/**
 * Issue 23 (payees and suggestions): the Payees screen (/settings/payees) renames and merges with
 * a preview; the register's entry line and the import's reconcile page suggest a category from
 * the payee's history; the payee field takes its highlighted option on Tab.
 */
import type { Page, TestInfo } from '@playwright/test';
import {
  expect,
  isMobile,
  localToday,
  openMobileMenuIfNeeded,
  registerViaApi,
  signInWithToken,
  snap,
  test,
} from './support/fixtures';
import {
  addDays,
  createAccount,
  createCategory,
  createTransaction,
  entryOf,
  fieldOf,
  registerRows,
  rowOf,
  signInToRegister,
  type ApiRow,
  importCsvToReconcile,
  usDate,
} from './support/ledger';

const today = localToday();

async function openPayeesFromNavigation(page: Page, testInfo: TestInfo): Promise<void> {
  if (isMobile(testInfo)) {
    await openMobileMenuIfNeeded(page, testInfo);
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Payees' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Payees' }).click();
  }
  await expect(page).toHaveURL(/\/settings\/payees$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payees' })).toBeVisible();
}

const payeeRow = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Payees' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });

test('payees: the list with counts, search, rename with a preview and a merge; transfers are not offered', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  const checking = await createAccount(request, user, 'Checking', 500);
  const savings = await createAccount(request, user, 'Savings', 0);
  const shopping = await createCategory(request, user, 'Shopping');
  for (const [offset, payee] of [
    [-5, 'AMZN Mktp'],
    [-4, 'AMZN Mktp'],
    [-3, 'Amazon'],
    [-2, 'Corner Shop'],
  ] as const)
    await createTransaction(request, user, checking.id, {
      date: addDays(today, offset),
      payee,
      amount: -10,
      category_id: shopping,
    });
  await createTransaction(request, user, savings.id, { date: addDays(today, -1), payee: 'AMZN Mktp', amount: -5 });
  // A transfer: its payee is an account's name.
  await createTransaction(request, user, checking.id, { date: addDays(today, -1), payee: 'Savings', amount: -50 });

  await signInWithToken(page, user, '/dashboard');
  await openPayeesFromNavigation(page, testInfo);
  await expect(payeeRow(page, 'AMZN Mktp')).toContainText('3');
  await expect(payeeRow(page, 'Amazon')).toContainText('1');
  await expect(payeeRow(page, 'Corner Shop')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Savings', exact: true })).toHaveCount(0);
  await expect(page.getByRole('rowheader', { name: 'Checking', exact: true })).toHaveCount(0);
  await snap(page, testInfo, 'payees-list');

  // Search narrows the list.
  await page.getByLabel('Search payees').fill('am');
  await expect(page.getByRole('rowheader')).toHaveCount(2);
  await page.getByLabel('Search payees').fill('');
  await expect(page.getByRole('rowheader')).toHaveCount(3);

  // Merge AMZN Mktp into Amazon: the preview first, nothing changed until Merge.
  await page.getByRole('button', { name: 'Rename AMZN Mktp' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename Payee' });
  await expect(dialog).toBeVisible();
  const name = dialog.getByLabel('New name');
  await expect(name).toBeFocused();
  await name.fill('Amazon');
  await name.press('Enter');
  await expect(
    dialog.getByText('3 rows will be renamed to Amazon; Amazon already has 1 row: they will be merged.'),
  ).toBeVisible();
  await snap(page, testInfo, 'payees-merge-preview');
  expect((await registerRows(request, user, checking.id)).filter((r: ApiRow) => r.payee === 'AMZN Mktp')).toHaveLength(
    2,
  );
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByText('3 rows renamed to Amazon and merged with its 1 row.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(payeeRow(page, 'Amazon')).toContainText('4');
  await expect(page.getByRole('rowheader', { name: 'AMZN Mktp', exact: true })).toHaveCount(0);
  const both = [
    ...(await registerRows(request, user, checking.id)),
    ...(await registerRows(request, user, savings.id)),
  ];
  expect(both.filter((r) => r.payee === 'Amazon')).toHaveLength(4);
  expect(both.filter((r) => r.payee === 'AMZN Mktp')).toHaveLength(0);
  await snap(page, testInfo, 'payees-merged');

  // A plain rename by keyboard: the row's Rename button, Enter to preview, Enter to confirm.
  await page.getByRole('button', { name: 'Rename Corner Shop' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await name.fill('Corner Store');
  await name.press('Enter');
  await expect(dialog.getByText('1 row will be renamed to Corner Store.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Rename' })).toBeVisible();
  await name.press('Enter');
  await expect(page.getByText('1 row renamed to Corner Store.')).toBeVisible();
  await expect(payeeRow(page, 'Corner Store')).toBeVisible();

  // A rename onto an account's name is refused with the service's message; nothing changes.
  await page.getByRole('button', { name: 'Rename Corner Store' }).click();
  await name.fill('savings');
  await name.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(
    '"savings" is an account\'s name: rows renamed to it would look like transfers. Please choose another name.',
  );
  await snap(page, testInfo, 'payees-refused');
  await page.keyboard.press('Escape');
  await expect(payeeRow(page, 'Corner Store')).toBeVisible();

  // The register shows the new names.
  await page.goto(`/accounts/${checking.id}/register`);
  await expect(rowOf(page, 'Corner Store')).toBeVisible();
  await expect(rowOf(page, 'AMZN Mktp')).toHaveCount(0);
});

test('entry line: a known payee taken with Tab gets its usual category, shown as Suggested and changeable', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  const checking = await createAccount(request, user, 'Checking', 500);
  const food = await createCategory(request, user, 'Food');
  const groceries = await createCategory(request, user, 'Groceries', food);
  const fun = await createCategory(request, user, 'Fun');
  for (const [offset, category] of [
    [-30, groceries],
    [-20, groceries],
    [-10, fun],
  ] as const)
    await createTransaction(request, user, checking.id, {
      date: addDays(today, offset),
      payee: 'Green Grocer',
      amount: -20,
      category_id: category,
    });
  await signInToRegister(page, user, checking.id);
  const entry = entryOf(page);
  const payee = entry.getByRole('combobox', { name: 'Payee' });
  const category = entry.getByRole('combobox', { name: 'Category' });

  await payee.click();
  await payee.pressSequentially('green');
  await expect(page.getByRole('option', { name: 'Green Grocer' })).toBeVisible();
  await payee.press('ArrowDown');
  await payee.press('Tab');
  await expect(payee).toHaveValue('Green Grocer');
  await expect(entry.getByRole('spinbutton', { name: 'Payment' })).toBeFocused();
  await expect(category).toHaveValue('Food: Groceries');
  await expect(entry.getByText('Suggested', { exact: true })).toBeVisible();
  await snap(page, testInfo, 'entry-suggested-category');
  await page.keyboard.type('12.5');
  await page.keyboard.press('Enter');
  const added = rowOf(page, 'Green Grocer').filter({ hasText: '12.50' });
  await expect(added).toBeVisible();
  await expect(fieldOf(page, added, 'category')).toContainText('Food: Groceries');

  // Changed by the person: no longer marked, and saved as typed.
  await payee.fill('Green Grocer');
  await expect(category).toHaveValue('Food: Groceries');
  await category.fill('Fun');
  await expect(entry.getByText('Suggested', { exact: true })).toHaveCount(0);
  await entry.getByRole('spinbutton', { name: 'Payment' }).fill('3');
  await entry.getByRole('spinbutton', { name: 'Payment' }).press('Enter');
  await expect
    .poll(async () =>
      (await registerRows(request, user, checking.id)).filter((r) => r.amount === -3).map((r) => r.category_name),
    )
    .toEqual(['Fun']);

  // An unknown payee suggests nothing.
  await payee.fill('Someone New');
  await page.waitForTimeout(600);
  await expect(category).toHaveValue('');
  await expect(entry.getByText('Suggested', { exact: true })).toHaveCount(0);
});

test('reconcile page: new rows without a category show their payee suggestion and are imported with it', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  const checking = await createAccount(request, user, 'Checking', 500);
  const utilities = await createCategory(request, user, 'Utilities');
  await createTransaction(request, user, checking.id, {
    date: addDays(today, -40),
    payee: 'City Power',
    amount: -60,
    category_id: utilities,
  });
  await signInWithToken(page, user, `/accounts/${checking.id}/register`);
  await importCsvToReconcile(page, {
    name: 'bank.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'Date,Description,Amount',
        `${usDate(addDays(today, -2))},CITY POWER,-61.00`,
        `${usDate(addDays(today, -1))},Book Nook,-9.99`,
        '',
      ].join('\r\n'),
    ),
  });
  const newRows = page.getByRole('list', { name: 'New transactions' });
  await expect(newRows.getByRole('listitem').filter({ hasText: 'CITY POWER' })).toContainText('Suggested: Utilities');
  await expect(newRows.getByRole('listitem').filter({ hasText: 'Book Nook' })).not.toContainText('Suggested');
  const use = page.getByRole('checkbox', { name: /Use suggested categories/ });
  await expect(use).toBeChecked();
  await snap(page, testInfo, 'reconcile-suggested');
  // Turned off and on again: the rows follow.
  await use.uncheck();
  await expect(newRows).not.toContainText('Suggested');
  await use.check();
  await expect(newRows.getByRole('listitem').filter({ hasText: 'CITY POWER' })).toContainText('Suggested: Utilities');
  await page.getByRole('button', { name: 'Complete Reconciliation' }).click();
  await expect(page.getByRole('heading', { name: 'Reconciliation Complete' })).toBeVisible();
  const rows = await registerRows(request, user, checking.id);
  expect(rows.filter((r) => r.payee !== 'City Power').map((r) => [r.payee, r.category_name ?? null])).toEqual([
    ['CITY POWER', 'Utilities'],
    ['Book Nook', null],
  ]);
});
