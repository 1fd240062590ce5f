import { netAmountCents, normalizeStatus, parseAmountField, splitAmount } from './amount-fields';

describe('amount fields', () => {
  it('blank counts as 0, amounts are cents', () => {
    expect(parseAmountField('')).toBe(0);
    expect(parseAmountField(' 12.34 ')).toBe(1234);
    expect(parseAmountField('$1,234.5')).toBe(123450);
    expect(parseAmountField('abc')).toBeNull();
  });
  it('net = deposit - payment', () => {
    expect(netAmountCents('12.50', '')).toBe(-1250);
    expect(netAmountCents('', '100')).toBe(10000);
    expect(netAmountCents('10', '25')).toBe(1500);
    expect(netAmountCents('', '')).toBe(0);
    expect(netAmountCents('x', '1')).toBeNull();
  });
  it('splits a signed amount back into payment or deposit', () => {
    expect(splitAmount(-1250)).toEqual({ payment: '12.50', deposit: '' });
    expect(splitAmount(10000)).toEqual({ payment: '', deposit: '100.00' });
    expect(splitAmount(0)).toEqual({ payment: '', deposit: '' });
  });
});

describe('statuses', () => {
  it('accepts upper case and stores lower case', () => {
    expect(normalizeStatus('P')).toBe('p');
    expect(normalizeStatus('X')).toBe('x');
    expect(normalizeStatus('x')).toBe('x');
    expect(normalizeStatus('')).toBe('');
    expect(normalizeStatus(null)).toBe('');
    expect(normalizeStatus('q')).toBe('');
  });
});
