/**
 * What if (issue 22; docs/decisions/0123-what-if-scenarios.md, 0124) at desktop width and 768 px:
 * a scenario built on the dashboard without leaving it (a one-off, a new monthly payment, a raise
 * of an item from a month), its dashed line over the real one and its low point and end balance in
 * words, back to the real projection, then Apply with its confirmation and the real items in the
 * Budget Planner. Screens go to test-results/screens/.
 */
import type { Page } from '@playwright/test';
import { expect, localToday, openScreen, registerViaApi, snap, test } from './support/fixtures';
import { addMonths, createAccount, MONTH_NAMES, SHORT_MONTH_NAMES } from './support/ledger';
import { planPayment } from './support/budget';

const today = localToday();
const month = (n: number) => addMonths(`${today.slice(0, 7)}-01`, n);
const monthLabel = (key: string) => `${MONTH_NAMES[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;
const longDate = (date: string) =>
  `${SHORT_MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;

const editor = (page: Page) => page.getByRole('dialog', { name: /scenario/i });
const whatIf = (page: Page) => page.getByRole('region', { name: 'What if' });
const checkingCard = (page: Page) => page.getByRole('region', { name: 'Checking' });

async function addChange(page: Page, kind: string, fields: Record<string, string>, selects: Record<string, string>) {
  const dialog = editor(page);
  await dialog.getByLabel('Change', { exact: true }).selectOption({ label: kind });
  for (const [label, value] of Object.entries(selects))
    await dialog.getByLabel(label, { exact: true }).selectOption({ label: value });
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Add change' }).click();
}

test('builds a scenario on the dashboard, compares it in words and on the chart, and applies it', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  const checking = (await createAccount(request, user, 'Checking', 10000)).id;
  // Insurance: $400 next month only.
  await planPayment(request, user, checking, 'Insurance', 10, month(1).slice(0, 7), 400);
  await openScreen(page, user, '/dashboard', 'Dashboard');
  await expect(checkingCard(page).locator('.recharts-area-curve')).toHaveCount(1);

  await whatIf(page).getByRole('button', { name: 'New scenario' }).click();
  await expect(editor(page)).toBeVisible();
  await editor(page).getByLabel('Scenario name').fill('New car');
  const oneOffDate = `${month(2).slice(0, 8)}03`;
  await addChange(page, 'A one-off payment or deposit', { Date: oneOffDate, Amount: '2000' }, { Type: 'Payment' });
  await addChange(
    page,
    'A new monthly payment or deposit',
    { Payee: 'Car loan', Amount: '350' },
    { Type: 'Payment', 'Day of month': '5', 'From month': monthLabel(month(1)) },
  );
  await addChange(
    page,
    'A new amount from a month (a raise)',
    { 'New amount': '450' },
    { Item: 'Insurance', 'From month': monthLabel(month(1)) },
  );
  await expect(editor(page).getByRole('listitem')).toHaveText([
    `One-off payment of $2,000.00 on ${longDate(oneOffDate)} (Checking)Remove`,
    `New monthly payment "Car loan" of $350.00 from ${monthLabel(month(1))} (Checking)Remove`,
    `"Insurance" becomes $450.00 from ${monthLabel(month(1))}Remove`,
  ]);
  await snap(page, testInfo, 'whatif-editor');
  await editor(page).getByRole('button', { name: 'Save scenario' }).click();
  await expect(editor(page)).toBeHidden();

  // Real: $10,000 less Insurance $400 next month: lowest and end $9,600. With the scenario:
  // less $2,000 once, $350 x 11 months and $450 x 11 months: -$800, reached on the last
  // Insurance date of the 12 months (the 10th of the 12th month).
  await expect(whatIf(page).getByLabel('Scenario')).toHaveValue(/\d+/);
  const lastDate = `${month(11).slice(0, 8)}10`;
  const words =
    `With 'New car': lowest balance -$800.00 on ${longDate(lastDate)} ($10,400.00 lower); ` +
    'end balance -$800.00 ($10,400.00 lower).';
  await expect(checkingCard(page).getByText(words)).toBeVisible();
  await expect(checkingCard(page).locator('.recharts-area-curve')).toHaveCount(2);
  await snap(page, testInfo, 'whatif-scenario');

  // Back to the real projection: no words, one line.
  await whatIf(page).getByLabel('Scenario').selectOption({ label: 'None (real projection)' });
  await expect(checkingCard(page).getByText(words)).toBeHidden();
  await expect(checkingCard(page).locator('.recharts-area-curve')).toHaveCount(1);

  // Apply, by keyboard on the confirmation.
  await whatIf(page).getByLabel('Scenario').selectOption({ label: 'New car' });
  await expect(checkingCard(page).getByText(words)).toBeVisible();
  await whatIf(page).getByRole('button', { name: 'Apply scenario' }).click();
  const confirm = page.getByRole('dialog', { name: 'Apply scenario' });
  await expect(confirm).toContainText(
    'Apply "New car"? Its 3 change(s) become real scheduled items in the Budget Planner, and the scenario is removed.',
  );
  await snap(page, testInfo, 'whatif-apply-confirm');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(whatIf(page).getByRole('status')).toHaveText(
    'Scenario "New car" applied: its changes are in the Budget Planner.',
  );
  await expect(whatIf(page).getByLabel('Scenario')).toHaveValue('');
  await expect(whatIf(page).getByLabel('Scenario').locator('option')).toHaveText(['None (real projection)']);
  // The real projection is now the scenario's.
  await expect(checkingCard(page).getByText('-$800.00').first()).toBeVisible();
  await snap(page, testInfo, 'whatif-applied');

  await openScreen(page, user, '/budget', 'Budget Planner');
  const payments = page.getByRole('grid', { name: 'Planned Payments' });
  await expect(payments.locator('tbody tr').filter({ hasText: 'Car loan' })).toHaveCount(1);
  await expect(payments.locator('tbody tr').filter({ hasText: 'One-off payment' })).toHaveCount(1);
  await expect(payments.locator('tbody tr').filter({ hasText: 'Insurance' })).toContainText('$450.00');
  await snap(page, testInfo, 'whatif-planner');
});
