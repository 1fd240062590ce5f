import { HttpError } from '@hf/service-kit/errors';
import { amountToCents, requireAtMost, requireDate } from './values';

describe('amountToCents', () => {
  it.each([
    [12.34, 1234],
    [-5, -500],
    [0.1, 10],
    [1e12, 1e14],
    [-0, 0],
  ])('%p -> %p cents', (amount, cents) => {
    expect(amountToCents(amount)).toBe(cents);
  });
  it.each([1.005, 0.001, Infinity, NaN, 1e12 + 0.01, 1e13])('refuses %p with a 400', (amount) => {
    expect(() => amountToCents(amount)).toThrow(HttpError);
    try {
      amountToCents(amount);
    } catch (err) {
      expect((err as HttpError).statusCode).toBe(400);
    }
  });
});

describe('requireDate', () => {
  it('accepts real dates', () => expect(requireDate('2024-02-29')).toBe('2024-02-29'));
  it.each(['2025-02-30', '2025-02-29', '2025-13-01', '2025-1-1', '25-01-01'])('refuses %s', (date) => {
    expect(() => requireDate(date)).toThrow(/real date/);
  });
});

describe('requireAtMost', () => {
  it('throws the given message past the limit', () => {
    expect(() => requireAtMost([1, 2, 3], 2, 'Too many (limit 2).')).toThrow('Too many (limit 2).');
    expect(() => requireAtMost([1, 2], 2, 'x')).not.toThrow();
  });
});
