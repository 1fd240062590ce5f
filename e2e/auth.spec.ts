/**
 * Issue 2: the public screens and the session (docs/rules/screens.md, households.md), desktop and 768 px.
 */
import type { Page } from '@playwright/test';
import {
  PASSWORD,
  PRODUCT_NAME_RE,
  clickLogout,
  expect,
  linksIn,
  registerViaApi,
  signInWithToken,
  snap,
  test,
  uniqueEmail,
  waitForMail,
} from './support/fixtures';

const emailField = (page: Page) => page.getByLabel(/^email/i);
const passwordField = (page: Page) => page.getByLabel(/^(new )?password$/i);
const confirmField = (page: Page) => page.getByLabel(/confirm/i);
const loginButton = (page: Page) => page.getByRole('button', { name: /^(log ?in|sign in)$/i });

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('access_token'));
}

test.describe('public screens', () => {
  test('register screen: heading, fields, button, link to login and the mismatch message', async ({
    page,
  }, testInfo) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: PRODUCT_NAME_RE })).toBeVisible();
    await expect(page.getByRole('heading', { name: PRODUCT_NAME_RE })).toHaveText(/^Create Your .+ Account$/);
    await expect(page.getByLabel(/^name/i)).toBeVisible();
    await expect(emailField(page)).toBeVisible();
    await expect(passwordField(page)).toBeVisible();
    await expect(passwordField(page)).toHaveAttribute('placeholder', '8+ characters, letters, numbers, symbols');
    await expect(confirmField(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account', exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /log ?in|sign in/i })).toHaveAttribute(
      'href',
      '/login',
    );
    await snap(page, testInfo, 'register');

    await page.getByLabel(/^name/i).fill('Mismatch Person');
    await emailField(page).fill(uniqueEmail('mismatch'));
    await passwordField(page).fill(PASSWORD);
    await confirmField(page).fill(`${PASSWORD}x`);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(page.getByText('Passwords do not match.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    await snap(page, testInfo, 'register-mismatch');
  });

  test('login screen: fields, Remember me, links to forgot-password and register', async ({ page }, testInfo) => {
    await page.goto('/login');
    await expect(emailField(page)).toBeVisible();
    await expect(passwordField(page)).toBeVisible();
    await expect(passwordField(page)).toHaveAttribute('type', 'password');
    await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeVisible();
    await expect(loginButton(page)).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.locator('a[href="/forgot-password"]')).toBeVisible();
    await expect(main.locator('a[href="/register"]')).toBeVisible();
    await snap(page, testInfo, 'login');
  });

  test('forgot-password screen: email, "Send Reset Link" and a link back to login', async ({ page }, testInfo) => {
    await page.goto('/forgot-password');
    await expect(emailField(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Reset Link', exact: true })).toBeVisible();
    await expect(page.getByRole('main').locator('a[href="/login"]')).toBeVisible();
    await snap(page, testInfo, 'forgot-password');
  });

  test('reset-password screen: new and confirm fields; a mismatch says "Passwords do not match."', async ({
    page,
  }, testInfo) => {
    await page.goto('/reset-password/not-a-real-token');
    await expect(passwordField(page)).toBeVisible();
    await expect(confirmField(page)).toBeVisible();
    await passwordField(page).fill(PASSWORD);
    await confirmField(page).fill('something-else-1!');
    await page.getByRole('button', { name: 'Reset Password', exact: true }).click();
    await expect(page.getByText('Passwords do not match.', { exact: true })).toBeVisible();
    await snap(page, testInfo, 'reset-password-mismatch');

    // Matching passwords with a token that does not exist: the server's message, else the fallback.
    await confirmField(page).fill(PASSWORD);
    await page.getByRole('button', { name: 'Reset Password', exact: true }).click();
    await expect(page.getByText('Invalid or expired token.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password\/not-a-real-token$/);
  });

  test('signed-out visitors are sent to /login (Help is public), and / goes to /dashboard first', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    for (const path of [
      '/dashboard',
      '/accounts',
      '/settings/household',
      '/settings/appearance',
      '/reports',
      '/categories',
      '/budget',
    ]) {
      await page.goto(path);
      await expect(page, `${path} without a token`).toHaveURL(/\/login$/);
    }
    // Help is static and public (issue 10: the signed-out footer's Help link works).
    await page.goto('/help');
    await expect(page).toHaveURL(/\/help$/);
  });

  test('an invalid invitation token shows the invitation error', async ({ page }) => {
    await page.goto('/register?token=definitely-not-valid');
    await expect(page.getByText('This invitation link is invalid or has expired.', { exact: true })).toBeVisible();
  });
});

test.describe('session', () => {
  test('register a new account, land on the dashboard, then log out', async ({ page }, testInfo) => {
    const email = uniqueEmail('register');
    await page.goto('/register');
    await page.getByLabel(/^name/i).fill('Robin Register');
    await emailField(page).fill(email);
    await passwordField(page).fill(PASSWORD);
    await confirmField(page).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    expect(await storedToken(page)).toBeTruthy();
    await snap(page, testInfo, 'dashboard-after-register');

    await clickLogout(page, testInfo);
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/login while signed in goes to the dashboard, not a login form under the signed-in navigation', async ({
    page,
    request,
  }) => {
    const user = await registerViaApi(request, { name: 'Still Signed In' });
    await signInWithToken(page, user, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Login', exact: true })).toHaveCount(0);
    await expect(passwordField(page)).toHaveCount(0);
  });

  test('log in with "Remember me": the email is remembered; without it, it is forgotten', async ({
    page,
    request,
  }, testInfo) => {
    const user = await registerViaApi(request, { name: 'Remy Member' });
    await page.goto('/login');
    await emailField(page).fill(user.email);
    await passwordField(page).fill(user.password);
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await loginButton(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('rememberedEmail'))).toBe(user.email);

    await clickLogout(page, testInfo);
    await expect(page).toHaveURL(/\/login$/);
    await expect(emailField(page)).toHaveValue(user.email);
    await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    await snap(page, testInfo, 'login-remembered');

    // Logging in again without Remember me removes the remembered email.
    await page.getByRole('checkbox', { name: 'Remember me' }).uncheck();
    await passwordField(page).fill(user.password);
    await loginButton(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('rememberedEmail'))).toBeNull();
    await clickLogout(page, testInfo);
    await expect(emailField(page)).toHaveValue('');
  });

  test('a wrong password shows "Invalid email or password." and clears the password field', async ({
    page,
    request,
  }, testInfo) => {
    const user = await registerViaApi(request);
    await page.goto('/login');
    await emailField(page).fill(user.email);
    await passwordField(page).fill('wrong-password-123!');
    await loginButton(page).click();
    await expect(page.getByText('Invalid email or password.', { exact: true })).toBeVisible();
    await expect(passwordField(page)).toHaveValue('');
    await expect(emailField(page)).toHaveValue(user.email);
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
    await snap(page, testInfo, 'login-wrong-password');
  });

  test('forgot password: the emailed link resets the password and the screen goes to /login after 3 seconds', async ({
    page,
    request,
  }, testInfo) => {
    const user = await registerViaApi(request, { name: 'Forgetful Fran' });
    await page.goto('/forgot-password');
    // An address no account uses is named as such, as register names a taken one (decision 0111).
    await emailField(page).fill(`not-${user.email}`);
    await page.getByRole('button', { name: 'Send Reset Link', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'No account uses this email. Check the address, or create an account.',
    );
    await emailField(page).fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    const sent = page.getByText('A reset link has been sent to that email. It works for one hour.');
    await expect(sent).toBeVisible();
    // The server's message shows in green.
    const [r, g, b] = (await sent.evaluate((el) => getComputedStyle(el).color)).match(/\d+/g)!.map(Number);
    expect(g, 'success text is green').toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
    await snap(page, testInfo, 'forgot-password-sent');

    const mail = await waitForMail(user.email, (m) => /reset/i.test(m.subject));
    const link = linksIn(mail).find((l) => l.includes('/reset-password/'));
    expect(link, `reset link in: ${mail.text}`).toBeTruthy();
    const url = new URL(link as string);
    // The link must point at this app (the origin the user opened it from).
    expect.soft(url.origin, 'the reset link points at the running app').toBe(new URL(page.url()).origin);
    await page.goto(url.pathname + url.search);

    const newPassword = 'Brand-new-Passw0rd!';
    await passwordField(page).fill(newPassword);
    await confirmField(page).fill(newPassword);
    await snap(page, testInfo, 'reset-password');
    await page.getByRole('button', { name: 'Reset Password', exact: true }).click();
    const submittedAt = Date.now();
    await expect(page.getByText('Your password has been reset. You can now log in.')).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password\//);
    await page.waitForURL(/\/login$/, { timeout: 10_000 });
    const waited = Date.now() - submittedAt;
    expect(waited, 'redirect after about 3 seconds').toBeGreaterThanOrEqual(2_500);
    expect(waited).toBeLessThan(8_000);

    // The old password no longer works, the new one does.
    const oldLogin = await request.post('/api/users/login', { data: { email: user.email, password: user.password } });
    expect(oldLogin.status()).toBe(401);
    await emailField(page).fill(user.email);
    await passwordField(page).fill(newPassword);
    await loginButton(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link is single use.
    const reuse = await request.post('/api/users/reset-password', {
      data: { token: decodeURIComponent(url.pathname.split('/').pop() as string), password: 'Another-Passw0rd!' },
    });
    expect(reuse.status()).toBeGreaterThanOrEqual(400);
  });
});
