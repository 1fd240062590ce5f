import { isAuthenticated } from '@hf/app-kit';
import { dashboardStartQueries } from '@hf/app-kit/budget/dashboard-queries';
import { registerAccountOf, startRegisterFirstPage } from '@hf/app-kit/ledger/register-start';
import type { QueryClient } from '@tanstack/react-query';
import { appQueryClient } from '../app/query-client';
import { remotePageForPath } from './locations';
import { preloadRemotePage } from './RemotePage';

/**
 * A page load of a signed-in page starts what that page needs at once, in parallel with the
 * shell's own boot (react-dom, the router, the first render): the remote page's code (its
 * remoteEntry.js is already preloaded from src/index.ts) and the data its first screen waits for,
 * which the page then finds started (the dashboard's queries in the shared query cache, the
 * register's first page through @hf/app-kit's started requests). Called from src/index.ts
 * behind its own async boundary, so it does not wait for the shell's code to arrive. Settles
 * when the page's code is in or has failed (at once for other pages): the shell's first render
 * waits for it (decision 0154).
 */
export function startPageLoad(path: string, queryClient: QueryClient = appQueryClient): Promise<void> {
  if (!isAuthenticated()) return Promise.resolve();
  const page = remotePageForPath(path);
  if (!page) return Promise.resolve();
  const pageCode = preloadRemotePage(page.remote, page.module);
  if (page.module === './DashboardPage') {
    const [balance, netWorth, widgets] = dashboardStartQueries();
    void queryClient.prefetchQuery(balance);
    void queryClient.prefetchQuery(netWorth);
    void queryClient.prefetchQuery(widgets);
  }
  const accountId = registerAccountOf(path);
  if (accountId !== null) startRegisterFirstPage(accountId);
  return pageCode;
}
