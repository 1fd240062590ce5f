/**
 * Issue 10 (the register as a daily user feels it): numbers are always readable, the layout
 * holds still, keyboard first. Both widths: the desktop table (1280 px) and the stacked 768 px
 * register with its edit dialog (fields in one column) and clearing mode's P / X / Clear buttons.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, isMobile, localToday, signInWithToken, snap, test } from './support/fixtures';
import {
  addDays,
  bulkSeed,
  cell,
  createAccount,
  createTransaction,
  createTransactions,
  entryOf,
  expectShellBalances,
  householdWithAccount,
  money,
  registerRows,
  rowOf,
  type SeedRow,
  shown,
  signInToRegister,
} from './support/ledger';

const LARGEST = 999_999_999.99;

/** Elements (cells, inputs, lines) whose content is wider than their box: cut or ellipsised. */
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

/** The amount and balance cells of the desktop rows (view or edit). */
const amountCells = (page: Page) => page.locator('tr[data-row-id] td:nth-child(n+3):nth-child(-n+7)');

async function expectWhole(input: Locator, value: string) {
  await expect(input).toHaveValue(value);
  const { scroll, client } = await input.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll, `${value}: ${scroll} > ${client}`).toBeLessThanOrEqual(client);
}

/** Where the register sits: its top and (desktop) every column's left edge. */
async function registerGeometry(page: Page): Promise<number[]> {
  const scroller = page.getByTestId('register-scroll');
  const box = await scroller.boundingBox();
  const columns = await page
    .locator('.ledger-register-table thead tr:first-child th')
    .evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().left)));
  return [Math.round(box!.y), Math.round(box!.x), Math.round(box!.width), ...columns];
}

const intersects = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('amounts up to $999,999,999.99 show in full, in the rows and while editing', async ({
  page,
  request,
}, testInfo) => {
  const { user, account: huge } = await householdWithAccount(request, 'Huge', 0);
  const today = localToday();
  await createTransactions(request, user, huge.id, [
    { date: addDays(today, -1), payee: 'Giant Payment', amount: -LARGEST, status: 'x' },
    { date: today, payee: 'Giant Deposit', amount: LARGEST },
  ]);
  await signInToRegister(page, user, huge.id);
  const paymentRow = rowOf(page, 'Giant Payment');
  await expect(paymentRow).toBeVisible();

  if (!isMobile(testInfo)) {
    await expect(cell(paymentRow, 'payment')).toHaveText(money(LARGEST));
    await expect(cell(paymentRow, 'balance')).toHaveText(money(-LARGEST));
    await expect(cell(rowOf(page, 'Giant Deposit'), 'pending')).toHaveText(money(-LARGEST));
    expect(await overflowing(amountCells(page))).toEqual([]);

    // Editing: the other row's cells and the edited row's balances stay whole; the inputs too.
    await cell(rowOf(page, 'Giant Deposit'), 'notes').click();
    const editing = page.getByRole('row', { name: 'Editing transaction' });
    await expect(editing).toBeVisible();
    expect(await overflowing(amountCells(page))).toEqual([]);
    await expectWhole(editing.getByRole('spinbutton', { name: 'Deposit' }), '999999999.99');
    await snap(page, testInfo, 'register-largest-editing');
    await page.keyboard.press('Escape');
    await expect(editing).toHaveCount(0);

    // A locked (cleared) row: the amount beside its lock button.
    await cell(paymentRow, 'payee').click();
    await expect(editing.getByRole('button', { name: 'Unlock to edit amount' })).toBeVisible();
    expect(await overflowing(amountCells(page))).toEqual([]);
    await expectWhole(editing.getByRole('spinbutton', { name: 'Payment' }), '999999999.99');
  } else {
    await expect(paymentRow).toContainText(money(-LARGEST));
    await expect(paymentRow).toContainText(`Balance ${money(-LARGEST)}`);
    expect(
      await overflowing(page.locator('.ledger-mobile-row__amount, .ledger-mobile-row__line > span:last-child')),
    ).toEqual([]);
    await paymentRow.getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
    await expectWhole(dialog.getByRole('spinbutton', { name: 'Payment' }), '999999999.99');
    await snap(page, testInfo, 'register-largest-editing');
  }
});

