/**
 * Issue 3: a 50,000-row register opens quickly, keeps the DOM small (virtualised rows) and
 * scrolls from the newest to the oldest row with correct running balances.
 * Rows are seeded through svc-ledger's internal bulk route (the path the CSV import uses).
 */
import { expect, isMobile, localToday, registerViaApi, signInWithToken, snap, test } from './support/fixtures';
import { addDays, bulkSeed, cell, createAccount, fieldOf, money, rowOf, type SeedRow } from './support/ledger';

const ROWS = 50_000;
const DAYS = 730;

test('a 50,000-row register opens, scrolls to the oldest row and back, with correct balances', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const user = await registerViaApi(request);
  const account = await createAccount(request, user, 'Big Ledger', 100);
  const today = localToday();
  const rows: SeedRow[] = [];
  for (let i = 0; i < ROWS; i++) {
    rows.push({
      date: addDays(today, -(DAYS - 1 - Math.floor((i * DAYS) / ROWS))),
      payee: `Row ${String(i + 1).padStart(5, '0')}`,
      amount: i % 2 === 0 ? -1.25 : 2.5,
    });
  }
  const finalBalance = 100 + (ROWS / 2) * -1.25 + (ROWS / 2) * 2.5; // 31,350
  const seedStart = Date.now();
  await bulkSeed(request, user, account.id, rows);
  testInfo.annotations.push({ type: 'seed', description: `${ROWS} rows seeded in ${Date.now() - seedStart} ms` });

  await signInWithToken(page, user, '/help');
  const openStart = Date.now();
  await page.goto(`/accounts/${account.id}/register`);
  const newest = rowOf(page, 'Row 50000');
  await expect(newest).toBeVisible({ timeout: 30_000 });
  const firstPaint = Date.now() - openStart;
  testInfo.annotations.push({ type: 'open', description: `newest row visible ${firstPaint} ms after navigation` });
  await expect(fieldOf(page, newest, 'balance')).toContainText(money(finalBalance));
  await expect(page.getByText(`${ROWS.toLocaleString('en-US')} transactions`)).toBeVisible({ timeout: 60_000 });
  testInfo.annotations.push({
    type: 'loaded',
    description: `all rows loaded ${Date.now() - openStart} ms after navigation`,
  });

  // Every older page was prepended without moving the view: it still stands at today, the bottom.
  const scroller = page.getByTestId('register-scroll');
  const distanceFromBottom = (el: HTMLElement) => el.scrollHeight - el.clientHeight - el.scrollTop;
  expect(await scroller.evaluate(distanceFromBottom)).toBeLessThan(2);

  // Virtualised: only what is on screen (plus overscan) is in the DOM.
  const domRows = await page.locator('[data-row-id]').count();
  expect(domRows).toBeGreaterThan(5);
  expect(domRows).toBeLessThan(200);

  // Crossing 768 px (a window resized, a tablet turned; also a full-page screenshot, which
  // sizes the window 1 x 1 for a moment) swaps the layout: the other one opens at today too.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: isMobile(testInfo) ? 1280 : 700, height: viewport.height });
  await expect(rowOf(page, 'Row 50000')).toBeVisible();
  await page.setViewportSize(viewport);
  await expect(rowOf(page, 'Row 50000')).toBeVisible();
  await expect.poll(() => scroller.evaluate(distanceFromBottom)).toBeLessThan(2);
  await snap(page, testInfo, 'register-50k-newest');
  expect(await scroller.evaluate(distanceFromBottom)).toBeLessThan(2);

  // Wheel scrolling moves the view.
  const topBefore = await scroller.evaluate((el) => el.scrollTop);
  await scroller.hover();
  await page.mouse.wheel(0, -3000);
  await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeLessThan(topBefore);

  // To the very top: the oldest row with the first running balance.
  await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  const oldest = rowOf(page, 'Row 00001');
  await expect(oldest).toBeVisible();
  await expect(fieldOf(page, oldest, 'balance')).toContainText(money(100 - 1.25));
  if (!isMobile(testInfo)) await expect(cell(rowOf(page, 'Row 00002'), 'balance')).toHaveText(money(100 - 1.25 + 2.5));
  expect(await page.locator('[data-row-id]').count()).toBeLessThan(200);
  await snap(page, testInfo, 'register-50k-oldest');

  // And back to the bottom.
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(rowOf(page, 'Row 50000')).toBeVisible();

  // Entering a row still works at this size, and lands with the right balance.
  const entry = isMobile(testInfo)
    ? page.getByRole('form', { name: 'New transaction' })
    : page.getByRole('row', { name: 'New transaction' });
  await entry.getByRole('combobox', { name: 'Payee' }).fill('One More');
  await entry.getByRole('spinbutton', { name: 'Deposit' }).fill('10');
  const enterStart = Date.now();
  await entry.getByRole('spinbutton', { name: 'Deposit' }).press('Enter');
  await expect(fieldOf(page, rowOf(page, 'One More'), 'balance')).toContainText(money(finalBalance + 10));
  testInfo.annotations.push({ type: 'entry', description: `new row shown ${Date.now() - enterStart} ms after Enter` });
});
