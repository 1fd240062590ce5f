import './polyfills';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { appRoutes } from '../app/routes';
import { RemoteSettingsProvider, type RemoteSettings } from '../remotes/RemotePage';
import type { RemoteLoader, RemoteName } from '../remotes/registry';
import { installFakeNetwork, type FakeNetwork } from './fake-network';

/** A loader whose remote pages are small stand-ins named after the module. */
export function stubRemoteLoader(
  pages: Partial<Record<string, ComponentType>> = {},
): RemoteLoader & { loads: string[]; resets: string[] } {
  const loads: string[] = [];
  const resets: string[] = [];
  return {
    loads,
    resets,
    async load(remote: RemoteName, module: string) {
      loads.push(`${remote}/${module}`);
      const Page = pages[module] ?? (() => <h1>{`${remote} ${module}`}</h1>);
      return { default: Page };
    },
    reset(remote: RemoteName) {
      resets.push(remote);
    },
  };
}

export interface RenderShellOptions {
  path?: string;
  loader?: RemoteLoader;
  timeoutMs?: number;
  inactivityLimitMs?: number;
}

/** The whole shell (all routes, header, session effects) in a memory router. */
export function renderShell({
  path = '/',
  loader = stubRemoteLoader(),
  timeoutMs = 1000,
  inactivityLimitMs,
}: RenderShellOptions = {}) {
  const router = createMemoryRouter(appRoutes({ inactivityLimitMs }), { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const settings: RemoteSettings = { loader, timeoutMs };
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RemoteSettingsProvider value={settings}>
        <RouterProvider router={router} />
      </RemoteSettingsProvider>
    </AppProviders>,
  );
  return { ...utils, router, queryClient, pathname: () => router.state.location.pathname };
}

/** A signed-in browser: tokens as login stores them. */
export function signIn(): void {
  localStorage.setItem('access_token', 'test-access-token');
  localStorage.setItem('refresh_token', 'test-refresh-token');
}

export const DEFAULT_THEME_PREFERENCE = {
  preference: 'default',
  theme: {
    id: 'default',
    name: 'Default',
    colors: {
      primaryBg: '#1f2937',
      primaryText: '#f9fafb',
      mainBg: '#f3f4f6',
      secondaryBg: '#ffffff',
      mainText: '#111827',
      buttonPrimaryBg: '#2563eb',
      buttonPrimaryText: '#ffffff',
      rowEntryBg: '#eff6ff',
      rowEntryBorder: '#93c5fd',
      rowDefaultBg: '#ffffff',
      rowBudgetBg: '#f5f3ff',
      rowEditBg: '#fef9c3',
      rowHighlightBg: '#dcfce7',
      statusPendingBg: '#fef3c7',
      statusPendingText: '#92400e',
      statusClearedBg: '#d1fae5',
      statusClearedText: '#065f46',
    },
  },
};

/** A fresh browser for a shell test: empty storage, and a network that answers the theme preference. */
export function freshBrowser(): FakeNetwork {
  localStorage.clear();
  sessionStorage.clear();
  return installFakeNetwork().on('GET /api/themes/preference', { body: DEFAULT_THEME_PREFERENCE });
}
