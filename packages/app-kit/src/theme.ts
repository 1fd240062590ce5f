import { THEME_COLOR_KEYS, type ThemeColorKey, type ThemeColors } from '@hf/contracts/theme-keys';

/**
 * The theme reaches the shell and every remote through CSS custom properties on
 * <html>: one `--<colourKey>` per key of docs/rules/households.md, Themes (e.g. `--primaryBg`).
 */
export { THEME_COLOR_KEYS, type ThemeColorKey, type ThemeColors };

export interface Theme {
  id: number | 'default' | 'dark' | 'blue';
  name: string;
  colors: ThemeColors;
}

const COLOR_RE = /^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\))$/;

/** Applies theme colours as CSS variables; values that are not colours are ignored. */
export function applyThemeColors(colors: Partial<ThemeColors>, target: HTMLElement = document.documentElement): void {
  for (const key of THEME_COLOR_KEYS) {
    const value = colors[key];
    if (typeof value === 'string' && COLOR_RE.test(value.trim())) target.style.setProperty(`--${key}`, value.trim());
  }
}

/** Theme changes made in mf-settings are broadcast so the shell re-applies them at once. */
export const THEME_CHANGED_EVENT = 'hf:theme-changed';

export function announceTheme(colors: Partial<ThemeColors>): void {
  applyThemeColors(colors);
  window.dispatchEvent(new CustomEvent(THEME_CHANGED_EVENT, { detail: colors }));
}
