/**
 * Issue 26 "Daily use, round two", items 6 to 11 (dashboard, budget and reports), as a person
 * meets them at 1280 and 768 px: chart axis labels that fit or abbreviate exactly, envelopes
 * edited in place with the Predictables' keys, a CSV whose Amount column sums to the report's
 * total, empty states that say so and lead on, the envelope "Left" amount readable in every
 * built-in theme, and pages that do not jump (layout shift measured by the browser itself).
 */
import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { api, expect, localToday, ok, openScreen, registerViaApi, snap, test, type TestUser } from './support/fixtures';
import { addMonths, createAccount, createCategory, createTransaction, money, MONTH_NAMES } from './support/ledger';

const today = localToday();
const thisMonth = today.slice(0, 7);
const nextMonth = addMonths(`${thisMonth}-01`, 1).slice(0, 7);
const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** An axis label as the issue asks: a "$" and whole digits, or an exact abbreviation ($1.2M). */
const AXIS_LABEL = /^-?\$(\d{1,3}(,\d{3})*|\d{1,3}(\.\d{1,2})?[KMBT])$/;

/** The y labels of a chart and whether each lies wholly inside the chart's own box (nothing clipped). */
async function yLabels(chart: Locator): Promise<{ text: string; inside: boolean }[]> {
  return chart.evaluate((box) => {
    const frame = box.getBoundingClientRect();
    return [...box.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')].map((t) => {
      const r = t.getBoundingClientRect();
      return { text: t.textContent ?? '', inside: r.left >= frame.left - 0.5 && r.right <= frame.right + 0.5 };
    });
  });
}

async function addEnvelope(
  request: Parameters<typeof registerViaApi>[0],
  user: TestUser,
  account: number,
  category: number,
  amount: number,
) {
  return ok<{ id: number }>(
    api(request, user, 'POST', '/budget/category', {
      account_id: account,
      category_id: category,
      month: thisMonth,
      amount,
    }),
  );
}

const envelopeGrid = (page: Page, month: string) =>
  page.getByRole('grid', { name: `Envelopes of ${monthLabel(month)}` });
const envelopeRow = (page: Page, month: string, category: string) =>
  envelopeGrid(page, month)
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: category, exact: true }) });

test('chart axis labels fit or abbreviate exactly: a $1.2M month on the trend, a $10M+ balance on the dashboard', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  const account = await createAccount(request, user, 'Treasury', 12_000_000);
  const house = await createCategory(request, user, 'House');
  await createTransaction(request, user, account.id, {
    date: today,
    payee: 'Builder',
    amount: -1_200_000,
    category_id: house,
  });

  await openScreen(page, user, '/reports', 'Reports');
  const trend = page.locator('.report-trend__chart');
  await expect(trend.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect.poll(async () => (await yLabels(trend)).length).toBeGreaterThan(2);
  const trendLabels = await yLabels(trend);
  expect(trendLabels.map((l) => l.text)).toContain('$1.2M');
  for (const label of trendLabels) {
    expect(label.text).toMatch(AXIS_LABEL);
    expect(label, `trend label ${label.text} clipped`).toMatchObject({ inside: true });
  }
  await snap(page, testInfo, 'daily-trend-millions');

  await page.goto('/dashboard');
  const chart = page.locator('[data-chart="account-' + account.id + '"] .dash-chart');
  await expect(chart.locator('.recharts-area-area')).toHaveCount(1);
  await expect.poll(async () => (await yLabels(chart)).length).toBeGreaterThan(2);
  const dashLabels = await yLabels(chart);
  expect(dashLabels.map((l) => l.text)).toContain('$10M');
  for (const label of dashLabels) {
    expect(label.text).toMatch(AXIS_LABEL);
    expect(label, `dashboard label ${label.text} clipped`).toMatchObject({ inside: true });
  }
  await snap(page, testInfo, 'daily-dashboard-millions');
});

