import { changeLines, headline, importCount, whenOf, whoOf, type NameLookups } from './history';

const names: NameLookups = {
  accountName: (id) => ({ 1: 'Checking', 2: 'Savings' })[id],
  categoryName: (id) => ({ 5: 'Food: Groceries' })[id],
};

describe('change words', () => {
  it('headline: who and what; an unknown person is "Someone"; every kind has words', () => {
    expect(headline({ user_name: 'Sam', action: 'edited' })).toBe('Sam edited');
    expect(headline({ user_name: null, action: 'imported' })).toBe('Someone imported it from a bank file');
    expect(headline({ user_name: 'Alex', action: 'deleted' })).toBe('Alex deleted it');
    expect(headline({ user_name: 'Alex', action: 'sneezed' })).toBe('Alex made a change (sneezed)');
    expect(whoOf({ user_name: null })).toBe('Someone');
    expect(headline({ user_name: 'Sam', action: 'imported', new_values: { count: 1200 } })).toBe(
      'Sam imported it from a bank file (one of 1,200 transactions imported together)',
    );
    expect(headline({ user_name: 'Sam', action: 'imported', new_values: { count: 1 } })).toBe(
      'Sam imported it from a bank file',
    );
    for (const kind of [
      'created',
      'status',
      'moved',
      'restored',
      'reconciled',
      'unreconciled',
      'rule',
      'payee_renamed',
      'categorized',
      'cleared',
      'detached',
      'undone',
    ])
      expect(headline({ user_name: 'A', action: kind })).not.toContain('made a change');
  });

  it('split lines in words: split, unsplit, a line changed, in the row direction', () => {
    const cats: NameLookups = {
      accountName: () => undefined,
      categoryName: (id) => ({ 1: 'Groceries', 2: 'Household', 3: 'Pharmacy' })[id],
    };
    const three = [
      { category_id: 1, amount: -40, notes: '' },
      { category_id: 2, amount: -12.5, notes: '' },
      { category_id: 3, amount: -7.49, notes: '' },
    ];
    expect(
      changeLines(
        { old_values: { category_id: 1, splits: [] }, new_values: { category_id: null, splits: three } },
        cats,
      ),
    ).toEqual([
      'Category: Groceries → Split',
      'Split into 3 lines: Groceries $40.00, Household $12.50, Pharmacy $7.49',
    ]);
    expect(
      changeLines(
        { old_values: { category_id: null, splits: three }, new_values: { category_id: 2, splits: [] } },
        cats,
      ),
    ).toEqual(['Category: Split → Household', 'Unsplit']);
    expect(
      changeLines(
        {
          old_values: { splits: three },
          new_values: {
            splits: [
              { category_id: 1, amount: -40, notes: '' },
              { category_id: 3, amount: -12.5, notes: 'plasters' },
              { category_id: 3, amount: -7.49, notes: '' },
            ],
          },
        },
        cats,
      ),
    ).toEqual(['Line 2 category: Household → Pharmacy', 'Line 2 notes: empty → “plasters”']);
    expect(
      changeLines(
        {
          old_values: { amount: -59.99, splits: three },
          new_values: {
            amount: -64.99,
            splits: [
              { category_id: 1, amount: -45, notes: '' },
              { category_id: 2, amount: -12.5, notes: '' },
              { category_id: 3, amount: -7.49, notes: '' },
            ],
          },
        },
        cats,
      ),
    ).toEqual(['Amount: -$59.99 → -$64.99', 'Line 1 amount: $40.00 → $45.00']);
    // A refund line inside a purchase reads against the row's direction; an income row's lines as they are.
    expect(
      changeLines(
        {
          old_values: { splits: three },
          new_values: {
            splits: [
              { category_id: 1, amount: -45, notes: '' },
              { category_id: null, amount: 5, notes: 'refund' },
            ],
          },
        },
        cats,
      ),
    ).toEqual(['Split into 2 lines (was 3 lines): Groceries $45.00, no category -$5.00 (“refund”)']);
    expect(
      changeLines(
        {
          old_values: {},
          new_values: {
            payee: 'Payroll',
            splits: [
              { category_id: 1, amount: 100, notes: '' },
              { category_id: 9, amount: 20, notes: '' },
            ],
          },
        },
        cats,
      ),
    ).toEqual(['Payee: “Payroll”', 'Split into 2 lines: Groceries $100.00, a deleted category $20.00']);
  });

  it('each field from and to, in words', () => {
    expect(
      changeLines(
        {
          old_values: { payee: 'Cafe', amount: -4.5, status: '', category_id: null, date: '2025-01-15', notes: '' },
          new_values: {
            payee: 'Cafe Nero',
            amount: -5.25,
            status: 'x',
            category_id: 5,
            date: '2025-02-03',
            notes: 'latte',
          },
        },
        names,
      ),
    ).toEqual([
      'Date: 1/15/2025 → 2/3/2025',
      'Payee: “Cafe” → “Cafe Nero”',
      'Amount: -$4.50 → -$5.25',
      'Status: Uncleared → Cleared',
      'Notes: empty → “latte”',
      'Category: no category → Food: Groceries',
    ]);
  });

  it('a move names the accounts; a new row lists its values; deleted and unknown names are said so', () => {
    expect(changeLines({ old_values: { account_id: 1 }, new_values: { account_id: 2 } }, names)).toEqual([
      'Account: Checking → Savings',
    ]);
    expect(
      changeLines(
        {
          old_values: {},
          new_values: {
            payee: 'Shop',
            amount: 12,
            status: '',
            notes: '',
            category_id: 9,
            account_id: 1,
            is_budgeted: false,
            transfer_account_id: null,
          },
        },
        names,
      ),
    ).toEqual(['Payee: “Shop”', 'Amount: $12.00', 'Category: a deleted category', 'Account: Checking']);
    expect(changeLines({ old_values: { deleted: false }, new_values: { deleted: true } }, names)).toEqual([]);
    expect(changeLines({ old_values: { account_id: 7 }, new_values: { account_id: 1 } }, names)).toEqual([
      'Account: a deleted account → Checking',
    ]);
  });

  it('importCount: the rows an import entry stands for', () => {
    expect(importCount({ action: 'imported', new_values: { count: 3, ranges: [[1, 3]] } })).toBe(3);
    expect(importCount({ action: 'edited', new_values: { count: 3 } })).toBe(0);
  });

  it('when: a readable local time; text that is not a time as given', () => {
    expect(whenOf('2026-11-27T11:45:00.000000Z')).toMatch(/^Nov 2[67], 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(whenOf('soon')).toBe('soon');
  });
});
