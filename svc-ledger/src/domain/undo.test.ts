import { changedByOther, HISTORY_MESSAGES } from '@hf/contracts/history';
import type { TxRow } from './transaction-rules';
import { revertRow, sameWrite, undoAction, undoRefusal, type ChangeEntry } from './undo';

const row: TxRow = {
  id: 7,
  household_id: 1,
  account_id: 2,
  date: '2025-01-02',
  payee: 'New',
  amount: -850,
  status: 'x',
  notes: 'now',
  category_id: 4,
  is_budgeted: false,
  schedule_id: null,
  schedule_month: null,
  transfer_id: null,
  transfer_account_id: null,
  transfer_transaction_id: null,
  deleted: false,
  deleted_reason: null,
  created_at: '2025-01-01T00:00:00.000000Z',
  updated_at: '2025-01-01T00:00:00.000000Z',
};

const entry = (over: Partial<ChangeEntry> = {}): ChangeEntry => ({
  id: 10,
  transaction_id: 7,
  action: 'edited',
  user_id: 101,
  user_name: 'Alex',
  changed_at: '2025-01-03T10:00:00.000001Z',
  old_values: {},
  new_values: {},
  ...over,
});

describe('undoRefusal', () => {
  it('allows the caller’s latest change of an undoable kind', () => {
    for (const action of ['edited', 'status', 'moved', 'deleted', 'categorized'])
      expect(undoRefusal(entry({ action }), 101)).toBeNull();
    expect(undoRefusal(entry(), 101, 10)).toBeNull();
  });
  it('refuses: nothing recorded 400, another member 409 with their name, a pinned older change 409, other kinds 400', () => {
    expect(undoRefusal(undefined, 101)).toEqual({ status: 400, message: HISTORY_MESSAGES.nothingToUndo });
    expect(undoRefusal(entry({ user_id: 102, user_name: 'Sam' }), 101)).toEqual({
      status: 409,
      message: 'Sam changed this row after you, so your change cannot be undone.',
    });
    expect(undoRefusal(entry({ user_id: null, user_name: null }), 101)).toEqual({
      status: 409,
      message: changedByOther(null),
    });
    expect(undoRefusal(entry(), 101, 9)).toEqual({ status: 409, message: HISTORY_MESSAGES.changedSince });
    for (const action of ['created', 'imported', 'undone', 'restored', 'reconciled', 'rule'])
      expect(undoRefusal(entry({ action }), 101)).toEqual({ status: 400, message: HISTORY_MESSAGES.cannotUndo });
  });
});

describe('revertRow', () => {
  it('a split put back line for line (amounts to cents), an unsplit put back, changed lines put back', () => {
    const lines = [
      { category_id: 4, amount: -4, notes: 'food' },
      { category_id: null, amount: -4.5, notes: '' },
    ];
    const unsplit = revertRow({ ...row, category_id: null }, { old_values: { splits: lines } });
    expect(unsplit.splits).toEqual([
      { category_id: 4, amount: -400, notes: 'food' },
      { category_id: null, amount: -450, notes: '' },
    ]);
    const split = revertRow(
      { ...row, category_id: null, splits: unsplit.splits },
      { old_values: { category_id: 4, splits: [] } },
    );
    expect(split).toMatchObject({ category_id: 4, splits: null });
  });
  it('puts back each old value (amounts to cents)', () => {
    const back = revertRow(row, {
      old_values: { payee: 'Old', amount: -8.49, status: '', notes: '', date: '2025-01-01', category_id: null },
    });
    expect(back).toMatchObject({
      payee: 'Old',
      amount: -849,
      status: '',
      notes: '',
      date: '2025-01-01',
      category_id: null,
    });
    expect(back.id).toBe(7);
  });
  it('a move back, a delete undone, a budgeted flag and a transfer link', () => {
    expect(revertRow(row, { old_values: { account_id: 3 } }).account_id).toBe(3);
    expect(
      revertRow({ ...row, deleted: true, deleted_reason: 'user' }, { old_values: { deleted: false } }),
    ).toMatchObject({
      deleted: false,
      deleted_reason: null,
    });
    expect(revertRow(row, { old_values: { deleted: true } })).toMatchObject({ deleted: true, deleted_reason: 'user' });
    expect(revertRow(row, { old_values: { is_budgeted: true, transfer_account_id: 5 } })).toMatchObject({
      is_budgeted: true,
      transfer_account_id: 5,
    });
  });
  it('ignores fields it does not know', () => {
    expect(revertRow(row, { old_values: { colour: 'red' } })).toEqual(row);
  });
});

describe('sameWrite and undoAction', () => {
  it('an entry of the same write has the same kind, person and instant', () => {
    expect(sameWrite(entry({ transaction_id: 8, id: 11 }), entry())).toBe(true);
    expect(sameWrite(entry({ changed_at: '2025-01-03T10:00:00.000002Z' }), entry())).toBe(false);
    expect(sameWrite(entry({ user_id: 102 }), entry())).toBe(false);
    expect(sameWrite(entry({ action: 'status' }), entry())).toBe(false);
    expect(sameWrite(undefined, entry())).toBe(false);
  });
  it('a delete undone is a restore; anything else is undone', () => {
    expect(undoAction('deleted')).toBe('restored');
    expect(undoAction('edited')).toBe('undone');
  });
});
