/**
 * Issue 3: "Manage Your Categories" (/categories): add, add sub-category, rename, re-parent,
 * delete, and merge with the register updated (docs/rules/ledger.md "Categories").
 */
import type { Page } from '@playwright/test';
import { api, expect, localToday, registerViaApi, signInWithToken, snap, test } from './support/fixtures';

const tree = (page: Page) => page.getByRole('list', { name: 'Categories' });
/** The row of one category (its drag handle's parent), without its children. */
const row = (page: Page, name: string) =>
  tree(page)
    .getByRole('button', { name: `Drag ${name}`, exact: true })
    .locator('..');

async function hoverAction(
  page: Page,
  name: string,
  action: 'Add Sub-category' | 'Merge' | 'Edit' | 'Delete',
): Promise<void> {
  const r = row(page, name);
  await r.hover();
  // Each icon button names its category ("Edit Transport"), not just its action.
  const label = action === 'Add Sub-category' ? `Add Sub-category to ${name}` : `${action} ${name}`;
  await r.getByRole('button', { name: label, exact: true }).click();
}

async function addTopLevel(page: Page, name: string): Promise<void> {
  await page.getByLabel('New category name').fill(name);
  await page.getByRole('button', { name: 'Add Category' }).click();
  await expect(row(page, name)).toBeVisible();
}

interface CategoryNode {
  id: number;
  name: string;
  parent_id: number | null;
  children: { id: number; name: string }[];
}

test('categories: add, sub-category, rename, re-parent by drag and drop, delete', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  await signInWithToken(page, user, '/categories');
  await expect(page.getByRole('heading', { name: 'Manage Your Categories', exact: true })).toBeVisible();
  await expect(page.getByText('Drag a category here to make it a top-level item.')).toBeVisible();

  // Blank names are ignored.
  await page.getByLabel('New category name').fill('   ');
  await page.getByRole('button', { name: 'Add Category' }).click();
  await addTopLevel(page, 'Household');
  await addTopLevel(page, 'Transport');
  const afterAdd = (await api(request, user, 'GET', '/categories/')).body as CategoryNode[];
  expect(afterAdd.map((c) => c.name).sort()).toEqual(['Household', 'Transport']);

  await hoverAction(page, 'Household', 'Add Sub-category');
  const addModal = page.getByRole('dialog', { name: /Add Sub-category/ });
  await expect(addModal).toContainText('Household');
  await addModal.getByRole('textbox').fill('Repairs');
  await addModal.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(row(page, 'Repairs')).toBeVisible();
  await hoverAction(page, 'Household', 'Add Sub-category');
  await page.getByRole('dialog').getByRole('textbox').fill('Cleaning');
  await page.getByRole('dialog').getByRole('button', { name: 'Add', exact: true }).click();
  await expect(row(page, 'Cleaning')).toBeVisible();
  await snap(page, testInfo, 'categories-tree');

  // Collapse and expand.
  await tree(page).getByRole('button', { name: 'Collapse Household' }).click();
  await expect(row(page, 'Repairs')).toBeHidden();
  await tree(page).getByRole('button', { name: 'Expand Household' }).click();
  await expect(row(page, 'Repairs')).toBeVisible();

  // Rename.
  await hoverAction(page, 'Transport', 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit Category' });
  await edit.getByRole('textbox').fill('Travel');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'Travel')).toBeVisible();
  await expect(row(page, 'Transport')).toHaveCount(0);

  // Drag a sub-category onto another top-level category: it moves there.
  const dragTo = async (name: string, target: import('@playwright/test').Locator) => {
    const handle = tree(page).getByRole('button', { name: `Drag ${name}`, exact: true });
    const a = await handle.boundingBox();
    const b = await target.boundingBox();
    if (!a || !b) throw new Error('not visible');
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 4 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
    await page.mouse.up();
  };
  await dragTo('Cleaning', row(page, 'Travel'));
  await expect(page.getByText('Category moved successfully.')).toBeVisible();
  await expect
    .poll(async () =>
      ((await api(request, user, 'GET', '/categories/')).body as CategoryNode[])
        .find((c) => c.name === 'Travel')
        ?.children.map((c) => c.name),
    )
    .toEqual(['Cleaning']);
  // ...and onto the drop zone: it becomes top-level (after the status line has gone, so nothing moves mid-drag).
  await expect(page.getByText('Category moved successfully.')).toBeHidden({ timeout: 6_000 });
  await dragTo('Cleaning', page.getByText('Drag a category here to make it a top-level item.'));
  await expect
    .poll(async () =>
      ((await api(request, user, 'GET', '/categories/')).body as CategoryNode[]).some(
        (c) => c.name === 'Cleaning' && c.parent_id === null,
      ),
    )
    .toBe(true);

  // Delete a parent: its children become top-level.
  await hoverAction(page, 'Household', 'Delete');
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(
    'Are you sure you want to delete this category? Its children will become top-level categories.',
  );
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(row(page, 'Household')).toHaveCount(0);
  const afterDelete = (await api(request, user, 'GET', '/categories/')).body as CategoryNode[];
  expect(
    afterDelete.some((c) => c.name === 'Repairs' && c.parent_id === null),
    JSON.stringify(afterDelete),
  ).toBe(true);
});

