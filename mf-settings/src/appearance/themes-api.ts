import { useQuery } from '@tanstack/react-query';
import { api } from '@hf/app-kit';
import type { SavedTheme, Theme, ThemeColors, ThemeId } from '@hf/contracts';

export type { SavedTheme, Theme, ThemeColors, ThemeId };

/** `GET /themes/preference`: the chosen id; svc-auth also sends the theme it resolves to. */
export interface ThemePreferenceView {
  preference: ThemeId;
  theme?: Theme;
}

export const THEME_QUERY_KEYS = {
  defaults: ['themes', 'defaults'] as const,
  saved: ['themes', 'saved'] as const,
  preference: ['themes', 'preference'] as const,
};

/** The id svc-auth falls back to (docs/rules/households.md, Themes). */
export const DEFAULT_THEME_ID = 'default';

/** Theme load failures are only logged (docs/rules/households.md): the screen keeps working with what it has. */
async function logged<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    console.error(`Could not load ${what}:`, err);
    throw err;
  }
}

export function useBuiltInThemes() {
  return useQuery({
    queryKey: THEME_QUERY_KEYS.defaults,
    queryFn: () => logged('built-in themes', () => api.get<Theme[]>('/themes/defaults')),
    staleTime: Infinity,
  });
}

export function useSavedThemes() {
  return useQuery({
    queryKey: THEME_QUERY_KEYS.saved,
    queryFn: () => logged('saved themes', () => api.get<SavedTheme[]>('/themes/')),
  });
}

export function useThemePreference() {
  return useQuery({
    queryKey: THEME_QUERY_KEYS.preference,
    queryFn: () => logged('theme preference', () => api.get<ThemePreferenceView>('/themes/preference')),
  });
}

export const themesApi = {
  save: (name: string, colors: ThemeColors) =>
    api.post<Partial<SavedTheme> & { id: number }>('/themes/', { name, colors }),
  setPreference: (themeId: ThemeId) => api.put<unknown>('/themes/preference', { theme_id: themeId }),
  remove: (themeId: number) => api.delete<unknown>(`/themes/${themeId}`),
};

/** Saved themes have numeric ids; built-ins have 'default', 'dark', 'blue'. */
export function isSavedTheme(theme: Pick<Theme, 'id'>): theme is SavedTheme {
  return typeof theme.id === 'number';
}

export function sameThemeId(a: ThemeId | undefined | null, b: ThemeId | undefined | null): boolean {
  return a !== undefined && a !== null && b !== undefined && b !== null && String(a) === String(b);
}
