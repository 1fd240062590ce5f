/**
 * Ledger helpers for the register tests: calendar arithmetic as the app does it, API seeding
 * (public routes, and the ledger's internal bulk route for large data sets), register locators.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { toCents } from '@hf/money';
import { api, expect, localToday, registerViaApi, signInWithToken, type TestUser } from './fixtures';

// ----- calendar strings (YYYY-MM-DD), local dates, no time zones -----

export const pad = (n: number): string => String(n).padStart(2, '0');
/** How many days month `m` (1 to 12) of year `y` has. */
export const daysIn = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * The month names as the screens write them. The browser tests keep their own list instead of
 * importing the app's (@hf/calendar): they check the app from outside.
 */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const SHORT_MONTH_NAMES = MONTH_NAMES.map((name) => name.slice(0, 3));

/** The last day of `date`'s month (a planned day 31 falls there). */
export function lastDay(date: string): string {
  return `${date.slice(0, 8)}${pad(daysIn(Number(date.slice(0, 4)), Number(date.slice(5, 7))))}`;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Month steps clamp the day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return `${ny}-${pad(nm)}-${pad(Math.min(d, daysIn(ny, nm)))}`;
}

/** How the register shows a date: M/D/YYYY. */
export function shown(date: string): string {
  const [y, m, d] = date.split('-');
  return `${Number(m)}/${Number(d)}/${y}`;
}

/** "M/D" without a year: this year, or next year when that is more than 6 months ago (spec 5). */
export function yearless(month: number, day: number, today = localToday()): string {
  const year = Number(today.slice(0, 4));
  const candidate = `${year}-${pad(month)}-${pad(day)}`;
  return candidate < addMonths(today, -6) ? `${year + 1}-${pad(month)}-${pad(day)}` : candidate;
}

export const money = (amount: number): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(amount);

// ----- seeding -----

export interface SeededAccount {
  id: number;
  name: string;
}

export async function createAccount(
  request: APIRequestContext,
  user: TestUser,
  name: string,
  startingBalance: number,
): Promise<SeededAccount> {
  const res = await api(request, user, 'POST', '/accounts/', { name, starting_balance: startingBalance });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body as SeededAccount;
}

/** A new household (a fresh user) with one account. */
export async function householdWithAccount(
  request: APIRequestContext,
  name: string,
  startingBalance: number,
): Promise<{ user: TestUser; account: SeededAccount }> {
  const user = await registerViaApi(request);
  return { user, account: await createAccount(request, user, name, startingBalance) };
}

export async function createCategory(
  request: APIRequestContext,
  user: TestUser,
  name: string,
  parentId?: number,
): Promise<number> {
  const res = await api(request, user, 'POST', '/categories/', parentId ? { name, parent_id: parentId } : { name });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return (res.body as { id: number }).id;
}

export interface SeedRow {
  date: string;
  payee: string;
  amount: number;
  status?: '' | 'p' | 'x';
  category_id?: number | null;
  notes?: string;
}

export async function createTransaction(
  request: APIRequestContext,
  user: TestUser,
  accountId: number,
  row: SeedRow,
): Promise<number> {
  const res = await api(request, user, 'POST', `/accounts/${accountId}/transactions`, row);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return (res.body as { id: number }).id;
}

/** Several rows, one after the other (their order is the order of entry). */
export async function createTransactions(
  request: APIRequestContext,
  user: TestUser,
  accountId: number,
  rows: SeedRow[],
): Promise<void> {
  for (const row of rows) await createTransaction(request, user, accountId, row);
}

export interface ApiRow {
  id: number;
  date: string;
  payee: string;
  amount: number;
  status: string;
  category_name: string | null;
  notes: string;
  account_id: number;
  running: number;
  pending: number;
  cleared: number;
}

export async function registerRows(request: APIRequestContext, user: TestUser, accountId: number): Promise<ApiRow[]> {
  const res = await api(request, user, 'GET', `/accounts/${accountId}/transactions`);
  expect(res.status).toBe(200);
  return res.body as ApiRow[];
}

/** The household id carried in the access token (claim `hid`). */
export function householdIdOf(user: TestUser): number {
  const payload = JSON.parse(Buffer.from(user.accessToken.split('.')[1], 'base64url').toString('utf8')) as {
    hid: number;
  };
  return payload.hid;
}

/** svc-ledger's own address and the internal token global setup exposed (its internal routes). */
function ledgerInternal(): { ledgerUrl: string; token: string } {
  const ledgerUrl = process.env.E2E_LEDGER_URL;
  const token = process.env.E2E_INTERNAL_TOKEN;
  if (!ledgerUrl || !token)
    throw new Error('E2E_LEDGER_URL / E2E_INTERNAL_TOKEN are not set (global setup did not start the app)');
  return { ledgerUrl, token };
}

/**
 * Many rows at once through svc-ledger's internal bulk route (the one the CSV import uses),
 * straight at the service with the internal token global setup exposed.
 */
