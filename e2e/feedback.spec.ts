/**
 * Issue 10, "Feedback where a user expects it": the navigation shows where the user is, an
 * account id that is not the household's shows a not-found page, a forced sign-out says so on
 * /login, Help is public, built-in themes cannot be deleted and low-contrast colours are named;
 * a refused category drag is shown and explained, bulk categorize counts what it did, the category
 * questions default to yes and a no says what happened, account moves are announced by name.
 * Both widths (desktop and the 768 px project).
 */
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import {
  api,
  expect,
  isMobile,
  localToday,
  openMobileMenuIfNeeded,
  registerViaApi,
  signInWithToken,
  snap,
  test,
  uniqueEmail,
  type TestUser,
} from './support/fixtures';
import {
  createAccount,
  createCategory,
  createTransaction,
  entryOf,
  openRegister,
  registerRows,
  rowOf,
} from './support/ledger';

/** The Accounts / Settings entry of the navigation: the dropdown toggle, or the mobile menu's heading. */
async function section(page: Page, testInfo: TestInfo, name: 'Accounts' | 'Settings'): Promise<Locator> {
  if (isMobile(testInfo)) {
    await openMobileMenuIfNeeded(page, testInfo);
    return page.getByRole('navigation', { name: 'Mobile' }).locator('.hf-mobile-menu__heading', { hasText: name });
  }
  return page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name })
    .or(page.getByRole('banner').getByRole('button', { name }))
    .first();
}

async function expectHighlighted(
  page: Page,
  testInfo: TestInfo,
  name: 'Accounts' | 'Settings',
  on: boolean,
): Promise<void> {
  const entry = await section(page, testInfo, name);
  const active = isMobile(testInfo) ? 'hf-mobile-menu__heading--active' : 'hf-nav__link--active';
  if (on) {
    await expect(entry).toHaveClass(new RegExp(active));
    if (!isMobile(testInfo)) await expect(entry).toHaveAttribute('aria-current', 'true');
  } else {
    await expect(entry).not.toHaveClass(new RegExp(active));
  }
  if (isMobile(testInfo)) await page.getByRole('button', { name: 'Menu' }).click();
}

test('Accounts and Settings are highlighted in the navigation on their pages and sub-pages', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request, { email: uniqueEmail('nav') });
  const account = await createAccount(request, user, 'Everyday Checking', 100);
  await signInWithToken(page, user, '/accounts');
  await expect(page.getByRole('heading', { name: 'Your Accounts', level: 1 })).toBeVisible();
  await expectHighlighted(page, testInfo, 'Accounts', true);
  await expectHighlighted(page, testInfo, 'Settings', false);

  await page.goto(`/accounts/${account.id}/register`);
  await expect(page.getByRole('heading', { name: 'Everyday Checking', level: 1 })).toBeVisible();
  await expectHighlighted(page, testInfo, 'Accounts', true);
  await snap(page, testInfo, 'feedback-nav-accounts');

  for (const [path, heading] of [
    ['/settings/household', 'Household'],
    ['/settings/appearance', 'Appearance'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectHighlighted(page, testInfo, 'Settings', true);
    await expectHighlighted(page, testInfo, 'Accounts', false);
  }
  await snap(page, testInfo, 'feedback-nav-settings');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expectHighlighted(page, testInfo, 'Accounts', false);
  await expectHighlighted(page, testInfo, 'Settings', false);
});

