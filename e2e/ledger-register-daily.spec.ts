/**
 * Issue 26, items 1 to 5 (the register and its dialogs, as a daily user trips over them): the
 * columns fit their content, dialogs keep the keyboard inside, focus stays where the person
 * works, the rows are reachable by Tab and the small focus and message slips. Both widths.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, isMobile, localToday, registerViaApi, signInWithToken, snap, test } from './support/fixtures';
import {
  addDays,
  cell,
  createAccount,
  createCategory,
  createTransactions,
  entryOf,
  householdWithAccount,
  rowOf,
  signInToRegister,
} from './support/ledger';

/** Elements whose content is wider than their box (cut or ellipsised). */
async function overflowing(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((els) =>
    els
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map(
        (el) =>
          `${el.tagName} "${(el as HTMLInputElement).value ?? el.textContent}" ${el.scrollWidth}>${el.clientWidth}`,
      ),
  );
}

const intersects = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether the focused element is inside `container`. */
const holdsFocus = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));

/** Tab and Shift+Tab, twice round: focus never leaves the dialog, and comes back round to where it started. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const focusables = await dialog
    .locator('button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, a[href]')
    .count();
  expect(focusables).toBeGreaterThan(1);
  const start = await page.evaluate(() => document.activeElement?.outerHTML);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 1; i <= focusables * 2; i++) {
      await page.keyboard.press(key);
      expect(await holdsFocus(dialog), `${key} #${i} left the dialog`).toBe(true);
    }
    // Twice round the cycle: back on the control focus started on.
    expect(await page.evaluate(() => document.activeElement?.outerHTML)).toBe(start);
  }
}

test('columns take the width their content needs: "Paycheck ACME", its category and notes show whole; the row actions cover no row', async ({
  page,
  request,
}, testInfo) => {
  const { user, account } = await householdWithAccount(request, 'Checking', 1000);
  const today = localToday();
  const supplies = await createCategory(request, user, 'Household Supplies');
  await createTransactions(request, user, account.id, [
    { date: addDays(today, -3), payee: 'Paycheck ACME', amount: 2500, notes: 'Salary for the month' },
    {
      date: addDays(today, -2),
      payee: 'Corner Hardware Store',
      amount: -42.5,
      category_id: supplies,
      notes: 'Paint and brushes',
    },
    { date: addDays(today, -1), payee: 'Coffee', amount: -3.2 },
  ]);
  await signInToRegister(page, user, account.id);
  await expect(rowOf(page, 'Paycheck ACME')).toBeVisible();

  if (!isMobile(testInfo)) {
    const texts = page.locator('tr[data-row-id] td:is(:nth-child(2), :nth-child(9), :nth-child(10))');
    expect(await texts.count()).toBe(9);
    expect(await overflowing(texts)).toEqual([]);
    expect(await overflowing(page.locator('tr[data-row-id] td'))).toEqual([]);
    await snap(page, testInfo, 'register-columns-fit');

    // The editor's Payee input shows the whole name; Save / Move / Delete / Cancel cover no cell of the next row.
    await cell(rowOf(page, 'Paycheck ACME'), 'payee').click();
    const editing = page.getByRole('row', { name: 'Editing transaction' });
    const payee = editing.getByRole('combobox', { name: 'Payee' });
    await expect(payee).toHaveValue('Paycheck ACME');
    expect(await overflowing(payee)).toEqual([]);
    // Exactly two rows tall: the virtualised list counts it so, and the rows below move down one row.
    const [editBox, nextBox] = await Promise.all([
      editing.boundingBox(),
      rowOf(page, 'Corner Hardware Store').boundingBox(),
    ]);
    expect(Math.round(editBox!.height)).toBe(2 * Math.round(nextBox!.height));
    const bar = editing.getByRole('group', { name: 'Row actions' });
    await expect(bar.getByRole('button', { name: 'Save' })).toBeVisible();
    const barBox = (await bar.boundingBox())!;
    const next = rowOf(page, 'Corner Hardware Store');
    for (const td of await next.locator('td').all()) {
      const box = (await td.boundingBox())!;
      expect(intersects(barBox, box), `bar ${JSON.stringify(barBox)} over ${JSON.stringify(box)}`).toBe(false);
    }
    // The next row's cells are really the topmost where they are drawn.
    const hidden = await next.locator('td').evaluateAll(
      (tds) =>
        tds.filter((td) => {
          const r = td.getBoundingClientRect();
          return !td.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
        }).length,
    );
    expect(hidden).toBe(0);
    await snap(page, testInfo, 'register-columns-editing');
    await page.keyboard.press('Escape');
  } else {
    const texts = page.locator('.ledger-mobile-row__payee, .ledger-mobile-row__line .ledger-ellipsis');
    expect(await texts.count()).toBe(9);
    expect(await overflowing(texts)).toEqual([]);
    await rowOf(page, 'Paycheck ACME').getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
    const payee = dialog.getByRole('combobox', { name: 'Payee' });
    await expect(payee).toHaveValue('Paycheck ACME');
    expect(await overflowing(payee)).toEqual([]);
    await snap(page, testInfo, 'register-columns-editing');
  }
});

test('dialogs keep Tab and Shift+Tab inside, close on Escape and give focus back to what opened them', async ({
  page,
  request,
}, testInfo) => {
  const { user, account } = await householdWithAccount(request, 'Checking', 100);
  await createAccount(request, user, 'Savings', 0);
  const today = localToday();
  await createTransactions(request, user, account.id, [
    { date: addDays(today, -2), payee: 'Older Shop', amount: -3 },
    { date: addDays(today, -1), payee: 'Newer Shop', amount: -4 },
  ]);
  await signInToRegister(page, user, account.id);
  const mobile = isMobile(testInfo);

  if (mobile) {
    // The edit dialog itself, then its Delete question.
    const opener = rowOf(page, 'Newer Shop').getByRole('button');
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
    await expect(dialog.getByRole('textbox', { name: 'Date' })).toBeFocused();
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  } else {
    await cell(rowOf(page, 'Newer Shop'), 'notes').click();
    const editing = page.getByRole('row', { name: 'Editing transaction' });
    for (const [button, title] of [
      ['Delete', 'Delete Transaction'],
      ['Move', 'Move Transaction'],
    ] as const) {
      const opener = editing.getByRole('button', { name: button, exact: true });
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      expect(await holdsFocus(dialog)).toBe(true);
      await expectFocusTrapped(page, dialog);
      // A viewport screenshot: a full-page one resizes the page under the open dialog.
      if (button === 'Move') await page.screenshot({ path: testInfo.outputPath('register-move-dialog.png') });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
    }
    await page.keyboard.press('Escape');
  }

  // The Categories page's rename dialog.
  await createCategory(request, user, 'Transport');
  await page.goto('/categories');
  const category = page
    .getByRole('list', { name: 'Categories' })
    .getByRole('button', { name: 'Drag Transport', exact: true })
    .locator('..');
  await category.hover();
  const edit = category.getByRole('button', { name: /^Edit( Transport)?$/ });
  await edit.click();
  const rename = page.getByRole('dialog', { name: 'Edit Category' });
  await expect(rename.getByRole('textbox')).toBeFocused();
  await expectFocusTrapped(page, rename);
  await page.keyboard.press('Escape');
  await expect(rename).toHaveCount(0);
  await expect(edit).toBeFocused();
});

test('focus stays on the row after an inline save, and goes to the next row (or the previous) after a delete', async ({
  page,
  request,
}, testInfo) => {
  const { user, account } = await householdWithAccount(request, 'Checking', 100);
  const today = localToday();
  await createTransactions(request, user, account.id, [
    { date: addDays(today, -3), payee: 'Alpha Store', amount: -1 },
    { date: addDays(today, -2), payee: 'Bravo Diner', amount: -2 },
    { date: addDays(today, -1), payee: 'Charlie Pay', amount: -3 },
  ]);
  await signInToRegister(page, user, account.id);
  const mobile = isMobile(testInfo);
  /** The row's focusable part: the desktop table row, or the stacked row's button. */
  const focusTarget = (payee: string) => (mobile ? rowOf(page, payee).getByRole('button') : rowOf(page, payee));
  const openEditor = async (payee: string) => {
    if (mobile) {
      await rowOf(page, payee).getByRole('button').click();
      return page.getByRole('dialog', { name: 'Edit Transaction' });
    }
    await cell(rowOf(page, payee), 'notes').click();
    return page.getByRole('row', { name: 'Editing transaction' });
  };

  // Save with Enter in Notes.
  let editor = await openEditor('Bravo Diner');
  await editor.getByRole('textbox', { name: 'Notes' }).fill('lunch');
  await editor.getByRole('textbox', { name: 'Notes' }).press('Enter');
  await expect(editor).toHaveCount(0);
  await expect(rowOf(page, 'Bravo Diner')).toContainText('lunch');
  await expect(focusTarget('Bravo Diner')).toBeFocused();

  // Delete a middle row: the next one (below) takes focus.
  editor = await openEditor('Bravo Diner');
  await editor.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete Transaction' }).getByRole('button', { name: 'Delete' }).click();
  await expect(rowOf(page, 'Bravo Diner')).toHaveCount(0);
  await expect(focusTarget('Charlie Pay')).toBeFocused();

  // Delete the last row: the previous one takes focus.
  editor = await openEditor('Charlie Pay');
  await editor.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete Transaction' }).getByRole('button', { name: 'Delete' }).click();
  await expect(rowOf(page, 'Charlie Pay')).toHaveCount(0);
  await expect(focusTarget('Alpha Store')).toBeFocused();
  await snap(page, testInfo, 'register-focus-after-delete');
});

