import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@hf/app-kit';
import {
  isSavedTheme,
  sameThemeId,
  themesApi,
  THEME_QUERY_KEYS,
  type SavedTheme,
  type Theme,
  type ThemeColors,
} from './themes-api';
import { THEME_MESSAGES, type Notify } from './theme-messages';

export interface SavedThemeActionsOptions {
  active: Theme | null;
  colors: ThemeColors | null;
  notify: Notify;
  /** The colours were saved as this theme: it becomes the active one and the user's preference. */
  onSaved: (theme: SavedTheme) => void;
  /** The active theme was deleted: the screen falls back to Default. */
  onActiveDeleted: () => void;
}

/** Saving the colours being edited as a named theme, and deleting a saved theme (built-ins may not be). */
export function useSavedThemeActions({ active, colors, notify, onSaved, onActiveDeleted }: SavedThemeActionsOptions) {
  const queryClient = useQueryClient();
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
        onSaved(theme);
        notify(THEME_MESSAGES.saved(name), 'success');
        return true;
      } catch (err) {
        notify(errorMessage(err, THEME_MESSAGES.saveFailed), 'error');
        return false;
      }
    },
    [colors, notify, onSaved, queryClient, saveAsync],
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
        if (active && sameThemeId(active.id, theme.id)) onActiveDeleted();
        notify(THEME_MESSAGES.deleted, 'success');
      } catch (err) {
        notify(errorMessage(err, THEME_MESSAGES.deleteFailed), 'error');
      }
    },
    [active, deleteAsync, notify, onActiveDeleted, queryClient],
  );

  return { saveTheme, saving: saveMutation.isPending, checkDeletable, deleteTheme };
}
