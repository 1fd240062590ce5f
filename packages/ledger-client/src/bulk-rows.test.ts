import { BulkRowError, checkBulkRow, checkBulkRows } from './bulk-rows';

const row = { date: '2025-01-31', payee: ' Shop ', amount_cents: -1050 };

describe('the bulk-row rules', () => {
  it('answers a row as stored: texts trimmed, status in stored form', () => {
    expect(checkBulkRow({ ...row, status: 'X', notes: ' n ', category_id: 3 }, 0)).toEqual({
      date: '2025-01-31',
      payee: 'Shop',
      amount_cents: -1050,
      status: 'x',
      notes: 'n',
      category_id: 3,
      category: undefined,
    });
    expect(checkBulkRow(row, 0)).toMatchObject({ status: '', notes: '' });
    for (const [sent, stored] of [
      ['x', 'x'],
      ['p', 'p'],
      ['', ''],
      [' X ', 'x'],
      ['P', 'p'],
      ['  ', ''],
    ])
      expect(checkBulkRow({ ...row, status: sent }, 0).status).toBe(stored);
  });

  it('names the first bad row (1-based) and the rule it breaks', () => {
    const cases: Array<[object, RegExp]> = [
      [{ date: '2025-02-30' }, /^Transaction 2: the date must be a real date/],
      [{ payee: '   ' }, /^Transaction 2: payee is required\.$/],
      [{ amount_cents: 1.5 }, /^Transaction 2: the amount must be a whole number of cents/],
      [{ amount_cents: 100_000_000_000_001 }, /^Transaction 2: the amount/],
      [{ status: 'c' }, /^Transaction 2: status must be empty, p or x\.$/],
      [{ status: 'xx' }, /^Transaction 2: status must be empty, p or x\.$/],
      [{ amount_cents: Number.NaN }, /^Transaction 2: the amount must be a whole number of cents/],
    ];
    for (const [bad, message] of cases) {
      const check = () => checkBulkRows([row, { ...row, ...bad }, { ...row, date: 'never' }]);
      expect(check).toThrow(BulkRowError);
      expect(check).toThrow(message);
    }
  });
});
