import '../test/polyfills';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRODUCT_NAME } from '../product';
import type { FakeNetwork } from '../test/fake-network';
import { freshBrowser, renderShell } from '../test/render-shell';

const INVITATION = {
  email: 'bob@example.com',
  household_name: 'The Smiths',
  inviter_name: 'Ann Smith',
  inviter_email: 'ann@example.com',
};

let network: FakeNetwork;
beforeEach(() => {
  network = freshBrowser().on('GET /api/accounts/', { body: [] });
});

async function fill(fields: { name?: string; email?: string; password: string; confirm: string }) {
  const user = userEvent.setup();
  if (fields.name) await user.type(screen.getByLabelText('Name'), fields.name);
  if (fields.email) await user.type(screen.getByLabelText('Email'), fields.email);
  await user.type(screen.getByLabelText('Password'), fields.password);
  await user.type(screen.getByLabelText('Confirm Password'), fields.confirm);
  return user;
}

describe('Register screen', () => {
  test('without a token: product heading, hint placeholder, "Create Account", link to login', () => {
    renderShell({ path: '/register' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Create Your ${PRODUCT_NAME} Account`);
    expect(screen.getByLabelText('Password')).toHaveAttribute(
      'placeholder',
      '8+ characters, letters, numbers, symbols',
    );
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('main').querySelector('a[href="/login"]')).not.toBeNull();
    expect(network.calls).toHaveLength(0);
  });

  test("mismatched passwords: 'Passwords do not match.' and no request", async () => {
    renderShell({ path: '/register' });
    const user = await fill({ name: 'Bob', email: 'bob@example.com', password: 'secret-123!', confirm: 'secret-124!' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(network.callsTo('POST /api/users/register')).toHaveLength(0);
  });

  test('registers, stores the tokens and goes to /dashboard', async () => {
    network.on('POST /api/users/register', { status: 201, body: { access_token: 'acc-2', refresh_token: 'ref-2' } });
    const { pathname } = renderShell({ path: '/register' });
    const user = await fill({ name: 'Bob', email: 'bob@example.com', password: 'secret-123!', confirm: 'secret-123!' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(network.callsTo('POST /api/users/register')[0].body).toEqual({
      name: 'Bob',
      email: 'bob@example.com',
      password: 'secret-123!',
    });
    expect(localStorage.getItem('access_token')).toBe('acc-2');
  });

  test("shows the server's message, else 'Registration failed. Please try again.'", async () => {
    network.on('POST /api/users/register', {
      status: 409,
      body: { message: 'An account with this email already exists.' },
    });
    renderShell({ path: '/register' });
    const user = await fill({ name: 'Bob', email: 'bob@example.com', password: 'secret-123!', confirm: 'secret-123!' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');

    network.on('POST /api/users/register', { status: 502, body: 'Bad gateway' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Registration failed. Please try again.'));
  });

  test('with a valid invitation: join heading, locked pre-filled email, "Create Account & Join", token sent', async () => {
    network
      .on('GET /api/household/invitations/tok-123', { body: INVITATION })
      .on('POST /api/users/register', { status: 201, body: { access_token: 'acc-3', refresh_token: 'ref-3' } });
    const { pathname } = renderShell({ path: '/register?token=tok-123' });

    expect(await screen.findByRole('heading', { level: 1, name: "Join Ann Smith's Household" })).toBeInTheDocument();
    expect(screen.getByText(/The Smiths/)).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('bob@example.com');
    expect(email).toHaveAttribute('readonly');
    const user = userEvent.setup();
    await user.type(email, 'x');
    expect(email).toHaveValue('bob@example.com');

    await fill({ name: 'Bob', password: 'secret-123!', confirm: 'secret-123!' });
    await user.click(screen.getByRole('button', { name: 'Create Account & Join' }));
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(network.callsTo('POST /api/users/register')[0].body).toEqual({
      name: 'Bob',
      email: 'bob@example.com',
      password: 'secret-123!',
      token: 'tok-123',
    });
  });

  test("an invalid invitation shows 'This invitation link is invalid or has expired.'", async () => {
    network.on('GET /api/household/invitations/bad-token', {
      status: 404,
      body: { message: 'This invitation link is invalid or has expired.' },
    });
    renderShell({ path: '/register?token=bad-token' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is invalid or has expired.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Create Your ${PRODUCT_NAME} Account`);
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
  });
});
