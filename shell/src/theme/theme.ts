import { api, applyThemeColors, THEME_COLOR_KEYS, type Theme, type ThemeColors } from '@hf/app-kit';

interface ThemePreferenceResponse {
  preference: Theme['id'];
  /** svc-auth also sends the theme the preference resolves to. */
  theme?: Theme;
}

function findTheme(list: unknown, id: Theme['id']): Theme | undefined {
  const themes: Theme[] = Array.isArray(list)
    ? list
    : list && typeof list === 'object'
      ? Object.values(list as Record<string, Theme>)
      : [];
  return themes.find((t) => t && String(t.id) === String(id));
}

/**
 * The signed-in user's theme colours: GET /api/themes/preference, then the theme itself from
 * the answer, the built-ins (/api/themes/defaults) or the saved themes (/api/themes/).
 */
export async function fetchPreferredThemeColors(): Promise<Partial<ThemeColors> | null> {
  const pref = await api.get<ThemePreferenceResponse>('/themes/preference');
  if (pref?.theme?.colors) return pref.theme.colors;
  if (pref?.preference === undefined || pref.preference === null) return null;
  const source = typeof pref.preference === 'number' ? '/themes/' : '/themes/defaults';
  return findTheme(await api.get<unknown>(source), pref.preference)?.colors ?? null;
}

/**
 * The last theme applied in this browser, so that a reload paints the user's colours at once
 * instead of flashing the Default theme until /api/themes/preference answers.
 */
export const THEME_CACHE_KEY = 'theme_colors';

export function rememberThemeColors(colors: Partial<ThemeColors>): void {
  try {
    const previous = JSON.parse(localStorage.getItem(THEME_CACHE_KEY) ?? '{}') as Partial<ThemeColors>;
    localStorage.setItem(THEME_CACHE_KEY, JSON.stringify({ ...previous, ...colors }));
  } catch {
    localStorage.setItem(THEME_CACHE_KEY, JSON.stringify(colors));
  }
}

/** Applies the remembered theme (before the first render of a signed-in reload). */
export function applyRememberedTheme(): void {
  try {
    const cached = localStorage.getItem(THEME_CACHE_KEY);
    if (cached) applyThemeColors(JSON.parse(cached) as Partial<ThemeColors>);
  } catch {
    localStorage.removeItem(THEME_CACHE_KEY);
  }
}

/** Loads and applies the user's theme; failures are only logged (docs/rules/households.md). */
export async function loadAndApplyTheme(): Promise<void> {
  try {
    const colors = await fetchPreferredThemeColors();
    if (colors) {
      applyThemeColors(colors);
      rememberThemeColors(colors);
    }
  } catch (err) {
    console.warn('Could not load the theme', err);
  }
}

/** Back to the stylesheet's Default theme (after logout, so the next user starts clean). */
export function resetThemeColors(target: HTMLElement = document.documentElement): void {
  for (const key of THEME_COLOR_KEYS) target.style.removeProperty(`--${key}`);
  localStorage.removeItem(THEME_CACHE_KEY);
}
