import { centsToDecimalText, dollarsToCents, fromCents, MAX_ABS_CENTS, roundToCents } from './cents';

describe('fromCents', () => {
  it.each([
    [1234, 12.34],
    [-500, -5],
    [1, 0.01],
    [-1, -0.01],
    [MAX_ABS_CENTS, 1e12],
    [-MAX_ABS_CENTS, -1e12],
    [Number.MAX_SAFE_INTEGER, 90071992547409.91],
  ])('%p cents are %p dollars', (cents, dollars) => {
    expect(fromCents(cents)).toBe(dollars);
  });

  it('never answers -0', () => {
    expect(Object.is(fromCents(-0), 0)).toBe(true);
    expect(Object.is(fromCents(0), 0)).toBe(true);
  });
});

describe('dollarsToCents', () => {
  it.each([
    [12.34, 1234],
    [-12.34, -1234],
    [0.1 + 0.2, 30],
    [-110.7, -11070],
    [999999999999.99, 99999999999999],
    [-999999999999.99, -99999999999999],
    [1e12, MAX_ABS_CENTS],
    [5, 500],
  ])('%p dollars are %p cents', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it.each([
    // 3 decimals: the nearest cent of the double, halves upwards (Math.round).
    [1.005, 100], // the double is 1.00499999999999989...
    [2.675, 268],
    [0.125, 13],
    [-0.125, -12],
    [1.234, 123],
    [1.236, 124],
    [-1.234, -123],
    [-1.236, -124],
    [0.001, 0],
  ])('rounds %p dollars to %p cents', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it('counts null, undefined, NaN and -0 as 0, and never answers -0', () => {
    for (const value of [null, undefined, NaN, -0, 0, -0.001, -0.004])
      expect({ value, cents: Object.is(dollarsToCents(value), 0) }).toEqual({ value, cents: true });
  });

  it('round-trips with fromCents for every cents value it is given', () => {
    for (let c = -100_000; c <= 100_000; c += 7) expect(dollarsToCents(fromCents(c))).toBe(c || 0);
    for (const c of [MAX_ABS_CENTS, -MAX_ABS_CENTS, 123456789012345, -98765432109876])
      expect(dollarsToCents(fromCents(c))).toBe(c);
  });
});

describe('roundToCents', () => {
  it.each([
    [1.005, 1],
    [2.675, 2.68],
    [-2.675, -2.67],
    [0.1 + 0.2, 0.3],
    [12.3456, 12.35],
    [1e12, 1e12],
    [-0.001, 0],
  ])('%p -> %p', (dollars, rounded) => {
    expect(roundToCents(dollars)).toBe(rounded);
  });
});

describe('centsToDecimalText', () => {
  it.each([
    [123456, '1234.56'],
    [-1250, '-12.50'],
    [5, '0.05'],
    [-5, '-0.05'],
    [0, '0.00'],
    [-0, '0.00'],
    [MAX_ABS_CENTS, '1000000000000.00'],
    [-MAX_ABS_CENTS + 1, '-999999999999.99'],
  ])('%p cents -> %p', (cents, text) => {
    expect(centsToDecimalText(cents)).toBe(text);
  });
});
