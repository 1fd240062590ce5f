import { compactRows, expandRows, SNAPSHOT_FIELDS } from './compact-rows';
import type { LedgerTransactionSnapshot } from './ledger-events';

const row = (id: number, fields: Partial<LedgerTransactionSnapshot> = {}): LedgerTransactionSnapshot => ({
  id,
  household_id: 1,
  account_id: 7,
  date: '2025-01-02',
  payee: `Payee ${id}`,
  amount_cents: -id * 101,
  status: 'x',
  notes: '',
  category_id: 3,
  is_budgeted: false,
  schedule_id: null,
  schedule_month: null,
  transfer_id: null,
  transfer_account_id: null,
  transfer_transaction_id: null,
  deleted: false,
  created_at: '2026-11-26T10:00:00.123456Z',
  updated_at: '2026-11-26T10:00:00.123456Z',
  ...fields,
});

describe('ledger.transaction.recorded.v2 rows', () => {
  it('an import chunk: what every row has goes once into shared, the rest stays per row, and expands back to the same rows', () => {
    const rows = Array.from({ length: 500 }, (_, i) =>
      row(1000 + i, { date: `2025-01-${String((i % 28) + 1).padStart(2, '0')}`, notes: i % 3 ? '' : `memo ${i}` }),
    );
    const compact = compactRows(rows);
    expect(Object.keys(compact.shared).sort()).toEqual(
      SNAPSHOT_FIELDS.filter((f) => !['id', 'date', 'payee', 'amount_cents', 'notes'].includes(f)).sort(),
    );
    expect(Object.keys(compact.transactions[0])).toEqual(['id', 'date', 'payee', 'amount_cents', 'notes']);
    expect(expandRows(JSON.parse(JSON.stringify(compact)))).toEqual(rows);
    // The point of v2: a fraction of v1's bytes.
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify({ transactions: rows }).length / 3);
  });

  it('keeps nulls, falses and values that differ in only one row', () => {
    const rows = [
      row(1),
      row(2, { category_id: null }),
      row(3, { transfer_id: 9, transfer_account_id: 8, transfer_transaction_id: 4 }),
      row(4, { deleted: true }),
    ];
    const compact = compactRows(rows);
    expect(compact.shared).not.toHaveProperty('category_id');
    expect(compact.shared).toHaveProperty('schedule_id', null);
    expect(expandRows(compact)).toEqual(rows);
  });

  it('one row: every field stays in the row', () => {
    const compact = compactRows([row(5)]);
    expect(compact.shared).toEqual({});
    expect(expandRows(compact)).toEqual([row(5)]);
    expect(compactRows([])).toEqual({ shared: {}, transactions: [] });
  });

  it('every expanded row has the contract fields in one order, and lines a row carries are kept', () => {
    const compact = compactRows([row(1), row(2, { notes: 'memo' })]);
    for (const expanded of expandRows(JSON.parse(JSON.stringify(compact))))
      expect(Object.keys(expanded)).toEqual(SNAPSHOT_FIELDS);
    const lines = [{ category_id: 3, amount_cents: -101, notes: '' }];
    (compact.transactions[1] as Record<string, unknown>).splits = lines;
    const [first, second] = expandRows(compact);
    expect(first).not.toHaveProperty('splits');
    expect(second).toEqual({ ...row(2, { notes: 'memo' }), splits: lines });
  });

  it('refuses a row that lacks a field of the contract', () => {
    const compact = compactRows([row(1), row(2)]);
    delete (compact.shared as Record<string, unknown>).account_id;
    expect(() => expandRows(compact)).toThrow('ledger.transaction.recorded.v2: row 1 has no account_id');
  });
});