test('an envelope is edited in place with the grid’s keys; a carried month becomes its own, the earlier one stays', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  const account = await createAccount(request, user, 'Checking', 1000);
  const groceries = await createCategory(request, user, 'Groceries');
  await addEnvelope(request, user, account.id, groceries, 200);
  const envelopesOf = async (month: string) =>
    (
      await ok<{ category_name: string; amount: number; rollover_enabled: boolean; carried_from: string | null }[]>(
        api(request, user, 'GET', `/budget/category/${account.id}/${month}`),
      )
    ).map((e) => ({ amount: e.amount, rollover: e.rollover_enabled, carried_from: e.carried_from }));

  await openScreen(page, user, '/budget', 'Budget Planner');
  const row = envelopeRow(page, thisMonth, 'Groceries');
  await expect(row.getByRole('button', { name: 'Delete Groceries' })).toBeVisible();
  // The Edit button opens the amount; Enter saves it.
  await row.getByRole('button', { name: 'Edit Groceries' }).click();
  const amount = row.getByRole('textbox', { name: 'Groceries amount' });
  await expect(amount).toBeFocused();
  await expect(amount).toHaveValue('200.00');
  await page.keyboard.type('250');
  await page.keyboard.press('Enter');
  await expect(row.locator('td').nth(0)).toHaveText(money(250));
  await expect.poll(() => envelopesOf(thisMonth)).toEqual([{ amount: 250, rollover: true, carried_from: null }]);

  // Escape cancels: nothing changes.
  await row.getByRole('button', { name: 'Edit Groceries' }).click();
  await page.keyboard.type('999');
  await page.keyboard.press('Escape');
  await expect(row.getByRole('textbox')).toHaveCount(0);
  await expect(row.locator('td').nth(0)).toHaveText(money(250));

  // Next month shows it carried forward; typing on the Amount cell edits it, Tab saves and goes to Rollover,
  // Enter opens its checkbox, Space unticks it, Enter saves.
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByText(`Carried forward from ${monthLabel(thisMonth)}.`)).toBeVisible();
  const next = envelopeRow(page, nextMonth, 'Groceries');
  await next.locator('td').nth(0).focus();
  await page.keyboard.type('300');
  await page.keyboard.press('Tab');
  await expect(next.locator('td').nth(0)).toHaveText(money(300));
  await expect(next.locator('td').nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(next.getByRole('checkbox', { name: 'Rolls over' })).toBeChecked();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(next.locator('td').nth(1)).toContainText('off');
  await expect(page.getByText(`Carried forward from ${monthLabel(thisMonth)}.`)).toHaveCount(0);
  await expect.poll(() => envelopesOf(nextMonth)).toEqual([{ amount: 300, rollover: false, carried_from: null }]);
  expect(await envelopesOf(thisMonth)).toEqual([{ amount: 250, rollover: true, carried_from: null }]);
  await snap(page, testInfo, 'daily-envelope-edited');
});

test('the CSV of spending by category sums, in a spreadsheet, to the report’s total: each cent once', async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request);
  const account = await createAccount(request, user, 'Checking', 5000);
  const food = await createCategory(request, user, 'Food');
  const groceries = await createCategory(request, user, 'Groceries', food);
  const dining = await createCategory(request, user, 'Dining', food);
  const rows: [number | null, number][] = [
    [food, -5],
    [groceries, -120.1],
    [groceries, 20.05],
    [dining, -30],
    [null, -7.77],
  ];
  for (const [category_id, amount] of rows)
    await createTransaction(request, user, account.id, { date: today, payee: 'Shop', amount, category_id });
  // Spending counted once per row, in cents (docs/rules/reports.md): 500 + 12010 - 2005 + 3000 + 777.
  const expectedCents = rows.reduce((sum, [, amount]) => sum - Math.round(amount * 100), 0);

  await openScreen(page, user, '/reports', 'Reports');
  await expect(page.locator('.report-total')).toContainText(money(expectedCents / 100));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const lines = readFileSync(await download.path(), 'utf8')
    .trim()
    .split(/\r\n/);
  expect(lines[0]).toBe('Category,Parent,Amount,Subtotal');
  const cells = lines.slice(1).map((line) => line.split(','));
  expect(cells.map(([category, parent]) => [category, parent])).toEqual([
    ['Food', ''],
    ['Groceries', 'Food'],
    ['Dining', 'Food'],
    ['Uncategorized', ''],
  ]);
  for (const [, , amount] of cells) expect(amount).toMatch(/^-?\d+\.\d{2}$/);
  const sumCents = cells.reduce((sum, [, , amount]) => sum + Math.round(Number(amount) * 100), 0);
  expect(sumCents).toBe(expectedCents);
  expect(cells[0][3]).toBe('135.05');
});

test('empty states: no accounts leads to adding one; an empty Monthly Trend says there is nothing yet', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  await openScreen(page, user, '/dashboard', 'Dashboard');
  await expect(
    page.getByText('No accounts found. Please add an account to see your balance projection.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Add an Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Accounts' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add account' })).toBeVisible();

  await page.goto('/budget');
  await expect(page.getByText("You don't have any accounts. Please add an account to create a budget.")).toBeVisible();
  await snap(page, testInfo, 'daily-budget-empty');
  await page.getByRole('link', { name: 'Add an Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Accounts' })).toBeVisible();

  await createAccount(request, user, 'Checking', 100);
  await page.goto('/reports');
  const trend = page.getByRole('region', { name: 'Monthly Trend' });
  await expect(trend.getByText('Nothing to chart yet: no spending or income in the selected period.')).toBeVisible();
  await expect(trend.locator('.recharts-surface')).toHaveCount(0);
  await snap(page, testInfo, 'daily-trend-empty');
});

