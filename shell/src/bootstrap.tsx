import '@hf/ui/src/ui.css';
import { isAuthenticated } from '@hf/app-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/AppProviders';
import { appRoutes } from './app/routes';
import { PRODUCT_NAME } from './product';
import { applyRememberedTheme } from './theme/theme';

document.title = PRODUCT_NAME;
if (isAuthenticated()) applyRememberedTheme();
const router = createBrowserRouter(appRoutes());
const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
