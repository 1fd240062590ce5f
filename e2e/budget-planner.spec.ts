/**
 * The Budget Planner (docs/rules/screens.md "Other screens",
 * predictables.md, envelopes-and-jars.md) and the account shell's Envelopes panel, at desktop width and 768 px: a monthly rent payment
 * on day 31 and a salary deposit, a month's amount filling forward, the budgeted rows in the
 * register; a scheduled transfer and its read-only mirror in the other account; envelopes with
 * and without rollover, spending in the register, "left", the colours and next month's rollover.
 * The last test checks the layout (sticky payee column, stacked forms) and takes the screenshots
 * in Default and Dark Mode, on a household seeded through the real APIs.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  api,
  expect,
  isMobile,
  localToday,
  openScreen,
  registerViaApi,
  snap,
  test,
  type TestUser,
} from './support/fixtures';
import {
  addMonths,
  createAccount,
  createCategory,
  createTransaction,
  entryOf,
  lastDay,
  money,
  MONTH_NAMES,
  openRegister,
  registerRows,
  rowOf,
  SHORT_MONTH_NAMES,
} from './support/ledger';

const today = localToday();
/** The 12 month keys `YYYY-MM-01` of the grid, the current month first. */
const MONTHS = Array.from({ length: 12 }, (_, i) => addMonths(`${today.slice(0, 7)}-01`, i));
const shortLabel = (key: string) => `${SHORT_MONTH_NAMES[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;
const longLabel = (key: string) => `${MONTH_NAMES[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;

/** Whether svc-budget answers the budget routes in this build (the spec's tests need it). */
const grid = (page: Page, name: 'Planned Deposits' | 'Planned Payments') => page.getByRole('grid', { name });
const gridRow = (page: Page, name: 'Planned Deposits' | 'Planned Payments', payee: string) =>
  grid(page, name).locator('tbody tr').filter({ hasText: payee });
const monthCell = (row: Locator, monthIndex: number) => row.getByRole('gridcell').nth(3 + monthIndex);
const addForm = (page: Page, kind: 'deposit' | 'payment' | 'envelope') =>
  page.getByRole('form', { name: kind === 'envelope' ? 'Add envelope' : `Add planned ${kind}` });

async function openPlanner(page: Page, user: TestUser, accountName?: string): Promise<void> {
  await openScreen(page, user, '/budget', 'Budget Planner');
  if (accountName) await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: accountName });
  await expect(page.getByRole('grid', { name: 'Planned Payments' })).toBeVisible();
}

async function addItem(
  page: Page,
  kind: 'deposit' | 'payment',
  payee: string,
  category: string | null,
  day: number,
): Promise<void> {
  const form = addForm(page, kind);
  await form.getByRole('combobox', { name: 'Payee' }).fill(payee);
  if (category !== null) await form.getByRole('combobox', { name: 'Category' }).fill(category);
  await form.getByRole('spinbutton', { name: 'Day' }).fill(String(day));
  await form.getByRole('button', { name: kind === 'deposit' ? 'Add Deposit' : 'Add Payment' }).click();
  await expect(gridRow(page, kind === 'deposit' ? 'Planned Deposits' : 'Planned Payments', payee)).toHaveCount(1);
}

/** Types an amount into a month cell the way a person does: click, type, Enter. */
async function setMonth(page: Page, row: Locator, monthIndex: number, amount: string): Promise<void> {
  await monthCell(row, monthIndex).click();
  const input = monthCell(row, monthIndex).getByRole('textbox');
  await input.fill(amount);
  await input.press('Enter');
  await expect(row.getByRole('textbox')).toHaveCount(0);
}

async function addEnvelope(page: Page, category: string, amount: string, rollover: boolean): Promise<void> {
  const form = addForm(page, 'envelope');
  await form.getByRole('combobox', { name: 'Category' }).fill(category);
  await form.getByRole('spinbutton', { name: 'Amount' }).fill(amount);
  const box = form.getByRole('checkbox', { name: 'Rollover' });
  await expect(box).toBeChecked();
  if (!rollover) await box.uncheck();
  await form.getByRole('button', { name: 'Add Envelope' }).click();
  await expect(page.getByRole('rowheader', { name: category })).toBeVisible();
}

