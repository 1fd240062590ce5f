/**
 * The Reports screen (docs/rules/reports.md), at desktop width and 768 px: spending by category with sub-categories, by
 * payee, income, the date shortcuts, the account multi-select and the hide filter (remembered
 * over a reload), sort by name, the drill-down with an edit that moves money between two
 * categories, transfers and budgeted rows never counted, the trend chart, the CSV download and
 * the empty state.
 */
import { readFileSync } from 'node:fs';
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
  createBudgetedRow,
  createCategory,
  createTransaction,
  lastDay,
  money,
  pad,
  SHORT_MONTH_NAMES as MONTHS,
  shown,
  type SeedRow,
} from './support/ledger';

const today = localToday();
const [year, month] = today.split('-').map(Number);
/** Day `d` of the current month (every seeded "this month" row is inside the default range). */
const thisMonth = (d: number) => `${year}-${pad(month)}-${pad(d)}`;
const monthStart = thisMonth(1);
const monthEnd = lastDay(monthStart);
const lastMonthStart = addMonths(monthStart, -1);
const lastMonthEnd = lastDay(lastMonthStart);

interface Household {
  user: TestUser;
  checking: number;
  savings: number;
  card: number;
  categories: Record<'food' | 'groceries' | 'dining' | 'rent' | 'salary' | 'gifts' | 'interest', number>;
}

/**
 * One household: three accounts, Food with Groceries and Dining, Rent, Salary, Gifts; this
 * month's spending is Rent 900, Food 250 (Groceries 200, Dining 30, Food itself 20), Gifts 45,
 * Uncategorized 15 = 1,210.00, income Salary 3,000 + Interest 12. A 500.00 transfer and a
 * 75.00 budgeted Rent row this month must never count. One row last month, one last year.
 */
async function seedHousehold(request: APIRequestContext): Promise<Household> {
  const user = await registerViaApi(request);
  const checking = (await createAccount(request, user, 'Checking', 1000)).id;
  const savings = (await createAccount(request, user, 'Savings', 5000)).id;
  const card = (await createAccount(request, user, 'Card', 0)).id;
  const food = await createCategory(request, user, 'Food');
  const categories = {
    food,
    groceries: await createCategory(request, user, 'Groceries', food),
    dining: await createCategory(request, user, 'Dining', food),
    rent: await createCategory(request, user, 'Rent'),
    salary: await createCategory(request, user, 'Salary'),
    gifts: await createCategory(request, user, 'Gifts'),
    interest: await createCategory(request, user, 'Interest'),
  };
  const rows: Array<[number, SeedRow]> = [
    [checking, { date: thisMonth(1), payee: 'Landlord', amount: -900, category_id: categories.rent }],
    [checking, { date: thisMonth(2), payee: 'Grocer', amount: -120.5, category_id: categories.groceries, status: 'x' }],
    [checking, { date: thisMonth(2), payee: 'Cafe', amount: -30, category_id: categories.dining }],
    [checking, { date: thisMonth(3), payee: 'Farmers Market', amount: -20, category_id: categories.food }],
    [checking, { date: thisMonth(1), payee: 'Employer', amount: 3000, category_id: categories.salary }],
    [checking, { date: thisMonth(3), payee: 'Misc Shop', amount: -15 }],
    [card, { date: thisMonth(4), payee: 'Grocer', amount: -79.5, category_id: categories.groceries }],
    [card, { date: thisMonth(4), payee: 'Gift Shop', amount: -45, category_id: categories.gifts }],
    [savings, { date: thisMonth(5), payee: 'Bank Interest', amount: 12, category_id: categories.interest }],
    [
      checking,
      { date: addMonths(thisMonth(10), -1), payee: 'Old Grocer', amount: -60, category_id: categories.groceries },
    ],
    [checking, { date: `${year - 1}-01-15`, payee: 'Last Year Store', amount: -33, category_id: categories.gifts }],
  ];
  for (const [account, row] of rows) await createTransaction(request, user, account, row);
  const transfer = await api(request, user, 'POST', '/accounts/transfer', {
    from_account_id: checking,
    to_account_id: savings,
    amount: 500,
    date: thisMonth(2),
  });
  expect(transfer.status, JSON.stringify(transfer.body)).toBeLessThan(300);
  await createBudgetedRow(request, user, {
    account_id: checking,
    schedule_id: 1,
    date: thisMonth(6),
    payee: 'Power Co',
    amount: -75,
    category_id: categories.rent,
  });
  return { user, checking, savings, card, categories };
}

