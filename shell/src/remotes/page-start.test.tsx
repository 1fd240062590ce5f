import '../test/polyfills';
import { takeRegisterFirstPage } from '@hf/app-kit/ledger/register-start';
import { waitFor } from '@testing-library/react';
import { createQueryClient } from '../app/AppProviders';
import { freshBrowser, signIn } from '../test/render-shell';
import { startPageLoad } from './page-start';

/** The remoteEntry.js scripts the federation runtime added (the loader is one for the whole file). */
const remoteScripts = () =>
  [...document.querySelectorAll('script[src*="/mf/"]')].map((s) => new URL((s as HTMLScriptElement).src).pathname);

describe('a page load starts its page before React renders', () => {
  it('the register: mf-ledger code and the first page of rows, which the register then takes', async () => {
    const network = freshBrowser().on('GET /api/accounts/12/transactions', {
      body: { rows: [], prev_cursor: null, total: 0 },
    });
    signIn();
    let settled = false;
    void startPageLoad('/accounts/12/register', createQueryClient()).then(() => (settled = true));
    expect(network.calls.map((c) => c.url)).toEqual(['/api/accounts/12/transactions?limit=400']);
    expect(network.calls[0].headers.Authorization).toBe('Bearer test-access-token');
    await waitFor(() => expect(remoteScripts()).toContain('/mf/mf-ledger/remoteEntry.js'));
    // The page's code is still loading (jsdom runs no remoteEntry.js): the shell's first render
    // would wait for it (decision 0154).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    await expect(takeRegisterFirstPage(12)).resolves.toEqual({ rows: [], prev_cursor: null, total: 0 });
  });

  it("the dashboard: mf-budget's code and the dashboard's three queries in the shared cache", async () => {
    const network = freshBrowser()
      .on('GET /api/dashboard/balance_projection', { body: [] })
      .on('GET /api/dashboard/net_worth_projection', { body: {} })
      .on('GET /api/dashboard/widgets', { body: {} });
    signIn();
    const queryClient = createQueryClient();
    void startPageLoad('/', queryClient);
    expect(network.calls.map((c) => c.path).sort()).toEqual([
      '/api/dashboard/balance_projection',
      '/api/dashboard/net_worth_projection',
      '/api/dashboard/widgets',
    ]);
    await waitFor(() => expect(queryClient.getQueryData(['dashboard', 'widgets'])).toEqual({}));
    await waitFor(() => expect(remoteScripts()).toContain('/mf/mf-budget/remoteEntry.js'));
  });

  it('other pages of a remote: only its code; shell pages and a signed-out browser: nothing', async () => {
    const network = freshBrowser();
    signIn();
    void startPageLoad('/settings/household/', createQueryClient());
    // Pages without a remote's code: nothing to wait for.
    await startPageLoad('/login', createQueryClient());
    await startPageLoad('/help', createQueryClient());
    await waitFor(() => expect(remoteScripts()).toContain('/mf/mf-settings/remoteEntry.js'));
    localStorage.clear();
    await startPageLoad('/reports', createQueryClient());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(remoteScripts()).not.toContain('/mf/mf-reports/remoteEntry.js');
    expect(remoteScripts()).toHaveLength(3);
    expect(network.calls).toEqual([]);
  });
});
