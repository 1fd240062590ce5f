/**
 * The browser session, with the storage keys of docs/rules/screens.md:
 * localStorage `access_token`, `refresh_token`, `rememberedEmail`; sessionStorage holds the
 * auto-logout timestamp and the zero-amount warning flag.
 */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  rememberedEmail: 'rememberedEmail',
  reportSortBy: 'report_sort_by',
  reportHiddenCategories: 'report_hidden_categories',
  reportAccountFilter: 'report_account_filter',
  /** The dashboard's dismissed low-balance warnings: account id -> the warning's date and amount. */
  dismissedWarnings: 'dismissed_warnings',
} as const;

export const SESSION_KEYS = {
  /** Set (ISO timestamp) when the inactivity timer logged the user out. */
  autoLogoutAt: 'autoLogoutAt',
  /** Set to '1' when the user chose not to be asked about zero amounts again. */
  suppressZeroAmountWarning: 'suppressZeroAmountWarning',
  /** Set to '1' when the user chose "Don't ask again during this session" on leaving cleared. */
  clearedCorrectionMode: 'clearedCorrectionMode',
} as const;

/** Inactivity auto-logout after 2 hours (docs/rules/households.md). */
export const INACTIVITY_LIMIT_MS = 2 * 60 * 60 * 1000;

export function getAccessToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.accessToken);
}

export function isAuthenticated(): boolean {
  return getAccessToken() !== null;
}

/** What login and register answer with. */
export interface SessionTokens {
  access_token: string;
  refresh_token?: string;
}

export function storeTokens(tokens: SessionTokens): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, tokens.access_token);
  if (tokens.refresh_token) localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh_token);
  sessionStorage.removeItem(SESSION_KEYS.autoLogoutAt);
  notifySessionChange();
}

export function clearTokens(): void {
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.refreshToken);
  notifySessionChange();
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Subscribe to login/logout changes (the shell re-renders its header and routes). */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notifySessionChange(): void {
  for (const l of listeners) l();
}

/**
 * Where a 401 sends the user. The shell replaces this with a router navigation;
 * the default is a full page load of /login that says the session ended.
 */
let unauthorizedHandler: () => void = () => {
  // /login says the session ended (shell's LoginPage reads `session=ended`).
  window.location.assign('/login?session=ended');
};

export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

export function handleUnauthorized(): void {
  clearTokens();
  unauthorizedHandler();
}
