import '../test/polyfills';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeNetwork, type FakeNetwork } from '../test/fake-network';
import { renderShell } from '../test/render-shell';

let network: FakeNetwork;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  network = installFakeNetwork();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('Forgot password screen', () => {
  test('sends the email and shows the server message in green', async () => {
    network.on('POST /api/users/forgot-password', {
      body: { message: 'A reset link has been sent to that email. It works for one hour.' },
    });
    renderShell({ path: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('A reset link has been sent to that email. It works for one hour.');
    expect(status).toHaveClass('hf-status--success');
    expect(network.callsTo('POST /api/users/forgot-password')[0].body).toEqual({ email: 'ann@example.com' });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  test('an address no account uses: the server says so, in red (decision 0111)', async () => {
    network.on('POST /api/users/forgot-password', {
      status: 404,
      body: { message: 'No account uses this email. Check the address, or create an account.' },
    });
    renderShell({ path: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No account uses this email. Check the address, or create an account.');
    expect(screen.queryByRole('status')).toBeNull();
  });

  test("a failure shows 'An error occurred. Please try again.' in red", async () => {
    network.on('POST /api/users/forgot-password', { status: 429, body: { message: 'Too many requests' } });
    renderShell({ path: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred. Please try again.');
    expect(alert).toHaveClass('hf-status--error');
  });
});

describe('Reset password screen', () => {
  test("mismatched passwords: 'Passwords do not match.' and no request", async () => {
    renderShell({ path: '/reset-password/tok-9' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-secret-2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(network.calls).toHaveLength(0);
  });

  test('on success shows the message and goes to /login after 3 seconds', async () => {
    jest.useFakeTimers();
    network.on('POST /api/users/reset-password', {
      body: { message: 'Your password has been reset. You can now log in.' },
    });
    const { pathname } = renderShell({ path: '/reset-password/tok-9' });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.type(screen.getByLabelText('New Password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Your password has been reset. You can now log in.')).toBeInTheDocument();
    expect(network.callsTo('POST /api/users/reset-password')[0].body).toEqual({
      token: 'tok-9',
      password: 'new-secret-1',
    });

    await act(async () => {
      jest.advanceTimersByTime(2900);
    });
    expect(pathname()).toBe('/reset-password/tok-9');
    await act(async () => {
      jest.advanceTimersByTime(100);
    });
    expect(pathname()).toBe('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  });

  test("shows the server's message, else 'Invalid or expired token.'", async () => {
    network.on('POST /api/users/reset-password', {
      status: 400,
      body: { message: 'Password must be at least 8 characters.' },
    });
    renderShell({ path: '/reset-password/tok-9' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 8 characters.');

    network.on('POST /api/users/reset-password', { status: 400, body: '' });
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Invalid or expired token.')).toBeInTheDocument();
  });
});