// ----- locators -----

const barList = (page: Page): Locator => page.getByRole('list', { name: /^(Spending|Income) by/ });
/** A top-level bar of the list (its item button), by name. */
const bar = (page: Page, name: string): Locator =>
  barList(page)
    .locator(':scope > li > .report-bar__row .report-bar__item')
    .filter({ has: page.locator('.report-bar__name', { hasText: new RegExp(`^${name}$`) }) });
const childBar = (page: Page, parent: string, name: string): Locator =>
  page
    .getByRole('list', { name: `Sub-categories of ${parent}` })
    .locator('.report-bar__item')
    .filter({ has: page.locator('.report-bar__name', { hasText: new RegExp(`^${name}$`) }) });
const topNames = (page: Page) =>
  barList(page).locator(':scope > li > .report-bar__row .report-bar__name').allTextContents();
const total = (page: Page): Locator => page.locator('.report-total__amount');

async function expectBar(page: Page, name: string, amount: number): Promise<void> {
  await expect(bar(page, name).locator('.report-bar__amount')).toHaveText(money(amount));
}

async function openReports(page: Page, user: TestUser): Promise<void> {
  await openScreen(page, user, '/reports', 'Reports');
}

const startDate = (page: Page) => page.getByLabel('Start Date');
const endDate = (page: Page) => page.getByLabel('End Date');

