import '../test/polyfills';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshBrowser, renderShell } from '../test/render-shell';
import type { FakeNetwork } from '../test/fake-network';

let network: FakeNetwork;
beforeEach(() => {
  network = freshBrowser().on('GET /api/accounts/', { body: [] });
});

async function fillAndSubmit(email: string, password: string, remember?: boolean) {
  const user = userEvent.setup();
  const emailInput = screen.getByLabelText('Email');
  await user.clear(emailInput);
  await user.type(emailInput, email);
  await user.type(screen.getByLabelText('Password'), password);
  const checkbox = screen.getByLabelText('Remember me');
  if (remember !== undefined && (checkbox as HTMLInputElement).checked !== remember) await user.click(checkbox);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('Login screen', () => {
  test('signs in, stores the tokens and goes to /dashboard', async () => {
    network.on('POST /api/users/login', { body: { access_token: 'acc-1', refresh_token: 'ref-1' } });
    const { pathname } = renderShell({ path: '/login' });
    await fillAndSubmit('ann@example.com', 'correct horse', false);
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(network.callsTo('POST /api/users/login')[0].body).toEqual({
      email: 'ann@example.com',
      password: 'correct horse',
    });
    expect(localStorage.getItem('access_token')).toBe('acc-1');
    expect(localStorage.getItem('refresh_token')).toBe('ref-1');
    expect(await screen.findByRole('heading', { name: 'mf-budget ./DashboardPage' })).toBeInTheDocument();
  });

  test('"Remember me" saves the email and the next visit pre-fills it', async () => {
    network.on('POST /api/users/login', { body: { access_token: 'acc-1', refresh_token: 'ref-1' } });
    const first = renderShell({ path: '/login' });
    await fillAndSubmit('ann@example.com', 'correct horse', true);
    await waitFor(() => expect(first.pathname()).toBe('/dashboard'));
    expect(localStorage.getItem('rememberedEmail')).toBe('ann@example.com');
    first.unmount();

    localStorage.removeItem('access_token');
    renderShell({ path: '/login' });
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(screen.getByLabelText('Remember me')).toBeChecked();
  });

  test('without "Remember me" the remembered email is removed', async () => {
    localStorage.setItem('rememberedEmail', 'old@example.com');
    network.on('POST /api/users/login', { body: { access_token: 'acc-1', refresh_token: 'ref-1' } });
    const { pathname } = renderShell({ path: '/login' });
    expect(screen.getByLabelText('Email')).toHaveValue('old@example.com');
    await fillAndSubmit('ann@example.com', 'correct horse', false);
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(localStorage.getItem('rememberedEmail')).toBeNull();
  });

  test("a refused login shows the server's message and clears the password", async () => {
    network.on('POST /api/users/login', { status: 401, body: { message: 'Too many attempts, try later.' } });
    const { pathname } = renderShell({ path: '/login' });
    await fillAndSubmit('ann@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts, try later.');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(pathname()).toBe('/login');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  test("without a server message the fallback 'Invalid email or password.' is shown", async () => {
    network.on('POST /api/users/login', { status: 500, body: '' });
    renderShell({ path: '/login' });
    await fillAndSubmit('ann@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  test('links to /forgot-password and /register', () => {
    renderShell({ path: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    const main = screen.getByRole('main');
    expect(main.querySelector('a[href="/register"]')).not.toBeNull();
  });

  test('after an inactivity logout the screen says why', () => {
    sessionStorage.setItem('autoLogoutAt', new Date().toISOString());
    renderShell({ path: '/login' });
    expect(screen.getByText('You were logged out due to inactivity.')).toBeInTheDocument();
  });
});
