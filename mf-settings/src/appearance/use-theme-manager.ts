import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { announceTheme, type ThemeColorKey } from '@hf/app-kit';
import { resetSectionColors, sameColors, type ColorSection } from './color-sections';
import { appliedTheme, THEME_MESSAGES, type Notify } from './theme-messages';
import {
  DEFAULT_THEME_ID,
  sameThemeId,
  themesApi,
  THEME_QUERY_KEYS,
  useBuiltInThemes,
  useSavedThemes,
  useThemePreference,
  type Theme,
  type ThemeColors,
  type ThemePreferenceView,
} from './themes-api';
import { useSavedThemeActions } from './use-saved-theme-actions';

/** The built-in and saved themes and the user's preference; `settled` once all three have answered (or failed). */
function useThemeCatalogue() {
  const builtIns = useBuiltInThemes();
  const saved = useSavedThemes();
  const preference = useThemePreference();
  const builtInList = useMemo(() => builtIns.data ?? [], [builtIns.data]);
  const savedList = useMemo(() => saved.data ?? [], [saved.data]);
  const defaultTheme = useMemo(() => builtInList.find((t) => t.id === DEFAULT_THEME_ID) ?? null, [builtInList]);
  const settled = !builtIns.isPending && !saved.isPending && !preference.isPending;
  return { builtInList, savedList, savedLoading: saved.isPending, preference: preference.data, defaultTheme, settled };
}

/** The active (base) theme and the colours being edited; the first time the catalogue has settled, the preferred theme. */
function useActiveTheme(catalogue: ReturnType<typeof useThemeCatalogue>) {
  const { settled, preference, builtInList, savedList, defaultTheme } = catalogue;
  const [active, setActive] = useState<Theme | null>(null);
  const [colors, setColors] = useState<ThemeColors | null>(null);

  useEffect(() => {
    if (active || !settled) return;
    const chosen = preference?.preference ?? DEFAULT_THEME_ID;
    const theme =
      preference?.theme ??
      [...builtInList, ...savedList].find((t) => sameThemeId(t.id, chosen)) ??
      defaultTheme ??
      appliedTheme();
    setActive(theme);
    setColors({ ...theme.colors });
  }, [active, settled, preference, builtInList, savedList, defaultTheme]);

  /** Show a theme: it becomes the active one and its colours are applied everywhere. */
  const showTheme = useCallback((theme: Theme) => {
    setActive(theme);
    setColors({ ...theme.colors });
    announceTheme(theme.colors);
  }, []);

  return { active, setActive, colors, setColors, showTheme };
}

/** Makes a theme the user's preference: at once in the cache, then saved (a failure is only logged). */
function useRememberPreference() {
  const queryClient = useQueryClient();
  return useCallback(
    (theme: Theme) => {
      queryClient.setQueryData<ThemePreferenceView>(THEME_QUERY_KEYS.preference, { preference: theme.id, theme });
      themesApi.setPreference(theme.id).catch((err) => console.error('Could not save the theme preference:', err));
    },
    [queryClient],
  );
}

/** Changing one colour, or a section back to the active theme's: applied everywhere at once. */
function useColorEdits(active: Theme | null, colors: ThemeColors | null, setColors: (colors: ThemeColors) => void) {
  const setColor = useCallback(
    (key: ThemeColorKey, value: string) => {
      if (!colors) return;
      const next = { ...colors, [key]: value };
      setColors(next);
      announceTheme(next);
    },
    [colors, setColors],
  );

  const resetSection = useCallback(
    (section: ColorSection) => {
      if (!active || !colors) return;
      const next = resetSectionColors(colors, active.colors, section);
      setColors(next);
      announceTheme(next);
    },
    [active, colors, setColors],
  );
  return { setColor, resetSection };
}

/**
 * The appearance screen's state: the active (base) theme, the colours being edited, and the
 * load / save / delete / reset actions. Every colour change is applied to the whole page at once
 * and broadcast to the shell (`announceTheme`).
 */
export function useThemeManager(notify: Notify) {
  const queryClient = useQueryClient();
  const catalogue = useThemeCatalogue();
  const { defaultTheme } = catalogue;
  const { active, setActive, colors, setColors, showTheme } = useActiveTheme(catalogue);
  const rememberPreference = useRememberPreference();
  const { setColor, resetSection } = useColorEdits(active, colors, setColors);

  /** Load (choose) a theme: apply it everywhere and make it the user's preference. */
  const loadTheme = useCallback(
    (theme: Theme) => {
      showTheme(theme);
      rememberPreference(theme);
    },
    [rememberPreference, showTheme],
  );

  const resetToDefault = useCallback(() => {
    if (!defaultTheme) {
      console.error('Could not reset the theme: the built-in themes are not loaded.');
      return;
    }
    loadTheme(defaultTheme);
    notify(THEME_MESSAGES.reset, 'success');
  }, [defaultTheme, loadTheme, notify]);

  const onSaved = useCallback(
    (theme: Theme) => {
      setActive(theme);
      rememberPreference(theme);
    },
    [rememberPreference],
  );

  const onActiveDeleted = useCallback(() => {
    const fallback = defaultTheme ?? appliedTheme();
    showTheme(fallback);
    // svc-auth already falls back to 'default' when the preferred theme is deleted.
    queryClient.setQueryData<ThemePreferenceView>(THEME_QUERY_KEYS.preference, {
      preference: fallback.id,
      theme: fallback,
    });
  }, [defaultTheme, queryClient, showTheme]);

  const { saveTheme, saving, checkDeletable, deleteTheme } = useSavedThemeActions({
    active,
    colors,
    notify,
    onSaved,
    onActiveDeleted,
  });

  const modified = !!active && !!colors && !sameColors(active.colors, colors);

  return {
    active,
    colors,
    modified,
    builtIns: catalogue.builtInList,
    saved: catalogue.savedList,
    savedLoading: catalogue.savedLoading,
    saving,
    loadTheme,
    setColor,
    resetSection,
    resetToDefault,
    saveTheme,
    checkDeletable,
    deleteTheme,
  };
}
