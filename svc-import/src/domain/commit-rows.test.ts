import { clearUpdates, CommitRowError, commitRows, ledgerRow } from './commit-rows';

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

describe('commitRows: a refused row is named, with its split line', () => {
  const good = { date: '2025-01-02', payee: 'Shop', amount: -1 };
  const refused = (bad: object) => () => commitRows({ transactions: [good, { ...good, ...bad }] });
  it('names the row and the rule it breaks', () => {
    const cases: Array<[object, RegExp]> = [
      [{ amount: 1.005 }, /^Transaction 2: Amounts can have at most 2 decimals\.$/],
      [{ amount: 1e13 }, /^Transaction 2: Amount is too large\.$/],
      [{ date: '2025-02-30' }, /^Transaction 2: the date must be a real date/],
      [{ payee: ' \t ' }, /^Transaction 2: payee is required\.$/],
      [
        {
          amount: -2,
          splits: [
            { category_id: 1, amount: -1 },
            { category_id: 2, amount: -0.999 },
          ],
        },
        /^Transaction 2, split line 2: Amounts can have at most 2 decimals\.$/,
      ],
    ];
    for (const [bad, message] of cases) {
      expect(refused(bad)).toThrow(CommitRowError);
      expect(refused(bad)).toThrow(message);
    }
  });

  it('takes the payee in NFC and trimmed, the notes trimmed, the bank id or null', () => {
    const [row] = commitRows({
      transactions: [{ date: '2025-01-02', payee: ' Cafe\u0301 ', amount: -1, notes: ' n ', fitid: '  ' }],
    });
    expect(row).toEqual({
      date: '2025-01-02',
      payee: 'Caf\u00e9',
      amountCents: -100,
      notes: 'n',
      category_id: null,
      fitid: null,
      splits: null,
    });
  });

  it("names an update's amount by the update", () => {
    expect(() =>
      clearUpdates({ transaction_ids: [5], updates: [{ id: 5, date: '2025-01-02', amount: 0.001 }] }),
    ).toThrow(/^Update 1: Amounts can have at most 2 decimals\.$/);
  });
});
