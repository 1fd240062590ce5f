import { formatAxisCurrency, formatCount, formatCurrency, groupDigits } from './format';
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

/** The texts en-US Intl gives, the formatter's reference (it is written out to spare a page load ICU's set-up). */
const intl = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const intl0 = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
/** Intl writes `-$0` for a negative amount that rounds to zero; ours writes `$0`. */
const unsignedZero = (text: string) => text.replace(/^-(\$0(\.00)?)$/, '$1');

describe('formatCurrency against Intl.NumberFormat', () => {
  /** Seeded amounts of every size: edges of each digit group, halves, and pseudo-random cents. */
  function amounts(): number[] {
    const list: number[] = [];
    for (let p = 1; p <= 1e14; p *= 10) for (const d of [-1, 0, 1, 49, 50, 51, 99]) list.push(p + d, -(p + d));
    let seed = 20261128;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 20_000; i++) {
      const digits = 1 + (next() % 15);
      const n = Math.floor((next() / 2 ** 31) * 10 ** digits);
      list.push(next() % 2 ? -n : n);
    }
    return list;
  }

  it('gives the same text for every whole number of cents up to 10^14, with 2 and 0 decimals', () => {
    for (const cents of amounts()) {
      expect([cents, formatCurrency(cents)]).toEqual([cents, unsignedZero(intl.format(cents / 100))]);
      expect([cents, formatCurrency(cents, { decimals: 0 })]).toEqual([cents, unsignedZero(intl0.format(cents / 100))]);
    }
  });

  it('rounds a fraction of a cent half away from zero, as Intl does', () => {
    for (const cents of [0.5, 12.5, -12.5, 1.49, -1.51, 99.5, -0.4, 0.4])
      expect([cents, formatCurrency(cents)]).toEqual([cents, unsignedZero(intl.format(cents / 100))]);
  });

  it('shows no minus sign on an amount that rounds to zero', () => {
    expect(formatCurrency(-49, { decimals: 0 })).toBe('$0');
    expect(formatCurrency(-50, { decimals: 0 })).toBe('-$1');
    expect(formatCurrency(-0.4)).toBe('$0.00');
    expect(formatAxisCurrency(-40)).toBe('$0');
  });
});

describe('groupDigits and formatCount', () => {
  it('group digits in threes as en-US does', () => {
    for (const n of [0, 7, 12, 999, 1000, 12_345, 999_999, 1_000_000, -1234, -999, 50_000, Number.MAX_SAFE_INTEGER])
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
    expect(formatCount(50_000)).toBe('50,000');
    expect(formatCount(1.5)).toBe('1.5');
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
