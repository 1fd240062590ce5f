import { isAccountName, renameMessage, renameRefusal, suggestionWindowStart } from './payees';

const accounts = ['Checking', ' Savings '];
const some = { renamed: 3, existing: 0 };

describe('isAccountName', () => {
  it('compares case-insensitively, surrounding spaces ignored; blank is never one', () => {
    expect(isAccountName('checking', accounts)).toBe(true);
    expect(isAccountName(' SAVINGS', accounts)).toBe(true);
    expect(isAccountName('Check', accounts)).toBe(false);
    expect(isAccountName('  ', accounts)).toBe(false);
    expect(isAccountName('Checking', [])).toBe(false);
  });
});

describe('renameRefusal', () => {
  it('refuses a transfer payee, a rename onto an account name, the same name and a payee with no rows', () => {
    expect(renameRefusal('savings', 'Bank', accounts, some)).toBe(
      `"savings" is an account's name: a transfer's payee cannot be renamed here.`,
    );
    expect(renameRefusal('Shop', 'CHECKING', accounts, some)).toMatch(/^"CHECKING" is an account's name/);
    expect(renameRefusal('Shop', 'Shop', accounts, some)).toBe('The new name is the same as the old one.');
    expect(renameRefusal('Shop', 'Store', accounts, { renamed: 0, existing: 4 })).toBe(
      'No transactions have the payee "Shop".',
    );
  });

  it('accepts a new name, a merge and a change of case only', () => {
    expect(renameRefusal('Shop', 'Store', accounts, some)).toBeNull();
    expect(renameRefusal('Shop', 'Store', accounts, { renamed: 1, existing: 9 })).toBeNull();
    expect(renameRefusal('shop', 'Shop', accounts, some)).toBeNull();
  });
});

describe('renameMessage', () => {
  it('previews and reports a rename, with and without a merge, in rows', () => {
    expect(renameMessage('Amazon', { renamed: 12, existing: 30 }, true)).toBe(
      '12 rows will be renamed to Amazon; Amazon already has 30 rows: they will be merged.',
    );
    expect(renameMessage('Amazon', { renamed: 1, existing: 0 }, true)).toBe('1 row will be renamed to Amazon.');
    expect(renameMessage('Amazon', { renamed: 5000, existing: 1 }, false)).toBe(
      '5,000 rows renamed to Amazon and merged with its 1 row.',
    );
    expect(renameMessage('Amazon', { renamed: 2, existing: 0 }, false)).toBe('2 rows renamed to Amazon.');
  });
});

describe('suggestionWindowStart', () => {
  it('is the day after the same date a year earlier (12 months up to today inclusive)', () => {
    expect(suggestionWindowStart('2025-06-30')).toBe('2024-07-01');
    expect(suggestionWindowStart('2025-01-01')).toBe('2024-01-02');
    expect(suggestionWindowStart('2024-02-29')).toBe('2023-03-01');
    expect(suggestionWindowStart('2025-03-01')).toBe('2024-03-02');
  });
});
