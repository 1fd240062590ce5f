import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announceTheme, errorMessage, type ThemeColorKey } from '@hf/app-kit';
import type { MessageKind } from '@hf/ui';
import { readAppliedColors, resetSectionColors, sameColors, type ColorSection } from './color-sections';
import {
  DEFAULT_THEME_ID,
  isSavedTheme,
  sameThemeId,
  themesApi,
  THEME_QUERY_KEYS,
  useBuiltInThemes,
  useSavedThemes,
  useThemePreference,
  type SavedTheme,
  type Theme,
  type ThemeColors,
  type ThemePreferenceView,
} from './themes-api';

export const THEME_MESSAGES = {
  nameRequired: 'Theme name cannot be empty.',
  saved: (name: string) => `Theme "${name}" saved successfully.`,
  saveFailed: 'Failed to save theme.',
  cannotDeleteBuiltIn: 'Cannot delete a default theme.',
  deleteConfirm: 'Are you sure you want to delete this theme? This action cannot be undone.',
  deleted: 'Theme deleted successfully.',
  deleteFailed: 'Failed to delete theme.',
  reset: 'Theme reset to default.',
  noSavedThemes: 'No saved themes',
} as const;

type Notify = (text: string, kind?: MessageKind) => void;

/** Stand-in when even the built-ins could not be loaded: whatever the shell applied. */
function appliedTheme(): Theme {
  return { id: DEFAULT_THEME_ID, name: 'Default', colors: readAppliedColors() };
}

/**
 * The appearance screen's state: the active (base) theme, the colours being edited, and the
 * load / save / delete / reset actions. Every colour change is applied to the whole page at once
 * and broadcast to the shell (`announceTheme`).
 */
