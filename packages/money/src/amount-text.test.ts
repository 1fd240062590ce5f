import { parseCurrencyInput, parseMoneyText, readAmountText } from './amount-text';

describe('readAmountText', () => {
  it.each([
    // Every way of saying "negative", alone.
    ['-12.00', '.', -1200],
    ['12.00-', '.', -1200],
    ['12.00 -', '.', -1200],
    ['(12.00)', '.', -1200],
    ['( 12.00 )', '.', -1200],
    ['\u221212.50', '.', -1250],
    ['\u201312.50', '.', -1250],
    ['- 12', '.', -1200],
    // Plus signs.
    ['+12.00', '.', 1200],
    ['12.00+', '.', 1200],
    // Currency on either side of the sign.
    ['-$12.00', '.', -1200],
    ['$-12.00', '.', -1200],
    ['($12.00)', '.', -1200],
    ['$(12.00)', '.', -1200],
    ['12.00 $', '.', 1200],
    ['-12.00$', '.', -1200],
    ['12,00 € -', ',', -1200],
    ['EUR -5,00', ',', -500],
    ['USD 12.00', '.', 1200],
    ["CHF 1'234.50", '.', 123450],
    // Digits and grouping.
    ['1,234.56', '.', 123456],
    ['1 234,56', ',', 123456],
    ['1\u00a0234,56', ',', 123456],
    ['-1.234.567,8', ',', -123456780],
    ['.5', '.', 50],
    [',5', ',', 50],
    ['007', '.', 700],
    ['0.00', '.', 0],
    ['-0.00', '.', 0],
    ['(0)', '.', 0],
    ['999999999999.99', '.', 99999999999999],
    ['-999,999,999,999.99', '.', -99999999999999],
  ] as const)('reads %p under %p as %p cents', (text, separator, cents) => {
    expect(readAmountText(text, separator)).toBe(cents);
  });

  it('never answers -0', () => {
    for (const text of ['-0', '(0.00)', '0.00-', '-$0'])
      expect({ text, zero: Object.is(readAmountText(text, '.'), 0) }).toEqual({ text, zero: true });
  });

  it.each([
    ['', 'missing'],
    ['   ', 'missing'],
    ['--12', 'invalid'],
    ['(-12.00)', 'invalid'],
    ['-12.00-', 'invalid'],
    ['+12-', 'invalid'],
    ['+-12', 'invalid'],
    ['-(12)', 'invalid'],
    ['1e3', 'invalid'],
    ['NaN', 'invalid'],
    ['12,3,4', 'invalid'],
    ['12,34', 'invalid'],
    ['1,23.00', 'invalid'],
    ['12.', 'invalid'],
    ['$', 'invalid'],
    ['-', 'invalid'],
    ['0.005', 'decimals'],
    ['1.234', 'decimals'],
    ['-12.345', 'decimals'],
    ['1234567890123', 'large'],
    ['9999999999999.00', 'large'],
    ['-1,000,000,000,000', 'large'],
  ] as const)('refuses %p as %p', (text, problem) => {
    expect(readAmountText(text, '.')).toBe(problem);
  });

  it('reads under "." by default, and a decimal comma only when asked', () => {
    expect(readAmountText('1.234,56')).toBe('invalid');
    expect(readAmountText('1.234,56', ',')).toBe(123456);
    expect(readAmountText('12.34', ',')).toBe('invalid');
  });
});

describe('parseMoneyText', () => {
  it('answers readAmountText\'s cents under ".", null for every problem', () => {
    expect(parseMoneyText('(1,234.56)')).toBe(-123456);
    expect(parseMoneyText('12.00-')).toBe(-1200);
    for (const text of ['', '--12', '0.005', '1234567890123', '12,34']) expect(parseMoneyText(text)).toBeNull();
  });
});

describe('parseCurrencyInput (the spec: every character but digits, "." and "-" is dropped)', () => {
  it.each([
    ['$-1,234.567', -123457],
    ['12.345', 1235],
    ['1.005', 100],
    ['-1.005', -100],
    ['0.004', 0],
    ['999999999999.99', 99999999999999],
    ['1000000000000', 100000000000000],
    ['(12.00)', 1200],
    ['1e3', 1300],
  ] as const)('reads %p as %p cents (rounded to the cent)', (text, cents) => {
    expect(parseCurrencyInput(text)).toBe(cents);
  });

  it('never answers -0', () => {
    for (const text of ['-0', '-0.004', '-0.00']) expect(Object.is(parseCurrencyInput(text), 0)).toBe(true);
  });

  it.each(['', '-', '.', '..5', '1-2', '12.00-', '1000000000000.01', 'abc'])('refuses %p', (text) => {
    expect(parseCurrencyInput(text)).toBeNull();
  });
});
