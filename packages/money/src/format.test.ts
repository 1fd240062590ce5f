import { formatAxisCurrency, formatCurrency } from './format';
import { MAX_ABS_CENTS } from './cents';

describe('formatCurrency', () => {
  it.each([
    [0, '$0.00'],
    [-0, '$0.00'],
    [5, '$0.05'],
    [-5, '-$0.05'],
    [-123456, '-$1,234.56'],
    [MAX_ABS_CENTS, '$1,000,000,000,000.00'],
    [-MAX_ABS_CENTS, '-$1,000,000,000,000.00'],
  ])('%p cents -> %p', (cents, text) => {
    expect(formatCurrency(cents)).toBe(text);
  });

  it('rounds to whole dollars with decimals 0 (halves away from zero, as Intl)', () => {
    expect(formatCurrency(150, { decimals: 0 })).toBe('$2');
    expect(formatCurrency(-150, { decimals: 0 })).toBe('-$2');
    expect(formatCurrency(149, { decimals: 0 })).toBe('$1');
    expect(formatCurrency(-0, { decimals: 0 })).toBe('$0');
  });
});

describe('formatAxisCurrency', () => {
  const dollars = (d: number) => Math.round(d * 100);
  it.each([
    [0, '$0'],
    [500, '$500'],
    [-2_500, '-$2,500'],
    [9_999, '$9,999'],
    [10_000, '$10K'],
    [12_500, '$12.5K'],
    [250_000, '$250K'],
    [-300_000, '-$300K'],
    [1_000_000, '$1M'],
    [1_200_000, '$1.2M'],
    [1_250_000, '$1.25M'],
    [10_000_000, '$10M'],
    [125_000_000, '$125M'],
    [1_500_000_000, '$1.5B'],
    [-2_000_000_000, '-$2B'],
    [1e12, '$1T'],
    [-999_990_000_000, '-$999.99B'],
  ])('%p dollars -> %p', (amount, text) => {
    expect(formatAxisCurrency(dollars(amount))).toBe(text);
  });

  it('never rounds an amount into another: what no unit shows exactly keeps its digits', () => {
    expect(formatAxisCurrency(dollars(1_000_002))).toBe('$1,000,002');
    expect(formatAxisCurrency(dollars(1_002_500))).toBe('$1,002,500');
    expect(formatAxisCurrency(dollars(-999_999_999_990))).toBe('-$999,999,999,990');
    expect(formatAxisCurrency(dollars(12_345))).toBe('$12,345');
  });

  it('labels every tick of an axis apart, each reading back as its value', () => {
    // Whole-dollar steps of 1, 2, 2.5 and 5 times a power of ten up to $100B, five ticks each, from zero and from a high start.
    for (let power = 1; power <= 1e11; power *= 10)
      for (const f of power < 10 ? [1, 2, 5] : [1, 2, 2.5, 5])
        for (const start of [0, 7 * f * power, 1000 * f * power]) {
          const ticks = Array.from({ length: 5 }, (_, i) => start + i * f * power);
          const labels = ticks.map((t) => formatAxisCurrency(dollars(t)));
          expect(new Set(labels).size).toBe(ticks.length);
          labels.forEach((label, i) => expect(readBack(label)).toBe(ticks[i]));
        }
  });
});

/** The dollars a label stands for, read independently of the formatter. */
function readBack(label: string): number {
  const m = /^(-?)\$([\d,]+(?:\.\d+)?)([KMBT]?)$/.exec(label);
  if (!m) throw new Error(`not an axis label: ${label}`);
  const scale = { '': 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 }[m[3] as '' | 'K' | 'M' | 'B' | 'T'];
  const [whole, fraction = ''] = m[2].replace(/,/g, '').split('.');
  // Integer arithmetic: whole units plus hundredths (never more than two decimals).
  const value = Number(whole) * scale + (Number(fraction.padEnd(2, '0')) * scale) / 100;
  return m[1] ? -value : value;
}
