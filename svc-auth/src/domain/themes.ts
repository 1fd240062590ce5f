import type { BuiltInThemeId, Theme, ThemeColors } from '@hf/contracts';

/**
 * The built-in themes. Every text/background pair the screens use meets WCAG AA (4.5:1);
 * `themes.test.ts` checks it. `buttonPrimaryBg` is also the link, TODAY-separator and focus-ring
 * colour (ui.css), so it must read on mainBg and secondaryBg too: Dark Mode's is a light blue
 * with dark button text.
 */
export const BUILT_IN_THEMES: ReadonlyArray<{ id: BuiltInThemeId; name: string; colors: ThemeColors }> = [
  {
    id: 'default',
    name: 'Default',
    colors: {
      primaryBg: '#1f2937',
      primaryText: '#f9fafb',
      mainBg: '#f3f4f6',
      secondaryBg: '#ffffff',
      mainText: '#111827',
      buttonPrimaryBg: '#1d4ed8',
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
  {
    id: 'dark',
    name: 'Dark Mode',
    colors: {
      primaryBg: '#0f172a',
      primaryText: '#e2e8f0',
      mainBg: '#111827',
      secondaryBg: '#1f2937',
      mainText: '#e5e7eb',
      buttonPrimaryBg: '#93c5fd',
      buttonPrimaryText: '#0f172a',
      rowEntryBg: '#1e293b',
      rowEntryBorder: '#475569',
      rowDefaultBg: '#1f2937',
      rowBudgetBg: '#2e2a4a',
      rowEditBg: '#3f3a1d',
      rowHighlightBg: '#14532d',
      statusPendingBg: '#78350f',
      statusPendingText: '#fde68a',
      statusClearedBg: '#064e3b',
      statusClearedText: '#a7f3d0',
    },
  },
  {
    id: 'blue',
    name: 'Blue Ocean',
    colors: {
      primaryBg: '#0c4a6e',
      primaryText: '#f0f9ff',
      mainBg: '#e0f2fe',
      secondaryBg: '#ffffff',
      mainText: '#082f49',
      buttonPrimaryBg: '#0369a1',
      buttonPrimaryText: '#ffffff',
      rowEntryBg: '#f0f9ff',
      rowEntryBorder: '#7dd3fc',
      rowDefaultBg: '#ffffff',
      rowBudgetBg: '#ecfeff',
      rowEditBg: '#fef9c3',
      rowHighlightBg: '#ccfbf1',
      statusPendingBg: '#fef3c7',
      statusPendingText: '#92400e',
      statusClearedBg: '#cffafe',
      statusClearedText: '#155e75',
    },
  },
];

export const DEFAULT_THEME_ID: BuiltInThemeId = 'default';

export function builtInTheme(id: string): Theme | undefined {
  const theme = BUILT_IN_THEMES.find((t) => t.id === id);
  return theme ? { id: theme.id, name: theme.name, colors: { ...theme.colors } } : undefined;
}

export function isBuiltInThemeId(id: unknown): id is BuiltInThemeId {
  return typeof id === 'string' && BUILT_IN_THEMES.some((t) => t.id === id);
}

/** A saved theme's id from path text: a positive integer, else null. */
export function parseSavedThemeId(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const n = Number(text);
  return n <= 2147483647 ? n : null;
}

/** Saved themes per user. */
export const MAX_THEMES_PER_USER = 100;
