import { THEME_COLOR_KEYS, type ThemeColors } from '@hf/app-kit';
import { CONTRAST_PAIRS, contrastProblems, contrastRatio, relativeLuminance } from './contrast';

const theme = (overrides: Partial<ThemeColors> = {}): ThemeColors =>
  ({
    ...Object.fromEntries(THEME_COLOR_KEYS.map((k) => [k, k.endsWith('Text') ? '#000000' : '#ffffff'])),
    buttonPrimaryBg: '#1d4ed8',
    buttonPrimaryText: '#ffffff',
    primaryBg: '#1f2937',
    primaryText: '#f9fafb',
    ...overrides,
  }) as ThemeColors;

describe('contrastRatio (WCAG 2)', () => {
  test('black on white is 21:1, a colour on itself 1:1, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  test('known ratios: #2563eb on #1f2937 is 2.8:1 (the old Dark Mode links), #767676 on white 4.5:1', () => {
    expect(contrastRatio('#2563eb', '#1f2937')).toBeCloseTo(2.84, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  test('reads rgb() and drops alpha', () => {
    expect(contrastRatio('rgb(0, 0, 0)', 'rgba(255, 255, 255, 0.2)')).toBeCloseTo(21, 5);
    expect(contrastRatio('#00000080', '#fff')).toBeCloseTo(21, 5);
  });

  test('relative luminance of the primaries', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance('#00ff00')).toBeCloseTo(0.7152, 4);
  });
});

describe('contrastProblems', () => {
  test('a readable theme has none', () => {
    expect(contrastProblems(theme())).toEqual([]);
  });

  test('names each failing pair with its ratio, rounded down', () => {
    const problems = contrastProblems(theme({ mainText: '#999999', buttonPrimaryBg: '#60a5fa' }));
    const labels = problems.map((p) => p.label);
    expect(labels).toContain('Main text on page background');
    expect(labels).toContain('Button text on button background');
    expect(labels).toContain('Links (button background) on page background');
    const main = problems.find((p) => p.fg === 'mainText' && p.bg === 'mainBg')!;
    expect(main.ratio).toBe(2.8); // 2.85:1 shown as 2.8, never rounded up
    expect(problems.every((p) => p.ratio < 4.5)).toBe(true);
  });

  test('every pair names two distinct theme keys', () => {
    for (const pair of CONTRAST_PAIRS) {
      expect(THEME_COLOR_KEYS).toContain(pair.fg);
      expect(THEME_COLOR_KEYS).toContain(pair.bg);
      expect(pair.fg).not.toBe(pair.bg);
    }
  });
});