test("edit inputs show a locked row's 1200.00 and an unlocked 2000000.00 whole", async ({
  page,
  request,
}, testInfo) => {
  const { user, account } = await householdWithAccount(request, 'Checking', 0);
  const today = localToday();
  await createTransactions(request, user, account.id, [
    { date: addDays(today, -1), payee: 'Rent', amount: -1200, status: 'x' },
    { date: today, payee: 'Bonus', amount: 2_000_000 },
  ]);
  await signInToRegister(page, user, account.id);
  const mobile = isMobile(testInfo);
  const open = async (payee: string) => {
    if (mobile) await rowOf(page, payee).getByRole('button').click();
    else await cell(rowOf(page, payee), 'notes').click();
    return mobile
      ? page.getByRole('dialog', { name: 'Edit Transaction' })
      : page.getByRole('row', { name: 'Editing transaction' });
  };
  let editor = await open('Rent');
  await expect(editor.getByRole('button', { name: 'Unlock to edit amount' })).toBeVisible();
  await expectWhole(editor.getByRole('spinbutton', { name: 'Payment' }), '1200.00');
  // After the unlock is confirmed, focus is back on the amount.
  await editor.getByRole('button', { name: 'Unlock to edit amount' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: /unlock/i })
    .getByRole('button', { name: 'Unlock' })
    .click();
  await expect(editor.getByRole('spinbutton', { name: 'Payment' })).toBeFocused();
  await expectWhole(editor.getByRole('spinbutton', { name: 'Payment' }), '1200.00');
  await page.keyboard.press('Escape');
  if (mobile) await expect(editor).toHaveCount(0);
  editor = await open('Bonus');
  await expectWhole(editor.getByRole('spinbutton', { name: 'Deposit' }), '2000000.00');
  await snap(page, testInfo, 'register-edit-inputs');
});

test('the register holds still: editing, a message and clearing mode do not move it', async ({
  page,
  request,
}, testInfo) => {
  const { user, account } = await householdWithAccount(request, 'Checking', 500);
  const today = localToday();
  for (let i = 0; i < 6; i++)
    await createTransaction(request, user, account.id, {
      date: addDays(today, -i),
      payee: `Shop ${i}`,
      amount: -(10 + i),
    });
  await signInToRegister(page, user, account.id);
  await expect(rowOf(page, 'Shop 0')).toBeVisible();
  const before = await registerGeometry(page);

  // An error message (Enter without a payee) takes the reserved line.
  const entry = entryOf(page);
  await entry.getByRole('spinbutton', { name: 'Payment' }).fill('5');
  await entry.getByRole('spinbutton', { name: 'Payment' }).press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await registerGeometry(page)).toEqual(before);

  // Starting an edit (desktop: the row's actions are laid over the rows, no column appears).
  if (!isMobile(testInfo)) {
    await cell(rowOf(page, 'Shop 2'), 'payee').click();
    await expect(
      page.getByRole('row', { name: 'Editing transaction' }).getByRole('button', { name: 'Save' }),
    ).toBeVisible();
    expect(await registerGeometry(page)).toEqual(before);
    await page.keyboard.press('Escape');
  }

  // Clearing mode, with its hint.
  await page.getByRole('button', { name: 'Clearing Mode' }).click();
  await expect(page.getByRole('note')).toContainText('Clearing mode');
  expect(await registerGeometry(page)).toEqual(before);
  await snap(page, testInfo, 'register-clearing-still');
  await page.getByRole('button', { name: 'Exit Clearing Mode' }).click();
  expect(await registerGeometry(page)).toEqual(before);
});

test('the transfer account picker covers neither the Add button nor the Status field', async ({
  page,
  request,
}, testInfo) => {
  const { user, account: checking } = await householdWithAccount(request, 'Checking', 100);
  await createAccount(request, user, 'Savings', 0);
  await signInToRegister(page, user, checking.id);
  const entry = entryOf(page);
  await entry.getByRole('combobox', { name: 'Category' }).fill('-- Transfer --');
  const picker = entry.getByRole('combobox', { name: 'Transfer account' });
  await expect(picker).toBeVisible();
  const add = entry.getByRole('button', { name: isMobile(testInfo) ? 'Add Transaction' : 'Add', exact: true });
  const status = entry.getByRole('combobox', { name: 'Status' });
  const [p, a, s] = await Promise.all([picker.boundingBox(), add.boundingBox(), status.boundingBox()]);
  expect(intersects(p!, a!)).toBe(false);
  expect(intersects(p!, s!)).toBe(false);
  // The button is really the topmost element where it is drawn.
  const hit = await add.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  });
  expect(hit).toBe(true);
  await snap(page, testInfo, 'register-transfer-picker');
});

