/**
 * The Dashboard (docs/rules/forecast.md, "Dashboard") and the savings jars of the
 * Accounts page (issue 7), at desktop width and 768 px, against the running app with svc-budget:
 * a chart per account and for net worth with High / Low markers, the history and net-worth
 * toggles, maximize and close (desktop), the stacked list (mobile), chart aspect 3 / 1.5, the
 * widget with an envelope and a jar, a jar added / edited / deleted on /accounts and seen in the
 * widget, the empty states, the low-balance warning after a big planned bill, Dark Mode and
 * Blue Ocean. Screens go to test-results/screens/.
 */
import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  api,
  expect,
  isMobile,
  localToday,
  ok,
  openScreen,
  registerViaApi,
  signInWithToken,
  snap,
  test,
  type TestUser,
} from './support/fixtures';
import {
  addMonths,
  createAccount,
  createCategory,
  createTransaction,
  daysIn,
  MONTH_NAMES,
  pad,
  SHORT_MONTH_NAMES,
} from './support/ledger';
import { planPayment } from './support/budget';

const today = localToday();
const thisMonth = today.slice(0, 7);
const monthWord = MONTH_NAMES[Number(today.slice(5, 7)) - 1];
/** `2027-03-14` -> `Mar 14, 2027`, as the warning says it. */
const longDate = (date: string) =>
  `${SHORT_MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;

// ----- seeding -----

interface Household {
  user: TestUser;
  checking: number;
  savings: number;
}

/** Checking 10,000 with a planned 400 bill next month and a Groceries envelope (100 spent of 300); Savings 8,000 with a jar. */
async function seedHousehold(request: APIRequestContext): Promise<Household> {
  const user = await registerViaApi(request);
  const checking = (await createAccount(request, user, 'Checking', 10000)).id;
  const savings = (await createAccount(request, user, 'Savings', 8000)).id;
  const groceries = await createCategory(request, user, 'Groceries');
  await createTransaction(request, user, checking, {
    date: today,
    payee: 'Grocer',
    amount: -100,
    category_id: groceries,
    status: 'x',
  });
  await ok(
    api(request, user, 'POST', '/budget/category', {
      account_id: checking,
      category_id: groceries,
      month: thisMonth,
      amount: 300,
    }),
  );
  await planPayment(request, user, checking, 'Insurance', 10, addMonths(`${thisMonth}-01`, 1).slice(0, 7), 400);
  await ok(
    api(request, user, 'POST', '/budget/goals', { name: 'Holiday Fund', account_id: savings, target_amount: 10000 }),
  );
  return { user, checking, savings };
}

// ----- locators -----

const chartCard = (page: Page, name: string): Locator =>
  page.locator('.dash-card').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
const cardNames = (page: Page) => page.locator('.dash-card .dash-card__title').allTextContents();
/** Each warning's words (without its Dismiss button). */
const warnings = (page: Page): Locator =>
  page.getByRole('list', { name: 'Low balance warnings' }).getByRole('listitem').locator('.dash-warning__text');

/** A client-side navigation (the shell's router), so the query cache stays as it is. */
async function spaNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function openDashboard(page: Page, user: TestUser): Promise<void> {
  await openScreen(page, user, '/dashboard', 'Dashboard');
}

/** Every card's chart drawn (recharts is lazy-loaded) with its High and Low markers. */
async function expectChartsDrawn(page: Page, names: string[]): Promise<void> {
  await expect.poll(() => cardNames(page)).toEqual(names);
  for (const name of names) {
    const card = chartCard(page, name);
    await expect(card.locator('.recharts-area-area')).toHaveCount(1);
    await expect(card.locator('[data-marker="high"]')).toHaveCount(1);
    await expect(card.locator('[data-marker="low"]')).toHaveCount(1);
  }
}

test.describe('dashboard', () => {
  test('a chart per account and net worth with High / Low markers, the toggles, maximize (desktop) and the widget', async ({
    page,
    request,
  }, testInfo) => {
    const h = await seedHousehold(request);
    await openDashboard(page, h.user);
    await expect(page.getByText('This report shows your balance projection based on your budget.')).toBeVisible();
    await expectChartsDrawn(page, ['Net Worth', 'Checking', 'Savings']);

    // Markers: labels above (High, -15) and below (Low, +22) the dot of radius 8, positive colour (all balances stay above 0).
    const checking = chartCard(page, 'Checking');
    const high = checking.locator('[data-marker="high"]');
    const low = checking.locator('[data-marker="low"]');
    await expect(high.locator('text')).toHaveText('High: $9,900.00'); // today: 10,000 - 100
    await expect(low.locator('text')).toHaveText(/^Low: \$/);
    for (const [marker, offset] of [
      [high, -15],
      [low, 22],
    ] as const) {
      const geometry = await marker.evaluate((g) => {
        const dot = g.querySelector('circle')!;
        const label = g.querySelector('text')!;
        return {
          r: dot.getAttribute('r'),
          dy: Number(label.getAttribute('y')) - Number(dot.getAttribute('cy')),
          fill: getComputedStyle(dot).fill,
          tone: g.getAttribute('data-tone'),
        };
      });
      expect(geometry.r).toBe('8');
      expect(geometry.dy).toBeCloseTo(offset, 5);
      expect(geometry.tone).toBe('positive');
      expect(geometry.fill).toMatch(/^(rgb|color)/);
    }
    // No account goes below zero: no warning.
    await expect(warnings(page)).toHaveCount(0);

    // Y ticks: a round domain including $0; x labels on January and even months only.
    const yTicks = await checking
      .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
      .allTextContents();
    expect(yTicks).toContain('$0');
    expect(yTicks.length).toBeGreaterThanOrEqual(3);
    expect(yTicks.length).toBeLessThanOrEqual(6);
    const xTicks = await checking
      .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
      .allTextContents();
    expect(xTicks.length).toBeGreaterThan(3);
    for (const label of xTicks) expect(label).toMatch(/^(Jan ?\d{4}|Feb|Apr|Jun|Aug|Oct|Dec)$/);

    // Chart aspect: 3 on desktop, 1.5 on mobile.
    const box = (await checking.locator('.recharts-responsive-container').boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(isMobile(testInfo) ? 1.5 : 3, 1);

    // The widget: this month's envelope and the jar.
    const envelopes = page.getByRole('region', { name: `Everyday Expenses (${monthWord})` });
    await expect(envelopes.getByRole('listitem')).toHaveCount(1);
    await expect(envelopes.getByRole('listitem')).toContainText('Groceries');
    await expect(envelopes.getByRole('listitem')).toContainText('$200.00 left');
    await expect(envelopes.getByRole('listitem')).toContainText('Checking');
    await expect(envelopes.getByRole('progressbar', { name: 'Groceries remaining' })).toHaveAttribute(
      'aria-valuenow',
      '67',
    );
    await expect(envelopes.getByRole('progressbar', { name: 'Groceries remaining' })).toHaveAttribute(
      'data-tone',
      'green',
    );
    const jars = page.getByRole('region', { name: `Savings Jars (${monthWord})` });
    await expect(jars.getByRole('listitem')).toContainText('Holiday Fund');
    await expect(jars.getByRole('listitem')).toContainText(/\$[\d,]+\.\d\d saved/);
    await snap(page, testInfo, 'dashboard');

    // Net worth toggle (desktop and mobile).
    await page.getByRole('button', { name: 'Hide Net Worth' }).click();
    await expect.poll(() => cardNames(page)).toEqual(['Checking', 'Savings']);
    await page.getByRole('button', { name: 'Show Net Worth' }).click();
    await expectChartsDrawn(page, ['Net Worth', 'Checking', 'Savings']);

    if (isMobile(testInfo)) {
      // Mobile: a stacked list, only the net-worth toggle, no maximize.
      await expect(page.locator('.dash-list')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Show Full Year History' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Maximize/ })).toHaveCount(0);
      const [first, second] = await page
        .locator('.dash-card')
        .evaluateAll((els) => els.slice(0, 2).map((el) => el.getBoundingClientRect().top));
      expect(second).toBeGreaterThan(first);
      return;
    }

    // Desktop: a grid (two charts side by side).
    const tops = await page
      .locator('.dash-card')
      .evaluateAll((els) => els.slice(0, 2).map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(tops[0]).toBe(tops[1]);

    // Full year history: refetched with fullHistory=true, the chart starts about 12 months back.
    const pointsBefore = await checking
      .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
      .count();
    const [full] = await Promise.all([
      page.waitForRequest(
        (r) => r.url().includes('/api/dashboard/balance_projection') && r.url().includes('fullHistory=true'),
      ),
      page.getByRole('button', { name: 'Show Full Year History' }).click(),
    ]);
    expect(full.method()).toBe('GET');
    await expect(page.getByRole('button', { name: 'Show Less History' })).toBeVisible();
    await expect
      .poll(() => checking.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').count())
      .toBeGreaterThan(pointsBefore);
    await snap(page, testInfo, 'dashboard-full-history');
    await page.getByRole('button', { name: 'Show Less History' }).click();
    await expect(page.getByRole('button', { name: 'Show Full Year History' })).toBeVisible();
    await expect
      .poll(() => checking.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').count())
      .toBe(pointsBefore);

    // Maximize a chart: a modal with the chart, closed with ×.
    await page.getByRole('button', { name: 'Maximize Checking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checking' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-marker="high"]')).toHaveCount(1);
    const big = (await dialog.locator('.recharts-responsive-container').boundingBox())!;
    expect(big.width).toBeGreaterThan(box.width);
    expect(big.width / big.height).toBeCloseTo(3, 1);
    await snap(page, testInfo, 'dashboard-maximized');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('the empty states: no accounts, and an account with no widget data', async ({ page, request }, testInfo) => {
    const user = await registerViaApi(request);
    await openDashboard(page, user);
    await expect(
      page.getByText('No accounts found. Please add an account to see your balance projection.'),
    ).toBeVisible();
    await expect(page.locator('.dash-widgets')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Net Worth/ })).toHaveCount(0);
    await snap(page, testInfo, 'dashboard-empty');

    // Accounts page: no jars, and no add form without an account.
    await page.goto('/accounts');
    const jars = page.getByRole('region', { name: 'Savings Jars', exact: true });
    await expect(jars.getByText('No savings jars yet. Add one below to start saving toward a goal.')).toBeVisible();
    await expect(jars.getByText('Add an account first: a savings jar saves in one of your accounts.')).toBeVisible();

    // One account, no envelopes and no jars: charts but no widget block.
    await createAccount(request, user, 'Checking', 100);
    await page.goto('/dashboard');
    await expectChartsDrawn(page, ['Net Worth', 'Checking']);
    await expect(page.locator('.dash-widgets')).toHaveCount(0);
    await expect(page.getByText(/Everyday Expenses|Savings Jars/)).toHaveCount(0);
  });

  test('a savings jar added, edited and deleted on /accounts shows in the dashboard widget', async ({
    page,
    request,
  }, testInfo) => {
    const user = await registerViaApi(request);
    await createAccount(request, user, 'Checking', 1200);
    await createAccount(request, user, 'Rainy Day', 3000);
    // The dashboard first (its widget cached without jars), then /accounts without a reload.
    await openDashboard(page, user);
    await expectChartsDrawn(page, ['Net Worth', 'Checking', 'Rainy Day']);
    await expect(page.locator('.dash-widgets')).toHaveCount(0);
    await spaNavigate(page, '/accounts');
    const section = page.getByRole('region', { name: 'Savings Jars', exact: true });
    await expect(section.getByText('No savings jars yet. Add one below to start saving toward a goal.')).toBeVisible();
    const form = section.getByRole('form', { name: 'Add savings jar' });
    await form.getByLabel('Jar name').fill('New Car');
    await form.getByLabel('Account').selectOption({ label: 'Rainy Day' });
    await form.getByLabel('Target amount').fill('0');
    await form.getByRole('button', { name: 'Add Jar' }).click();
    await expect(form.getByText('The target amount must be more than $0.')).toBeVisible();
    await form.getByLabel('Target amount').fill('15000');
    await form.getByRole('button', { name: 'Add Jar' }).click();
    await expect(section.getByRole('status')).toHaveText('Savings jar created successfully.');
    const item = section.getByRole('list', { name: 'Savings jars' }).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('New Car');
    await expect(item).toContainText('Rainy Day');
    await expect(item).toContainText('$15,000.00');
    const [goal] = await ok<Array<{ saved_amount: number; target_amount: number }>>(
      api(request, user, 'GET', '/budget/goals'),
    );
    const saved = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(goal.saved_amount);
    await expect(item).toContainText(`${saved} of $15,000.00`);
    await expect(item.getByRole('progressbar', { name: 'New Car saved' })).toHaveAttribute(
      'aria-valuenow',
      String(Math.round((goal.saved_amount / 15000) * 100)),
    );
    // The message goes after 3 s.
    await expect(section.getByRole('status')).toHaveCount(0, { timeout: 5000 });
    await snap(page, testInfo, 'accounts-jars');

    // The dashboard's widget lists it (a client-side navigation: no reload).
    await spaNavigate(page, '/dashboard');
    const jars = page.getByRole('region', { name: `Savings Jars (${monthWord})` });
    await expect(jars.getByRole('listitem')).toContainText('New Car');
    await expect(jars.getByRole('listitem')).toContainText(`${saved} saved`);

    // Edit (name and target), then the widget follows.
    await page.goto('/accounts');
    await section.getByRole('button', { name: 'Edit New Car' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Savings Jar' });
    await dialog.getByLabel('Jar name').fill('Electric Car');
    await dialog.getByLabel('Target amount').fill('20000');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(section.getByRole('status')).toHaveText('Savings jar updated successfully.');
    await expect(item).toContainText('Electric Car');
    await expect(item).toContainText('$20,000.00');
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: `Savings Jars (${monthWord})` }).getByRole('listitem')).toContainText(
      'Electric Car',
    );

    // Delete with a confirmation: the widget goes (no envelopes either).
    await page.goto('/accounts');
    await section.getByRole('button', { name: 'Delete Electric Car' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Electric Car?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(item).toHaveCount(1);
    await section.getByRole('button', { name: 'Delete Electric Car' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(section.getByRole('status')).toHaveText('Savings jar deleted successfully.');
    await expect(section.getByText('No savings jars yet. Add one below to start saving toward a goal.')).toBeVisible();
    await page.goto('/dashboard');
    await expectChartsDrawn(page, ['Net Worth', 'Checking', 'Rainy Day']);
    await expect(page.locator('.dash-widgets')).toHaveCount(0);
  });

  test('a big planned bill makes the low-balance warning appear for the account (net worth never warns)', async ({
    page,
    request,
  }, testInfo) => {
    const user = await registerViaApi(request);
    const checking = (await createAccount(request, user, 'Checking', 500)).id;
    await openDashboard(page, user);
    await expectChartsDrawn(page, ['Net Worth', 'Checking']);
    await expect(warnings(page)).toHaveCount(0);
    await expect(chartCard(page, 'Checking').locator('[data-marker="low"]')).toHaveAttribute('data-tone', 'positive');

    // A 2,000.00 bill on the 15th of next month.
    const next = addMonths(`${thisMonth}-01`, 1);
    const [y, m] = next.split('-').map(Number);
    const due = `${y}-${pad(m)}-${pad(Math.min(15, daysIn(y, m)))}`;
    await planPayment(request, user, checking, 'Roof Repair', 15, next.slice(0, 7), 2000);
    await page.reload();
    await expectChartsDrawn(page, ['Net Worth', 'Checking']);
    await expect(warnings(page)).toHaveText([`Checking will go below $0.00 on ${longDate(due)}, to -$1,500.00`]);
    const low = chartCard(page, 'Checking').locator('[data-marker="low"]');
    await expect(low).toHaveAttribute('data-tone', 'destructive');
    await expect(low).toHaveAttribute('data-date', due);
    await expect(low.locator('text')).toHaveText('Low: -$1,500.00');
    await expect(chartCard(page, 'Checking').locator('[data-marker="high"]')).toHaveAttribute('data-tone', 'positive');
    await snap(page, testInfo, 'dashboard-warning');
  });

  for (const theme of [
    { id: 'dark', name: 'Dark Mode', mainText: 'rgb(229, 231, 235)', mainBg: '#111827' },
    { id: 'blue', name: 'Blue Ocean', mainText: 'rgb(8, 47, 73)', mainBg: '#e0f2fe' },
  ] as const) {
    test(`${theme.name}: the charts, markers and widget read well`, async ({ page, request }, testInfo) => {
      const h = await seedHousehold(request);
      // Checking goes below zero (net worth does not).
      await planPayment(
        request,
        h.user,
        h.checking,
        'Big Bill',
        20,
        addMonths(`${thisMonth}-01`, 2).slice(0, 7),
        12000,
      );
      const pref = await api(request, h.user, 'PUT', '/themes/preference', { theme_id: theme.id });
      expect(pref.status, JSON.stringify(pref.body)).toBeLessThan(300);
      await openDashboard(page, h.user);
      await expect
        .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mainBg').trim()))
        .toBe(theme.mainBg);
      await expectChartsDrawn(page, ['Net Worth', 'Checking', 'Savings']);
      await expect(warnings(page).first()).toContainText('Checking will go below $0.00 on');
      const checking = chartCard(page, 'Checking');
      // Axis labels take the theme's text colour; the markers differ from the card's background.
      const tickFill = await checking
        .locator('.recharts-cartesian-axis-tick-value')
        .first()
        .evaluate((el) => getComputedStyle(el).fill);
      expect(tickFill).toBe(theme.mainText);
      const [positive, destructive, card] = await Promise.all([
        checking.locator('[data-marker="high"] circle').evaluate((el) => getComputedStyle(el).fill),
        checking.locator('[data-marker="low"] circle').evaluate((el) => getComputedStyle(el).fill),
        checking.evaluate((el) => getComputedStyle(el).backgroundColor),
      ]);
      expect(new Set([positive, destructive, card]).size).toBe(3);
      await snap(page, testInfo, `dashboard-${theme.id}`);
      await page.goto('/accounts');
      await expect(page.getByRole('region', { name: 'Savings Jars', exact: true }).getByRole('listitem')).toHaveCount(
        1,
      );
      await snap(page, testInfo, `accounts-jars-${theme.id}`);
    });
  }

  test('while recharts loads, each chart is drawn as plain SVG with the same ticks and markers, in the box recharts then fills', async ({
    page,
    request,
  }) => {
    const h = await seedHousehold(request);
    // Hold back mf-budget's chunk that carries recharts until the first draw has been checked.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/mf\/mf-budget\/.+\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (!route.request().url().endsWith('/remoteEntry.js') && body.includes('recharts-responsive-container'))
        await released;
      await route.fulfill({ response, body });
    });
    // The held chunk would hold the page's load event: do not wait for it.
    await signInWithToken(page, h.user, null);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect.poll(() => cardNames(page)).toEqual(['Net Worth', 'Checking', 'Savings']);
    const checking = chartCard(page, 'Checking');
    const chart = checking.getByRole('img', {
      name: /^Checking balance projection, .+ Projected High: \$9,900\.00 on /,
    });
    await expect(chart.locator('svg.dash-sketch .dash-sketch__area')).toHaveCount(1);
    await expect(page.locator('.recharts-area-area')).toHaveCount(0);
    const sketchYTicks = await chart.locator('svg.dash-sketch > text[text-anchor="end"]').allTextContents();
    expect(sketchYTicks).toContain('$0');
    await expect(chart.locator('.dash-marker--high text')).toHaveText('High: $9,900.00');
    const before = (await chart.boundingBox())!;

    release();
    await expectChartsDrawn(page, ['Net Worth', 'Checking', 'Savings']);
    await expect(chart.locator('svg.dash-sketch')).toHaveCount(0);
    expect(
      await checking.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents(),
    ).toEqual(sketchYTicks);
    const after = (await chart.boundingBox())!;
    for (const key of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(after[key] - before[key])).toBeLessThanOrEqual(1);
  });

  test('weight: the dashboard route loads at most 320 KiB of gzipped JavaScript (and prints its time to the first chart)', async ({
    page,
    request,
  }, testInfo) => {
    test.skip(isMobile(testInfo), 'measured once, at desktop width');
    const h = await seedHousehold(request);
    await signInWithToken(page, h.user, null);
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    });
    const started = Date.now();
    await page.goto('/dashboard');
    await expect(page.locator('.dash-card .recharts-area-area').first()).toBeVisible();
    const firstChartMs = Date.now() - started;
    await expectChartsDrawn(page, ['Net Worth', 'Checking', 'Savings']);
    await page.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    testInfo.annotations.push({
      type: 'dashboard route',
      description: `${(total / 1024).toFixed(1)} KiB gzipped JS in ${scripts.size} scripts; first chart after ${firstChartMs} ms`,
    });
    console.log(
      `[dashboard] ${(total / 1024).toFixed(1)} KiB gzipped JS in ${scripts.size} scripts; first chart ${firstChartMs} ms after navigation`,
    );
    expect(total).toBeLessThanOrEqual(320 * 1024);
    // The time to the first chart is printed, not asserted (no timings in tests): npm run bench -- dashboard measures it.
  });
});