const envelopeRow = (page: Page, category: string) =>
  page
    .locator('.budget-envelopes tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: category, exact: true }) });

test.describe('Budget Planner with svc-budget', () => {
  test('a rent payment on day 31 and a salary: fill forward, and the budgeted rows in the register', async ({
    page,
    request,
  }, testInfo) => {
    const user = await registerViaApi(request);
    const checking = await createAccount(request, user, 'Checking', 2000);
    await createAccount(request, user, 'Savings', 500);
    await createCategory(request, user, 'Rent');
    await createCategory(request, user, 'Salary');
    await openPlanner(page, user);
    await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue(String(checking.id));
    const headers = grid(page, 'Planned Payments').getByRole('columnheader');
    await expect(headers).toHaveText(['Payee', 'Category', 'Schedule', ...MONTHS.map(shortLabel), 'Actions']);

    // Payee and day are required.
    await addForm(page, 'payment').getByRole('button', { name: 'Add Payment' }).click();
    await expect(addForm(page, 'payment').getByRole('alert')).toHaveText('Payee is required.');
    await addForm(page, 'payment').getByRole('combobox', { name: 'Payee' }).fill('Landlord');
    await addForm(page, 'payment').getByRole('spinbutton', { name: 'Day' }).fill('32');
    await addForm(page, 'payment').getByRole('button', { name: 'Add Payment' }).click();
    await expect(addForm(page, 'payment').getByRole('alert')).toHaveText('Day must be between 1 and 31.');

    await addItem(page, 'payment', 'Landlord', 'Rent', 31);
    const rent = gridRow(page, 'Planned Payments', 'Landlord');
    await expect(rent.getByRole('gridcell')).toHaveText([
      'Landlord',
      'Rent',
      /^Every month on the 31stNext: /,
      ...Array(12).fill('-'),
      '',
    ]);
    await setMonth(page, rent, 0, '1500');
    await expect(rent.getByRole('gridcell').nth(3)).toHaveText(money(1500));
    for (let i = 0; i < 12; i++) await expect(monthCell(rent, i)).toHaveText(money(1500));
    // A later month changes that month and the ones after it.
    await setMonth(page, rent, 2, '1600');
    await expect(monthCell(rent, 1)).toHaveText(money(1500));
    for (let i = 2; i < 12; i++) await expect(monthCell(rent, i)).toHaveText(money(1600));

    await addItem(page, 'deposit', 'Employer', 'Salary', 15);
    const salary = gridRow(page, 'Planned Deposits', 'Employer');
    await setMonth(page, salary, 0, '3000');
    for (let i = 0; i < 12; i++) await expect(monthCell(salary, i)).toHaveText(money(3000));
    // After a reload, the figures come from the server.
    await page.reload();
    await expect(monthCell(gridRow(page, 'Planned Payments', 'Landlord'), 11)).toHaveText(money(1600));
    await snap(page, testInfo, 'budget-planner-predictables');

    // The register holds one budgeted row per month, on day 31 clamped to the month's length.
    const rows = (await registerRows(request, user, checking.id)).filter((r) => r.payee === 'Landlord');
    expect(rows.map((r) => [r.date, r.amount]).sort()).toEqual(
      MONTHS.map((m, i) => [lastDay(m), i < 2 ? -1500 : -1600]).sort(),
    );
    await page.getByRole('link', { name: 'Go to Register →' }).click();
    await openRegister(page, checking.id);
    await expect(rowOf(page, 'Landlord').first()).toHaveClass(/is-budgeted/);
    await expect(rowOf(page, 'Employer').first()).toHaveClass(/is-budgeted/);
    await snap(page, testInfo, 'budget-planner-register');
  });

  test('a scheduled transfer shows "-- Transfer --" and an italic read-only mirror in the other account', async ({
    page,
    request,
  }, testInfo) => {
    const user = await registerViaApi(request);
    await createAccount(request, user, 'Checking', 2000);
    const savings = await createAccount(request, user, 'Savings', 500);
    await openPlanner(page, user);
    const form = addForm(page, 'payment');
    await form.getByRole('combobox', { name: 'Payee' }).fill('savings');
    await expect(form.getByRole('combobox', { name: 'Category' })).toHaveValue('-- Transfer --');
    await expect(form.getByRole('combobox', { name: 'Category' })).toBeDisabled();
    await form.getByRole('spinbutton', { name: 'Day' }).fill('5');
    await form.getByRole('button', { name: 'Add Payment' }).click();
    const transfer = gridRow(page, 'Planned Payments', 'Savings');
    await expect(transfer.getByRole('gridcell').nth(1)).toHaveText('-- Transfer --');
    await setMonth(page, transfer, 0, '200');
    await expect(monthCell(transfer, 11)).toHaveText(money(200));

    await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'Savings' });
    await expect(page.getByRole('link', { name: 'Go to Register →' })).toHaveAttribute(
      'href',
      `/accounts/${savings.id}/register`,
    );
    const mirror = grid(page, 'Planned Deposits').locator('tbody tr.budget-grid__mirror');
    await expect(mirror).toHaveCount(1);
    await expect(mirror).toHaveCSS('font-style', 'italic');
    await expect(mirror.getByRole('gridcell').first()).toHaveText('Checking');
    await expect(monthCell(mirror, 0)).toHaveText(money(200));
    await expect(mirror.getByRole('gridcell').nth(1)).toHaveText('-- Transfer --');
    await monthCell(mirror, 0).click();
    await expect(mirror.getByRole('textbox')).toHaveCount(0);
    await expect(mirror.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await snap(page, testInfo, 'budget-planner-transfer-mirror');
  });

  test('envelopes with and without rollover: spending in the register, "left", colours and next month\u2019s rollover', async ({
    page,
    request,
  }, testInfo) => {
    const user = await registerViaApi(request);
    const checking = await createAccount(request, user, 'Checking', 2000);
    const groceries = await createCategory(request, user, 'Groceries');
    await createCategory(request, user, 'Dining');
    await openPlanner(page, user);
    await expect(page.getByLabel('Month', { exact: true })).toHaveValue(today.slice(0, 7));

    // The category is required (an alert), the amount too.
    await addForm(page, 'envelope').getByRole('spinbutton', { name: 'Amount' }).fill('10');
    await addForm(page, 'envelope').getByRole('button', { name: 'Add Envelope' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Please select or enter a category.');
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();

    await addEnvelope(page, 'Groceries', '300', true);
    await addEnvelope(page, 'Dining', '100', false);
    await expect(envelopeRow(page, 'Groceries').locator('td').nth(3)).toHaveText(money(300));
    await expect(envelopeRow(page, 'Groceries')).toHaveAttribute('data-tone', 'green');

    // Spend 270 of Groceries through the API, and 95 of Dining in the register with the panel open.
    await createTransaction(request, user, checking.id, {
      date: today,
      payee: 'Grocer',
      amount: -270,
      category_id: groceries,
    });
    await page.getByRole('link', { name: 'Go to Register →' }).click();
    await openRegister(page, checking.id);
    await page.getByRole('button', { name: 'Show' }).click();
    const panel = page.locator('#ledger-envelopes-panel');
    await expect(panel.getByRole('listitem').filter({ hasText: 'Groceries' })).toContainText(`${money(30)} left`);
    await expect(panel.getByRole('listitem').filter({ hasText: 'Groceries' })).toHaveAttribute('data-tone', 'orange');
    await expect(panel.getByRole('listitem').filter({ hasText: 'Dining' })).toContainText(`${money(100)} left`);
    const entry = entryOf(page);
    await entry.getByRole('combobox', { name: 'Payee' }).fill('Cafe');
    await entry.getByRole('spinbutton', { name: 'Payment' }).fill('95');
    await entry.getByRole('combobox', { name: 'Category' }).fill('Dining');
    await entry.getByRole('combobox', { name: 'Category' }).press('Enter');
    await expect(rowOf(page, 'Cafe')).toHaveCount(1);
    // No reload: the panel follows the register's write.
    await expect(panel.getByRole('listitem').filter({ hasText: 'Dining' })).toContainText(`${money(5)} left`);
    await expect(panel.getByRole('listitem').filter({ hasText: 'Dining' })).toHaveAttribute('data-tone', 'red');
    await snap(page, testInfo, 'budget-envelopes-panel');

    // The planner shows the same; next month carries Groceries' 30.00 and nothing of Dining.
    await page.goto('/budget');
    await expect(envelopeRow(page, 'Groceries').locator('td').nth(3)).toHaveText(money(30));
    await expect(envelopeRow(page, 'Groceries')).toHaveAttribute('data-tone', 'orange');
    await expect(envelopeRow(page, 'Dining').locator('td').nth(3)).toHaveText(money(5));
    await expect(envelopeRow(page, 'Dining')).toHaveAttribute('data-tone', 'red');
    await snap(page, testInfo, 'budget-envelopes');
    await page.getByRole('button', { name: 'Next month' }).click();
    const next = addMonths(`${today.slice(0, 7)}-01`, 1).slice(0, 7);
    await expect(page.getByRole('grid', { name: `Envelopes of ${longLabel(next)}` })).toBeVisible();
    await expect(envelopeRow(page, 'Groceries').locator('td').nth(1)).toHaveText(money(30));
    await expect(envelopeRow(page, 'Dining').locator('td').nth(1)).toHaveText(`${money(0)}off`);

    // "Reset This Month" asks and changes nothing.
    await page.getByRole('button', { name: 'Reset This Month' }).click();
    await page.getByRole('dialog', { name: 'Reset This Month' }).getByRole('button', { name: 'Yes' }).click();
    await expect(envelopeRow(page, 'Groceries')).toHaveCount(1);

    // Deleting Dining from next month (where it is carried forward) keeps it in this month.
    await page.getByRole('button', { name: 'Delete Dining' }).click();
    await page.getByRole('dialog', { name: 'Delete Envelope' }).getByRole('button', { name: 'Yes' }).click();
    await expect(envelopeRow(page, 'Dining')).toHaveCount(0);
    await expect(envelopeRow(page, 'Groceries')).toHaveCount(1);
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(page.getByRole('grid', { name: `Envelopes of ${longLabel(today.slice(0, 7))}` })).toBeVisible();
    await expect(envelopeRow(page, 'Dining').locator('td').nth(3)).toHaveText(money(5));
  });
});

// ---------------------------------------------------------------------------------------------
// Layout and themes, on a household seeded through the real APIs.
// ---------------------------------------------------------------------------------------------

async function budgetApi(
  request: APIRequestContext,
  user: TestUser,
  path: string,
  body: unknown,
): Promise<{ id: number }> {
  const res = await api(request, user, 'POST', path, body);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body as { id: number };
}

/** Items (one of them only in some months), a transfer each way, and four envelopes in every colour. */
async function seedLayoutHousehold(
  request: APIRequestContext,
  user: TestUser,
  checkingId: number,
  savingsId: number,
): Promise<void> {
  const item = async (
    accountId: number,
    payee: string,
    item_type: 'deposit' | 'payment',
    day_of_month: number,
    category_id: number | undefined,
    fills: Array<[number, number, 'full' | 'single']>,
  ) => {
    const { id } = await budgetApi(request, user, `/budget/${accountId}`, {
      payee,
      item_type,
      day_of_month,
      ...(category_id ? { category_id } : {}),
    });
    for (const [monthIndex, amount, mode] of fills)
      await budgetApi(request, user, '/budget/autofill', {
        budget_item_id: id,
        start_month: MONTHS[monthIndex],
        amount,
        mode,
      });
  };
  const salary = await createCategory(request, user, 'Salary');
  const rent = await createCategory(request, user, 'Rent');
  const electric = await createCategory(request, user, 'Electric', await createCategory(request, user, 'Utilities'));
  await item(checkingId, 'Employer', 'deposit', 15, salary, [[0, 3000, 'full']]);
  await item(checkingId, 'Landlord with a long name', 'payment', 31, rent, [
    [0, 1500, 'full'],
    [2, 1600, 'full'],
  ]);
  await item(checkingId, 'Power Company', 'payment', 3, electric, [[2, 120.5, 'single']]);
  await item(checkingId, 'Savings', 'payment', 5, undefined, [[0, 200, 'full']]);
  await item(savingsId, 'Checking', 'payment', 20, undefined, [[1, 50, 'full']]);
  const groceries = await createCategory(request, user, 'Groceries');
  const dining = await createCategory(request, user, 'Dining', await createCategory(request, user, 'Food'));
  const fuel = await createCategory(request, user, 'Fuel');
  const gifts = await createCategory(request, user, 'Gifts');
  const month = today.slice(0, 7);
  for (const [category_id, amount, rollover_enabled] of [
    [groceries, 400, true],
    [dining, 120, false],
    [fuel, 80, true],
    [gifts, 50, true],
  ] as const) {
    await budgetApi(request, user, '/budget/category', {
      account_id: checkingId,
      category_id,
      month,
      amount,
      rollover_enabled,
    });
  }
  for (const [category_id, amount] of [
    [groceries, -150],
    [dining, -95],
    [fuel, -76],
  ] as const) {
    await createTransaction(request, user, checkingId, { date: `${month}-01`, payee: 'Shop', amount, category_id });
  }
}

test.describe('Budget Planner layout', () => {
  for (const theme of ['default', 'dark'] as const) {
    test(`${theme === 'dark' ? 'Dark Mode' : 'Default'}: the grid, the forms and the envelope panel`, async ({
      page,
      request,
    }, testInfo) => {
      const user = await registerViaApi(request);
      const checking = await createAccount(request, user, 'Checking', 2000);
      const savings = await createAccount(request, user, 'Savings', 500);
      if (theme === 'dark') {
        const pref = await api(request, user, 'PUT', '/themes/preference', { theme_id: 'dark' });
        expect(pref.status, JSON.stringify(pref.body)).toBeLessThan(300);
      }
      await seedLayoutHousehold(request, user, checking.id, savings.id);
      await openPlanner(page, user);
      await expect(page.getByRole('rowheader', { name: 'Groceries' })).toBeVisible();
      if (theme === 'dark')
        await expect
          .poll(() =>
            page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mainBg').trim()),
          )
          .toBe('#111827');

      // Zero is a dash; the mirror is italic; transfers say "-- Transfer --".
      const power = gridRow(page, 'Planned Payments', 'Power Company');
      await expect(monthCell(power, 0)).toHaveText('-');
      await expect(monthCell(power, 2)).toHaveText(money(120.5));
      await expect(grid(page, 'Planned Deposits').locator('tbody tr.budget-grid__mirror')).toHaveCSS(
        'font-style',
        'italic',
      );
      await expect(gridRow(page, 'Planned Payments', 'Savings').getByRole('gridcell').nth(1)).toHaveText(
        '-- Transfer --',
      );
      await expect(envelopeRow(page, 'Groceries')).toHaveAttribute('data-tone', 'green');
      await expect(envelopeRow(page, 'Food: Dining')).toHaveAttribute('data-tone', 'orange');
      await expect(envelopeRow(page, 'Fuel')).toHaveAttribute('data-tone', 'red');

      // Keyboard: arrows move, Enter edits, Escape cancels (nothing is sent).
      await monthCell(power, 1).click();
      await monthCell(power, 1).getByRole('textbox').press('Escape');
      await expect(monthCell(power, 1)).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(monthCell(power, 2)).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await expect(monthCell(gridRow(page, 'Planned Payments', 'Landlord with a long name'), 2)).toBeFocused();

      // The page itself never scrolls sideways: only the grid does.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      const wrap = grid(page, 'Planned Payments').locator('xpath=..');
      if (isMobile(testInfo)) {
        // The grid scrolls sideways with the payee column in place; the forms stack.
        expect(await wrap.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        const payeeCell = gridRow(page, 'Planned Payments', 'Power Company').getByRole('gridcell').first();
        await expect(payeeCell).toHaveCSS('position', 'sticky');
        const before = (await payeeCell.boundingBox())!.x;
        await wrap.evaluate((el) => el.scrollTo({ left: 600 }));
        await expect.poll(async () => wrap.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
        expect(Math.abs((await payeeCell.boundingBox())!.x - before)).toBeLessThan(2);
        await expect(addForm(page, 'payment')).toHaveCSS('flex-direction', 'column');
        await expect(addForm(page, 'envelope')).toHaveCSS('flex-direction', 'column');
      } else {
        await expect(addForm(page, 'payment')).toHaveCSS('flex-direction', 'row');
      }
      await snap(page, testInfo, `budget-planner-${theme}`);

      // The account shell's Envelopes panel.
      await page.goto(`/accounts/${checking.id}/register`);
      await page.getByRole('button', { name: 'Show' }).click();
      const panel = page.locator('#ledger-envelopes-panel');
      await expect(panel.getByRole('listitem')).toHaveCount(4);
      await expect(panel.getByRole('listitem').filter({ hasText: 'Groceries' })).toContainText(`${money(250)} left`);
      await expect(panel.getByRole('listitem').filter({ hasText: 'Fuel' })).toHaveAttribute('data-tone', 'red');
      await snap(page, testInfo, `budget-envelope-panel-${theme}`);
    });
  }
});
