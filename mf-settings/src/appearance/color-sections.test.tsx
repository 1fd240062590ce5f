import { THEME_COLOR_KEYS } from '@hf/app-kit';
import {
  COLOR_SECTIONS,
  isAcceptedColor,
  readAppliedColors,
  resetSectionColors,
  sameColors,
  sectionById,
  toPickerHex,
} from './color-sections';
import { DARK_COLORS, DEFAULT_COLORS } from '../test-support/themes';

describe('COLOR_SECTIONS', () => {
  test('every colour key of the spec belongs to exactly one section', () => {
    const keys = COLOR_SECTIONS.flatMap((s) => s.colors.map((c) => c.key));
    expect([...keys].sort()).toEqual([...THEME_COLOR_KEYS].sort());
    expect(new Set(COLOR_SECTIONS.map((s) => s.id)).size).toBe(COLOR_SECTIONS.length);
  });

  test('sectionById falls back to the first section', () => {
    expect(sectionById('status').label).toBe('Status badges');
    expect(sectionById('nope').id).toBe('header');
  });
});

describe('resetSectionColors', () => {
  test('takes only the section keys from the base theme', () => {
    const edited = { ...DEFAULT_COLORS, primaryBg: '#ff0000', mainBg: '#00ff00' };
    const next = resetSectionColors(edited, DARK_COLORS, sectionById('header'));
    expect(next.primaryBg).toBe(DARK_COLORS.primaryBg);
    expect(next.primaryText).toBe(DARK_COLORS.primaryText);
    expect(next.mainBg).toBe('#00ff00');
    expect(next.rowBudgetBg).toBe(DEFAULT_COLORS.rowBudgetBg);
    expect(edited.primaryBg).toBe('#ff0000');
  });
});

describe('colour text', () => {
  test.each([
    ['#abc', '#aabbcc'],
    ['#A1B2C3', '#a1b2c3'],
    ['#11223344', '#112233'],
    ['rgb(255, 0, 16)', '#ff0010'],
    ['rgba(0,128,255,0.5)', '#0080ff'],
    ['rgb(100%, 0%, 50%)', '#ff0080'],
    ['red', '#000000'],
    ['', '#000000'],
  ])('toPickerHex(%s) = %s', (input, expected) => {
    expect(toPickerHex(input)).toBe(expected);
  });

  test('isAcceptedColor takes the forms svc-auth accepts and nothing else', () => {
    for (const ok of ['#fff', '#ffffff', '#ffffff80', 'rgb(1,2,3)', 'rgba(1, 2, 3, 0.5)', ' #123456 '])
      expect(isAcceptedColor(ok)).toBe(true);
    for (const bad of ['fff', '#ffff', '#fffff', 'red', 'url(x)', 'rgb(1,2)', '#1234567', 'var(--x)'])
      expect(isAcceptedColor(bad)).toBe(false);
  });

  test('sameColors ignores letter case', () => {
    expect(sameColors(DEFAULT_COLORS, { ...DEFAULT_COLORS, primaryBg: DEFAULT_COLORS.primaryBg.toUpperCase() })).toBe(
      true,
    );
    expect(sameColors(DEFAULT_COLORS, DARK_COLORS)).toBe(false);
  });

  test('readAppliedColors reads the theme variables set on <html>', () => {
    document.documentElement.style.setProperty('--primaryBg', '#123456');
    const colors = readAppliedColors();
    expect(colors.primaryBg).toBe('#123456');
    expect(colors.mainBg).toBe('#000000');
    document.documentElement.removeAttribute('style');
  });
});
