import { EVENTS, type LedgerTransactionSnapshot } from '@hf/contracts';
import { changesOf } from './mirror-events';

const row = (extra: Partial<LedgerTransactionSnapshot> = {}): LedgerTransactionSnapshot => ({
  id: 7,
  household_id: 1,
  account_id: 2,
  date: '2025-03-05',
  payee: 'Market',
  amount_cents: -10000,
  status: '',
  notes: '',
  category_id: null,
  is_budgeted: false,
  schedule_id: null,
  schedule_month: null,
  transfer_id: null,
  transfer_account_id: null,
  transfer_transaction_id: null,
  deleted: false,
  created_at: '2025-03-05T10:00:00.000000Z',
  updated_at: '2025-03-05T10:00:00.000000Z',
  ...extra,
});
const lines = [
  { category_id: 3, amount_cents: -11000, notes: 'food' },
  { category_id: null, amount_cents: 1000, notes: '' },
];
const stored = [
  { category_id: 3, amount: -11000, notes: 'food' },
  { category_id: null, amount: 1000, notes: '' },
];

describe('split rows in the mirror (the events split versions)', () => {
  test('every split version gives the row with its lines in cents', () => {
    const split = row({ splits: lines });
    expect(changesOf(EVENTS.transactionRecordedSplit, { transactions: [split], origin: 'api' }).rows[0].splits).toEqual(
      stored,
    );
    const pair = { before: row(), after: split };
    expect(changesOf(EVENTS.transactionChangedSplit, { changes: [pair], reason: 'edited' }).rows[0].splits).toEqual(
      stored,
    );
    const moved = { changes: [pair], from_account_id: 2, to_account_id: 3 };
    expect(changesOf(EVENTS.transactionMovedSplit, moved).rows[0].splits).toEqual(stored);
    const deleted = changesOf(EVENTS.transactionDeletedSplit, { transactions: [split], reason: 'user' }).rows[0];
    expect([deleted.deleted, deleted.splits]).toEqual([true, stored]);
    expect(changesOf(EVENTS.transactionRestoredSplit, { transactions: [split] }).rows[0].splits).toEqual(stored);
  });

  test('an unsplit row (old versions, or lines removed) has none', () => {
    expect(changesOf(EVENTS.transactionRecorded, { transactions: [row()], origin: 'api' }).rows[0].splits).toBeNull();
    const unsplit = { changes: [{ before: row({ splits: lines }), after: row() }], reason: 'edited' };
    expect(changesOf(EVENTS.transactionChangedSplit, unsplit).rows[0].splits).toBeNull();
    expect(
      changesOf(EVENTS.transactionRecorded, { transactions: [row({ splits: [] })], origin: 'api' }).rows[0].splits,
    ).toBeNull();
  });
});
