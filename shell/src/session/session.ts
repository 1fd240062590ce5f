import { api, clearTokens, isAuthenticated, onSessionChange, SESSION_KEYS, STORAGE_KEYS } from '@hf/app-kit';
import { useSyncExternalStore } from 'react';

/** Login/logout in this tab (app-kit notifies) or in another tab (the `storage` event). */
function subscribe(listener: () => void): () => void {
  const offSession = onSessionChange(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.accessToken) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    offSession();
    window.removeEventListener('storage', onStorage);
  };
}

/** Authenticated = an access token is stored (docs/rules/screens.md). */
export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(subscribe, isAuthenticated, () => false);
}

/**
 * Tells svc-auth to end the session (revokes the refresh token and the session). A failure is
 * ignored: the tokens are cleared locally either way. The request is built (with the current
 * token) before this returns, so the caller may clear the tokens right after.
 */
function revokeSessionOnServer(): void {
  const refreshToken = localStorage.getItem(STORAGE_KEYS.refreshToken);
  api.post('/users/logout', refreshToken ? { refresh_token: refreshToken } : {}).catch(() => undefined);
}

/** Manual logout: server call (failure ignored), tokens and the auto-logout marker cleared. */
export function logout(): void {
  revokeSessionOnServer();
  sessionStorage.removeItem(SESSION_KEYS.autoLogoutAt);
  clearTokens();
}

/** Inactivity logout: tokens cleared and the time recorded for the login screen's notice. */
export function autoLogout(now: Date = new Date()): void {
  revokeSessionOnServer();
  sessionStorage.setItem(SESSION_KEYS.autoLogoutAt, now.toISOString());
  clearTokens();
}

/** True when the last session ended by the inactivity timer (login shows a notice). */
export function wasAutoLoggedOut(): boolean {
  return sessionStorage.getItem(SESSION_KEYS.autoLogoutAt) !== null;
}

/**
 * A forced sign-out (a 401: the session expired or was revoked elsewhere) sends the user to
 * /login with this navigation state, or with this address from outside the router, so the login
 * screen can say that the session ended.
 */
export const SESSION_ENDED_STATE = { sessionEnded: true } as const;
export const SESSION_ENDED_URL = '/login?session=ended';

/** Whether /login was reached by a forced sign-out (its navigation state or address). */
export function wasSessionEnded(state: unknown, search: string): boolean {
  const fromState =
    typeof state === 'object' && state !== null && (state as { sessionEnded?: unknown }).sessionEnded === true;
  return fromState || new URLSearchParams(search).get('session') === 'ended';
}
