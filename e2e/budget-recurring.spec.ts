/**
 * "Find recurring" (docs/rules/recurring-detection.md) at desktop width and 768 px, against the
 * real svc-budget and svc-ledger: rows seeded through the API (a rent on the 1st, a varying power
 * bill, a streaming subscription), the list with amounts, frequency in words, next dates and the
 * evidence rows; accepting the rent with its amount changed before saving (it shows in the grid with
 * its schedule and amount); dismissing the subscription (gone after a reload); and after a bank
 * import, the reconcile's completion offering the schedule its new rows made possible.
 */
import type { Page } from '@playwright/test';
import { expect, localToday, registerViaApi, signInWithToken, snap, test } from './support/fixtures';
import {
  addDays,
  addMonths,
  createAccount,
  createCategory,
  createTransaction,
  money,
  SHORT_MONTH_NAMES,
  importCsvToReconcile,
  usDate,
} from './support/ledger';

const today = localToday();
/** The 1st of each of the last 12 months, oldest first (this month's 1st is today or before). */
const firsts = Array.from({ length: 12 }, (_, i) => addMonths(`${today.slice(0, 7)}-01`, i - 11));
/** The rent's next date: next month's 1st. */
const nextFirst = addMonths(`${today.slice(0, 7)}-01`, 1);
/** `Dec 1`, with the year when it is not this one (the planner's short date). */
const short = (date: string) => {
  const text = `${SHORT_MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
  return date.slice(0, 4) === today.slice(0, 4) ? text : `${text}, ${date.slice(0, 4)}`;
};

const findDialog = (page: Page) => page.getByRole('dialog', { name: 'Recurring items found' });
const suggestion = (page: Page, payee: string) =>
  findDialog(page).getByRole('list', { name: 'Recurring items found' }).getByRole('listitem', { name: payee });

test('Find recurring: the list with its evidence, accept with an edited amount, dismiss for good', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  const checking = await createAccount(request, user, 'Checking', 5000);
  const housing = await createCategory(request, user, 'Housing');
  for (const [i, first] of firsts.entries()) {
    await createTransaction(request, user, checking.id, {
      date: first,
      payee: 'Landlord',
      amount: -1500,
      category_id: housing,
      status: 'x',
    });
    // The 10th of each month, for the months where it has come (a bill on the 10th).
    const tenth = addDays(first, 9);
    if (tenth <= today)
      await createTransaction(request, user, checking.id, {
        date: tenth,
        payee: 'Streamly',
        amount: -15.99,
        status: 'x',
      });
    const power = addDays(first, 17);
    if (power <= today)
      await createTransaction(request, user, checking.id, {
        date: power,
        payee: 'City Power',
        amount: -(90 + (i % 4) * 2),
        status: 'x',
      });
  }

  await signInWithToken(page, user, '/budget');
  await expect(page.getByRole('heading', { level: 1, name: 'Budget Planner' })).toBeVisible();
  await page.getByRole('button', { name: 'Find recurring' }).click();
  const dialog = findDialog(page);
  await expect(dialog).toBeVisible();
  const rent = suggestion(page, 'Landlord');
  await expect(rent).toBeVisible();
  await expect(rent).toContainText('Payment');
  await expect(rent).toContainText('Amount$1,500.00');
  await expect(rent).toContainText('ScheduleEvery month on the 1st');
  await expect(rent).toContainText(`Next${short(nextFirst)}`);
  await expect(rent).toContainText('CategoryHousing');
  await expect(suggestion(page, 'City Power')).toContainText(/Amountabout \$9\d\.00/);
  await expect(suggestion(page, 'City Power')).toContainText('Every month on the 18th');
  await expect(suggestion(page, 'Streamly')).toContainText('Amount$15.99');
  // The evidence: the 12 rent rows, by date.
  await rent.getByText('Based on 12 rows').click();
  const evidence = rent.getByRole('table');
  await expect(evidence.getByRole('row')).toHaveCount(13);
  await expect(evidence.getByRole('row').nth(1)).toContainText(`${firsts[0]}Landlord-$1,500.00`);
  await snap(page, testInfo, 'recurring-list');

  // Accept the rent, with a new amount before saving.
  await rent.getByRole('button', { name: 'Accept Landlord' }).click();
  const accept = page.getByRole('dialog', { name: 'Add Landlord' });
  await expect(accept).toBeVisible();
  await expect(accept.getByRole('textbox', { name: 'Payee' })).toHaveValue('Landlord');
  await expect(accept.getByRole('combobox', { name: 'Category' })).toHaveValue('Housing');
  await expect(accept.getByRole('combobox', { name: 'How often' })).toHaveValue('monthly');
  await expect(accept.locator('.budget-schedule__summary')).toHaveText(/^Every month on the 1st/);
  const amount = accept.getByRole('textbox', { name: 'Amount' });
  await expect(amount).toHaveValue('1500.00');
  await amount.fill('1550');
  await snap(page, testInfo, 'recurring-accept');
  await amount.press('Enter');
  await expect(accept).toBeHidden();
  await expect(dialog.getByRole('status')).toHaveText('Added Landlord to the Predictables.');
  await expect(suggestion(page, 'Landlord')).toHaveCount(0);

  // Dismiss the subscription, by keyboard.
  const dismiss = suggestion(page, 'Streamly').getByRole('button', { name: 'Dismiss Streamly' });
  await dismiss.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText('Dismissed Streamly: it will not be suggested again.');
  await expect(suggestion(page, 'Streamly')).toHaveCount(0);
  await expect(suggestion(page, 'City Power')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The rent in the grid: its schedule, and the edited amount from next month on.
  const row = page.getByRole('grid', { name: 'Planned Payments' }).locator('tbody tr').filter({ hasText: 'Landlord' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('gridcell').nth(2)).toContainText('Every month on the 1st');
  await expect(row.getByRole('gridcell').nth(4)).toHaveText(money(1550));
  await snap(page, testInfo, 'recurring-accepted-grid');

  // After a reload: the dismissed and the accepted ones stay away.
  await page.reload();
  await page.getByRole('button', { name: 'Find recurring' }).click();
  await expect(suggestion(page, 'City Power')).toBeVisible();
  await expect(suggestion(page, 'Streamly')).toHaveCount(0);
  await expect(suggestion(page, 'Landlord')).toHaveCount(0);
});

test('after an import, the completion offers the schedule the new rows made possible', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  const checking = await createAccount(request, user, 'Checking', 1000);
  // A gym paid monthly: two payments in the register already, the file brings the latest. Its day
  // is 3 days before today's (at most the 28th, so no month clamps it).
  const base = addDays(today, -3);
  const last = Number(base.slice(8, 10)) > 28 ? `${base.slice(0, 8)}28` : base;
  const gym = [addMonths(last, -2), addMonths(last, -1), last];
  const next = addMonths(last, 1);
  const day = Number(last.slice(8, 10));
  const ordinal = `${day}${[11, 12, 13].includes(day) ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th')}`;
  for (const date of gym.slice(0, 2))
    await createTransaction(request, user, checking.id, { date, payee: 'Gym Club', amount: -45, status: 'x' });
  await signInWithToken(page, user, `/accounts/${checking.id}/register`);
  await importCsvToReconcile(page, {
    name: 'gym.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `Date,Description,Amount\r\n${usDate(gym[2])},Gym Club,-45.00\r\n${usDate(addDays(today, -1))},Bakery,-6.20\r\n`,
    ),
  });
  await page.getByRole('button', { name: 'Complete Reconciliation' }).click();
  await expect(page.getByRole('heading', { name: 'Reconciliation Complete' })).toBeVisible();

  const offer = page.getByRole('region', { name: 'Recurring items found' });
  await expect(offer).toBeVisible({ timeout: 10_000 });
  await expect(offer.getByRole('listitem')).toHaveCount(1);
  await expect(offer.getByRole('listitem')).toHaveText(
    `Gym Club: $45.00 every month, next on ${SHORT_MONTH_NAMES[Number(next.slice(5, 7)) - 1]} ${day}, ${next.slice(0, 4)}`,
  );
  await snap(page, testInfo, 'recurring-import-offer');
  await offer.getByRole('link', { name: 'Review in the Budget Planner' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Budget Planner' })).toBeVisible();
  await expect(findDialog(page)).toBeVisible();
  await expect(suggestion(page, 'Gym Club')).toContainText(`ScheduleEvery month on the ${ordinal}`);
});
