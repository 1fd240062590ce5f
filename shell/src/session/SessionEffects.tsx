import { setUnauthorizedHandler, THEME_CHANGED_EVENT, applyThemeColors, type ThemeColors } from '@hf/app-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { loadAndApplyTheme, rememberThemeColors, resetThemeColors } from '../theme/theme';
import { autoLogout, SESSION_ENDED_STATE, SESSION_ENDED_URL } from './session';
import { useInactivityLogout } from './useInactivityLogout';

/**
 * The session's side effects, mounted once inside the router:
 * - a 401 from any call (except login) navigates to /login, which says the session ended (app-kit
 *   has cleared the tokens);
 * - 2 hours without mouse, key, click or scroll activity logs out and records the time;
 * - signing in loads the user's theme, signing out drops it and every cached query;
 * - theme changes announced by mf-settings are applied at once.
 */
export function SessionEffects({
  authenticated,
  inactivityLimitMs,
}: {
  authenticated: boolean;
  inactivityLimitMs?: number;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    setUnauthorizedHandler(() => navigate('/login', { replace: true, state: SESSION_ENDED_STATE }));
    return () => setUnauthorizedHandler(() => window.location.assign(SESSION_ENDED_URL));
  }, [navigate]);

  const onInactive = useCallback(() => {
    autoLogout();
    navigate('/login', { replace: true });
  }, [navigate]);
  useInactivityLogout(authenticated, onInactive, inactivityLimitMs);

  useEffect(() => {
    if (authenticated) {
      void loadAndApplyTheme();
    } else {
      resetThemeColors();
      queryClient.clear();
    }
  }, [authenticated, queryClient]);

  useEffect(() => {
    const onThemeChanged = (event: Event) => {
      const colors = (event as CustomEvent<Partial<ThemeColors> | undefined>).detail;
      if (colors && typeof colors === 'object') {
        applyThemeColors(colors);
        rememberThemeColors(colors);
      }
    };
    window.addEventListener(THEME_CHANGED_EVENT, onThemeChanged);
    return () => window.removeEventListener(THEME_CHANGED_EVENT, onThemeChanged);
  }, []);

  return null;
}
