import { commitRows, ledgerRow } from './commit-rows';

describe('ledgerRow: a checked row as the ledger bulk create takes it', () => {
  it('leaves out empty notes and no category, keeps the rest, status x', () => {
    const rows = commitRows({
      category_id: null,
      transactions: [
        { date: '2025-01-02', payee: ' Shop ', amount: -12.5, notes: '  ', fitid: 'F1' },
        { date: '2025-01-03', payee: 'Cafe', amount: -3, notes: ' latte ', category_id: 7 },
        {
          date: '2025-01-04',
          payee: 'Market',
          amount: -10,
          category_id: 7,
          splits: [
            { category_id: 7, amount: -6 },
            { category_id: null, amount: -4, notes: ' rest ' },
          ],
        },
      ],
    });
    expect(rows.map(ledgerRow)).toEqual([
      { date: '2025-01-02', payee: 'Shop', amount_cents: -1250, status: 'x' },
      { date: '2025-01-03', payee: 'Cafe', amount_cents: -300, status: 'x', notes: 'latte', category_id: 7 },
      {
        date: '2025-01-04',
        payee: 'Market',
        amount_cents: -1000,
        status: 'x',
        splits: [
          { category_id: 7, amount_cents: -600, notes: '' },
          { category_id: null, amount_cents: -400, notes: 'rest' },
        ],
      },
    ]);
    // The JSON has no key for what is left out (not `"notes":""` or `"category_id":null`).
    expect(JSON.stringify(ledgerRow(rows[0]))).toBe(
      '{"date":"2025-01-02","payee":"Shop","amount_cents":-1250,"status":"x"}',
    );
  });
});
