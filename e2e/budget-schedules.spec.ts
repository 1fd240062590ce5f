/**
 * Schedules of any frequency in the Budget Planner (docs/rules/predictables.md, Frequencies), at
 * desktop width and 768 px, against the real svc-budget and svc-ledger: a bi-weekly paycheck
 * (a month with three paydays says so, with its total), a yearly insurance moved off a weekend,
 * a twice-a-month payment on the 1st and the last day, each with its next dates; then a change of
 * frequency through the schedule dialog, by keyboard. The dates the screen must show are worked
 * out here from the written rule, apart from the app's code.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, isMobile, localToday, openScreen, registerViaApi, snap, test } from './support/fixtures';
import {
  addDays,
  addMonths,
  createAccount,
  createCategory,
  lastDay,
  money,
  MONTH_NAMES,
  registerRows,
  SHORT_MONTH_NAMES,
} from './support/ledger';

const today = localToday();
const MONTHS = Array.from({ length: 12 }, (_, i) => addMonths(`${today.slice(0, 7)}-01`, i));

const weekday = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
};
/** `Nov 6`, with the year when it is not this one. */
const short = (date: string) => {
  const text = `${SHORT_MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
  return date.slice(0, 4) === today.slice(0, 4) ? text : `${text}, ${date.slice(0, 4)}`;
};
const nextText = (dates: string[]) => `Next: ${dates.map(short).join(' · ')}`;

/** The bi-weekly anchor: the latest Friday on or before today. */
const payAnchor = addDays(today, -((weekday(today) - 5 + 7) % 7));
/** Every 14 days from the anchor, through the horizon's last day. */
const paydays: string[] = [];
for (let d = payAnchor; d <= lastDay(MONTHS[11]); d = addDays(d, 14)) paydays.push(d);
const paydaysIn = (month: string) => paydays.filter((d) => d.slice(0, 7) === month.slice(0, 7));
/** The first month after this one with three paydays (26 or 27 paydays a year: there is always one). */
const threePaydayMonth = MONTHS.slice(1).find((m) => paydaysIn(m).length === 3)!;

/** The yearly insurance: the first Saturday of the month four months ahead, moved to the Monday after. */
const insuranceMonth = MONTHS[4];
const insuranceDate = (() => {
  let d = insuranceMonth;
  while (weekday(d) !== 6) d = addDays(d, 1);
  return d;
})();
const insuranceMoved = addDays(insuranceDate, 2);

/** Twice a month on the 1st and the last day: the dates from today on. */
const cleanerDates = MONTHS.flatMap((m) => [m, lastDay(m)]).filter((d) => d >= today);

const grid = (page: Page, name: 'Planned Deposits' | 'Planned Payments') => page.getByRole('grid', { name });
const gridRow = (page: Page, name: 'Planned Deposits' | 'Planned Payments', payee: string) =>
  grid(page, name).locator('tbody tr').filter({ hasText: payee });
const scheduleCell = (row: Locator) => row.getByRole('gridcell').nth(2);
const monthCell = (row: Locator, month: string) => row.getByRole('gridcell').nth(3 + MONTHS.indexOf(month));
const addForm = (page: Page, kind: 'deposit' | 'payment') => page.getByRole('form', { name: `Add planned ${kind}` });

/** axe-core's serious and critical findings on the page as it is (as accessibility.spec.ts judges screens). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Types an amount into a month cell the way a person does: click, type, Enter. */
async function setMonth(row: Locator, month: string, amount: string): Promise<void> {
  await monthCell(row, month).click();
  const input = monthCell(row, month).getByRole('textbox');
  await input.fill(amount);
  await input.press('Enter');
  await expect(row.getByRole('textbox')).toHaveCount(0);
}

test('a bi-weekly paycheck, a yearly insurance and a twice-a-month payment: occurrences, next dates and a change of frequency', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  const checking = await createAccount(request, user, 'Checking', 2000);
  await createCategory(request, user, 'Salary');
  await createCategory(request, user, 'Insurance');
  await openScreen(page, user, '/budget', 'Budget Planner');
  await expect(grid(page, 'Planned Payments')).toBeVisible();
  await expect(grid(page, 'Planned Payments').getByRole('columnheader').nth(2)).toHaveText('Schedule');

  // The paycheck: every 2 weeks from the last Friday.
  const deposits = addForm(page, 'deposit');
  await deposits.getByRole('combobox', { name: 'Payee' }).fill('Employer');
  await deposits.getByRole('combobox', { name: 'Category' }).fill('Salary');
  await deposits.getByRole('combobox', { name: 'How often' }).selectOption({ label: 'Every few weeks' });
  await expect(deposits.getByRole('spinbutton', { name: 'Every how many weeks' })).toHaveValue('2');
  await deposits.getByLabel('First date').fill(payAnchor);
  const paySentence = `Every 2 weeks from Fri, ${short(payAnchor)}`;
  await expect(deposits.locator('.budget-schedule__summary')).toHaveText(paySentence);
  await deposits.getByRole('button', { name: 'Add Deposit' }).click();
  const pay = gridRow(page, 'Planned Deposits', 'Employer');
  await expect(pay).toHaveCount(1);
  await expect(scheduleCell(pay)).toHaveText(
    `${paySentence}${nextText(paydays.filter((d) => d >= today).slice(0, 3))}`,
  );
  await setMonth(pay, MONTHS[0], '1500');
  const month3 = MONTH_NAMES[Number(threePaydayMonth.slice(5, 7)) - 1];
  await expect(monthCell(pay, threePaydayMonth)).toHaveText(/^\$1,500\.00\s*3×\s*\$4,500\.00$/);
  await expect(
    monthCell(pay, threePaydayMonth).getByLabel(`3 paydays in ${month3}: $1,500.00 each, $4,500.00 in all`),
  ).toHaveText('3×');
  const twoPaydayMonth = MONTHS.slice(1).find((m) => paydaysIn(m).length === 2)!;
  await expect(monthCell(pay, twoPaydayMonth)).toHaveText(/^\$1,500\.00\s*2×\s*\$3,000\.00$/);

  // The insurance: every year on a Saturday, moved to the Monday after.
  const payments = addForm(page, 'payment');
  await payments.getByRole('combobox', { name: 'Payee' }).fill('Insurer');
  await payments.getByRole('combobox', { name: 'Category' }).fill('Insurance');
  await payments.getByRole('combobox', { name: 'How often' }).selectOption({ label: 'Every year' });
  await payments.getByLabel('First date').fill(insuranceDate);
  await payments
    .getByRole('combobox', { name: 'If it falls on a weekend' })
    .selectOption({ label: 'Move to the Monday after' });
  const insuranceDay = `${SHORT_MONTH_NAMES[Number(insuranceDate.slice(5, 7)) - 1]} ${Number(insuranceDate.slice(8, 10))}`;
  // The first date is ahead: the sentence says from which year.
  const insuranceSentence = `Every year on ${insuranceDay} from ${insuranceDate.slice(0, 4)}, weekends move to the Monday after`;
  await expect(payments.locator('.budget-schedule__summary')).toHaveText(insuranceSentence);
  await payments.getByRole('button', { name: 'Add Payment' }).click();
  const insurance = gridRow(page, 'Planned Payments', 'Insurer');
  await expect(insurance).toHaveCount(1);
  // Its next dates: the moved Monday, then next year's (a year later, moved again if on a weekend).
  await expect(scheduleCell(insurance)).toContainText(`${insuranceSentence}Next: ${short(insuranceMoved)}`);
  await setMonth(insurance, insuranceMonth, '600');
  for (const m of MONTHS) await expect(monthCell(insurance, m)).toHaveText(m === insuranceMonth ? money(600) : '-');

  // The cleaner: twice a month on the 1st and the last day.
  await payments.getByRole('combobox', { name: 'Payee' }).fill('Cleaner');
  await payments.getByRole('combobox', { name: 'How often' }).selectOption({ label: 'Twice a month' });
  await payments.getByRole('spinbutton', { name: 'First day' }).fill('1');
  await payments.getByRole('checkbox', { name: 'Last day of the month' }).check();
  await expect(payments.getByRole('spinbutton', { name: 'Second day' })).toBeDisabled();
  await expect(payments.locator('.budget-schedule__summary')).toHaveText('Twice a month on the 1st and the last day');
  await payments.getByRole('button', { name: 'Add Payment' }).click();
  const cleaner = gridRow(page, 'Planned Payments', 'Cleaner');
  await expect(cleaner).toHaveCount(1);
  await expect(scheduleCell(cleaner)).toHaveText(
    `Twice a month on the 1st and the last day${nextText(cleanerDates.slice(0, 3))}`,
  );
  await setMonth(cleaner, MONTHS[1], '80');
  await expect(monthCell(cleaner, MONTHS[1])).toHaveText(/^\$80\.00\s*2×\s*\$160\.00$/);

  // After a reload the figures come from the server; the register holds one budgeted row per payday.
  await page.reload();
  await expect(monthCell(gridRow(page, 'Planned Deposits', 'Employer'), threePaydayMonth)).toHaveText(
    /3×\s*\$4,500\.00$/,
  );
  const rows = await registerRows(request, user, checking.id);
  const payRows = rows.filter((r) => r.payee === 'Employer').map((r) => [r.date, r.amount]);
  expect(payRows.sort()).toEqual(paydays.filter((d) => d.slice(0, 7) >= MONTHS[0].slice(0, 7)).map((d) => [d, 1500]));
  expect(rows.filter((r) => r.payee === 'Insurer').map((r) => [r.date, r.amount])).toEqual([[insuranceMoved, -600]]);
  await snap(page, testInfo, 'budget-schedules');
  expect(await seriousViolations(page)).toEqual([]);

  // The 768 px layout holds: only the grids scroll sideways; the add form stacks.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await expect(addForm(page, 'payment')).toHaveCSS('flex-direction', isMobile(testInfo) ? 'column' : 'row');

  // A change of frequency by keyboard: the cleaner becomes monthly on the 15th.
  await gridRow(page, 'Planned Payments', 'Cleaner').getByRole('gridcell').first().click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(scheduleCell(gridRow(page, 'Planned Payments', 'Cleaner'))).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Schedule of Cleaner' });
  await expect(dialog.getByRole('combobox', { name: 'How often' })).toBeFocused();
  await expect(dialog.getByRole('combobox', { name: 'How often' })).toHaveValue('semi_monthly');
  await expect(dialog.getByRole('checkbox', { name: 'Last day of the month' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(scheduleCell(gridRow(page, 'Planned Payments', 'Cleaner'))).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByRole('combobox', { name: 'How often' }).selectOption({ label: 'Every month' });
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('spinbutton', { name: 'Day' })).toBeFocused();
  await page.keyboard.type('15');
  await expect(dialog.locator('.budget-schedule__summary')).toHaveText('Every month on the 15th');
  // A wrong day is refused in the dialog, the message beside the fields; nothing is sent.
  await dialog.getByRole('spinbutton', { name: 'Day' }).fill('32');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Day must be between 1 and 31.');
  await dialog.getByRole('spinbutton', { name: 'Day' }).fill('15');
  await snap(page, testInfo, 'budget-schedules-dialog');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  const monthly = gridRow(page, 'Planned Payments', 'Cleaner');
  const fifteenths = MONTHS.map((m) => `${m.slice(0, 8)}15`).filter((d) => d >= today);
  await expect(scheduleCell(monthly)).toHaveText(`Every month on the 15th${nextText(fifteenths.slice(0, 3))}`);
  await expect(monthCell(monthly, MONTHS[1])).toHaveText(money(80));
  await expect
    .poll(async () =>
      (await registerRows(request, user, checking.id))
        .filter((r) => r.payee === 'Cleaner')
        .map((r) => r.date)
        .sort(),
    )
    .toEqual(MONTHS.slice(1).map((m) => `${m.slice(0, 8)}15`));
});