test.describe('reports', () => {
  test('spending by category, by payee and income for this month; transfers and budgeted rows never count', async ({
    page,
    request,
  }, testInfo) => {
    const h = await seedHousehold(request);
    await openReports(page, h.user);
    await expect(page.getByRole('button', { name: 'Spending' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'By Category' })).toHaveAttribute('aria-pressed', 'true');
    await expect(startDate(page)).toHaveValue(monthStart);
    await expect(endDate(page)).toHaveValue(monthEnd);
    await expect(page.getByRole('button', { name: 'Accounts All Accounts' })).toBeVisible();
    await expect(page.getByLabel('Sort by')).toHaveValue('amount');

    await expect(page.getByRole('heading', { name: 'Spending by Category' })).toBeVisible();
    await expect.poll(() => topNames(page)).toEqual(['Rent', 'Food', 'Gifts', 'Uncategorized']);
    await expectBar(page, 'Rent', 900); // the budgeted 75.00 Rent row is not counted
    await expectBar(page, 'Food', 250);
    await expectBar(page, 'Gifts', 45);
    await expectBar(page, 'Uncategorized', 15);
    await expect(total(page)).toHaveText(money(1210));

    // A parent and a child expanded.
    const toggle = page.getByRole('button', { name: 'Expand Food' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Collapse Food' })).toHaveAttribute('aria-expanded', 'true');
    await expect(childBar(page, 'Food', 'Groceries').locator('.report-bar__amount')).toHaveText(money(200));
    await expect(childBar(page, 'Food', 'Dining').locator('.report-bar__amount')).toHaveText(money(30));

    // Bars: width follows the value, colours cycle, and (mobile) the name sits above the bar.
    const rentWidth = (await bar(page, 'Rent').locator('.report-bar__fill').boundingBox())!.width;
    const foodWidth = (await bar(page, 'Food').locator('.report-bar__fill').boundingBox())!.width;
    expect(foodWidth / rentWidth).toBeCloseTo(250 / 900, 1);
    const colours = await barList(page)
      .locator(':scope > li > .report-bar__row .report-bar__fill')
      .evaluateAll((els) => els.slice(0, 4).map((el) => getComputedStyle(el).backgroundColor));
    expect(new Set(colours).size).toBe(4);
    // Both boxes from one layout (the trend chart loading above the list moves it between two reads).
    const [nameBox, trackBox] = await bar(page, 'Rent').evaluate((el) =>
      ['.report-bar__name', '.report-bar__track'].map((selector) => {
        const r = el.querySelector(selector)!.getBoundingClientRect();
        return { y: r.y, height: r.height };
      }),
    );
    if (isMobile(testInfo)) expect(nameBox.y + nameBox.height).toBeLessThanOrEqual(trackBox.y + 1);
    else expect(Math.abs(nameBox.y + nameBox.height / 2 - (trackBox.y + trackBox.height / 2))).toBeLessThan(4);
    await expect(bar(page, 'Rent').locator('.report-bar__amount')).toBeInViewport();

    // The trend chart: one month with both series and readable month labels.
    const chart = page.locator('.report-trend__chart');
    await expect(chart.locator('.recharts-surface').first()).toBeVisible();
    await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(2);
    await expect(chart.getByText(`${MONTHS[month - 1]} ${year}`)).toBeVisible();
    await expect(page.getByRole('img', { name: /^Monthly spending and income/ })).toBeVisible();
    await snap(page, testInfo, 'reports-spending-by-category');

    // By payee: no transfer legs ("Savings"/"Checking") and no budgeted "Power Co".
    await page.getByRole('button', { name: 'By Payee' }).click();
    await expect(page.getByRole('heading', { name: 'Spending by Payee' })).toBeVisible();
    await expect
      .poll(() => topNames(page))
      .toEqual(['Landlord', 'Grocer', 'Gift Shop', 'Cafe', 'Farmers Market', 'Misc Shop']);
    await expectBar(page, 'Grocer', 200);
    await expect(total(page)).toHaveText(money(1210));
    await expect(page.getByRole('button', { name: /^Hide Categories/ })).toHaveCount(0);

    // Income: the 500.00 transfer into Savings is not income.
    await page.getByRole('button', { name: 'Income' }).click();
    await expect(page.getByRole('heading', { name: 'Income by Category' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'By Payee' })).toHaveCount(0);
    await expect.poll(() => topNames(page)).toEqual(['Salary', 'Interest']);
    await expectBar(page, 'Salary', 3000);
    await expectBar(page, 'Interest', 12);
    await expect(total(page)).toHaveText(money(3012));
    await snap(page, testInfo, 'reports-income');
  });

  test('the shortcut buttons change the dates and the report; the empty state', async ({ page, request }, testInfo) => {
    const h = await seedHousehold(request);
    await openReports(page, h.user);
    await expect(total(page)).toHaveText(money(1210));

    await page.getByRole('button', { name: 'Last Month' }).click();
    await expect(startDate(page)).toHaveValue(lastMonthStart);
    await expect(endDate(page)).toHaveValue(lastMonthEnd);
    await expect.poll(() => topNames(page)).toEqual(['Food']);
    await expect(total(page)).toHaveText(money(60));

    await page.getByRole('button', { name: 'Year to Date' }).click();
    await expect(startDate(page)).toHaveValue(`${year}-01-01`);
    await expect(endDate(page)).toHaveValue(today);

    await page.getByRole('button', { name: 'Last Year' }).click();
    await expect(startDate(page)).toHaveValue(`${year - 1}-01-01`);
    await expect(endDate(page)).toHaveValue(`${year - 1}-12-31`);
    // In January, last month is in last year too.
    await expect.poll(() => topNames(page)).toEqual(month === 1 ? ['Food', 'Gifts'] : ['Gifts']);
    await expect(total(page)).toHaveText(money(month === 1 ? 93 : 33));

    await page.getByRole('button', { name: 'This Month' }).click();
    await expect(startDate(page)).toHaveValue(monthStart);
    await expect(endDate(page)).toHaveValue(monthEnd);
    await expect(total(page)).toHaveText(money(1210));

    // Typed dates: a period with nothing in it.
    await startDate(page).fill('2001-01-01');
    await endDate(page).fill('2001-12-31');
    await expect(page.getByText('No spending data available for the selected period.')).toBeVisible();
    await expect(barList(page)).toHaveCount(0);
    await snap(page, testInfo, 'reports-empty');
  });

  test('two accounts and a hidden category are remembered over a reload; sort by name', async ({
    page,
    request,
  }, testInfo) => {
    const h = await seedHousehold(request);
    await openReports(page, h.user);
    await expect(total(page)).toHaveText(money(1210));

    await page.getByRole('button', { name: 'Accounts All Accounts' }).click();
    const accounts = page.getByRole('group', { name: 'Accounts' });
    await expect(accounts.getByRole('checkbox', { name: 'All Accounts' })).toBeChecked();
    await accounts.getByRole('checkbox', { name: 'Savings' }).uncheck();
    await expect(page.getByRole('button', { name: 'Accounts Checking, Card' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(accounts).toHaveCount(0);
    // Checking and Card hold every payment: the spending is the same, the Savings interest leaves income.
    await expect(total(page)).toHaveText(money(1210));

    await page.getByRole('button', { name: 'Hide Categories None hidden' }).click();
    await page.getByRole('group', { name: 'Hide Categories' }).getByRole('checkbox', { name: 'Gifts' }).check();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Hide Categories 1 hidden' })).toBeVisible();
    await expect.poll(() => topNames(page)).toEqual(['Rent', 'Food', 'Uncategorized']);
    await expect(total(page)).toHaveText(money(1165));

    const stored = await page.evaluate(() => ({
      accounts: localStorage.getItem('report_account_filter'),
      hidden: localStorage.getItem('report_hidden_categories'),
    }));
    expect(JSON.parse(stored.accounts!)).toEqual([h.checking, h.card]);
    expect(JSON.parse(stored.hidden!)).toEqual([String(h.categories.gifts)]);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Accounts Checking, Card' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hide Categories 1 hidden' })).toBeVisible();
    await expect(total(page)).toHaveText(money(1165));
    await page.getByRole('button', { name: 'Income' }).click();
    await expect.poll(() => topNames(page)).toEqual(['Salary']);
    await page.getByRole('button', { name: 'Spending' }).click();

    await page.getByLabel('Sort by').selectOption('name');
    await expect.poll(() => topNames(page)).toEqual(['Food', 'Rent', 'Uncategorized']);
    expect(await page.evaluate(() => localStorage.getItem('report_sort_by'))).toBe('name');
    await page.reload();
    await expect(page.getByLabel('Sort by')).toHaveValue('name');
    await expect.poll(() => topNames(page)).toEqual(['Food', 'Rent', 'Uncategorized']);
    await snap(page, testInfo, 'reports-filters');

    // Unticking every account: the empty state, no report.
    await page.getByRole('button', { name: 'Accounts Checking, Card' }).click();
    await page.getByRole('group', { name: 'Accounts' }).getByRole('checkbox', { name: 'Checking' }).uncheck();
    await page.getByRole('group', { name: 'Accounts' }).getByRole('checkbox', { name: 'Card' }).uncheck();
    await expect(page.getByText('No accounts selected', { exact: true }).last()).toBeVisible();
    await expect(barList(page)).toHaveCount(0);
  });

  test('the drill-down: a cleared amount is locked; a category change moves money between both categories', async ({
    page,
    request,
  }, testInfo) => {
    const h = await seedHousehold(request);
    await openReports(page, h.user);
    await expectBar(page, 'Food', 250);
    await page.getByRole('button', { name: 'Expand Food' }).click();
    await childBar(page, 'Food', 'Groceries').click();
    const dialog = page.getByRole('dialog', { name: `Food: Groceries, ${shown(monthStart)} to ${shown(monthEnd)}` });
    await expect(dialog).toBeVisible();
    const rows = dialog.locator('tbody tr[data-row-id]');
    await expect(rows).toHaveCount(2);
    const cardRow = rows.filter({ hasText: 'Card' });
    await expect(cardRow).toContainText('Grocer');
    await expect(cardRow).toContainText(money(-79.5));
    await expect(cardRow).toContainText('Food: Groceries');
    await snap(page, testInfo, 'reports-drill-down');

    // The cleared Checking row: amount and status locked until the unlock is confirmed.
    await rows
      .filter({ hasText: 'Checking' })
      .getByRole('button', { name: /^Edit Grocer/ })
      .click();
    let editor = dialog.getByRole('group', { name: 'Edit transaction Grocer' });
    await expect(editor.getByLabel('Payment')).toBeDisabled();
    await expect(editor.getByLabel('Status')).toBeDisabled();
    await editor.getByRole('button', { name: 'Unlock to edit amount' }).click();
    await page
      .getByRole('dialog', { name: 'Unlock Cleared Transaction?' })
      .getByRole('button', { name: 'Unlock' })
      .click();
    await expect(editor.getByLabel('Payment')).toBeEnabled();
    await editor.getByRole('button', { name: 'Cancel' }).click();

    // The Card row moves from Groceries to Gifts.
    await cardRow.getByRole('button', { name: /^Edit Grocer/ }).click();
    editor = dialog.getByRole('group', { name: 'Edit transaction Grocer' });
    const category = editor.getByRole('combobox', { name: 'Category' });
    await category.fill('Gifts');
    await snap(page, testInfo, 'reports-drill-down-edit');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Update successful.')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Both totals changed, without a reload.
    await expectBar(page, 'Food', 170.5);
    await expect(childBar(page, 'Food', 'Groceries').locator('.report-bar__amount')).toHaveText(money(120.5));
    await expectBar(page, 'Gifts', 124.5);
    await expect(total(page)).toHaveText(money(1210));
    await expect.poll(() => topNames(page)).toEqual(['Rent', 'Food', 'Gifts', 'Uncategorized']);
    await snap(page, testInfo, 'reports-after-edit');

    // The drill-down of Gifts now lists the moved row; Escape closes it.
    await bar(page, 'Gifts').click();
    const gifts = page.getByRole('dialog', { name: /^Gifts, / });
    await expect(gifts.locator('tbody tr[data-row-id]')).toHaveCount(2);
    await expect(gifts.locator('tbody tr[data-row-id]').filter({ hasText: 'Grocer' })).toContainText('Gifts');
    await page.keyboard.press('Escape');

    // Keyboard: a bar is reachable and opens its drill-down with Enter.
    await bar(page, 'Rent').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: /^Rent, / }).locator('tbody tr[data-row-id]')).toHaveCount(1);
  });

  test('Download CSV of the report and of a drill-down', async ({ page, request }) => {
    const h = await seedHousehold(request);
    await openReports(page, h.user);
    await expect(total(page)).toHaveText(money(1210));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`spending_by_category_${monthStart}_${monthEnd}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Category,Parent,Amount,Subtotal');
    expect(csv).toContain('\r\nRent,,900.00,900.00\r\n');
    expect(csv).toContain('\r\nGroceries,Food,200.00,\r\n');
    expect(csv).not.toContain('Power Co');

    await bar(page, 'Rent').click();
    const dialog = page.getByRole('dialog', { name: /^Rent, / });
    await expect(dialog.locator('tbody tr[data-row-id]')).toHaveCount(1);
    const [rowsFile] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(rowsFile.suggestedFilename()).toBe(`transactions_by_category_${monthStart}_${monthEnd}.csv`);
    const rowsCsv = readFileSync((await rowsFile.path())!, 'utf8');
    expect(rowsCsv).toContain('Landlord');
    expect(rowsCsv).not.toContain('Power Co');
  });

  test('Dark Mode: the screen and the drill-down read well', async ({ page, request }, testInfo) => {
    const h = await seedHousehold(request);
    const pref = await api(request, h.user, 'PUT', '/themes/preference', { theme_id: 'dark' });
    expect(pref.status, JSON.stringify(pref.body)).toBeLessThan(300);
    await openReports(page, h.user);
    await expect(total(page)).toHaveText(money(1210));
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mainBg').trim()))
      .toBe('#111827');
    await page.getByRole('button', { name: 'Expand Food' }).click();
    await expect(page.locator('.report-trend__chart .recharts-bar-rectangle')).toHaveCount(2);
    // Axis labels take the theme's text colour.
    const tickFill = await page
      .locator('.report-trend__chart .recharts-cartesian-axis-tick-value')
      .first()
      .evaluate((el) => getComputedStyle(el).fill);
    expect(tickFill).toBe('rgb(229, 231, 235)');
    await snap(page, testInfo, 'reports-dark');
    await bar(page, 'Food').click();
    await expect(page.getByRole('dialog', { name: /^Food, / }).locator('tbody tr[data-row-id]')).toHaveCount(4);
    await snap(page, testInfo, 'reports-dark-drill-down');
  });
});
