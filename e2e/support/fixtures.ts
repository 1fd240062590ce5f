/**
 * Shared helpers for the browser tests: the app's base URL, fresh unique users, API shortcuts
 * (through the gateway, exactly as the browser calls it), screenshots into test-results/screens/
 * and the captured mail.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test as base, expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { CapturedMail } from './mail-capture';

export { expect };

export const PASSWORD = 'Corr3ct-Horse!battery';
export const PRODUCT_NAME_RE = /Create Your .+ Account/;

export const test = base.extend({
  // Global setup puts the started app's address in the environment; workers inherit it.
  baseURL: async ({ baseURL }, use) => {
    await use(process.env.E2E_BASE_URL ?? baseURL);
  },
});

export const isMobile = (testInfo: TestInfo): boolean => testInfo.project.name === 'mobile';

let seq = 0;
/** A fresh address per call; never reused across tests or runs. */
export function uniqueEmail(prefix = 'user'): string {
  seq += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${seq}${Math.random().toString(36).slice(2, 6)}`;
  return `${prefix}.${stamp}@example.com`;
}

export interface TestUser {
  name: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken?: string;
}

/** X-Client-Date: the household's local date, as the shell sends it (docs/rules/dates.md, Today). */
export function localToday(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export async function registerViaApi(
  request: APIRequestContext,
  options: { name?: string; email?: string; password?: string; token?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const name = options.name ?? `Tester ${email.split('@')[0].slice(-6)}`;
  const password = options.password ?? PASSWORD;
  const data: Record<string, string> = { name, email, password };
  if (options.token) data.token = options.token;
  const res = await request.post('/api/users/register', { data });
  expect(res.status(), `register ${email}: ${await res.text()}`).toBeLessThan(300);
  const body = (await res.json()) as { access_token: string; refresh_token?: string };
  expect(body.access_token).toBeTruthy();
  return { name, email, password, accessToken: body.access_token, refreshToken: body.refresh_token };
}

/** The highest `x-event-sequence` answered to each user (by access token), as the browser's api.ts keeps it. */
const lastSequence = new Map<string, number>();

/** Whether a call sends X-Min-Sequence (as app-kit's api.ts: every svc-budget call, GETs of reports). */
const readsMirror = (method: string, path: string) =>
  /^\/(budget|dashboard)\//.test(path) || (method === 'GET' && path.startsWith('/reports/'));

/**
 * Calls the API as a user, the way the browser does (Bearer token + X-Client-Date, and
 * X-Min-Sequence: the user's last ledger write on the calls that read a mirror of the ledger).
 */
export async function api(
  request: APIRequestContext,
  user: Pick<TestUser, 'accessToken'>,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${user.accessToken}`,
    'X-Client-Date': localToday(),
  };
  const sequence = lastSequence.get(user.accessToken) ?? 0;
  if (sequence > 0 && readsMirror(method, path)) headers['X-Min-Sequence'] = String(sequence);
  const res = await request.fetch(`/api${path}`, {
    method,
    headers,
    data: data === undefined ? undefined : (data as object),
  });
  const written = Number(res.headers()['x-event-sequence']);
  if (Number.isSafeInteger(written) && written > sequence) lastSequence.set(user.accessToken, written);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status(), body };
}

/** The body of an API answer that must succeed (seeding): a status of 300 or more fails the test. */
export async function ok<T>(res: Promise<{ status: number; body: unknown }>): Promise<T> {
  const { status, body } = await res;
  expect(status, JSON.stringify(body)).toBeLessThan(300);
  return body as T;
}

/**
 * Signs the browser in by storing the tokens the way a login does, then opens `path`; with `null`
 * it stays on the login page as loaded signed out (a signed-in `/login` goes to the dashboard).
 */
export async function signInWithToken(page: Page, user: TestUser, path: string | null = '/dashboard'): Promise<void> {
  await page.goto('/login');
  await page.evaluate((u) => {
    localStorage.setItem('access_token', u.accessToken);
    if (u.refreshToken) localStorage.setItem('refresh_token', u.refreshToken);
  }, user);
  if (path !== null) await page.goto(path);
}

/** Signs the browser in on `path` and waits for the screen's title (its level-1 heading). */
export async function openScreen(page: Page, user: TestUser, path: string, title: string): Promise<void> {
  await signInWithToken(page, user, path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** A full-page screenshot of the current screen into test-results/screens/<project>-<name>.png. */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = resolve(__dirname, '..', '..', 'test-results', 'screens');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${testInfo.project.name}-${name}.png`), fullPage: true });
}

function readMails(): CapturedMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: global setup did not start the mail capture');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as CapturedMail);
}

/** Waits for a message to `to` (and matching `filter`), newest first. */
export async function waitForMail(
  to: string,
  filter: (m: CapturedMail) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readMails()
      .reverse()
      .find((m) => m.to.includes(to.toLowerCase()) && filter(m));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Every http(s) link in the mail's text and HTML bodies. */
export function linksIn(mail: CapturedMail): string[] {
  const all = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  return [...new Set(all.map((l) => l.replace(/&amp;/g, '&').replace(/[.,)]+$/, '')))];
}

/** The header's "Logout" control, which on mobile may sit in the menu. */
export async function clickLogout(page: Page, testInfo: TestInfo): Promise<void> {
  await openMobileMenuIfNeeded(page, testInfo);
  await page
    .getByRole('button', { name: /^log ?out$/i })
    .or(page.getByRole('link', { name: /^log ?out$/i }))
    .first()
    .click();
}

/** On the 768 px layout the header links may sit behind a menu button. */
export async function openMobileMenuIfNeeded(page: Page, testInfo: TestInfo): Promise<void> {
  if (!isMobile(testInfo)) return;
  const menuButton = page.getByRole('button', { name: /menu/i }).first();
  if (await menuButton.isVisible().catch(() => false)) {
    const expanded = await menuButton.getAttribute('aria-expanded');
    if (expanded !== 'true') await menuButton.click();
  }
}

/** Reads a CSS custom property from <html>. */
export async function cssVar(page: Page, name: string): Promise<string> {
  return page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
}