test('rows are reachable by Tab from the entry line (and back with Shift+Tab), and Help says how', async ({
  page,
  request,
}, testInfo) => {
  const { user, account } = await householdWithAccount(request, 'Checking', 100);
  const today = localToday();
  await createTransactions(request, user, account.id, [
    { date: addDays(today, -2), payee: 'Older Shop', amount: -3 },
    { date: addDays(today, -1), payee: 'Newer Shop', amount: -4 },
    { date: addDays(today, 2), payee: 'Planned Shop', amount: -5 },
  ]);
  await signInToRegister(page, user, account.id);
  const entry = entryOf(page);
  if (!isMobile(testInfo)) {
    // The last field of the entry line, then Tab: the row the arrow keys start from.
    await entry.getByRole('textbox', { name: 'Notes' }).focus();
    await page.keyboard.press('Tab');
    await expect(rowOf(page, 'Newer Shop')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(rowOf(page, 'Older Shop')).toBeFocused();
    // One tab stop: Shift+Tab goes back to the entry line, Tab returns to the row last used.
    await page.keyboard.press('Shift+Tab');
    await expect(entry.getByRole('textbox', { name: 'Notes' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(rowOf(page, 'Older Shop')).toBeFocused();
    // Tab again leaves the register: no other row is a tab stop.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-row-id]') === null)).toBe(true);
  } else {
    // The entry form's last control (Add Transaction, then Split), then Tab: the rows.
    await entry.getByRole('button', { name: 'Add Transaction' }).focus();
    await page.keyboard.press('Tab');
    await expect(entry.getByRole('button', { name: 'Split', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-row-id]') !== null)).toBe(true);
  }

  await page.goto('/help');
  const keys = page.getByRole('article').filter({ hasText: 'Which keys work in the register?' });
  await expect(keys).toContainText('Tab from the entry line reaches the transactions');
  await snap(page, testInfo, 'help-register-keys');
});

test('small slips: Add Account leaves focus in Name, "Payee is required." in Payee, no stale message under Planned Deposits, Escape in Date leaves clearing mode', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request, { name: 'Daily User' });
  await signInWithToken(page, user, '/accounts');
  const form = page.getByRole('form', { name: 'Add account' });
  const name = form.getByLabel(/new account name/i);
  await name.fill('Checking');
  await form.getByLabel(/starting balance/i).fill('100');
  await form.getByLabel(/starting balance/i).press('Enter');
  await expect(page.getByText('Account created successfully.')).toBeVisible();
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('');

  // The register: Enter with an amount and no payee.
  await page.getByRole('list', { name: 'Accounts' }).getByRole('link', { name: 'Checking', exact: true }).click();
  const entry = entryOf(page);
  await entry.getByRole('spinbutton', { name: 'Payment' }).fill('5');
  await entry.getByRole('spinbutton', { name: 'Payment' }).press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Payee is required.');
  await expect(entry.getByRole('combobox', { name: 'Payee' })).toBeFocused();

  // Clearing mode, then Escape in the entry line's Date field leaves it.
  await page.getByRole('button', { name: 'Clearing Mode' }).click();
  await expect(page.getByRole('button', { name: 'Exit Clearing Mode' })).toBeVisible();
  await entry.getByRole('textbox', { name: 'Date' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Clearing Mode', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exit Clearing Mode' })).toHaveCount(0);

  // The Budget Planner: "Payee is required." under Planned Deposits goes once something else succeeds.
  await page.goto('/budget');
  const deposits = page.getByRole('form', { name: 'Add planned deposit' });
  await deposits.getByRole('button', { name: 'Add Deposit' }).click();
  await expect(deposits.getByRole('alert')).toHaveText('Payee is required.');
  const payments = page.getByRole('form', { name: 'Add planned payment' });
  await payments.getByRole('combobox', { name: 'Payee' }).fill('Landlord');
  await payments.getByRole('spinbutton', { name: 'Day' }).fill('1');
  await payments.getByRole('button', { name: 'Add Payment' }).click();
  await expect(page.getByRole('grid', { name: 'Planned Payments' }).getByText('Landlord')).toBeVisible();
  await expect(page.getByText('Payee is required.')).toHaveCount(0);
  await snap(page, testInfo, 'budget-no-stale-message');
});
