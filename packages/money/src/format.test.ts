import { formatCurrency } from './format';
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
