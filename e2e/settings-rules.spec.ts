/**
 * Issue 23 (rules): the Rules screen (/settings/rules) creates a rule in plain words, reorders by
 * keyboard, applies a rule to existing rows after a preview; "Create rule from this row" in the
 * register opens the form filled from the row; an import's reconcile page shows the category a
 * rule set and which rule.
 */
import type { Page, TestInfo } from '@playwright/test';
import {
  api,
  expect,
  isMobile,
  localToday,
  ok,
  openMobileMenuIfNeeded,
  registerViaApi,
  signInWithToken,
  snap,
  test,
  type TestUser,
} from './support/fixtures';
import {
  addDays,
  cell,
  createAccount,
  createCategory,
  createTransaction,
  registerRows,
  rowOf,
  signInToRegister,
  importCsvToReconcile,
  usDate,
} from './support/ledger';

const today = localToday();

async function openRulesFromNavigation(page: Page, testInfo: TestInfo): Promise<void> {
  if (isMobile(testInfo)) {
    await openMobileMenuIfNeeded(page, testInfo);
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Rules' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Rules' }).click();
  }
  await expect(page).toHaveURL(/\/settings\/rules$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rules' })).toBeVisible();
}

const ruleItem = (page: Page, position: number, name: string) =>
  page.getByRole('list', { name: 'Rules in order' }).getByRole('listitem', { name: `${position}. ${name}` });

async function createRule(request: Parameters<typeof api>[0], user: TestUser, body: object): Promise<{ id: number }> {
  return ok(api(request, user, 'POST', '/rules', body));
}

test('rules: create one in words, reorder by keyboard, apply to existing rows after a preview', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  const checking = await createAccount(request, user, 'Checking', 500);
  await createCategory(request, user, 'Shopping');
  await createRule(request, user, {
    name: 'Coffee',
    conditions: [{ field: 'payee', op: 'starts_with', value: 'cafe' }],
    actions: { notes: 'coffee' },
  });
  for (const [offset, payee, amount] of [
    [-3, 'AMZN Mktp US', -25.99],
    [-2, 'amzn digital', -4.99],
    [-1, 'AMZN refund', 10],
  ] as const)
    await createTransaction(request, user, checking.id, { date: addDays(today, offset), payee, amount });

  await signInWithToken(page, user, '/dashboard');
  await openRulesFromNavigation(page, testInfo);
  await expect(ruleItem(page, 1, 'Coffee')).toContainText("When payee starts with 'cafe', add notes 'coffee'.");

  // A new rule, in plain words as it is typed.
  await page.getByRole('button', { name: 'New Rule' }).click();
  const form = page.getByRole('dialog', { name: 'New Rule' });
  await form.getByLabel('Name').fill('Amazon');
  await form.getByLabel('Condition 1 text').fill('AMZN');
  await form.getByRole('button', { name: 'Add Condition' }).click();
  await form.getByLabel('Condition 2 field').selectOption('Amount');
  await expect(form.getByLabel('Condition 2 test')).toHaveValue('at_most');
  await form.getByLabel('Condition 2 amount').fill('0');
  await form.getByLabel('Set category').selectOption('Shopping');
  await form.getByLabel('Set payee').fill('Amazon');
  await expect(form.getByTestId('rule-sentence')).toHaveText(
    "When payee contains 'AMZN' and amount is at most $0.00, set category Shopping and payee Amazon.",
  );
  await snap(page, testInfo, 'rules-form');
  await form.getByLabel('Set payee').press('Enter');
  await expect(page.getByText('Rule "Amazon" created.')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(ruleItem(page, 2, 'Amazon')).toContainText(
    "When payee contains 'AMZN' and amount is at most $0.00, set category Shopping and payee Amazon.",
  );

  // Reorder by keyboard: Alt+Up on the focused rule, announced.
  await ruleItem(page, 2, 'Amazon').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(ruleItem(page, 1, 'Amazon')).toBeVisible();
  await expect(ruleItem(page, 2, 'Coffee')).toBeVisible();
  await expect(page.getByTestId('rules-announcement')).toHaveText('Moved Amazon to position 1 of 2.');
  await expect
    .poll(async () =>
      ((await ok<Array<{ name: string }>>(api(request, user, 'GET', '/rules'))) ?? []).map((r) => r.name),
    )
    .toEqual(['Amazon', 'Coffee']);
  await snap(page, testInfo, 'rules-reordered');

  // Apply to existing: the preview first (nothing changed), then Apply.
  await page.getByRole('button', { name: 'Apply Amazon to existing transactions' }).click();
  const apply = page.getByRole('dialog', { name: 'Apply "Amazon" to Existing Transactions' });
  await expect(apply.getByText('2 transactions would change.')).toBeVisible();
  const preview = apply.getByRole('table', { name: 'Transactions that would change' });
  await expect(preview.getByRole('row')).toHaveCount(3);
  await expect(preview).toContainText('AMZN Mktp US → Amazon');
  await expect(preview).toContainText('amzn digital → Amazon');
  await expect(preview).not.toContainText('AMZN refund');
  await snap(page, testInfo, 'rules-apply-preview');
  expect((await registerRows(request, user, checking.id)).filter((r) => r.payee === 'Amazon')).toHaveLength(0);
  await apply.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('2 transactions changed.')).toBeVisible();
  const rows = await registerRows(request, user, checking.id);
  expect(rows.map((r) => [r.payee, r.category_name ?? null]).sort()).toEqual([
    ['AMZN refund', null],
    ['Amazon', 'Shopping'],
    ['Amazon', 'Shopping'],
  ]);
});