/** WCAG contrast of two computed colours: `rgb(r, g, b)` (0-255) or `color(srgb r g b)` (0-1, a color-mix result). */
function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const scale = css.startsWith('color(srgb') ? 1 : 255;
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / scale;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

for (const theme of [
  { id: 'default', name: 'Default' },
  { id: 'dark', name: 'Dark Mode' },
  { id: 'blue', name: 'Blue Ocean' },
]) {
  test(`${theme.name}: the envelope "Left" amounts (green, orange, red) read at 4.5:1`, async ({
    page,
    request,
  }, testInfo) => {
    const user = await registerViaApi(request);
    await ok(api(request, user, 'PUT', '/themes/preference', { theme_id: theme.id }));
    const account = await createAccount(request, user, 'Checking', 1000);
    // Left 80 % (green), 20 % (orange), 5 % (red).
    for (const [name, spent] of [
      ['Books', 20],
      ['Fuel', 80],
      ['Toys', 95],
    ] as const) {
      const category = await createCategory(request, user, name);
      await addEnvelope(request, user, account.id, category, 100);
      await createTransaction(request, user, account.id, {
        date: today,
        payee: 'Shop',
        amount: -spent,
        category_id: category,
      });
    }
    await openScreen(page, user, '/budget', 'Budget Planner');
    const left = envelopeGrid(page, thisMonth).locator('td.budget-left');
    await expect(left).toHaveText([money(80), money(20), money(5)]);
    const pairs = await left.evaluateAll((cells) =>
      cells.map((cell) => {
        let node: Element | null = cell;
        let background = '';
        while (node && !background) {
          const bg = getComputedStyle(node).backgroundColor;
          if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) background = bg;
          node = node.parentElement;
        }
        return { text: cell.textContent, color: getComputedStyle(cell).color, background };
      }),
    );
    for (const pair of pairs)
      expect(
        contrast(pair.color, pair.background),
        `${pair.text}: ${pair.color} on ${pair.background}`,
      ).toBeGreaterThanOrEqual(4.5);
    await snap(page, testInfo, `daily-envelopes-${theme.id}`);
  });
}

/** Sums the page's layout shifts (CLS as the browser reports them), from before the first paint. */
async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift);

test('the Dashboard and the Budget Planner draw without layout shift; a success message does not push the list', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  const checking = await createAccount(request, user, 'Checking', 2500);
  const savings = await createAccount(request, user, 'Savings', 800);
  const food = await createCategory(request, user, 'Food');
  await addEnvelope(request, user, checking.id, food, 300);
  await ok(
    api(request, user, 'POST', '/budget/goals', { name: 'Holiday', account_id: savings.id, target_amount: 2000 }),
  );
  await ok(
    api(request, user, 'POST', `/budget/${checking.id}`, { payee: 'Landlord', item_type: 'payment', day_of_month: 1 }),
  );

  await watchLayoutShift(page);
  await openScreen(page, user, '/dashboard', 'Dashboard');
  await expect(page.locator('.dash-card .recharts-area-area')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: /Everyday Expenses/ })).toBeVisible();
  const dashboardShift = await layoutShift(page);
  testInfo.annotations.push({ type: 'dashboard layout shift', description: dashboardShift.toFixed(3) });
  expect(dashboardShift).toBeLessThan(0.1);

  await page.goto('/budget');
  await expect(envelopeRow(page, thisMonth, 'Food')).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Planned Payments' }).getByText('Landlord')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Piggy Banks' })).toBeVisible();
  const budgetShift = await layoutShift(page);
  testInfo.annotations.push({ type: 'budget layout shift', description: budgetShift.toFixed(3) });
  expect(budgetShift).toBeLessThan(0.1);

  // A success message (a jar added on the Accounts page) is announced and leaves the list where it was.
  await page.goto('/accounts');
  const section = page.getByRole('region', { name: 'Savings Jars', exact: true });
  const list = section.getByRole('list', { name: 'Savings jars' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const before = (await list.boundingBox())!.y;
  const form = section.getByRole('form', { name: 'Add savings jar' });
  await form.getByLabel('Jar name').fill('New Car');
  await form.getByRole('combobox').selectOption({ label: 'Savings' });
  await form.getByLabel('Target amount').fill('15000');
  await form.getByRole('button', { name: 'Add Jar' }).click();
  const status = section.getByRole('status');
  await expect(status).toHaveText('Savings jar created successfully.');
  await expect(section.locator('[aria-live="polite"]').getByRole('status')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  expect((await list.boundingBox())!.y).toBe(before);
  await snap(page, testInfo, 'daily-success-toast');
  await expect(status).toHaveCount(0, { timeout: 5000 });
  expect((await list.boundingBox())!.y).toBe(before);
});
