import { formatBalance } from './format';

describe('formatBalance', () => {
  it('a liability below zero is owed, above zero in credit', () => {
    expect(formatBalance(-500, 'credit_card')).toBe('$500.00 owed');
    expect(formatBalance(-9050.25, 'loan')).toBe('$9,050.25 owed');
    expect(formatBalance(0, 'loan')).toBe('$0.00 owed');
    expect(formatBalance(20, 'credit_card')).toBe('$20.00 in credit');
  });

  it('an asset account and net worth are plain dollars, below zero too', () => {
    expect(formatBalance(-60.5, 'checking')).toBe('-$60.50');
    expect(formatBalance(500, 'savings')).toBe('$500.00');
    expect(formatBalance(-6800.25, null)).toBe('-$6,800.25');
  });
});
