import { THEME_COLOR_KEYS, type ThemeColorKey, type ThemeColors } from '@hf/contracts';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = '(?:\\d{1,3}(?:\\.\\d+)?|\\.\\d+)';
const CHANNEL = `(${NUMBER})(%?)`;
const ALPHA = `(${NUMBER})(%?)`;
const SEP = '\\s*,\\s*';
const RGB = new RegExp(`^rgb\\(\\s*${CHANNEL}${SEP}${CHANNEL}${SEP}${CHANNEL}\\s*\\)$`, 'i');
const RGBA = new RegExp(`^rgba\\(\\s*${CHANNEL}${SEP}${CHANNEL}${SEP}${CHANNEL}${SEP}${ALPHA}\\s*\\)$`, 'i');

function channelOk(value: string, percent: string): boolean {
  const n = Number(value);
  return percent ? n <= 100 : n <= 255;
}

function alphaOk(value: string, percent: string): boolean {
  const n = Number(value);
  return percent ? n <= 100 : n <= 1;
}

/**
 * A colour we let reach CSS: `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)` or
 * `rgba(r, g, b, a)` with channels 0-255 (or 0-100%) and alpha 0-1 (or 0-100%).
 * Nothing else (no names, `url()`, `var()`, `;` or `}`), so a theme cannot inject CSS.
 */
export function isCssColor(text: string): boolean {
  if (text.length > 64) return false;
  if (HEX.test(text)) return true;
  const rgb = RGB.exec(text);
  if (rgb) {
    // Mixing percentages and numbers is invalid CSS.
    if (new Set([rgb[2], rgb[4], rgb[6]]).size !== 1) return false;
    return channelOk(rgb[1], rgb[2]) && channelOk(rgb[3], rgb[4]) && channelOk(rgb[5], rgb[6]);
  }
  const rgba = RGBA.exec(text);
  if (rgba) {
    if (new Set([rgba[2], rgba[4], rgba[6]]).size !== 1) return false;
    return (
      channelOk(rgba[1], rgba[2]) &&
      channelOk(rgba[3], rgba[4]) &&
      channelOk(rgba[5], rgba[6]) &&
      alphaOk(rgba[7], rgba[8])
    );
  }
  return false;
}

/** The first colour key whose value is not an accepted colour, or null when all are fine. */
export function invalidColorKey(colors: Record<string, unknown>): string | null {
  for (const key of THEME_COLOR_KEYS) {
    const value = colors[key];
    if (typeof value !== 'string' || !isCssColor(value)) return key;
  }
  for (const key of Object.keys(colors)) {
    if (!(THEME_COLOR_KEYS as readonly string[]).includes(key)) return key;
  }
  return null;
}

export function invalidColorMessage(key: string): string {
  return (THEME_COLOR_KEYS as readonly string[]).includes(key)
    ? `The colour "${key}" is not a valid colour. Use #rrggbb, #rgb, #rrggbbaa, rgb() or rgba().`
    : `Unknown colour "${key}".`;
}

/** Colours in the key order of the spec (stable JSON for storage and answers). */
export function orderedColors(colors: Record<string, string>): ThemeColors {
  return Object.fromEntries(THEME_COLOR_KEYS.map((k) => [k, colors[k]])) as Record<ThemeColorKey, string>;
}

/** [r, g, b] 0-255 of an opaque `#rgb`/`#rrggbb` colour (used to check built-in palettes). */
export function hexToRgb(hex: string): [number, number, number] {
  let h = hex.replace('#', '');
  if (h.length === 3)
    h = h
      .split('')
      .map((c) => c + c)
      .join('');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 contrast ratio of two opaque hex colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b2] = hexToRgb(hex).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
