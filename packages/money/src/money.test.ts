import { AmountError, formatCurrency, fromCents, parseCurrencyInput, parseMoneyText, toCents } from './index';

describe('toCents', () => {
  it.each([
    [12.34, 1234],
    [-5, -500],
    [0.3, 30],
    [-110.7, -11070],
    [999999999999.99, 99999999999999],
    [0, 0],
    [-0, 0],
  ])('converts %p to %p cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it.each([0.005, 1.234, Infinity, NaN, 1e13, '12' as unknown as number, 1e-7])('refuses %p', (amount) => {
    expect(() => toCents(amount)).toThrow(AmountError);
  });

  it('round-trips every cents value exactly', () => {
    for (const c of [1, 7, 10, 99, 101, 12345, -98765, 99999999999999]) expect(toCents(fromCents(c))).toBe(c);
  });

  it('refuses exactly the numbers whose shortest text has more than 2 decimals', () => {
    const decimals = (n: number) => (/e-/.test(String(n)) ? Infinity : (String(n).split('.')[1] ?? '').length);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const cents = (n: number) => {
      try {
        return toCents(n);
      } catch (err) {
        return (err as Error).message;
      }
    };
    const wrong: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const whole = Math.floor((random() * 2 - 1) * 10 ** (1 + Math.floor(random() * 12)));
      for (const n of [
        whole / 100,
        whole / 1000,
        whole / 100 + 1e-9,
        Number((random() * 1e6).toFixed(Math.floor(random() * 5))),
      ]) {
        if (cents(n) !== (decimals(n) > 2 ? 'Amounts can have at most 2 decimals.' : Math.round(n * 100) || 0))
          wrong.push(n);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('parseMoneyText', () => {
  it.each([
    ['1,234.56', 123456],
    ['-12.00', -1200],
    ['(12.00)', -1200],
    ['12.00-', -1200],
    ['$12.00', 1200],
    ['-$1,000,000,000.00', -100000000000],
    ['-110.7', -11070],
    ['0.5', 50],
  ])('reads %s', (text, cents) => {
    expect(parseMoneyText(text)).toBe(cents);
  });

  it.each(['0.005', 'abc', '', '1,23.00', '--5'])('refuses %s', (text) => {
    expect(parseMoneyText(text)).toBeNull();
  });
});

describe('formatting', () => {
  it('shows US dollars with 2 or 0 decimals', () => {
    expect(formatCurrency(123456)).toBe('$1,234.56');
    expect(formatCurrency(-500)).toBe('-$5.00');
    expect(formatCurrency(123456, { decimals: 0 })).toBe('$1,235');
  });
  it('parses typed currency by stripping non-numeric characters', () => {
    expect(parseCurrencyInput('$1,234.5')).toBe(123450);
    expect(parseCurrencyInput('abc')).toBeNull();
  });
});
