import '@hf/ui/ui.css';
// The shell's own styles come after the shared ones (same specificity: these win).
import './styles/layout.css';
import './styles/header.css';
import './styles/auth.css';
import './styles/pages.css';
import { isAuthenticated } from '@hf/app-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { appQueryClient as queryClient } from './app/query-client';
import { appRoutes } from './app/routes';
import { applyRememberedTheme } from './theme/theme';

// The page's own code and first data were started from src/index.ts (remotes/page-start.ts).
if (isAuthenticated()) applyRememberedTheme();

/** Renders the app (src/index.ts calls it once the page's own code is in, or has had its time). */
export function renderApp(): void {
  const router = createBrowserRouter(appRoutes());
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
