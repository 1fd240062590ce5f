/**
 * Issue 24: every change on record, nothing deleted for good (domain.md "Change history and
 * restore", docs/decisions/0127-member-names-in-the-ledger.md, 0128-undo-the-latest-change.md).
 * The register row menu's History (who, when, what from what to what, newest first); the
 * household's Activity page with its filters; Recently deleted with Restore; the Undo toast;
 * Ctrl+Z; and the message when another member changed the row since. Desktop and 768 px.
 */
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import {
  api,
  expect,
  isMobile,
  localToday,
  ok,
  openScreen,
  registerViaApi,
  snap,
  test,
  uniqueEmail,
  type TestUser,
} from './support/fixtures';
import {
  addDays,
  cell,
  createAccount,
  createCategory,
  createTransaction,
  rowOf,
  signInToRegister,
} from './support/ledger';

/** Alex (admin) and Sam (a member who joined by invitation), in one household. */
async function twoMembers(request: APIRequestContext): Promise<{ alex: TestUser; sam: TestUser }> {
  const alex = await registerViaApi(request, { name: 'Alex Admin' });
  const email = uniqueEmail('sam');
  await ok(api(request, alex, 'POST', '/household/invite', { email }));
  const household = await ok<{ pending_invitations: { email: string; token: string | null }[] }>(
    api(request, alex, 'GET', '/household/'),
  );
  const token = household.pending_invitations.find((i) => i.email === email)?.token;
  expect(token).toBeTruthy();
  const sam = await registerViaApi(request, { name: 'Sam Member', email, token: token! });
  return { alex, sam };
}

/** Opens a row's editor as a person would: a click on its notes (desktop) or a tap on it (768 px). */
async function openEditor(page: Page, testInfo: TestInfo, payee: string): Promise<Locator> {
  if (isMobile(testInfo)) {
    await rowOf(page, payee).getByRole('button').first().click();
    return page.getByRole('dialog', { name: 'Edit Transaction' });
  }
  await cell(rowOf(page, payee), 'notes').click();
  return page.getByRole('row', { name: 'Editing transaction' });
}

async function editNotes(page: Page, testInfo: TestInfo, payee: string, notes: string): Promise<void> {
  const editor = await openEditor(page, testInfo, payee);
  await editor.getByRole('textbox', { name: 'Notes' }).fill(notes);
  await editor.getByRole('textbox', { name: 'Notes' }).press('Enter');
  await expect(editor).toHaveCount(0);
  await expect(rowOf(page, payee)).toContainText(notes);
}

const undoToast = (page: Page): Locator =>
  page.getByRole('status').filter({ has: page.getByRole('button', { name: 'Undo' }) });