test('rules: "Create rule from this row" in the register opens the form filled from the row', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  const checking = await createAccount(request, user, 'Checking', 500);
  const fun = await createCategory(request, user, 'Fun');
  await createTransaction(request, user, checking.id, {
    date: addDays(today, -1),
    payee: 'Cinema City',
    amount: -12,
    category_id: fun,
  });
  await signInToRegister(page, user, checking.id);
  if (isMobile(testInfo)) {
    await rowOf(page, 'Cinema City').getByRole('button').click();
    await page
      .getByRole('dialog', { name: 'Edit Transaction' })
      .getByRole('button', { name: 'Create rule from this row' })
      .click();
  } else {
    await cell(rowOf(page, 'Cinema City'), 'notes').click();
    const editing = page.getByRole('row', { name: 'Editing transaction' });
    await snap(page, testInfo, 'rules-register-row-actions');
    await editing.getByRole('button', { name: 'Create rule from this row' }).click();
  }
  await expect(page).toHaveURL(/\/settings\/rules/);
  const form = page.getByRole('dialog', { name: 'New Rule' });
  await expect(form.getByLabel('Name')).toHaveValue('Cinema City');
  await expect(form.getByTestId('rule-sentence')).toHaveText(
    "When payee contains 'Cinema City' and amount is at most $0.00, set category Fun and payee Cinema City.",
  );
  await snap(page, testInfo, 'rules-from-row');
  await form.getByRole('button', { name: 'Save Rule' }).click();
  await expect(page.getByText('Rule "Cinema City" created.')).toBeVisible();
  await expect(ruleItem(page, 1, 'Cinema City')).toBeVisible();
  // The form does not open again on a reload.
  await page.reload();
  await expect(ruleItem(page, 1, 'Cinema City')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("rules: an import's reconcile page shows the category a rule set, and imports the rows with it", async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  const checking = await createAccount(request, user, 'Checking', 500);
  const streaming = await createCategory(request, user, 'Streaming');
  await createRule(request, user, {
    name: 'Netflix',
    conditions: [{ field: 'payee', op: 'contains', value: 'netflix' }],
    actions: { category_id: streaming, payee: 'Netflix' },
  });
  await signInWithToken(page, user, `/accounts/${checking.id}/register`);
  await importCsvToReconcile(page, {
    name: 'bank.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'Date,Description,Amount',
        `${usDate(addDays(today, -2))},NETFLIX.COM 866-579,-15.49`,
        `${usDate(addDays(today, -1))},Book Nook,-9.99`,
        '',
      ].join('\r\n'),
    ),
  });
  const newRows = page.getByRole('list', { name: 'New transactions' });
  const netflix = newRows.getByRole('listitem').filter({ hasText: 'Netflix' });
  await expect(netflix).toContainText('Streaming · set by rule Netflix');
  await expect(newRows.getByRole('listitem').filter({ hasText: 'Book Nook' })).not.toContainText('set by rule');
  await expect(netflix.getByRole('link', { name: /^Create rule from this row: Netflix/ })).toHaveAttribute(
    'href',
    /\/settings\/rules\?new=1&payee=Netflix/,
  );
  await expect(page.getByRole('checkbox', { name: /Use the categories your rules set/ })).toBeChecked();
  await snap(page, testInfo, 'rules-reconcile');
  await page.getByRole('button', { name: 'Complete Reconciliation' }).click();
  await expect(page.getByRole('heading', { name: 'Reconciliation Complete' })).toBeVisible();
  const rows = await registerRows(request, user, checking.id);
  expect(rows.map((r) => [r.payee, r.category_name ?? null]).sort()).toEqual([
    ['Book Nook', null],
    ['Netflix', 'Streaming'],
  ]);
});
