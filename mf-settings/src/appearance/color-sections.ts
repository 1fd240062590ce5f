import { THEME_COLOR_KEYS, type ThemeColorKey, type ThemeColors } from '@hf/app-kit';

/** A part of the live preview and the colour keys it is painted with. */
export interface ColorSection {
  id: string;
  label: string;
  colors: { key: ThemeColorKey; label: string }[];
}

/** Every colour key belongs to exactly one section (checked by the tests). */
export const COLOR_SECTIONS: readonly ColorSection[] = [
  {
    id: 'header',
    label: 'Header bar',
    colors: [
      { key: 'primaryBg', label: 'Header background' },
      { key: 'primaryText', label: 'Header text' },
    ],
  },
  {
    id: 'page',
    label: 'Page background and text',
    colors: [
      { key: 'mainBg', label: 'Page background' },
      { key: 'mainText', label: 'Main text' },
    ],
  },
  { id: 'secondary', label: 'Secondary panel', colors: [{ key: 'secondaryBg', label: 'Secondary background' }] },
  {
    id: 'button',
    label: 'Primary button',
    colors: [
      { key: 'buttonPrimaryBg', label: 'Button background' },
      { key: 'buttonPrimaryText', label: 'Button text' },
    ],
  },
  {
    id: 'entry',
    label: 'Entry row',
    colors: [
      { key: 'rowEntryBg', label: 'Entry row background' },
      { key: 'rowEntryBorder', label: 'Entry row border' },
    ],
  },
  {
    id: 'rows',
    label: 'Register rows',
    colors: [
      { key: 'rowDefaultBg', label: 'Default row' },
      { key: 'rowBudgetBg', label: 'Budgeted row' },
      { key: 'rowEditBg', label: 'Editing row' },
      { key: 'rowHighlightBg', label: 'Highlighted row' },
    ],
  },
  {
    id: 'status',
    label: 'Status badges',
    colors: [
      { key: 'statusPendingBg', label: 'Pending background' },
      { key: 'statusPendingText', label: 'Pending text' },
      { key: 'statusClearedBg', label: 'Cleared background' },
      { key: 'statusClearedText', label: 'Cleared text' },
    ],
  },
];

export function sectionById(id: string): ColorSection {
  return COLOR_SECTIONS.find((s) => s.id === id) ?? COLOR_SECTIONS[0];
}

/** The section's colours taken from `base`, on top of `colors` (what "Reset Section" does). */
export function resetSectionColors(colors: ThemeColors, base: ThemeColors, section: ColorSection): ThemeColors {
  const next = { ...colors };
  for (const { key } of section.colors) next[key] = base[key];
  return next;
}

/** The colour forms svc-auth accepts: #rgb, #rrggbb, #rrggbbaa, rgb(), rgba(). */
const ACCEPTED_COLOR_RE =
  /^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*)?\))$/;

export function isAcceptedColor(value: string): boolean {
  return ACCEPTED_COLOR_RE.test(value.trim());
}

const channel = (n: number) =>
  Math.max(0, Math.min(255, Math.round(n)))
    .toString(16)
    .padStart(2, '0');

/**
 * The `#rrggbb` an `<input type="color">` can show for any accepted colour (alpha dropped);
 * `#000000` for anything it cannot read.
 */
export function toPickerHex(value: string | undefined): string {
  const v = (value ?? '').trim();
  let m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(v);
  if (m) return `#${m[1]}${m[1]}${m[2]}${m[2]}${m[3]}${m[3]}`.toLowerCase();
  m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(v);
  if (m) return `#${m[1]}`.toLowerCase();
  m = /^rgba?\(\s*([\d.]+)(%?)\s*,\s*([\d.]+)(%?)\s*,\s*([\d.]+)(%?)/i.exec(v);
  if (m) {
    const c = (n: string, pct: string) => (pct ? (Number(n) * 255) / 100 : Number(n));
    return `#${channel(c(m[1], m[2]))}${channel(c(m[3], m[4]))}${channel(c(m[5], m[6]))}`;
  }
  return '#000000';
}

/** The colours currently applied to the page (the shell sets `--<key>` on <html>), for when no theme could be loaded. */
export function readAppliedColors(target: HTMLElement = document.documentElement): ThemeColors {
  const style = getComputedStyle(target);
  const colors = {} as ThemeColors;
  for (const key of THEME_COLOR_KEYS) {
    const value = (target.style.getPropertyValue(`--${key}`) || style.getPropertyValue(`--${key}`)).trim();
    colors[key] = value && isAcceptedColor(value) ? value : '#000000';
  }
  return colors;
}

export function sameColors(a: ThemeColors, b: ThemeColors): boolean {
  return THEME_COLOR_KEYS.every((key) => (a[key] ?? '').toLowerCase() === (b[key] ?? '').toLowerCase());
}