test('History in the row menu: who, when and what changed from what to what, newest first', async ({
  page,
  request,
}, testInfo) => {
  const alex = await registerViaApi(request, { name: 'Alex Admin' });
  const account = await createAccount(request, alex, 'Checking', 100);
  const id = await createTransaction(request, alex, account.id, {
    date: addDays(localToday(), -2),
    payee: 'Corner Cafe',
    amount: -4.5,
  });
  await ok(api(request, alex, 'PATCH', `/transactions/${id}/status`, { status: 'p' }));
  await signInToRegister(page, alex, account.id);
  await editNotes(page, testInfo, 'Corner Cafe', 'latte');

  const editor = await openEditor(page, testInfo, 'Corner Cafe');
  await editor.getByRole('button', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: 'History of “Corner Cafe”' });
  await expect(dialog).toBeVisible();
  const items = dialog.getByRole('list', { name: 'Changes, newest first' }).locator(':scope > li');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('Alex Admin edited');
  await expect(items.nth(0)).toContainText('Notes: empty → “latte”');
  await expect(items.nth(1)).toContainText('Alex Admin changed the status');
  await expect(items.nth(1)).toContainText('Status: Uncleared → Pending');
  await expect(items.nth(2)).toContainText('Alex Admin added this transaction');
  await expect(items.nth(2)).toContainText('Payee: “Corner Cafe”');
  await expect(items.nth(2)).toContainText('Amount: -$4.50');
  await snap(page, testInfo, 'history-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('Activity: the household’s changes of every account, filtered by person, kind and since, with links to the rows', async ({
  page,
  request,
}, testInfo) => {
  const { alex, sam } = await twoMembers(request);
  const checking = await createAccount(request, alex, 'Checking', 100);
  const savings = await createAccount(request, alex, 'Savings', 0);
  const day = addDays(localToday(), -1);
  await createTransaction(request, alex, checking.id, { date: day, payee: 'Grocer', amount: -20 });
  const rent = await createTransaction(request, alex, savings.id, { date: day, payee: 'Landlord', amount: -500 });
  await ok(api(request, sam, 'PUT', `/transactions/${rent}`, { notes: 'November' }));
  await ok(api(request, sam, 'PATCH', `/transactions/${rent}/status`, { status: 'x' }));

  await signInToRegister(page, alex, checking.id);
  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Changes, newest first' });
  const items = list.locator(':scope > li');
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toContainText('Sam Member changed the status');
  await expect(items.nth(0)).toContainText('Landlord');
  await expect(items.nth(3)).toContainText('Alex Admin added this transaction');

  await page.getByLabel('Person').selectOption({ label: 'Sam Member' });
  await expect(items).toHaveCount(2);
  await expect(list).not.toContainText('Alex Admin');
  await page.getByLabel('Kind').selectOption({ label: 'Edited' });
  await expect(items).toHaveCount(1);
  await expect(items.nth(0)).toContainText('Notes: empty → “November”');
  await snap(page, testInfo, 'activity-filtered');
  await page.getByLabel('Person').selectOption({ label: 'Everyone' });
  await page.getByLabel('Kind').selectOption({ label: 'Every kind' });
  await expect(items).toHaveCount(4);
  // Since, by the date keys: tomorrow has no changes yet, today has all four.
  const since = page.getByRole('textbox', { name: 'Since' });
  await since.click();
  await since.press('t');
  await since.press('+');
  await expect(page.getByText('No changes match these filters.')).toBeVisible();
  await since.press('-');
  await expect(items).toHaveCount(4);
  await since.fill('');
  await since.press('Enter');
  await page.getByLabel('Account').selectOption({ label: 'Checking' });
  await expect(items).toHaveCount(1);
  await expect(items.nth(0)).toContainText('Grocer');
  await items.nth(0).getByRole('link', { name: 'Checking' }).click();
  await expect(page).toHaveURL(new RegExp(`/accounts/${checking.id}/register$`));
  await expect(rowOf(page, 'Grocer')).toBeVisible();
});

test('delete, the Undo toast, Recently deleted and Restore', async ({ page, request }, testInfo) => {
  const alex = await registerViaApi(request, { name: 'Alex Admin' });
  const account = await createAccount(request, alex, 'Checking', 100);
  const day = addDays(localToday(), -1);
  await createTransaction(request, alex, account.id, { date: day, payee: 'Bookshop', amount: -12 });
  await createTransaction(request, alex, account.id, { date: day, payee: 'Hardware', amount: -30 });
  await signInToRegister(page, alex, account.id);

  // Delete, then Undo from the toast: the row is back.
  let editor = await openEditor(page, testInfo, 'Bookshop');
  await editor.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete Transaction' }).getByRole('button', { name: 'Delete' }).click();
  await expect(rowOf(page, 'Bookshop')).toHaveCount(0);
  await expect(undoToast(page)).toContainText('Transaction deleted.');
  await snap(page, testInfo, 'history-undo-toast');
  await undoToast(page).getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Change undone.' })).toBeVisible();
  await expect(rowOf(page, 'Bookshop')).toBeVisible();

  // Delete another; restore it from Recently deleted.
  editor = await openEditor(page, testInfo, 'Hardware');
  await editor.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete Transaction' }).getByRole('button', { name: 'Delete' }).click();
  await expect(rowOf(page, 'Hardware')).toHaveCount(0);
  await page.getByRole('link', { name: 'Recently deleted' }).click();
  await expect(page.getByRole('heading', { name: 'Recently deleted' })).toBeVisible();
  const deletedRow = page.getByRole('row', { name: 'Deleted: Hardware' });
  await expect(deletedRow).toContainText('by Alex Admin');
  await expect(deletedRow).toContainText('-$30.00');
  await snap(page, testInfo, 'recently-deleted');
  await deletedRow.getByRole('button', { name: 'Restore Hardware' }).click();
  await expect(page.getByText('Transaction restored.')).toBeVisible();
  await expect(page.getByText('No deleted transactions in this account.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the register' }).click();
  await expect(rowOf(page, 'Hardware')).toBeVisible();
  await expect(rowOf(page, 'Bookshop')).toBeVisible();
});

