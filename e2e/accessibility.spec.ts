/**
 * Issue 10, "Accessible in every theme": axe-core on every screen in every built-in theme at
 * both widths; any serious or critical violation fails. Each screen is saved under
 * test-results/screens/<project>-a11y-<theme>-<screen>.png and in the run's artifacts folder. The signed-out screens (login,
 * register) only ever show the Default theme (a sign-out resets the colours), so they are checked
 * once. The focus ring is checked apart: axe does not measure it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import {
  api,
  expect,
  isMobile,
  localToday,
  registerViaApi,
  signInWithToken,
  snap,
  test,
  uniqueEmail,
  type TestUser,
} from './support/fixtures';
import { addDays, cell, createAccount, createCategory, createTransaction, rowOf } from './support/ledger';

const THEMES = [
  { id: 'default', name: 'Default' },
  { id: 'dark', name: 'Dark Mode' },
  { id: 'blue', name: 'Blue Ocean' },
] as const;

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it is; returns the serious and critical violations, named by screen. */
async function audit(page: Page, screen: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      screen,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1).join(' ') ?? ''}`.trim()),
    }));
}

async function check(page: Page, testInfo: TestInfo, findings: Finding[], name: string): Promise<void> {
  // Nothing still loading: the screen as the user reads it.
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  findings.push(...(await audit(page, name)));
  await snap(page, testInfo, `a11y-${name}`);
  // Also kept with this run's artifacts: test-results/screens/ is emptied by every run's global setup.
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** WCAG contrast of two computed `rgb(r, g, b)` colours. */
function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The focused element's outline and the background it sits on (the nearest opaque one). */
async function focusRing(
  page: Page,
): Promise<{ style: string; width: number; color: string; background: string; text: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const cs = getComputedStyle(el);
    let node: HTMLElement | null = el.parentElement;
    let background = 'rgb(255, 255, 255)';
    while (node) {
      const bg = getComputedStyle(node).backgroundColor;
      if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) {
        background = bg;
        break;
      }
      node = node.parentElement;
    }
    return {
      style: cs.outlineStyle,
      width: parseFloat(cs.outlineWidth),
      color: cs.outlineColor,
      background,
      text: el.textContent?.trim() ?? '',
    };
  });
}

/** Tabs to the first focusable element inside `scope` and checks its ring reads at 3:1 or more. */
async function expectVisibleFocusRing(page: Page, within: string, label: string): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((sel) => !!document.activeElement?.closest(sel), within)) break;
  }
  const ring = await focusRing(page);
  expect(ring.style, `${label}: focus outline on "${ring.text}"`).not.toBe('none');
  expect(ring.width, `${label}: focus outline width`).toBeGreaterThanOrEqual(2);
  expect(
    contrast(ring.color, ring.background),
    `${label}: ring ${ring.color} on ${ring.background}`,
  ).toBeGreaterThanOrEqual(3);
}

const report = (findings: Finding[]) =>
  findings.map((f) => `${f.screen}: [${f.impact}] ${f.rule} (${f.help})\n    ${f.targets.join('\n    ')}`).join('\n');

test('signed-out screens (login, register) have no serious or critical axe violations', async ({ page }, testInfo) => {
  const findings: Finding[] = [];
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check(page, testInfo, findings, 'signed-out-login');
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check(page, testInfo, findings, 'signed-out-register');
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
  await check(page, testInfo, findings, 'signed-out-help');
  expect(findings, report(findings)).toEqual([]);
});

/** A household with an account, categories and rows (past, today, future: the TODAY separator). */
async function seed(
  request: Parameters<typeof registerViaApi>[0],
  themeId: string,
): Promise<{ user: TestUser; accountId: number }> {
  const user = await registerViaApi(request, { email: uniqueEmail(`a11y-${themeId}`) });
  const pref = await api(request, user, 'PUT', '/themes/preference', { theme_id: themeId });
  expect(pref.status, JSON.stringify(pref.body)).toBe(200);
  const account = await createAccount(request, user, 'Everyday Checking', 1500);
  await createAccount(request, user, 'Savings', 5000);
  const food = await createCategory(request, user, 'Food');
  await createCategory(request, user, 'Groceries', food);
  await createCategory(request, user, 'Rent');
  await createTransaction(request, user, account.id, {
    date: addDays(localToday(), -3),
    payee: 'Corner Market',
    amount: -42.5,
    category_id: food,
    status: 'x',
  });
  await createTransaction(request, user, account.id, {
    date: addDays(localToday(), -1),
    payee: 'Paycheck',
    amount: 2100,
    status: 'p',
  });
  await createTransaction(request, user, account.id, {
    date: addDays(localToday(), 5),
    payee: 'Landlord',
    amount: -1200,
  });
  // A rule, so that the Rules screen shows its list.
  await api(request, user, 'POST', '/rules', {
    name: 'Groceries',
    conditions: [{ field: 'payee', op: 'contains', value: 'market' }],
    actions: { category_id: food },
  });
  return { user, accountId: account.id };
}

for (const theme of THEMES) {
  test(`${theme.name}: every signed-in screen has no serious or critical axe violations`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const { user, accountId } = await seed(request, theme.id);
    const findings: Finding[] = [];
    const visit = async (path: string, heading: string | RegExp, name: string) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await check(page, testInfo, findings, `${theme.id}-${name}`);
    };

    await signInWithToken(page, user, '/dashboard');
    await visit('/dashboard', 'Dashboard', 'dashboard');
    // A visible focus ring (WCAG 2.2 2.4.7, 1.4.11 at 3:1) in the header and on the page.
    await expectVisibleFocusRing(page, '.hf-header', `${theme.name} header`);
    await page
      .locator('main')
      .getByRole('link')
      .first()
      .or(page.locator('main').getByRole('button').first())
      .first()
      .focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    const mainRing = await focusRing(page);
    expect(mainRing.style, `${theme.name} page focus outline`).not.toBe('none');
    expect(
      contrast(mainRing.color, mainRing.background),
      `${theme.name} page ring ${mainRing.color} on ${mainRing.background}`,
    ).toBeGreaterThanOrEqual(3);
    await visit('/budget', 'Budget Planner', 'budget');
    await visit('/accounts', 'Your Accounts', 'accounts');
    await visit(`/accounts/${accountId}/register`, 'Everyday Checking', 'register');
    await expect(page.getByText('Landlord').first()).toBeVisible();
    await check(page, testInfo, findings, `${theme.id}-register-rows`);
    // Clearing mode (at 768 px with its P / X / Clear buttons on every row).
    await page.getByRole('button', { name: 'Clearing Mode' }).click();
    await expect(page.getByRole('button', { name: 'Exit Clearing Mode' })).toBeVisible();
    if (isMobile(testInfo)) await expect(page.getByRole('button', { name: 'Mark cleared' }).first()).toBeVisible();
    await check(page, testInfo, findings, `${theme.id}-register-clearing`);
    await page.getByRole('button', { name: 'Exit Clearing Mode' }).click();
    // The row editor on a cleared row, with its lock (the one-column dialog at 768 px).
    const cleared = rowOf(page, 'Corner Market');
    if (isMobile(testInfo)) await cleared.getByRole('button').click();
    else await cell(cleared, 'payee').click();
    await expect(page.getByRole('button', { name: 'Unlock to edit amount' })).toBeVisible();
    await check(page, testInfo, findings, `${theme.id}-register-editing`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Unlock to edit amount' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Import Transactions' }).click();
    await expect(page.getByRole('dialog', { name: 'Import Transactions' })).toBeVisible();
    await check(page, testInfo, findings, `${theme.id}-import-modal`);
    await page.keyboard.press('Escape');
    await visit('/categories', 'Manage Your Categories', 'categories');
    await visit('/reports', 'Reports', 'reports');
    await visit('/settings/household', 'Household', 'settings-household');
    await visit('/settings/appearance', 'Appearance', 'settings-appearance');
    await visit('/settings/rules', 'Rules', 'settings-rules');
    await visit('/help', 'Help', 'help');

    expect(findings, report(findings)).toEqual([]);
  });
}
