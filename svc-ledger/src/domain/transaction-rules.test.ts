import {
  applyEdit,
  applyMove,
  applyStatus,
  chunksBySize,
  detachLeg,
  historyDiff,
  snapshotBytes,
  type TxRow,
} from './transaction-rules';

const base: TxRow = {
  id: 1,
  household_id: 1,
  account_id: 10,
  date: '2025-01-01',
  payee: 'Shop',
  amount: -1000,
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
  deleted_reason: null,
  created_at: 't',
  updated_at: 't',
};
const leg: TxRow = {
  ...base,
  id: 1,
  payee: 'Savings',
  transfer_id: 7,
  transfer_account_id: 20,
  transfer_transaction_id: 2,
};
const peer: TxRow = {
  ...base,
  id: 2,
  account_id: 20,
  payee: 'Checking',
  amount: 1000,
  transfer_id: 7,
  transfer_account_id: 10,
  transfer_transaction_id: 1,
};

describe('applyEdit', () => {
  it('changes the given fields only', () => {
    const { row } = applyEdit(base, null, { amount: -1234, notes: 'n' });
    expect(row).toEqual({ ...base, amount: -1234, notes: 'n' });
  });
  it('returns the same row when nothing changes', () => {
    expect(applyEdit(base, null, { amount: -1000, payee: 'Shop' }).row).toBe(base);
  });
  it('mirrors amount and date on the other leg; a leg keeps its payee and category', () => {
    const next = applyEdit(leg, peer, { amount: -1500, date: '2025-02-02', payee: 'X', category_id: 3, notes: 'mine' });
    expect(next.row).toMatchObject({
      amount: -1500,
      date: '2025-02-02',
      payee: 'Savings',
      category_id: null,
      notes: 'mine',
    });
    expect(next.peer).toMatchObject({ amount: 1500, date: '2025-02-02', notes: '' });
  });
  it('a budgeted row (and its pair) becomes actual when edited', () => {
    const next = applyEdit({ ...leg, is_budgeted: true }, { ...peer, is_budgeted: true }, { amount: -1 });
    expect([next.row.is_budgeted, next.peer?.is_budgeted]).toEqual([false, false]);
    expect(applyEdit({ ...base, is_budgeted: true }, null, {}).row.is_budgeted).toBe(true);
  });
});

describe('applyStatus', () => {
  it('sets the status of this leg only', () => {
    const next = applyStatus(leg, peer, 'x');
    expect(next.row.status).toBe('x');
    expect(next.peer).toBe(peer);
  });
  it('a budgeted row given a status becomes actual; clearing a status does not', () => {
    expect(applyStatus({ ...base, is_budgeted: true }, null, 'p').row.is_budgeted).toBe(false);
    expect(applyStatus({ ...base, is_budgeted: true, status: 'p' }, null, '').row.is_budgeted).toBe(true);
  });
});

describe('applyMove', () => {
  it('keeps id, date, amount and status', () => {
    const moved = applyMove({ ...base, status: 'x' }, null, { id: 30, name: 'Card' });
    expect(moved).toEqual({ row: { ...base, status: 'x', account_id: 30 }, peer: null });
  });
  it("re-points the other leg of a transfer; refuses the other leg's account", () => {
    const moved = applyMove(leg, peer, { id: 30, name: 'Card' });
    expect(moved).not.toBe('same-as-other-leg');
    if (moved !== 'same-as-other-leg') expect(moved.peer).toMatchObject({ transfer_account_id: 30, payee: 'Card' });
    expect(applyMove(leg, peer, { id: 20, name: 'Savings' })).toBe('same-as-other-leg');
  });
});

describe('detachLeg and history', () => {
  it('the other leg of a closed account becomes ordinary, naming it', () => {
    expect(detachLeg(peer, 'Old Checking')).toMatchObject({
      transfer_id: null,
      transfer_account_id: null,
      transfer_transaction_id: null,
      payee: 'Old Checking',
      category_id: null,
    });
  });
  it('records changed fields in API form', () => {
    expect(historyDiff(base, { ...base, amount: -1250, status: 'x' })).toEqual({
      old_values: { amount: -10, status: '' },
      new_values: { amount: -12.5, status: 'x' },
    });
  });
});

describe('chunksBySize', () => {
  it('keeps every chunk under the byte bound and the item cap, in order', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      payee: 'p'.repeat(i % 200),
      notes: i % 7 === 0 ? 'n'.repeat(1000) : '',
    }));
    const parts = chunksBySize(rows, snapshotBytes, 600_000, 2000);
    expect(parts.flat()).toEqual(rows);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(2000);
      expect(part.reduce((s, r) => s + snapshotBytes(r), 0)).toBeLessThanOrEqual(600_000);
    }
  });
});
