import { formatBalance, frequencyWords, longDate } from './format';

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

describe('frequencyWords', () => {
  it('says each frequency, with its interval', () => {
    expect(frequencyWords({ frequency: 'weekly', interval: null })).toBe('every week');
    expect(frequencyWords({ frequency: 'every_n_weeks', interval: 2 })).toBe('every 2 weeks');
    expect(frequencyWords({ frequency: 'semi_monthly', interval: null })).toBe('twice a month');
    expect(frequencyWords({ frequency: 'monthly', interval: null })).toBe('every month');
    expect(frequencyWords({ frequency: 'every_n_months', interval: 3 })).toBe('every 3 months');
    expect(frequencyWords({ frequency: 'yearly', interval: null })).toBe('every year');
    expect(frequencyWords({ frequency: 'once' })).toBe('once');
  });
});

describe('longDate', () => {
  it('names the month, drops the leading zero and keeps the year', () => {
    expect(longDate('2026-11-30')).toBe('Nov 30, 2026');
    expect(longDate('2027-03-04')).toBe('Mar 4, 2027');
    expect(longDate('2025-01-01')).toBe('Jan 1, 2025');
  });
});
