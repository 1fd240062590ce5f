import { THEME_COLOR_KEYS } from '@hf/contracts';
import { contrastRatio, invalidColorKey, isCssColor, orderedColors } from './colors';

describe('isCssColor', () => {
  it.each([
    '#fff',
    '#FFF',
    '#a1b2c3',
    '#A1B2C3cc',
    'rgb(0, 0, 0)',
    'rgb(255,255,255)',
    'RGB( 12 , 34 , 56 )',
    'rgb(10%, 50%, 100%)',
    'rgba(0, 0, 0, 0.5)',
    'rgba(255, 0, 0, 1)',
    'rgba(1, 2, 3, .25)',
    'rgba(1, 2, 3, 50%)',
    'rgb(12.5, 0, 0)',
  ])('accepts %s', (c) => expect(isCssColor(c)).toBe(true));
  it.each([
    '',
    'red',
    'transparent',
    '#ff',
    '#ffff',
    '#fffff',
    '#ggg',
    '#1234567',
    ' #fff',
    '#fff ',
    '#fff;',
    'rgb(256, 0, 0)',
    'rgb(0, 0)',
    'rgb(0, 0, 0, 0)',
    'rgba(0, 0, 0)',
    'rgba(0, 0, 0, 1.5)',
    'rgba(0, 0, 0, 101%)',
    'rgb(10%, 0, 0)',
    'rgb(-1, 0, 0)',
    'rgb(101%, 0%, 0%)',
    'hsl(0, 0%, 0%)',
    'var(--x)',
    'url(javascript:alert(1))',
    'rgb(0,0,0);background:url(x)',
    '#fff}body{display:none',
    `rgb(${'0'.repeat(70)}, 0, 0)`,
  ])('refuses %j', (c) => expect(isCssColor(c)).toBe(false));
});

const valid = Object.fromEntries(THEME_COLOR_KEYS.map((k) => [k, '#123456']));

describe('invalidColorKey', () => {
  it('is null when all 17 keys hold colours', () => expect(invalidColorKey(valid)).toBeNull());
  it('names the first bad key', () => expect(invalidColorKey({ ...valid, rowEditBg: 'red' })).toBe('rowEditBg'));
  it('names a missing key', () => {
    const { mainBg: _drop, ...rest } = valid;
    expect(invalidColorKey(rest)).toBe('mainBg');
  });
  it('names an unknown key', () => expect(invalidColorKey({ ...valid, sidebarBg: '#000' })).toBe('sidebarBg'));
  it('refuses non-string values', () => expect(invalidColorKey({ ...valid, mainText: 0 })).toBe('mainText'));
});

describe('orderedColors', () => {
  it('orders keys as the spec lists them', () => {
    const reversed = Object.fromEntries([...THEME_COLOR_KEYS].reverse().map((k) => [k, '#000']));
    expect(Object.keys(orderedColors(reversed))).toEqual([...THEME_COLOR_KEYS]);
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for equal colours', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777', '#777777')).toBeCloseTo(1, 5);
  });
});
