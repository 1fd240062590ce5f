import { accountNamedBy, netAmount, transferDirection } from './transfer';

describe('transferDirection', () => {
  it('a negative net leaves the current account', () => {
    expect(transferDirection(1, 2, -2500)).toEqual({ fromAccountId: 1, toAccountId: 2, amountCents: 2500 });
  });
  it('a positive net comes from the destination', () => {
    expect(transferDirection(1, 2, 999)).toEqual({ fromAccountId: 2, toAccountId: 1, amountCents: 999 });
  });
  it('a zero net is an incoming zero transfer', () => {
    expect(transferDirection(1, 2, 0)).toEqual({ fromAccountId: 2, toAccountId: 1, amountCents: 0 });
  });
});

describe('netAmount', () => {
  it('is deposit minus payment, blanks counting as 0', () => {
    expect(netAmount(1000, 250)).toBe(750);
    expect(netAmount(null, 250)).toBe(-250);
    expect(netAmount(100, undefined)).toBe(100);
    expect(netAmount(null, null)).toBe(0);
  });
});

describe('accountNamedBy', () => {
  const accounts = [
    { id: 1, name: 'Checking' },
    { id: 2, name: 'Visa Card' },
  ];
  it('matches another account case-insensitively, ignoring surrounding spaces', () => {
    expect(accountNamedBy('  visa CARD ', accounts, 1)?.id).toBe(2);
  });
  it('never the current account, and nothing for other payees or blanks', () => {
    expect(accountNamedBy('checking', accounts, 1)).toBeUndefined();
    expect(accountNamedBy('Visa', accounts, 1)).toBeUndefined();
    expect(accountNamedBy('', accounts, 1)).toBeUndefined();
  });
});
