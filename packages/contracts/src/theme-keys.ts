/**
 * The 17 colour keys (docs/rules/households.md), in the order the appearance screen shows them.
 * A leaf module without dependencies, so front ends can import it without loading typebox.
 */
export const THEME_COLOR_KEYS = [
  'primaryBg',
  'primaryText',
  'mainBg',
  'secondaryBg',
  'mainText',
  'buttonPrimaryBg',
  'buttonPrimaryText',
  'rowEntryBg',
  'rowEntryBorder',
  'rowDefaultBg',
  'rowBudgetBg',
  'rowEditBg',
  'rowHighlightBg',
  'statusPendingBg',
  'statusPendingText',
  'statusClearedBg',
  'statusClearedText',
] as const;
export type ThemeColorKey = (typeof THEME_COLOR_KEYS)[number];
export type ThemeColors = Record<ThemeColorKey, string>;
