/**
 * Issue 3: the account register (docs/rules/screens.md "Register screen",
 * ledger.md, dates.md).
 * Keyboard entry, balances, transfers, date keys, the sub-category prompt, clearing mode, locked
 * rows, move, delete with `y`, and bulk categorize.
 */
import { expect, isMobile, localToday, snap, test } from './support/fixtures';
import {
  addDays,
  addMonths,
  cell,
  createAccount,
  createCategory,
  createTransaction,
  createTransactions,
  entryForm,
  entryOf,
  entryRow,
  expectShellBalances,
  fieldOf,
  householdWithAccount,
  money,
  registerRows,
  rowOf,
  shown,
  signInToRegister,
  yearless,
} from './support/ledger';

test.describe('register (desktop table)', () => {
  test.beforeEach(() => {
    test.skip(isMobile(test.info()), 'the desktop register table; the 768 px layout has its own tests below');
  });

  test('keyboard-only entry of payments and deposits; running, pending and cleared balances', async ({
    page,
    request,
  }, testInfo) => {
    const { user, account: checking } = await householdWithAccount(request, 'Checking', 1000);
    await createCategory(request, user, 'Food');
    await signInToRegister(page, user, checking.id);
    await expect(page.getByRole('heading', { name: 'Checking', level: 1 })).toBeVisible();
    for (const column of [
      'Date',
      'Payee',
      'Payment',
      'Deposit',
      'Balance',
      'Pending Bal',
      'Cleared Bal',
      'Status',
      'Category',
      'Notes',
    ]) {
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('columnheader', { name: 'Account', exact: true })).toHaveCount(0);
    // The account shell: name, collapsible Envelopes panel, Bulk Categorize, Import Transactions.
    await expect(page.getByRole('button', { name: 'Bulk Categorize' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import Transactions' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Envelopes' })).toBeVisible();
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Hide', exact: true })).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Show', exact: true })).toHaveAttribute('aria-expanded', 'false');

    const entry = entryRow(page);
    const date = entry.getByRole('textbox', { name: 'Date' });
    await expect(date).toHaveValue(shown(localToday()));
    await date.focus();

    // 1: a payment, no status.
    await page.keyboard.press('Tab');
    await page.keyboard.type('Grocer');
    await page.keyboard.press('Tab');
    await page.keyboard.type('45.10');
    await page.keyboard.press('Enter');
    await expect(rowOf(page, 'Grocer')).toBeVisible();
    await expect(date).toBeFocused();
    await expect(date).toHaveValue(shown(localToday()));
    await expect(entry.getByRole('combobox', { name: 'Payee' })).toHaveValue('');

    // 2: a deposit, pending (status chosen by typing on the select).
    await page.keyboard.press('Tab');
    await page.keyboard.type('Paycheck');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('200');
    await entry.getByRole('combobox', { name: 'Status' }).focus();
    await page.keyboard.type('P');
    await expect(entry.getByRole('combobox', { name: 'Status' })).toHaveValue('p');
    await page.keyboard.press('Enter');
    await expect(rowOf(page, 'Paycheck')).toBeVisible();

    // 3: a cleared payment with category and notes.
    await expect(date).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Lunch Spot');
    await page.keyboard.press('Tab');
    await page.keyboard.type('20');
    await entry.getByRole('combobox', { name: 'Status' }).focus();
    await page.keyboard.type('x');
    await expect(entry.getByRole('combobox', { name: 'Status' })).toHaveValue('x');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Food');
    await page.keyboard.press('Tab');
    await page.keyboard.type('team lunch');
    await page.keyboard.press('Enter');
    await expect(rowOf(page, 'Lunch Spot')).toBeVisible();

    const expectRow = async (
      payee: string,
      v: {
        payment?: string;
        deposit?: string;
        balance: number;
        pending: number;
        cleared: number;
        status: string;
        category?: string;
      },
    ) => {
      const row = rowOf(page, payee);
      await expect(cell(row, 'payment')).toHaveText(v.payment ?? '');
      await expect(cell(row, 'deposit')).toHaveText(v.deposit ?? '');
      await expect(cell(row, 'balance')).toHaveText(money(v.balance));
      await expect(cell(row, 'pending')).toHaveText(money(v.pending));
      await expect(cell(row, 'cleared')).toHaveText(money(v.cleared));
      await expect(cell(row, 'status')).toHaveText(v.status);
      if (v.category !== undefined) await expect(cell(row, 'category')).toHaveText(v.category);
    };
    await expectRow('Grocer', { payment: '$45.10', balance: 954.9, pending: 1000, cleared: 1000, status: '' });
    await expectRow('Paycheck', { deposit: '$200.00', balance: 1154.9, pending: 1200, cleared: 1000, status: 'P' });
    await expectRow('Lunch Spot', {
      payment: '$20.00',
      balance: 1134.9,
      pending: 1180,
      cleared: 980,
      status: 'X',
      category: 'Food',
    });
    await expect(cell(rowOf(page, 'Lunch Spot'), 'notes')).toHaveText('team lunch');
    await expectShellBalances(page, 1134.9, 1180, 980);
    await expect(page.getByText('3 transactions')).toBeVisible();
    // Month and "today" separator rows.
    const monthName = new Date().toLocaleString('en-US', { month: 'long' });
    await expect(
      page.getByRole('cell', { name: `${monthName} ${localToday().slice(0, 4)}`, exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Today', exact: true })).toBeVisible();
    await snap(page, testInfo, 'register-entries');

    // The server agrees.
    const rows = await registerRows(request, user, checking.id);
    expect(rows.map((r) => [r.payee, r.amount, r.status, r.running, r.pending, r.cleared])).toEqual([
      ['Grocer', -45.1, '', 954.9, 1000, 1000],
      ['Paycheck', 200, 'p', 1154.9, 1200, 1000],
      ['Lunch Spot', -20, 'x', 1134.9, 1180, 980],
    ]);

    // A zero amount asks first; "n" declines.
    await date.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Nothing Much');
    await page.keyboard.press('Enter');
    const zero = page.getByRole('dialog');
    await expect(zero).toContainText('Are you sure you want to create a transaction with a zero amount?');
    await page.keyboard.press('n');
    await expect(zero).toBeHidden();
    await expect(rowOf(page, 'Nothing Much')).toHaveCount(0);

    // Date and payee are required.
    await entry.getByRole('combobox', { name: 'Payee' }).fill('');
    await entry.getByRole('spinbutton', { name: 'Payment' }).fill('5');
    await entry.getByRole('spinbutton', { name: 'Payment' }).press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: /payee/i })).toBeVisible();
  });

  test('a transfer by typing the other account as payee: both legs, category "-- Transfer --"', async ({
    page,
    request,
  }, testInfo) => {
    const { user, account: checking } = await householdWithAccount(request, 'Checking', 1000);
    const savings = await createAccount(request, user, 'Rainy Day Savings', 500);
    await signInToRegister(page, user, checking.id);

    const entry = entryRow(page);
    await entry.getByRole('textbox', { name: 'Date' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.type('rainy day savings'); // case-insensitive match of the account name
    await expect(entry.getByRole('combobox', { name: 'Category' })).toHaveValue('-- Transfer --');
    await expect(entry.getByRole('combobox', { name: 'Category' })).toBeDisabled();
    await expect(entry.getByRole('combobox', { name: 'Transfer account' })).toHaveValue(String(savings.id));
    await page.keyboard.press('Escape');
    await entry.getByRole('spinbutton', { name: 'Payment' }).focus();
    await page.keyboard.type('150');
    await page.keyboard.press('Enter');

    const leg = rowOf(page, 'Rainy Day Savings');
    await expect(leg).toBeVisible();
    await expect(cell(leg, 'payment')).toHaveText('$150.00');
    await expect(cell(leg, 'category')).toHaveText('-- Transfer --');
    await expectShellBalances(page, 850, 1000, 1000);
    await snap(page, testInfo, 'register-transfer');

    const other = await registerRows(request, user, savings.id);
    expect(other).toHaveLength(1);
    expect(other[0]).toMatchObject({ payee: 'Checking', amount: 150, category_name: '-- Transfer --' });

    await page.goto(`/accounts/${savings.id}/register`);
    const mirror = rowOf(page, 'Checking');
    await expect(mirror).toBeVisible();
    await expect(cell(mirror, 'deposit')).toHaveText('$150.00');
    await expect(cell(mirror, 'balance')).toHaveText('$650.00');
    await expectShellBalances(page, 650, 500, 500);

    // Payee "-- Transfer --" category without a valid destination: the spec's message.
    const entry2 = entryRow(page);
    await entry2.getByRole('combobox', { name: 'Payee' }).fill('Somebody');
    await entry2.getByRole('combobox', { name: 'Category' }).fill('-- Transfer --');
    await entry2.getByRole('spinbutton', { name: 'Payment' }).fill('5');
    await entry2.getByRole('spinbutton', { name: 'Payment' }).press('Enter');
    await expect(page.getByRole('dialog')).toContainText('Please select a valid account for the transfer.');
  });

  test('clearing mode: p, x, Delete, arrows, Enter and Shift+Enter, Escape leaves', async ({
    page,
    request,
  }, testInfo) => {
    const { user, account: checking } = await householdWithAccount(request, 'Checking', 100);
    const today = localToday();
    await createTransactions(request, user, checking.id, [
      { date: addDays(today, -2), payee: 'Alpha', amount: -10 },
      { date: addDays(today, -1), payee: 'Bravo', amount: -20 },
      { date: today, payee: 'Charlie', amount: -30 },
    ]);
    await signInToRegister(page, user, checking.id);

    await page.getByRole('button', { name: 'Clearing Mode' }).click();
    await expect(page.getByRole('button', { name: 'Exit Clearing Mode' })).toBeVisible();
    // The active row starts at the last row dated today or earlier.
    await expect(rowOf(page, 'Charlie')).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('p');
    await expect(cell(rowOf(page, 'Charlie'), 'status')).toHaveText('P');
    await page.keyboard.press('ArrowUp');
    await expect(rowOf(page, 'Bravo')).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('x');
    await expect(cell(rowOf(page, 'Bravo'), 'status')).toHaveText('X');
    await page.keyboard.press('Shift+Enter');
    await expect(rowOf(page, 'Alpha')).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('x');
    await expect(cell(rowOf(page, 'Alpha'), 'status')).toHaveText('X');
    await page.keyboard.press('Enter');
    await expect(rowOf(page, 'Bravo')).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(rowOf(page, 'Charlie')).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Delete');
    await expect(cell(rowOf(page, 'Charlie'), 'status')).toHaveText('');
    await snap(page, testInfo, 'register-clearing-mode');

    // Leaving cleared asks first.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Backspace');
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(/cleared/i);
    await expect(confirm.getByText("Don't ask again during this session")).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(cell(rowOf(page, 'Bravo'), 'status')).toHaveText('');

    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Clearing Mode' })).toBeVisible();
    await expect(page.locator('[data-row-id][aria-current="true"]')).toHaveCount(0);

    const rows = await registerRows(request, user, checking.id);
    expect(rows.map((r) => [r.payee, r.status])).toEqual([
      ['Alpha', 'x'],
      ['Bravo', ''],
      ['Charlie', ''],
    ]);
    await expectShellBalances(page, 40, 90, 90);
  });

  test('a cleared amount is locked until unlocked; editing it updates the balances', async ({ page, request }) => {
    const { user, account: checking } = await householdWithAccount(request, 'Checking', 100);
    await createTransaction(request, user, checking.id, {
      date: localToday(),
      payee: 'Reconciled Shop',
      amount: -40,
      status: 'x',
    });
    await signInToRegister(page, user, checking.id);

    await cell(rowOf(page, 'Reconciled Shop'), 'payment').click();
    const editing = page.getByRole('row', { name: 'Editing transaction' });
    await expect(editing).toBeVisible();
    const payment = editing.getByRole('spinbutton', { name: 'Payment' });
    await expect(payment).toBeDisabled();
    await expect(editing.getByRole('combobox', { name: 'Status' })).toBeDisabled();
    const lock = editing.getByRole('button', { name: 'Unlock to edit amount' });
    await expect(lock).toBeVisible();
    for (const name of ['Save', 'Move', 'Delete', 'Cancel'])
      await expect(editing.getByRole('button', { name, exact: true })).toBeVisible();
    // Laid over the rows: no Actions column appears (the table does not re-flow).
    await expect(editing.getByRole('group', { name: 'Row actions' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);

    await lock.click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(/unlock/i);
    await confirm.getByRole('button', { name: 'Unlock' }).click();
    await expect(payment).toBeEnabled();
    await payment.fill('45.5');
    await payment.press('Enter');
    await expect(editing).toHaveCount(0);
    const row = rowOf(page, 'Reconciled Shop');
    await expect(cell(row, 'payment')).toHaveText('$45.50');
    await expect(cell(row, 'status')).toHaveText('X');
    await expect(cell(row, 'cleared')).toHaveText('$54.50');
    await expectShellBalances(page, 54.5, 54.5, 54.5);

    // Escape cancels an edit without saving.
    await cell(row, 'notes').click();
    await page
      .getByRole('row', { name: 'Editing transaction' })
      .getByRole('textbox', { name: 'Notes' })
      .fill('not saved');
    await page.keyboard.press('Escape');
    await expect(cell(rowOf(page, 'Reconciled Shop'), 'notes')).toHaveText('');
  });

  test('move a row to another account; delete a row with "y"', async ({ page, request }, testInfo) => {
    const { user, account: checking } = await householdWithAccount(request, 'Checking', 100);
    const savings = await createAccount(request, user, 'Savings', 0);
    await createTransactions(request, user, checking.id, [
      { date: localToday(), payee: 'Wrong Account Co', amount: -12 },
      { date: localToday(), payee: 'Cleared Mover', amount: -3, status: 'x' },
      { date: localToday(), payee: 'Doomed Purchase', amount: -8 },
    ]);
    await signInToRegister(page, user, checking.id);

    // Move.
    await cell(rowOf(page, 'Wrong Account Co'), 'payee').click();
    await page.getByRole('row', { name: 'Editing transaction' }).getByRole('button', { name: 'Move' }).click();
    const move = page.getByRole('dialog', { name: 'Move Transaction' });
    await move.getByLabel('Destination account').selectOption({ label: 'Savings' });
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(move.getByText('Transaction moved to Savings.')).toBeVisible();
    await snap(page, testInfo, 'register-moved');
    await expect(move).toBeHidden({ timeout: 5_000 });
    await expect(rowOf(page, 'Wrong Account Co')).toHaveCount(0);
    expect((await registerRows(request, user, savings.id)).map((r) => r.payee)).toEqual(['Wrong Account Co']);

    // A cleared row asks for an extra confirmation.
    await cell(rowOf(page, 'Cleared Mover'), 'payee').click();
    await page.getByRole('row', { name: 'Editing transaction' }).getByRole('button', { name: 'Move' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Move', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText(/cleared/i);
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Move It' }).click();
    await expect(page.getByRole('dialog').getByText('Transaction moved to Savings.')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden({ timeout: 5_000 });

    // Delete: "n" declines, "y" confirms.
    await cell(rowOf(page, 'Doomed Purchase'), 'payee').click();
    await page.getByRole('row', { name: 'Editing transaction' }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Doomed Purchase');
    await page.keyboard.press('n');
    await expect(confirm).toBeHidden();
    const stillEditing = page.getByRole('row', { name: 'Editing transaction' });
    await expect(stillEditing.getByRole('combobox', { name: 'Payee' })).toHaveValue('Doomed Purchase');
    await stillEditing.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('y');
    await expect(rowOf(page, 'Doomed Purchase')).toHaveCount(0);
    expect(await registerRows(request, user, checking.id)).toHaveLength(0);
    await expectShellBalances(page, 100, 100, 100);
  });

  test('bulk categorize by payee', async ({ page, request }, testInfo) => {
    const { user, account: checking } = await householdWithAccount(request, 'Checking', 100);
    await createCategory(request, user, 'Dining');
    for (const payee of ['Coffee Hut', 'Coffee Hut', 'The Coffee Hut Express', 'Book Shop']) {
      await createTransaction(request, user, checking.id, { date: localToday(), payee, amount: -4 });
    }
    await signInToRegister(page, user, checking.id);

    await page.getByRole('button', { name: 'Bulk Categorize' }).click();
    const modal = page.getByRole('dialog', { name: 'Bulk Categorize' });
    await modal.getByLabel(/payees/i).fill('coffee');
    await modal.getByRole('button', { name: 'Search' }).click();
    await expect(modal.getByRole('row')).toHaveCount(4); // header + 3
    await expect(modal.getByText('Book Shop')).toHaveCount(0);

    await modal.getByRole('button', { name: 'Apply' }).click();
    await expect(modal.getByText('Please select a category and at least one transaction.')).toBeVisible();

    await modal.getByRole('checkbox', { name: 'Select all' }).check();
    await modal.getByRole('combobox', { name: 'Category' }).fill('Dining');
    await snap(page, testInfo, 'bulk-categorize');
    await modal.getByRole('button', { name: 'Apply' }).click();
    await expect(modal.getByRole('status')).toBeVisible();
    await modal.getByRole('button', { name: 'Close' }).first().click();

    for (const payee of ['Coffee Hut', 'The Coffee Hut Express']) {
      for (const row of await rowOf(page, payee).all()) await expect(cell(row, 'category')).toHaveText('Dining');
    }
    await expect(cell(rowOf(page, 'Book Shop'), 'category')).toHaveText('');
    const rows = await registerRows(request, user, checking.id);
    expect(rows.filter((r) => r.category_name === 'Dining')).toHaveLength(3);
  });
});

test.describe('register (both layouts)', () => {
  test('date keys t, +, -, PageUp, PageDown and "3/5" in the date field', async ({ page, request }) => {
    const { user, account: checking } = await householdWithAccount(request, 'Checking', 0);
    await signInToRegister(page, user, checking.id);
    const date = entryOf(page).getByRole('textbox', { name: 'Date' });
    const today = localToday();

    await date.fill('1/15/2024');
    await date.press('t');
    await expect(date).toHaveValue(shown(today));
    await date.press('+');
    await expect(date).toHaveValue(shown(addDays(today, 1)));
    await date.press('=');
    await expect(date).toHaveValue(shown(addDays(today, 2)));
    await date.press('-');
    await date.press('-');
    await date.press('-');
    await expect(date).toHaveValue(shown(addDays(today, -1)));
    await date.press('t');
    await date.press('PageUp');
    await expect(date).toHaveValue(shown(addMonths(today, 1)));
    await date.press('PageDown');
    await date.press('PageDown');
    await expect(date).toHaveValue(shown(addMonths(addMonths(today, 1), -2)));

    // A date without a year: this year, or next year when more than 6 months ago.
    await date.fill('3/5');
    await date.press('Tab');
    await expect(date).toHaveValue(shown(yearless(3, 5)));
    // M/d/yy
    await date.fill('7/4/25');
    await date.press('Tab');
    await expect(date).toHaveValue('7/4/2025');

    // Entered with that date, the row lands in its month.
    await date.fill('3/5');
    await entryOf(page).getByRole('combobox', { name: 'Payee' }).fill('Spring Thing');
    await entryOf(page).getByRole('spinbutton', { name: 'Payment' }).fill('1');
    await entryOf(page).getByRole('spinbutton', { name: 'Payment' }).press('Enter');
    await expect(fieldOf(page, rowOf(page, 'Spring Thing'), 'date')).toContainText(shown(yearless(3, 5)));
    const rows = await registerRows(request, user, checking.id);
    expect(rows[0].date).toBe(yearless(3, 5));
  });

  test('typing "Food: Snacks" prompts to create the sub-category; an unknown parent is refused', async ({
    page,
    request,
  }, testInfo) => {
    const { user, account: checking } = await householdWithAccount(request, 'Checking', 100);
    const food = await createCategory(request, user, 'Food');
    await signInToRegister(page, user, checking.id);
    const entry = entryOf(page);

    // Unknown parent: blocked with an OK message.
    await entry.getByRole('combobox', { name: 'Payee' }).fill('Kiosk');
    await entry.getByRole('spinbutton', { name: 'Payment' }).fill('3');
    const category = entry.getByRole('combobox', { name: 'Category' });
    await category.fill('Nowhere: Thing');
    await category.press('Enter');
    const alert = page.getByRole('dialog');
    await expect(alert).toContainText(
      'The parent category Nowhere does not exist. Please create it as a top-level category before adding a sub-category to it.',
    );
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(rowOf(page, 'Kiosk')).toHaveCount(0);

    // Unknown child of a known parent: asks to create it.
    await category.fill('');
    await category.pressSequentially('Food: Snacks');
    await expect(category).toHaveValue('Food: Snacks');
    await category.press('Enter');
    const prompt = page.getByRole('dialog');
    await expect(prompt).toContainText('Snacks');
    await expect(prompt).toContainText('Food');
    await snap(page, testInfo, 'register-subcategory-prompt');
    await prompt.getByRole('button', { name: 'Create' }).click();
    const row = rowOf(page, 'Kiosk');
    await expect(row).toBeVisible();
    await expect(fieldOf(page, row, 'category')).toContainText('Food: Snacks');
    const tree = (await (
      await request.get('/api/categories/', { headers: { Authorization: `Bearer ${user.accessToken}` } })
    ).json()) as {
      id: number;
      children: { name: string }[];
    }[];
    expect(tree.find((c) => c.id === food)?.children.map((c) => c.name)).toEqual(['Snacks']);

    // Now it exists: no prompt the second time, and the text is case-insensitive.
    await entry.getByRole('combobox', { name: 'Payee' }).fill('Kiosk Again');
    await entry.getByRole('spinbutton', { name: 'Payment' }).fill('4');
    await entry.getByRole('combobox', { name: 'Category' }).fill('food: snacks');
    await entry.getByRole('combobox', { name: 'Category' }).press('Enter');
    await expect(fieldOf(page, rowOf(page, 'Kiosk Again'), 'category')).toContainText('Food: Snacks');
  });
});

test.describe('register (768 px)', () => {
  test.beforeEach(() => {
    test.skip(!isMobile(test.info()), 'the stacked mobile register');
  });

  test('stacked entry form with "Add Transaction", stacked rows, and editing in a dialog', async ({
    page,
    request,
  }, testInfo) => {
    const { user, account: checking } = await householdWithAccount(request, 'Checking', 1000);
    const savings = await createAccount(request, user, 'Savings', 0);
    await signInToRegister(page, user, checking.id);
    await expect(page.getByRole('columnheader', { name: 'Pending Bal' })).toHaveCount(0);

    const form = entryForm(page);
    await expect(form.getByRole('button', { name: 'Add Transaction' })).toBeVisible();
    await form.getByRole('combobox', { name: 'Payee' }).fill('Corner Store');
    await form.getByRole('spinbutton', { name: 'Payment' }).fill('12.34');
    await form.getByRole('button', { name: 'Add Transaction' }).click();
    const row = rowOf(page, 'Corner Store');
    await expect(row).toBeVisible();
    await expect(row).toContainText('-$12.34');
    await expect(row).toContainText(`Balance ${money(987.66)}`);
    await expect(row).toContainText(shown(localToday()));

    // Enter submits here too; a transfer by the other account's name.
    await form.getByRole('combobox', { name: 'Payee' }).fill('Savings');
    await expect(form.getByRole('combobox', { name: 'Category' })).toHaveValue('-- Transfer --');
    await form.getByRole('spinbutton', { name: 'Payment' }).fill('100');
    await form.getByRole('spinbutton', { name: 'Payment' }).press('Enter');
    await expect(rowOf(page, 'Savings')).toContainText('-- Transfer --');
    await expectShellBalances(page, 887.66, 1000, 1000);
    expect((await registerRows(request, user, savings.id))[0]).toMatchObject({ payee: 'Checking', amount: 100 });
    await snap(page, testInfo, 'register-mobile');

    // Editing opens a dialog with Save, Move, Delete and Cancel.
    await row.getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
    for (const name of ['Save', 'Move', 'Delete', 'Cancel'])
      await expect(dialog.getByRole('button', { name, exact: true })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('milk and bread');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(rowOf(page, 'Corner Store')).toContainText('milk and bread');
    await snap(page, testInfo, 'register-mobile-edited');
  });
});
