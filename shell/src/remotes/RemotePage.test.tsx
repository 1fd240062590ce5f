import '../test/polyfills';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshBrowser, renderShell, signIn } from '../test/render-shell';
import { createFederationLoader, REMOTES, type RemoteLoader, type RemoteName, type RemotePageModule } from './registry';
import { REMOTE_TIMEOUT_MS, REMOTE_UNAVAILABLE_TEXT } from './RemotePage';

beforeEach(() => {
  freshBrowser().on('GET /api/accounts/', { body: [{ id: 1, name: 'Checking' }] });
  signIn();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** A loader scripted per call: each `load` takes the next step. */
function scriptedLoader(steps: Array<'fail' | 'hang' | (() => RemotePageModule)>) {
  const calls: string[] = [];
  const resets: RemoteName[] = [];
  const loader: RemoteLoader = {
    load(remote, module) {
      calls.push(`${remote}/${module}`);
      const step = steps.shift() ?? 'fail';
      if (step === 'fail') return Promise.reject(new Error('ScriptExternalLoadError: Loading script failed (404)'));
      if (step === 'hang') return new Promise(() => undefined);
      return Promise.resolve(step());
    },
    reset(remote) {
      resets.push(remote);
    },
  };
  return { loader, calls, resets };
}

const dashboard = () => ({ default: () => <h1>Dashboard</h1> });

function quietConsole() {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('remote pages', () => {
  test('show a loading state, then the page', async () => {
    let resolve!: (m: RemotePageModule) => void;
    const loader: RemoteLoader = { load: () => new Promise((r) => (resolve = r)), reset: () => undefined };
    renderShell({ path: '/dashboard', loader });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await act(async () => resolve(dashboard()));
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  test('a remote that fails to load shows the fallback; the header keeps working; Retry loads it again', async () => {
    quietConsole();
    const { loader, calls, resets } = scriptedLoader(['fail', 'fail', dashboard]);
    const { pathname } = renderShell({ path: '/dashboard', loader });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(REMOTE_UNAVAILABLE_TEXT);

    const user = userEvent.setup();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: /Accounts/ }),
    );
    expect(await screen.findByRole('link', { name: 'Checking' })).toHaveAttribute('href', '/accounts/1/register');
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Help' }));
    expect(pathname()).toBe('/help');
    expect(screen.getByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();

    // Coming back tries again (and fails again here); Retry then loads it.
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Dashboard' }));
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(resets).toEqual(['mf-budget', 'mf-budget']);
    expect(calls).toEqual(['mf-budget/./DashboardPage', 'mf-budget/./DashboardPage', 'mf-budget/./DashboardPage']);
  });

  test('a remote that does not answer in time shows the fallback', async () => {
    jest.useFakeTimers();
    quietConsole();
    const { loader } = scriptedLoader(['hang', dashboard]);
    renderShell({ path: '/dashboard', loader, timeoutMs: REMOTE_TIMEOUT_MS });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await act(async () => {
      jest.advanceTimersByTime(REMOTE_TIMEOUT_MS - 1);
    });
    expect(screen.queryByText(REMOTE_UNAVAILABLE_TEXT)).toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByRole('alert')).toHaveTextContent(REMOTE_UNAVAILABLE_TEXT);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  test('a page that throws while rendering is caught by the boundary; Retry mounts it again', async () => {
    quietConsole();
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('remote bug');
      return <h1>Budget Planner</h1>;
    }
    const { loader, calls } = scriptedLoader([() => ({ default: Flaky })]);
    renderShell({ path: '/budget', loader });
    expect(await screen.findByRole('alert')).toHaveTextContent(REMOTE_UNAVAILABLE_TEXT);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    broken = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Budget Planner' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  test('the federation runtime pointed at a missing remote ends in the fallback, not a blank shell', async () => {
    quietConsole();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const loader = createFederationLoader({
      ...REMOTES,
      'mf-reports': { name: 'mf_missing', entry: 'http://127.0.0.1:9/mf/mf-missing/remoteEntry.js' },
    });
    renderShell({ path: '/reports', loader, timeoutMs: 300 });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(REMOTE_UNAVAILABLE_TEXT);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('script[src*="mf-missing"]')).not.toBeNull());
  });
});
