import type { ThemeColorKey, ThemeColors } from '@hf/app-kit';
import { toPickerHex } from './color-sections';

/** WCAG 2.2 AA for normal text (1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;

/** A text (or link) colour and the background the screens show it on. */
export interface ContrastPair {
  fg: ThemeColorKey;
  bg: ThemeColorKey;
  label: string;
}

/**
 * The text/background pairs the screens use. buttonPrimaryBg is also the colour of links, the
 * register's TODAY separator and the focus ring (ui.css), so it must read on the page too.
 */
export const CONTRAST_PAIRS: readonly ContrastPair[] = [
  { fg: 'primaryText', bg: 'primaryBg', label: 'Header text on header background' },
  { fg: 'mainText', bg: 'mainBg', label: 'Main text on page background' },
  { fg: 'mainText', bg: 'secondaryBg', label: 'Main text on secondary background' },
  { fg: 'buttonPrimaryText', bg: 'buttonPrimaryBg', label: 'Button text on button background' },
  { fg: 'buttonPrimaryBg', bg: 'mainBg', label: 'Links (button background) on page background' },
  { fg: 'buttonPrimaryBg', bg: 'secondaryBg', label: 'Links (button background) on secondary background' },
  { fg: 'mainText', bg: 'rowEntryBg', label: 'Main text on entry row' },
  { fg: 'mainText', bg: 'rowDefaultBg', label: 'Main text on register rows' },
  { fg: 'mainText', bg: 'rowBudgetBg', label: 'Main text on budget rows' },
  { fg: 'mainText', bg: 'rowEditBg', label: 'Main text on the row being edited' },
  { fg: 'mainText', bg: 'rowHighlightBg', label: 'Main text on highlighted rows' },
  { fg: 'statusPendingText', bg: 'statusPendingBg', label: 'Pending status text' },
  { fg: 'statusClearedText', bg: 'statusClearedBg', label: 'Cleared status text' },
];

/** Relative luminance (WCAG 2) of an sRGB colour given as `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * WCAG contrast ratio (1 to 21) of two theme colours in any accepted form; a colour's alpha is
 * ignored (the ratio of the opaque colour).
 */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(toPickerHex(a));
  const lb = relativeLuminance(toPickerHex(b));
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export interface ContrastProblem extends ContrastPair {
  /** Rounded down to one decimal, as shown ("3.4:1"): never rounds a failure up to a pass. */
  ratio: number;
}

/** The pairs of a theme that read below WCAG AA (4.5:1), in CONTRAST_PAIRS order. */
export function contrastProblems(colors: ThemeColors): ContrastProblem[] {
  return CONTRAST_PAIRS.flatMap((pair) => {
    const ratio = contrastRatio(colors[pair.fg], colors[pair.bg]);
    return ratio < MIN_TEXT_CONTRAST ? [{ ...pair, ratio: Math.floor(ratio * 10) / 10 }] : [];
  });
}