test('a large register opens at today even with hundreds of rows dated after today', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { user, account } = await householdWithAccount(request, 'Planned', 0);
  const today = localToday();
  const rows: SeedRow[] = [];
  for (let i = 300; i >= 1; i--)
    rows.push({ date: addDays(today, -i), payee: `Past ${String(i).padStart(3, '0')}`, amount: -1 });
  rows.push({ date: today, payee: 'Today Row', amount: 5 });
  // More future rows than the first page holds (the first page is the newest 400).
  for (let i = 1; i <= 600; i++)
    rows.push({ date: addDays(today, Math.ceil(i / 2)), payee: `Planned ${String(i).padStart(3, '0')}`, amount: -2 });
  await bulkSeed(request, user, account.id, rows);
  await signInToRegister(page, user, account.id);
  await expect(page.getByText('901 transactions')).toBeVisible({ timeout: 60_000 });
  const scroller = page.getByTestId('register-scroll');
  const todayRow = rowOf(page, 'Today Row');
  await expect(todayRow).toBeVisible();
  const [view, row] = await Promise.all([scroller.boundingBox(), todayRow.boundingBox()]);
  expect(row!.y).toBeGreaterThanOrEqual(view!.y);
  expect(row!.y + row!.height).toBeLessThanOrEqual(view!.y + view!.height);
  await expect(scroller.locator('.ledger-separator--today')).toBeVisible();
  await snap(page, testInfo, 'register-opens-at-today');
});

