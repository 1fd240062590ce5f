import { THEME_COLOR_KEYS } from '@hf/contracts';
import { contrastRatio, isCssColor } from './colors';
import { BUILT_IN_THEMES, builtInTheme, isBuiltInThemeId, parseSavedThemeId } from './themes';

describe('built-in themes', () => {
  it('are Default, Dark Mode and Blue Ocean', () => {
    expect(BUILT_IN_THEMES.map((t) => [t.id, t.name])).toEqual([
      ['default', 'Default'],
      ['dark', 'Dark Mode'],
      ['blue', 'Blue Ocean'],
    ]);
  });

  it.each(BUILT_IN_THEMES.map((t) => [t.name, t] as const))(
    '%s has every colour key, each a valid colour',
    (_name, theme) => {
      expect(Object.keys(theme.colors)).toEqual([...THEME_COLOR_KEYS]);
      for (const value of Object.values(theme.colors)) expect(isCssColor(value)).toBe(true);
    },
  );

  const pairs: Array<[string, string]> = [
    ['primaryText', 'primaryBg'],
    ['mainText', 'mainBg'],
    ['mainText', 'secondaryBg'],
    ['buttonPrimaryText', 'buttonPrimaryBg'],
    ['mainText', 'rowEntryBg'],
    ['mainText', 'rowDefaultBg'],
    ['mainText', 'rowBudgetBg'],
    ['mainText', 'rowEditBg'],
    ['mainText', 'rowHighlightBg'],
    ['statusPendingText', 'statusPendingBg'],
    ['statusClearedText', 'statusClearedBg'],
    // Links, the TODAY separator and the focus ring use buttonPrimaryBg on the page (ui.css).
    ['buttonPrimaryBg', 'mainBg'],
    ['buttonPrimaryBg', 'secondaryBg'],
  ];
  for (const theme of BUILT_IN_THEMES) {
    it.each(pairs)(`${theme.name}: %s on %s reads at WCAG AA (4.5:1)`, (fg, bg) => {
      const c = theme.colors as Record<string, string>;
      expect(contrastRatio(c[fg], c[bg])).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('builtInTheme returns a copy', () => {
    const a = builtInTheme('dark')!;
    (a.colors as Record<string, string>).mainBg = '#000';
    expect(builtInTheme('dark')!.colors.mainBg).toBe('#111827');
    expect(builtInTheme('nope')).toBeUndefined();
  });
});

describe('ids', () => {
  it('knows built-in keys', () => {
    expect(isBuiltInThemeId('blue')).toBe(true);
    expect(isBuiltInThemeId('Blue')).toBe(false);
    expect(isBuiltInThemeId(1)).toBe(false);
  });
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
    ['0', null],
    ['-1', null],
    ['01', null],
    ['1.5', null],
    ['2147483648', null],
    ['default', null],
    ['', null],
  ])('parseSavedThemeId(%j) = %j', (text, id) => expect(parseSavedThemeId(text)).toBe(id));
});