test('merge two categories: the source is deleted and the register shows the destination', async ({
  page,
  request,
}, testInfo) => {
  const user = await registerViaApi(request);
  const account = (await api(request, user, 'POST', '/accounts/', { name: 'Merge Checking', starting_balance: 100 }))
    .body as { id: number };
  const groceries = (await api(request, user, 'POST', '/categories/', { name: 'Groceries' })).body as { id: number };
  const supermarket = (await api(request, user, 'POST', '/categories/', { name: 'Supermarket' })).body as {
    id: number;
  };
  const child = (await api(request, user, 'POST', '/categories/', { name: 'Deli', parent_id: supermarket.id }))
    .body as { id: number };
  for (const [payee, category] of [
    ['Corner Shop', supermarket.id],
    ['Big Mart', supermarket.id],
    ['Farm Stand', groceries.id],
  ] as const) {
    const created = await api(request, user, 'POST', `/accounts/${account.id}/transactions`, {
      date: localToday(),
      payee,
      amount: -12.5,
      category_id: category,
    });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  }
  await api(request, user, 'POST', `/accounts/${account.id}/transactions`, {
    date: localToday(),
    payee: 'Sandwich Bar',
    amount: -7,
    category_id: child.id,
  });

  await signInWithToken(page, user, `/accounts/${account.id}/register`);
  await expect(page.getByText('Corner Shop').first()).toBeVisible();
  await expect(page.getByText('Supermarket', { exact: true }).first()).toBeVisible();

  await page.goto('/categories');
  await hoverAction(page, 'Supermarket', 'Merge');
  const banner = page.getByRole('region', { name: 'Merge mode' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Cancel Merge' })).toBeVisible();
  await snap(page, testInfo, 'categories-merge-mode');
  // Cancel Merge leaves the mode.
  await banner.getByRole('button', { name: 'Cancel Merge' }).click();
  await expect(banner).toBeHidden();

  await hoverAction(page, 'Supermarket', 'Merge');
  await row(page, 'Groceries').getByRole('button', { name: 'Groceries', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(
    'This will re-assign all transactions and sub-categories. The "Supermarket" category will be deleted. This action cannot be undone.',
  );
  await snap(page, testInfo, 'categories-merge-confirm');
  await confirm.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByText('Categories merged successfully.')).toBeVisible();
  await expect(row(page, 'Supermarket')).toHaveCount(0);
  const merged = ((await api(request, user, 'GET', '/categories/')).body as CategoryNode[]).find(
    (c) => c.name === 'Groceries',
  );
  expect(merged?.children.map((c) => c.name)).toEqual(['Deli']);

  // The register now shows the destination for the re-assigned rows.
  await page.goto(`/accounts/${account.id}/register`);
  await expect(page.getByText('Corner Shop').first()).toBeVisible();
  await expect(page.getByText('Supermarket', { exact: true })).toHaveCount(0);
  const rows = (await api(request, user, 'GET', `/accounts/${account.id}/transactions`)).body as {
    payee: string;
    category_name: string | null;
  }[];
  expect(rows.find((r) => r.payee === 'Corner Shop')?.category_name).toBe('Groceries');
  expect(rows.find((r) => r.payee === 'Big Mart')?.category_name).toBe('Groceries');
  expect(rows.find((r) => r.payee === 'Sandwich Bar')?.category_name).toBe('Groceries: Deli');
  await snap(page, testInfo, 'register-after-merge');
});