test('an unknown or another household\'s account id shows "Account not found", not a register', async ({
  page,
  request,
}, testInfo) => {
  const other = await registerViaApi(request, { email: uniqueEmail('foreign') });
  const foreign = await createAccount(request, other, 'Their Checking', 100);
  const user = await registerViaApi(request, { email: uniqueEmail('own') });
  await createAccount(request, user, 'My Checking', 100);
  await signInWithToken(page, user, '/accounts');
  await expect(page.getByRole('heading', { name: 'Your Accounts', level: 1 })).toBeVisible();

  for (const path of [
    `/accounts/${foreign.id}/register`,
    '/accounts/2147483000/register',
    '/accounts/abc/register',
    `/accounts/${foreign.id}/reconcile`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Account not found', level: 1 })).toBeVisible();
    await expect(page.getByText('There is no account at this address in your household.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clearing Mode' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Import Transactions' })).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByText('Their Checking')).toHaveCount(0);
  }
  await snap(page, testInfo, 'feedback-account-not-found');
  await page.getByRole('link', { name: 'Go to Your Accounts' }).click();
  await expect(page.getByRole('heading', { name: 'Your Accounts', level: 1 })).toBeVisible();
});

test('a forced sign-out (401) says on /login that the session ended; the signed-out footer opens Help', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request, { email: uniqueEmail('ended') });
  await signInWithToken(page, user, '/accounts');
  await expect(page.getByRole('heading', { name: 'Your Accounts', level: 1 })).toBeVisible();

  // The session ends elsewhere (signed out on the server); the next call of this page answers 401.
  const res = await request.post('/api/users/logout', {
    headers: { Authorization: `Bearer ${user.accessToken}` },
    data: user.refreshToken ? { refresh_token: user.refreshToken } : {},
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  await page.goto('/categories');

  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('status')).toHaveText('Your session has ended. Please log in again.');
  await snap(page, testInfo, 'feedback-session-ended');

  // Opening /login by hand says nothing of the kind.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  await expect(page.getByText('Your session has ended. Please log in again.')).toHaveCount(0);

  // Help is public: the signed-out footer's link opens it.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
  await snap(page, testInfo, 'feedback-help-signed-out');
});

test('Delete Theme is disabled for built-in themes; colours below 4.5:1 get a low-contrast warning', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request, { email: uniqueEmail('contrast') });
  await signInWithToken(page, user, '/settings/appearance');
  await expect(page.getByRole('heading', { name: /Active theme: Default/ })).toBeVisible();
  const deleteTheme = page.getByRole('button', { name: 'Delete Theme' });
  await expect(deleteTheme).toBeDisabled();
  await expect(page.getByText('Built-in themes cannot be deleted.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Low contrast' })).toHaveCount(0);

  // Grey text on the grey page: the editor names the pair and its ratio.
  await page.getByRole('button', { name: 'Page background and text' }).click();
  await page.getByRole('textbox', { name: 'Main text hex' }).fill('#9ca3af');
  const warning = page.getByRole('region', { name: 'Low contrast' });
  await expect(warning).toBeVisible();
  await expect(warning.getByText('Main text on page background: 2.3:1')).toBeVisible();

  // Saved under a name, loaded again: the saved theme keeps its warning, and can be deleted.
  const name = `Low ${Date.now().toString(36)}`;
  await page.getByLabel('Theme name').fill(name);
  await page.getByRole('button', { name: 'Save Theme' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Active theme: ${name}`) })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: new RegExp(`Active theme: ${name}`) })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Low contrast' })).toBeVisible();
  await expect(deleteTheme).toBeEnabled();
  await snap(page, testInfo, 'feedback-contrast-warning');

  // Fixing the colour clears the warning.
  await page.getByRole('button', { name: 'Page background and text' }).click();
  await page.getByRole('textbox', { name: 'Main text hex' }).fill('#111827');
  await expect(page.getByRole('region', { name: 'Low contrast' })).toHaveCount(0);
});

test('Accounts and Categories use the full width at 768 px (capped at 720 px on desktop)', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request, { email: uniqueEmail('width') });
  await createAccount(request, user, 'Everyday Checking', 100);
  const widths = (selector: string) =>
    page.locator(selector).evaluate((el) => {
      const page = el.closest('.hf-page') as HTMLElement;
      const cs = getComputedStyle(page);
      return {
        own: el.getBoundingClientRect().width,
        available: page.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),
      };
    });
  for (const [path, heading, selector] of [
    ['/accounts', 'Your Accounts', '.ledger-accounts'],
    ['/categories', 'Manage Your Categories', '.ledger-categories'],
  ] as const) {
    if (path === '/accounts') await signInWithToken(page, user, path);
    else await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    const { own, available } = await widths(selector);
    if (isMobile(testInfo))
      expect(Math.abs(own - available), `${path}: ${own} of ${available} px`).toBeLessThanOrEqual(1);
    else expect(own).toBeLessThanOrEqual(720);
    await snap(page, testInfo, `feedback-width-${path.slice(1)}`);
  }
});

// ----- the tree, bulk categorize, the category questions, account reordering (both widths) -----

interface CategoryNode {
  id: number;
  name: string;
  parent_id: number | null;
  children: CategoryNode[];
}

/** The category tree as the server has it: "Parent > child, child" per top-level category, sorted. */
async function serverTree(request: APIRequestContext, user: TestUser): Promise<string[]> {
  const res = await api(request, user, 'GET', '/categories/');
  expect(res.status).toBe(200);
  return (res.body as CategoryNode[])
    .map(
      (c) =>
        `${c.name} > ${c.children
          .map((k) => k.name)
          .sort()
          .join(', ')}`,
    )
    .sort();
}

test('a refused category drag shows "Not allowed here" while dragging and says why when dropped, in words and to screen readers; nothing changes', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request, { email: uniqueEmail('refused') });
  const household = await createCategory(request, user, 'Household');
  await createCategory(request, user, 'Repairs', household);
  await createCategory(request, user, 'Travel');
  const before = await serverTree(request, user);
  expect(before).toEqual(['Household > Repairs', 'Travel > ']);
  await signInWithToken(page, user, '/categories');
  await expect(page.getByRole('heading', { name: 'Manage Your Categories', level: 1 })).toBeVisible();
  const tree = page.getByRole('list', { name: 'Categories' });
  const rowOfCategory = (name: string) => tree.getByRole('button', { name: `Drag ${name}`, exact: true }).locator('..');
  const reason =
    '"Household" has sub-categories, so it cannot go inside "Travel": categories have at most two levels. Move its sub-categories out first.';

  // The mouse (or a finger: the same pointer drag at 768 px) picks Household up and holds it over Travel.
  const handle = tree.getByRole('button', { name: 'Drag Household', exact: true });
  const a = (await handle.boundingBox())!;
  const b = (await rowOfCategory('Travel').boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  const travel = rowOfCategory('Travel');
  const pointerLive = page.locator('[id^="DndLiveRegion"]');
  await expect(travel).toHaveClass(/is-refused/);
  await expect(travel.getByText('Not allowed here', { exact: true })).toBeVisible();
  expect(await travel.evaluate((el) => getComputedStyle(el).cursor)).toBe('not-allowed');
  await expect(pointerLive).toHaveText(`Travel: not allowed. ${reason}`);
  // Not a full-page shot: that resizes the 768 px page, and a resize cancels the drag.
  await page.screenshot({ path: testInfo.outputPath('category-drag-refused.png') });

  // Dropped there anyway: the reason in words, the tree and the server unchanged.
  await page.mouse.up();
  await expect(page.getByRole('alert')).toHaveText(reason);
  await expect(pointerLive).toHaveText(`Household was not moved. ${reason}`);
  await expect(travel).not.toHaveClass(/is-refused/);
  await expect(page.getByText('Not allowed here', { exact: true })).toHaveCount(0);
  await expect(rowOfCategory('Repairs')).toBeVisible();
  expect(await serverTree(request, user)).toEqual(before);
  await snap(page, testInfo, 'feedback-category-drop-refused');

  // The keyboard says the same: Space picks Household up, the arrow keys reach Travel.
  const live = page.locator('.ledger-categories p[aria-live="assertive"]');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(live).toHaveText(
    'Picked up Household. Use the arrow keys to choose where it goes, Space to drop it, Escape to cancel.',
  );
  await page.keyboard.press('ArrowDown');
  await expect(live).toHaveText(`Travel: not allowed. ${reason}`);
  await expect(travel).toHaveClass(/is-refused/);
  await page.keyboard.press('Space');
  await expect(live).toHaveText(`Household was not moved. ${reason}`);
  expect(await serverTree(request, user)).toEqual(before);
});

test('bulk categorize says how many rows were selected and how many changed', async ({ page, request }, testInfo) => {
  const user = await registerViaApi(request, { email: uniqueEmail('bulk') });
  const checking = await createAccount(request, user, 'Checking', 100);
  const dining = await createCategory(request, user, 'Dining');
  const today = localToday();
  await createTransaction(request, user, checking.id, { date: today, payee: 'Coffee Hut', amount: -4 });
  await createTransaction(request, user, checking.id, {
    date: today,
    payee: 'Coffee Cart',
    amount: -5,
    category_id: dining,
  });
  await createTransaction(request, user, checking.id, { date: today, payee: 'The Coffee Hut Express', amount: -6 });
  await createTransaction(request, user, checking.id, { date: today, payee: 'Book Shop', amount: -7 });
  await signInWithToken(page, user, `/accounts/${checking.id}/register`);
  await openRegister(page, checking.id);

  await page.getByRole('button', { name: 'Bulk Categorize' }).click();
  const modal = page.getByRole('dialog', { name: 'Bulk Categorize' });
  await modal.getByLabel('Payees (comma-separated)').fill('coffee');
  await modal.getByRole('button', { name: 'Search' }).click();
  await expect(modal.getByRole('checkbox', { name: /^Select (?!all)/ })).toHaveCount(3);
  await expect(modal.getByText('0 selected', { exact: true })).toBeVisible();
  await modal.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(modal.getByText('3 selected', { exact: true })).toBeVisible();
  await modal.getByRole('combobox', { name: 'Category' }).fill('Dining');
  await modal.getByRole('button', { name: 'Apply' }).click();
  // Coffee Cart already had Dining: selected, not changed.
  await expect(modal.getByRole('status')).toHaveText(
    'Update successful. 3 transactions selected, 2 changed (1 already had this category or is a transfer).',
  );
  await expect(modal.getByText('0 selected', { exact: true })).toBeVisible();
  await snap(page, testInfo, 'feedback-bulk-counts');

  // One row, already in the category: 1 selected, 0 changed.
  await modal.getByRole('checkbox', { name: /^Select Coffee Hut / }).check();
  await expect(modal.getByText('1 selected', { exact: true })).toBeVisible();
  await modal.getByRole('button', { name: 'Apply' }).click();
  await expect(modal.getByRole('status')).toHaveText(
    'Update successful. 1 transaction selected, 0 changed (1 already had this category or is a transfer).',
  );

  const rows = await registerRows(request, user, checking.id);
  expect(rows.map((r) => [r.payee, r.category_name]).sort()).toEqual([
    ['Book Shop', null],
    ['Coffee Cart', 'Dining'],
    ['Coffee Hut', 'Dining'],
    ['The Coffee Hut Express', 'Dining'],
  ]);
});

test('"Create Category?", "Create Sub-category?" and "Did you mean ...?": Enter says yes; cancelling says nothing was saved', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request, { email: uniqueEmail('questions') });
  const checking = await createAccount(request, user, 'Checking', 100);
  await createCategory(request, user, 'Groceries');
  await signInWithToken(page, user, `/accounts/${checking.id}/register`);
  await openRegister(page, checking.id);
  const entry = entryOf(page);
  const enter = async (payee: string, category: string) => {
    await entry.getByRole('combobox', { name: 'Payee' }).fill(payee);
    await entry.getByRole('spinbutton', { name: 'Payment' }).fill('3');
    await entry.getByRole('combobox', { name: 'Category' }).fill(category);
    await entry.getByRole('combobox', { name: 'Category' }).press('Enter');
  };
  const question = (title: string) => page.getByRole('dialog', { name: title });
  const alert = page.getByRole('alert');

  // A new top-level category: "Create" is the default button; Enter creates it and adds the row.
  await enter('Power Co', 'Utilities');
  await expect(question('Create Category?')).toContainText(
    'The category "Utilities" does not exist. Do you want to create it as a new category?',
  );
  await expect(question('Create Category?').getByRole('button', { name: 'Create', exact: true })).toBeFocused();
  await snap(page, testInfo, 'feedback-create-category');
  await page.keyboard.press('Enter');
  await expect(question('Create Category?')).toHaveCount(0);
  await expect(rowOf(page, 'Power Co')).toContainText('Utilities');

  // A new sub-category: the same.
  await enter('Farm Stand', 'Groceries: Produce');
  await expect(question('Create Sub-category?')).toContainText(
    'The sub-category "Produce" does not exist under "Groceries". Do you want to create it?',
  );
  await expect(question('Create Sub-category?').getByRole('button', { name: 'Create', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rowOf(page, 'Farm Stand')).toContainText('Groceries: Produce');

  // "Did you mean": using the close match is the default.
  await enter('Corner Market', 'Grocaries');
  const didYouMean = question('Category Not Found');
  await expect(didYouMean).toContainText('The category "Grocaries" does not exist. Did you mean "Groceries"?');
  await expect(didYouMean.getByRole('button', { name: 'Use "Groceries"' })).toBeFocused();
  await snap(page, testInfo, 'feedback-did-you-mean');
  await page.keyboard.press('Enter');
  await expect(rowOf(page, 'Corner Market')).toContainText('Groceries');

  // Saying no, in each: the row is not added and the reason is given.
  await enter('Gym', 'Fitness');
  await question('Create Category?').getByRole('button', { name: 'Cancel' }).click();
  await expect(alert).toHaveText(
    'Not saved: the category "Fitness" was not created. Choose an existing category or clear the Category field.',
  );
  await enter('Bakery', 'Groceries: Bread');
  await expect(question('Create Sub-category?')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(alert).toHaveText(
    'Not saved: the sub-category "Groceries: Bread" was not created. Choose an existing category or clear the Category field.',
  );
  await enter('Bakery', 'Grocaries');
  await didYouMean.getByRole('button', { name: 'Cancel' }).click();
  await expect(alert).toHaveText(
    'Not saved: the category "Grocaries" was not created. Choose an existing category or clear the Category field.',
  );
  await snap(page, testInfo, 'feedback-category-cancelled');
  await expect(rowOf(page, 'Gym')).toHaveCount(0);
  await expect(rowOf(page, 'Bakery')).toHaveCount(0);

  expect(await serverTree(request, user)).toEqual(['Groceries > Produce', 'Utilities > ']);
  const rows = await registerRows(request, user, checking.id);
  expect(rows.map((r) => [r.payee, r.category_name]).sort()).toEqual([
    ['Corner Market', 'Groceries'],
    ['Farm Stand', 'Groceries: Produce'],
    ['Power Co', 'Utilities'],
  ]);
});

test("account reordering is announced with the accounts' names (keyboard and pointer)", async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request, { email: uniqueEmail('reorder') });
  for (const [name, balance] of [
    ['Checking', 100],
    ['Savings', 50],
    ['Cash', 20],
  ] as const)
    await createAccount(request, user, name, balance);
  await signInWithToken(page, user, '/accounts');
  const list = page.getByRole('list', { name: 'Accounts' });
  const names = () => list.getByRole('link').allTextContents();
  await expect.poll(names).toEqual(['Checking', 'Savings', 'Cash']);
  const live = page.locator('.ledger-accounts span[aria-live="assertive"]');

  // Keyboard: Space picks Cash up, each arrow says where it is now, Space drops it there.
  const cash = list.getByRole('button', { name: 'Drag to reorder Cash' });
  await cash.focus();
  await page.keyboard.press('Space');
  await expect(live).toHaveText('Picked up Cash. Use the arrow keys to move it, Space to drop it, Escape to cancel.');
  await page.keyboard.press('ArrowUp');
  await expect(live).toHaveText('Cash is at position 2 of 3, after Checking.');
  await page.keyboard.press('ArrowUp');
  await expect(live).toHaveText('Cash is at position 1 of 3, before Checking.');
  await snap(page, testInfo, 'feedback-reorder-lifted');
  await page.keyboard.press('Space');
  await expect(live).toHaveText('Dropped Cash. Now at position 1 of 3, before Checking.');
  await expect(page.getByText('Account order saved.')).toBeVisible();
  await expect.poll(names).toEqual(['Cash', 'Checking', 'Savings']);

  // Escape puts it back, and says so.
  await list.getByRole('button', { name: 'Drag to reorder Savings' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await expect(live).toHaveText('Savings is at position 2 of 3, after Cash.');
  await page.keyboard.press('Escape');
  await expect(live).toHaveText('Savings was put back.');
  await expect.poll(names).toEqual(['Cash', 'Checking', 'Savings']);

  // The pointer: dnd-kit's live region names the account and the one it is over.
  const pointerLive = page.locator('[id^="DndLiveRegion"]');
  const from = (await list.getByRole('button', { name: 'Drag to reorder Savings' }).boundingBox())!;
  const to = (await list.getByRole('button', { name: 'Drag to reorder Cash' }).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 5, { steps: 5 });
  await expect(pointerLive).toContainText('Savings');
  await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 15 });
  await expect(pointerLive).toHaveText('Savings is over Cash.');
  await page.mouse.up();
  await expect(pointerLive).toHaveText('Dropped Savings at the place of Cash.');
  await expect.poll(names).toEqual(['Savings', 'Cash', 'Checking']);
  await expect
    .poll(async () => ((await api(request, user, 'GET', '/accounts/')).body as { name: string }[]).map((a) => a.name))
    .toEqual(['Savings', 'Cash', 'Checking']);
});
