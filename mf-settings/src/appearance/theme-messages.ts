import type { MessageKind } from '@hf/ui';
import { readAppliedColors } from './color-sections';
import { DEFAULT_THEME_ID, type Theme } from './themes-api';

/** The appearance screen's messages. */
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

export type Notify = (text: string, kind?: MessageKind) => void;

/** Stand-in when even the built-ins could not be loaded: whatever the shell applied. */
export function appliedTheme(): Theme {
  return { id: DEFAULT_THEME_ID, name: 'Default', colors: readAppliedColors() };
}