export function useThemeManager(notify: Notify) {
  const queryClient = useQueryClient();
  const builtIns = useBuiltInThemes();
  const saved = useSavedThemes();
  const preference = useThemePreference();
  const [active, setActive] = useState<Theme | null>(null);
  const [colors, setColors] = useState<ThemeColors | null>(null);

  const builtInList = useMemo(() => builtIns.data ?? [], [builtIns.data]);
  const savedList = useMemo(() => saved.data ?? [], [saved.data]);
  const defaultTheme = useMemo(() => builtInList.find((t) => t.id === DEFAULT_THEME_ID) ?? null, [builtInList]);
  const settled = !builtIns.isPending && !saved.isPending && !preference.isPending;

  // The first time everything has answered (or failed), start from the preferred theme.
  useEffect(() => {
    if (active || !settled) return;
    const chosen = preference.data?.preference ?? DEFAULT_THEME_ID;
    const theme =
      preference.data?.theme ??
      [...builtInList, ...savedList].find((t) => sameThemeId(t.id, chosen)) ??
      defaultTheme ??
      appliedTheme();
    setActive(theme);
    setColors({ ...theme.colors });
  }, [active, settled, preference.data, builtInList, savedList, defaultTheme]);

  const rememberPreference = useCallback(
    (theme: Theme) => {
      queryClient.setQueryData<ThemePreferenceView>(THEME_QUERY_KEYS.preference, { preference: theme.id, theme });
      themesApi.setPreference(theme.id).catch((err) => console.error('Could not save the theme preference:', err));
    },
    [queryClient],
  );

  /** Load (choose) a theme: apply it everywhere and make it the user's preference. */
  const loadTheme = useCallback(
    (theme: Theme) => {
      setActive(theme);
      setColors({ ...theme.colors });
      announceTheme(theme.colors);
      rememberPreference(theme);
    },
    [rememberPreference],
  );

  const setColor = useCallback(
    (key: ThemeColorKey, value: string) => {
      if (!colors) return;
      const next = { ...colors, [key]: value };
      setColors(next);
      announceTheme(next);
    },
    [colors],
  );

  const resetSection = useCallback(
    (section: ColorSection) => {
      if (!active || !colors) return;
      const next = resetSectionColors(colors, active.colors, section);
      setColors(next);
      announceTheme(next);
    },
    [active, colors],
  );

  const resetToDefault = useCallback(() => {
    if (!defaultTheme) {
      console.error('Could not reset the theme: the built-in themes are not loaded.');
      return;
    }
    loadTheme(defaultTheme);
    notify(THEME_MESSAGES.reset, 'success');
  }, [defaultTheme, loadTheme, notify]);

  const saveMutation = useMutation({
    mutationFn: ({ name, colors: toSave }: { name: string; colors: ThemeColors }) => themesApi.save(name, toSave),
  });
  const { mutateAsync: saveAsync } = saveMutation;

  /** Save the current colours under a name; the saved theme becomes the active one. Returns true on success. */
  const saveTheme = useCallback(
    async (rawName: string): Promise<boolean> => {
      const name = rawName.trim();
      if (!name) {
        notify(THEME_MESSAGES.nameRequired, 'error');
        return false;
      }
      if (!colors) return false;
      try {
        const result = await saveAsync({ name, colors });
        const theme: SavedTheme = { id: result.id, name: result.name ?? name, colors: { ...colors, ...result.colors } };
        queryClient.setQueryData<SavedTheme[]>(THEME_QUERY_KEYS.saved, (list) => [
          ...(list ?? []).filter((t) => t.id !== theme.id),
          theme,
        ]);
        void queryClient.invalidateQueries({ queryKey: THEME_QUERY_KEYS.saved });
        setActive(theme);
        rememberPreference(theme);
        notify(THEME_MESSAGES.saved(name), 'success');
        return true;
      } catch (err) {
        notify(errorMessage(err, THEME_MESSAGES.saveFailed), 'error');
        return false;
      }
    },
    [colors, notify, queryClient, rememberPreference, saveAsync],
  );

  /** May this theme be deleted? Built-ins may not: the message says so. */
  const checkDeletable = useCallback(
    (theme: Theme): theme is SavedTheme => {
      if (isSavedTheme(theme)) return true;
      notify(THEME_MESSAGES.cannotDeleteBuiltIn, 'error');
      return false;
    },
    [notify],
  );

  const { mutateAsync: deleteAsync } = useMutation({ mutationFn: (id: number) => themesApi.remove(id) });

  /** Delete a saved theme (after the confirmation). Deleting the active theme falls back to Default. */
  const deleteTheme = useCallback(
    async (theme: SavedTheme) => {
      try {
        await deleteAsync(theme.id);
        queryClient.setQueryData<SavedTheme[]>(THEME_QUERY_KEYS.saved, (list) =>
          (list ?? []).filter((t) => t.id !== theme.id),
        );
        void queryClient.invalidateQueries({ queryKey: THEME_QUERY_KEYS.saved });
        if (active && sameThemeId(active.id, theme.id)) {
          const fallback = defaultTheme ?? appliedTheme();
          setActive(fallback);
          setColors({ ...fallback.colors });
          announceTheme(fallback.colors);
          // svc-auth already falls back to 'default' when the preferred theme is deleted.
          queryClient.setQueryData<ThemePreferenceView>(THEME_QUERY_KEYS.preference, {
            preference: fallback.id,
            theme: fallback,
          });
        }
        notify(THEME_MESSAGES.deleted, 'success');
      } catch (err) {
        notify(errorMessage(err, THEME_MESSAGES.deleteFailed), 'error');
      }
    },
    [active, defaultTheme, deleteAsync, notify, queryClient],
  );

  const modified = !!active && !!colors && !sameColors(active.colors, colors);

  return {
    active,
    colors,
    modified,
    builtIns: builtInList,
    saved: savedList,
    savedLoading: saved.isPending,
    saving: saveMutation.isPending,
    loadTheme,
    setColor,
    resetSection,
    resetToDefault,
    saveTheme,
    checkDeletable,
    deleteTheme,
  };
}
