import type { ExistingRow, ImportedRow } from '@hf/contracts/import';
import {
  allSet,
  countTicked,
  importNewTransactions,
  initialSelection,
  tickedTotalCents,
  toggled,
  updateMatchedBody,
} from './reconcile';

const imported = (
  row_number: number,
  payee: string,
  amount: number,
  extra: Partial<ImportedRow> = {},
): ImportedRow => ({
  row_number,
  date: '2024-03-0' + row_number,
  payee,
  amount,
  category: '',
  notes: '',
  fitid: null,
  ...extra,
});
const existing = (id: number, is_budgeted = false): ExistingRow => ({
  id,
  date: '2024-03-01',
  payee: 'Rent',
  amount: -1200,
  is_budgeted,
});

describe('the reconcile page rules', () => {
  const data = {
    matched: [
      { imported: imported(1, 'RENT MARCH', -1250.5), existing: existing(7, true) },
      { imported: imported(2, 'Coffee', -4.25), existing: existing(8) },
    ],
    new: [
      imported(4, 'Salary', 2000.1),
      imported(3, 'Books', -19.99, { category: 'Fun', notes: ' gift ', fitid: 'F1' }),
    ],
    duplicates: [{ imported: imported(5, 'Gas', -30), existing: existing(9) }],
  };

  it('ticks matched and new rows, never possible duplicates', () => {
    const selection = initialSelection(data);
    expect(selection).toEqual({ matched: [true, true], new: [true, true], duplicates: [false] });
    expect(countTicked(toggled(selection, 'matched', 0).matched)).toBe(1);
    expect(allSet(selection, 'duplicates', true).duplicates).toEqual([true]);
  });

  it('clears the ticked matches; a budgeted one takes the imported date and amount', () => {
    expect(updateMatchedBody(data.matched, [true, true])).toEqual({
      transaction_ids: [7, 8],
      updates: [{ id: 7, date: '2024-03-01', amount: -1250.5 }],
    });
    expect(updateMatchedBody(data.matched, [false, true])).toEqual({ transaction_ids: [8] });
    expect(updateMatchedBody(data.matched, [false, false])).toBeNull();
  });

  it('imports rows in file order with notes, bank ids and a category the file names', () => {
    const rows = importNewTransactions(data.new, (text) => (text === 'Fun' ? 3 : null));
    expect(rows).toEqual([
      { date: '2024-03-03', payee: 'Books', amount: -19.99, notes: 'gift', fitid: 'F1', category_id: 3 },
      { date: '2024-03-04', payee: 'Salary', amount: 2000.1 },
    ]);
  });

  it('totals the ticked rows in cents', () => {
    expect(tickedTotalCents(data.new, [true, true])).toBe(198011);
    expect(tickedTotalCents(data.new, [false, true])).toBe(-1999);
  });
});
