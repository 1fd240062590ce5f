import '@hf/ui/ui.css';
// The shell's own styles come after the shared ones (same specificity: these win).
import './styles/layout.css';
import './styles/header.css';
import './styles/auth.css';
import './styles/pages.css';
import { isAuthenticated } from '@hf/app-kit';
import { dashboardStartQueries } from '@hf/app-kit/budget/dashboard-queries';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/AppProviders';
import { appRoutes } from './app/routes';
import { preloadRemotePage } from './remotes/RemotePage';
import { applyRememberedTheme } from './theme/theme';

if (isAuthenticated()) applyRememberedTheme();
const router = createBrowserRouter(appRoutes());
const queryClient = createQueryClient();
// A page load of the dashboard asks for its data now, while mf-budget's code is still loading;
// the Dashboard's queries find it in the shared cache (same keys and fetchers). The page's own
// code starts loading now too, not once React has rendered the shell.
if (isAuthenticated() && ['/', '/dashboard'].includes(window.location.pathname.replace(/\/$/, '') || '/')) {
  preloadRemotePage('mf-budget', './DashboardPage');
  const [balance, netWorth, widgets] = dashboardStartQueries();
  void queryClient.prefetchQuery(balance);
  void queryClient.prefetchQuery(netWorth);
  void queryClient.prefetchQuery(widgets);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