export async function bulkSeed(
  request: APIRequestContext,
  user: TestUser,
  accountId: number,
  rows: SeedRow[],
  chunk = 10_000,
): Promise<void> {
  const { ledgerUrl, token } = ledgerInternal();
  const householdId = householdIdOf(user);
  for (let i = 0; i < rows.length; i += chunk) {
    const res = await request.post(`${ledgerUrl}/internal/transactions/bulk`, {
      headers: { 'x-internal-token': token },
      data: {
        household_id: householdId,
        account_id: accountId,
        idempotency_key: `e2e-${accountId}-${i}-${Date.now()}`,
        // The internal API carries cents; the specs write dollars, as a person would.
        transactions: rows
          .slice(i, i + chunk)
          .map(({ status, amount, ...r }) => ({ ...r, amount_cents: toCents(amount), ...(status ? { status } : {}) })),
      },
      timeout: 120_000,
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/**
 * A planned (budgeted) row of The Predictables, written the way svc-budget writes them: through
 * svc-ledger's internal route (`PUT /internal/budgeted-rows`, one row per schedule and month).
 */
export async function createBudgetedRow(
  request: APIRequestContext,
  user: TestUser,
  row: {
    account_id: number;
    schedule_id: number;
    date: string;
    payee: string;
    amount: number;
    category_id?: number | null;
  },
): Promise<number> {
  const { ledgerUrl, token } = ledgerInternal();
  const { amount, ...rest } = row;
  const res = await request.put(`${ledgerUrl}/internal/budgeted-rows`, {
    headers: { 'x-internal-token': token },
    data: { household_id: householdIdOf(user), month: row.date.slice(0, 7), ...rest, amount_cents: toCents(amount) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { transaction_id: number }).transaction_id;
}

// ----- register locators (desktop table) -----

export const COLUMN = {
  date: 0,
  payee: 1,
  payment: 2,
  deposit: 3,
  balance: 4,
  pending: 5,
  cleared: 6,
  status: 7,
  category: 8,
  notes: 9,
} as const;

export const entryRow = (page: Page): Locator => page.getByRole('row', { name: 'New transaction' });
export const entryForm = (page: Page): Locator => page.getByRole('form', { name: 'New transaction' });
/** The entry line of the current layout: the table row (desktop) or the stacked form (768 px or less). */
export const entryOf = (page: Page): Locator =>
  (page.viewportSize()?.width ?? 1280) <= 768 ? entryForm(page) : entryRow(page);

/** A row's field as the current layout shows it: its table cell, or (mobile) the whole stacked row. */
export function fieldOf(page: Page, row: Locator, column: keyof typeof COLUMN): Locator {
  return (page.viewportSize()?.width ?? 1280) <= 768 ? row : cell(row, column);
}

/** The register row (desktop table row or mobile list item) whose payee is `payee`. */
export function rowOf(page: Page, payee: string): Locator {
  return page.locator('[data-row-id]').filter({ hasText: payee });
}

export function cell(row: Locator, column: keyof typeof COLUMN): Locator {
  return row.locator('td').nth(COLUMN[column]);
}

export async function openRegister(page: Page, accountId: number): Promise<void> {
  await page.goto(`/accounts/${accountId}/register`);
  await expect(page.getByRole('button', { name: /Clearing Mode/ })).toBeVisible();
  await expect(page.getByText(/\d[\d,]* transactions?|Loading [\d,]+ of/)).toBeVisible();
}

/** Signs the browser in on the account's register (see openRegister). */
export async function signInToRegister(page: Page, user: TestUser, accountId: number): Promise<void> {
  await signInWithToken(page, user, `/accounts/${accountId}/register`);
  await openRegister(page, accountId);
}

/** The three balances in the account shell's header ("Balance $x · Pending $y · Cleared $z"). */
export async function expectShellBalances(
  page: Page,
  balance: number,
  pending: number,
  cleared: number,
): Promise<void> {
  await expect(
    page.getByText(`Balance ${money(balance)} · Pending ${money(pending)} · Cleared ${money(cleared)}`),
  ).toBeVisible();
}

/**
 * Types two split lines of a $30.00 row by keyboard, from line 1's category field (focused, its
 * amount 30.00): Groceries 12.51, Enter for line 2, Household 18.49. The remainder reads "$17.49
 * left to assign" after the first line and "$1.00 over" at the end (the caller puts it right).
 */
export async function typeTwoSplitLines(page: Page, lines: Locator): Promise<void> {
  const remainder = lines.getByTestId('split-remainder');
  await page.keyboard.type('Groceries');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('12.51');
  await expect(remainder).toHaveText('$17.49 left to assign');
  await page.keyboard.press('Enter');
  await expect(lines.getByRole('combobox', { name: 'Line 2 category' })).toBeFocused();
  await page.keyboard.type('Household');
  await page.keyboard.press('Tab');
  await page.keyboard.type('18.49');
  await expect(remainder).toHaveText('$1.00 over');
}

/** A calendar date `YYYY-MM-DD` as a US bank's CSV writes it: `MM/DD/YYYY`. */
export const usDate = (date: string): string => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

/**
 * From an account's register, as a person imports a bank file: Import Transactions, the file
 * uploaded, the detected columns kept (the mapping not saved) and Process File, until the
 * reconcile page shows.
 */
export async function importCsvToReconcile(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  await page.getByRole('button', { name: 'Import Transactions' }).click();
  const modal = page.getByRole('dialog', { name: 'Import Transactions' });
  await modal.getByLabel('CSV file').setInputFiles(file);
  await modal.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('heading', { name: /Map Columns/ })).toBeVisible();
  const form = page.getByRole('form', { name: 'Column mapping' });
  await form.getByRole('checkbox', { name: 'Save this mapping' }).uncheck();
  await form.getByRole('button', { name: 'Process File' }).click();
  await expect(page.getByRole('heading', { name: /Reconcile/ })).toBeVisible();
}