test('keyboard first: Date has focus on open, rows by arrow keys, Enter edits, actions by Tab', async ({
  page,
  request,
}, testInfo) => {
  const { user, account } = await householdWithAccount(request, 'Checking', 100);
  const today = localToday();
  await createTransactions(request, user, account.id, [
    { date: addDays(today, -2), payee: 'Older Shop', amount: -3 },
    { date: addDays(today, -1), payee: 'Newer Shop', amount: -4 },
    { date: addDays(today, 3), payee: 'Planned Shop', amount: -5 },
  ]);
  await signInToRegister(page, user, account.id);
  const date = entryOf(page).getByRole('textbox', { name: 'Date' });
  await expect(date).toBeFocused();
  await expect(date).toHaveValue(shown(today));

  if (!isMobile(testInfo)) {
    // Down from the Date field: the latest row up to today; Up: the one before; Enter edits it.
    await page.keyboard.press('ArrowDown');
    await expect(rowOf(page, 'Newer Shop')).toBeFocused();
    expect(await rowOf(page, 'Newer Shop').evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await page.keyboard.press('ArrowUp');
    await expect(rowOf(page, 'Older Shop')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(rowOf(page, 'Planned Shop')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    const editing = page.getByRole('row', { name: 'Editing transaction' });
    await expect(editing.getByRole('textbox', { name: 'Date' })).toBeFocused();
    await editing.getByRole('textbox', { name: 'Notes' }).focus();
    for (const name of ['Save', 'Split', 'Move', 'Create rule from this row', 'Delete', 'History', 'Cancel']) {
      await page.keyboard.press('Tab');
      await expect(editing.getByRole('button', { name, exact: true })).toBeFocused();
    }
    await page.keyboard.press('Enter');
    await expect(editing).toHaveCount(0);
    await expect(rowOf(page, 'Newer Shop')).toBeFocused();
    // Escape goes back to the entry line.
    await page.keyboard.press('Escape');
    await expect(date).toBeFocused();
    // Enter on a row, then Save from the keyboard.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await editing.getByRole('textbox', { name: 'Notes' }).fill('typed');
    await page.keyboard.press('Tab');
    await expect(editing.getByRole('button', { name: 'Save', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(cell(rowOf(page, 'Newer Shop'), 'notes')).toHaveText('typed');
  } else {
    // The stacked rows are buttons: Tab reaches them, Enter opens the edit dialog.
    const button = rowOf(page, 'Newer Shop').getByRole('button');
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Notes' }).focus();
    const reached = new Set<string>();
    for (let i = 0; i < 8 && reached.size < 4; i++) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(() =>
        document.activeElement?.tagName === 'BUTTON' ? (document.activeElement.textContent?.trim() ?? '') : '',
      );
      if (['Save', 'Move', 'Delete', 'Cancel'].includes(name)) reached.add(name);
    }
    expect([...reached].sort()).toEqual(['Cancel', 'Delete', 'Move', 'Save']);
    await page.keyboard.press('Escape');
  }
  await snap(page, testInfo, 'register-keyboard');
});

test('balance today and after later-dated rows, told apart in the account list and the register header', async ({
  page,
  request,
}, testInfo) => {
  const { user, account: planned } = await householdWithAccount(request, 'With Plans', 1000);
  const plain = await createAccount(request, user, 'No Plans', 50);
  const today = localToday();
  await createTransactions(request, user, planned.id, [
    { date: addDays(today, -1), payee: 'Groceries', amount: -100 },
    { date: addDays(today, 5), payee: 'Rent', amount: -700 },
  ]);
  await signInWithToken(page, user, '/accounts');
  const item = page.locator('.ledger-account-item').filter({ hasText: 'With Plans' });
  await expect(item).toContainText(money(900));
  await expect(item).toContainText(`after later-dated rows ${money(200)}`);
  await expect(page.locator('.ledger-account-item').filter({ hasText: 'No Plans' })).not.toContainText(
    'after later-dated rows',
  );
  await snap(page, testInfo, 'accounts-balance-today');

  await page.goto(`/accounts/${planned.id}/register`);
  await expect(
    page.getByText(
      `Balance today ${money(900)} · After later-dated rows ${money(200)} · Pending ${money(1000)} · Cleared ${money(1000)}`,
    ),
  ).toBeVisible();
  await page.goto(`/accounts/${plain.id}/register`);
  await expect(page.getByText(`Balance ${money(50)} · Pending ${money(50)} · Cleared ${money(50)}`)).toBeVisible();
});

test('clearing mode: P / X / Clear on each row at 768 px (the keys p, x, Delete on desktop) change the status, on screen and on the server', async ({
  page,
  request,
}, testInfo) => {
  const { user, account } = await householdWithAccount(request, 'Checking', 100);
  const today = localToday();
  await createTransactions(request, user, account.id, [
    { date: addDays(today, -2), payee: 'Alpha Store', amount: -10 },
    { date: addDays(today, -1), payee: 'Bravo Diner', amount: -20 },
    { date: today, payee: 'Charlie Pay', amount: 5 },
  ]);
  await signInToRegister(page, user, account.id);
  await expectShellBalances(page, 75, 100, 100);
  const mobile = isMobile(testInfo);
  const statusOf = async (payee: string) =>
    (await registerRows(request, user, account.id)).find((r) => r.payee === payee)?.status;

  await page.getByRole('button', { name: 'Clearing Mode' }).click();
  if (mobile) {
    await expect(page.getByRole('note')).toHaveText(
      'Clearing mode: tap P (pending), X (cleared) or Clear (none) on a row.',
    );
    // Every row has the three buttons, named for what they do and at least 44 px square.
    for (const payee of ['Alpha Store', 'Bravo Diner', 'Charlie Pay']) {
      const group = rowOf(page, payee).getByRole('group', { name: new RegExp(`^Status of ${payee}, `) });
      for (const name of ['Mark pending', 'Mark cleared', 'Clear status']) {
        const box = (await group.getByRole('button', { name, exact: true }).boundingBox())!;
        expect(box.width, `${payee} ${name}`).toBeGreaterThanOrEqual(44);
        expect(box.height, `${payee} ${name}`).toBeGreaterThanOrEqual(44);
      }
    }
    // The amounts and balances beside them stay whole.
    expect(
      await overflowing(page.locator('.ledger-mobile-row__amount, .ledger-mobile-row__line > span:last-child')),
    ).toEqual([]);
  } else {
    await expect(page.getByRole('button', { name: 'Mark cleared' })).toHaveCount(0);
  }
  /** One status change the way this layout offers it: a tap on the row's button, or the row then its key. */
  const set = async (payee: string, action: 'Mark pending' | 'Mark cleared' | 'Clear status') => {
    const row = rowOf(page, payee);
    if (mobile) {
      await row.getByRole('button', { name: action, exact: true }).click();
    } else {
      await cell(row, 'payee').click();
      await expect(row).toHaveAttribute('aria-current', 'true');
      await page.keyboard.press({ 'Mark pending': 'p', 'Mark cleared': 'x', 'Clear status': 'Delete' }[action]);
    }
    await expect(row).toHaveAttribute('aria-current', 'true');
  };
  const badge = (payee: string) => rowOf(page, payee).locator('.hf-status-badge');

  await set('Bravo Diner', 'Mark cleared');
  await expect(badge('Bravo Diner')).toHaveText('X');
  if (mobile)
    await expect(rowOf(page, 'Bravo Diner').getByRole('button', { name: 'Mark cleared' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  await expectShellBalances(page, 75, 80, 80);
  await expect.poll(() => statusOf('Bravo Diner')).toBe('x');

  await set('Alpha Store', 'Mark pending');
  await expect(badge('Alpha Store')).toHaveText('P');
  await expectShellBalances(page, 75, 70, 80);
  await expect.poll(() => statusOf('Alpha Store')).toBe('p');
  await snap(page, testInfo, 'register-clearing-controls');

  // Clearing a cleared row asks first (the same question as the keys).
  await set('Bravo Diner', 'Clear status');
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(/cleared/i);
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(badge('Bravo Diner')).toHaveCount(0);
  await expectShellBalances(page, 75, 90, 100);
  await expect.poll(() => statusOf('Bravo Diner')).toBe('');

  await set('Alpha Store', 'Mark cleared');
  await expect(badge('Alpha Store')).toHaveText('X');
  await expectShellBalances(page, 75, 90, 90);

  // Still in clearing mode after the taps; the button leaves it.
  await page.getByRole('button', { name: 'Exit Clearing Mode' }).click();
  await expect(page.getByRole('button', { name: 'Mark cleared' })).toHaveCount(0);
  expect((await registerRows(request, user, account.id)).map((r) => [r.payee, r.status])).toEqual([
    ['Alpha Store', 'x'],
    ['Bravo Diner', ''],
    ['Charlie Pay', ''],
  ]);
});

test('the edit dialog at 768 px: labels and fields in one column, same left edge and width', async ({
  page,
  request,
}, testInfo) => {
  test.skip(
    !isMobile(testInfo),
    'the edit dialog is the 768 px form; on desktop a row is edited in its table row, under the column headings',
  );
  const { user, account } = await householdWithAccount(request, 'Checking', 100);
  const today = localToday();
  await createTransactions(request, user, account.id, [
    { date: addDays(today, -1), payee: 'Landlord', amount: -1200, status: 'x', notes: 'November' },
    { date: today, payee: 'Employer', amount: 2500 },
  ]);
  await signInToRegister(page, user, account.id);

  const geometry = async (dialog: Locator) =>
    dialog.locator('.hf-stacked-field').evaluateAll((fields) =>
      fields.map((field) => {
        const label = field.querySelector(':scope > span')!.getBoundingClientRect();
        const control = field.querySelector('input, select')!.getBoundingClientRect();
        return {
          name: field.querySelector(':scope > span')!.textContent,
          label: [Math.round(label.left), Math.round(label.width)],
          control: [Math.round(control.left), Math.round(control.width)],
          top: Math.round(label.top),
        };
      }),
    );
  for (const payee of ['Landlord', 'Employer']) {
    await rowOf(page, payee).getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
    await expect(dialog).toBeVisible();
    const fields = await geometry(dialog);
    expect(fields.map((f) => f.name)).toEqual(['Date', 'Payee', 'Payment', 'Deposit', 'Status', 'Category', 'Notes']);
    // One column: each field below the one before; every label and control on one left edge and of one width.
    for (let i = 1; i < fields.length; i++) expect(fields[i].top, fields[i].name!).toBeGreaterThan(fields[i - 1].top);
    const [left, width] = fields[0].label;
    expect(width).toBeGreaterThan(200);
    for (const f of fields) {
      expect(f.label, `${f.name} label`).toEqual([left, width]);
      expect(f.control, `${f.name} field`).toEqual([left, width]);
    }
    if (payee === 'Landlord') {
      // The lock of the cleared amount sits inside the Payment field, which keeps its whole value.
      const lock = dialog.getByRole('button', { name: 'Unlock to edit amount' });
      const [l, p] = await Promise.all([
        lock.boundingBox(),
        dialog.getByRole('spinbutton', { name: 'Payment' }).boundingBox(),
      ]);
      expect(l!.x).toBeGreaterThan(p!.x);
      expect(l!.x + l!.width).toBeLessThanOrEqual(p!.x + p!.width);
      await expectWhole(dialog.getByRole('spinbutton', { name: 'Payment' }), '1200.00');
      await snap(page, testInfo, 'register-edit-dialog-aligned');
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  }
});
