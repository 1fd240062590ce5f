import '../test/polyfills';
import { announceTheme, api, INACTIVITY_LIMIT_MS, THEME_CHANGED_EVENT } from '@hf/app-kit';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeNetwork } from '../test/fake-network';
import { applyRememberedTheme, THEME_CACHE_KEY } from '../theme/theme';
import { DEFAULT_THEME_PREFERENCE, freshBrowser, renderShell, signIn } from '../test/render-shell';

let network: FakeNetwork;
beforeEach(() => {
  document.documentElement.removeAttribute('style');
  network = freshBrowser()
    .on('GET /api/accounts/', { body: [] })
    .on('POST /api/users/logout', { body: { message: 'You have been logged out.' } });
});
afterEach(() => {
  jest.useRealTimers();
});

const rootStyle = (key: string) => document.documentElement.style.getPropertyValue(`--${key}`);

describe('inactivity auto-logout', () => {
  test('is 2 hours', () => {
    expect(INACTIVITY_LIMIT_MS).toBe(2 * 60 * 60 * 1000);
  });

  test('after 2 hours without activity: tokens cleared, timestamp recorded, /login with a notice', async () => {
    jest.useFakeTimers({ now: new Date('2025-03-01T10:00:00Z') });
    signIn();
    const { pathname } = renderShell({ path: '/help' });
    await act(async () => {
      jest.advanceTimersByTime(INACTIVITY_LIMIT_MS - 1000);
    });
    expect(pathname()).toBe('/help');
    expect(localStorage.getItem('access_token')).toBe('test-access-token');

    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(pathname()).toBe('/login');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(sessionStorage.getItem('autoLogoutAt')).toBe('2025-03-01T12:00:00.000Z');
    expect(screen.getByText('You were logged out due to inactivity.')).toBeInTheDocument();
    expect(network.callsTo('POST /api/users/logout')).toHaveLength(1);
  });

  test.each(['mousemove', 'keydown', 'click', 'scroll'] as const)('%s resets the timer', async (type) => {
    jest.useFakeTimers();
    signIn();
    const { pathname } = renderShell({ path: '/help' });
    await act(async () => {
      jest.advanceTimersByTime(INACTIVITY_LIMIT_MS - 60_000);
    });
    fireEvent[type === 'mousemove' ? 'mouseMove' : type === 'keydown' ? 'keyDown' : type](
      type === 'scroll' ? window : document.body,
    );
    await act(async () => {
      jest.advanceTimersByTime(INACTIVITY_LIMIT_MS - 60_000);
    });
    expect(pathname()).toBe('/help');
    expect(localStorage.getItem('access_token')).not.toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(60_000);
    });
    expect(pathname()).toBe('/login');
    expect(sessionStorage.getItem('autoLogoutAt')).not.toBeNull();
  });

  test('does not run while signed out', async () => {
    jest.useFakeTimers();
    renderShell({ path: '/login' });
    await act(async () => {
      jest.advanceTimersByTime(INACTIVITY_LIMIT_MS * 2);
    });
    expect(sessionStorage.getItem('autoLogoutAt')).toBeNull();
    expect(network.calls).toHaveLength(0);
  });

  test('signing in again removes the marker', async () => {
    sessionStorage.setItem('autoLogoutAt', '2025-03-01T12:00:00.000Z');
    network.on('POST /api/users/login', { body: { access_token: 'acc', refresh_token: 'ref' } });
    const { pathname } = renderShell({ path: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-123!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(sessionStorage.getItem('autoLogoutAt')).toBeNull();
  });
});

describe('401 answers', () => {
  test('a 401 from any call (not login) clears the token and routes to /login', async () => {
    signIn();
    network.on('GET /api/categories/', {
      status: 401,
      body: { message: 'Your session has expired. Please log in again.' },
    });
    const { pathname } = renderShell({ path: '/help' });
    await act(async () => {
      await api.get('/categories/').catch(() => undefined);
    });
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please log in again.');
  });

  test('opening /login directly shows no session notice', () => {
    renderShell({ path: '/login' });
    expect(screen.queryByText('Your session has ended. Please log in again.')).not.toBeInTheDocument();
  });
});

describe('theme', () => {
  test('signing in loads the preferred theme and applies its colours as CSS variables', async () => {
    signIn();
    network.on('GET /api/themes/preference', {
      body: {
        ...DEFAULT_THEME_PREFERENCE,
        preference: 'dark',
        theme: {
          ...DEFAULT_THEME_PREFERENCE.theme,
          id: 'dark',
          colors: { ...DEFAULT_THEME_PREFERENCE.theme.colors, mainBg: '#111827' },
        },
      },
    });
    renderShell({ path: '/help' });
    await waitFor(() => expect(rootStyle('mainBg')).toBe('#111827'));
    expect(rootStyle('primaryBg')).toBe('#1f2937');
  });

  test('a saved theme without colours in the preference answer is read from /api/themes/', async () => {
    signIn();
    network.on('GET /api/themes/preference', { body: { preference: 12 } }).on('GET /api/themes/', {
      body: [{ id: 12, name: 'Mine', colors: { ...DEFAULT_THEME_PREFERENCE.theme.colors, primaryBg: '#123456' } }],
    });
    renderShell({ path: '/help' });
    await waitFor(() => expect(rootStyle('primaryBg')).toBe('#123456'));
  });

  test('a theme load failure is only logged', async () => {
    signIn();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    network.on('GET /api/themes/preference', { status: 503, body: '' });
    renderShell({ path: '/help' });
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    warn.mockRestore();
  });

  test('THEME_CHANGED_EVENT from a remote is applied; logout returns to the default theme', async () => {
    signIn();
    renderShell({ path: '/help' });
    await waitFor(() => expect(rootStyle('mainBg')).toBe('#f3f4f6'));
    act(() => {
      window.dispatchEvent(new CustomEvent(THEME_CHANGED_EVENT, { detail: { mainBg: '#0c4a6e' } }));
    });
    expect(rootStyle('mainBg')).toBe('#0c4a6e');
    act(() => announceTheme({ primaryBg: '#654321' }));
    expect(rootStyle('primaryBg')).toBe('#654321');

    expect(JSON.parse(localStorage.getItem(THEME_CACHE_KEY)!)).toMatchObject({
      mainBg: '#0c4a6e',
      primaryBg: '#654321',
    });

    const user = userEvent.setup();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(rootStyle('mainBg')).toBe(''));
    expect(rootStyle('primaryBg')).toBe('');
    expect(localStorage.getItem(THEME_CACHE_KEY)).toBeNull();
  });

  test('the last theme is remembered so a reload paints it before the API answers', async () => {
    signIn();
    network.on('GET /api/themes/preference', {
      body: {
        ...DEFAULT_THEME_PREFERENCE,
        theme: {
          ...DEFAULT_THEME_PREFERENCE.theme,
          colors: { ...DEFAULT_THEME_PREFERENCE.theme.colors, mainBg: '#0f172a' },
        },
      },
    });
    const first = renderShell({ path: '/help' });
    await waitFor(() => expect(rootStyle('mainBg')).toBe('#0f172a'));
    first.unmount();
    document.documentElement.removeAttribute('style');
    applyRememberedTheme();
    expect(rootStyle('mainBg')).toBe('#0f172a');
  });
});