test('Ctrl+Z undoes my last register change; after another member changed the row, the message names them', async ({
  page,
  request,
}, testInfo) => {
  const { alex, sam } = await twoMembers(request);
  const account = await createAccount(request, alex, 'Checking', 100);
  const day = addDays(localToday(), -1);
  const id = await createTransaction(request, alex, account.id, { date: day, payee: 'Florist', amount: -15 });
  await createTransaction(request, alex, account.id, { date: day, payee: 'Bakery', amount: -5 });
  await signInToRegister(page, alex, account.id);

  await editNotes(page, testInfo, 'Bakery', 'bread');
  await page.keyboard.press('Control+z');
  await expect(page.getByRole('status').filter({ hasText: 'Change undone.' })).toBeVisible();
  await expect(rowOf(page, 'Bakery')).not.toContainText('bread');

  await editNotes(page, testInfo, 'Florist', 'tulips');
  // Sam changes the same row before Alex undoes.
  await ok(api(request, sam, 'PUT', `/transactions/${id}`, { notes: 'roses' }));
  await page.keyboard.press('Control+z');
  await expect(page.getByRole('alert')).toHaveText(
    'Sam Member changed this row after you, so your change cannot be undone.',
  );
  await snap(page, testInfo, 'history-undo-refused');
  const history = await ok<Array<{ action: string; user_name: string }>>(
    api(request, alex, 'GET', `/transactions/${id}/history`),
  );
  expect(history.map((h) => [h.action, h.user_name])).toEqual([
    ['edited', 'Sam Member'],
    ['edited', 'Alex Admin'],
    ['created', 'Alex Admin'],
  ]);
});

test('History from the reports’ drill-down: the row’s changes in the same words', async ({
  page,
  request,
}, testInfo) => {
  const alex = await registerViaApi(request, { name: 'Alex Admin' });
  const account = await createAccount(request, alex, 'Checking', 100);
  const books = await createCategory(request, alex, 'Books');
  const id = await createTransaction(request, alex, account.id, {
    date: localToday().slice(0, 8) + '01',
    payee: 'Paper Shop',
    amount: -18,
    category_id: books,
  });
  await ok(api(request, alex, 'PUT', `/transactions/${id}`, { amount: -21 }));
  await openScreen(page, alex, '/reports', 'Reports');
  const list = page.getByRole('list', { name: /^Spending by/ });
  await list.locator('.report-bar__item').filter({ hasText: 'Books' }).first().click();
  const drill = page.getByRole('dialog', { name: /^Books, / });
  await expect(drill.locator('tbody tr[data-row-id]')).toHaveCount(1);
  await drill.getByRole('button', { name: /^History of Paper Shop/ }).click();
  const history = page.getByRole('dialog', { name: 'History of “Paper Shop”' });
  const items = history.getByRole('list', { name: 'Changes, newest first' }).locator(':scope > li');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Alex Admin edited');
  await expect(items.nth(0)).toContainText('Amount: -$18.00 → -$21.00');
  await expect(items.nth(1)).toContainText('Category: Books');
  await snap(page, testInfo, 'history-from-drill-down');
  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);
  await expect(drill).toBeVisible();
});
