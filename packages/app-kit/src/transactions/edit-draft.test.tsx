import { flattenCategories } from '../categories/category-text';
import { checkEdit, draftFromRow, isTransferRow, type EditableTransaction } from './edit-draft';

const options = flattenCategories([
  { id: 1, name: 'Food', parent_id: null, children: [{ id: 11, name: 'Groceries', parent_id: 1 }] },
]);
const row: EditableTransaction = {
  date: '2025-03-10',
  amount: -12.5,
  status: 'x',
  payee: 'Grocer',
  transfer_id: null,
  category_id: 11,
  category_name: 'Food: Groceries',
  notes: 'weekly',
};

describe('edit draft', () => {
  it('turns a row into editable text', () => {
    expect(draftFromRow(row)).toEqual({
      date: '3/10/2025',
      payee: 'Grocer',
      payment: '12.50',
      deposit: '',
      status: 'x',
      category: 'Food: Groceries',
      notes: 'weekly',
    });
  });
  it('an untouched draft changes nothing', () => {
    expect(checkEdit(row, draftFromRow(row), '2025-03-15', options)).toMatchObject({
      ok: true,
      body: {},
      amountChanged: false,
      categoryChanged: false,
    });
  });
  it('sends the amount only when it changed', () => {
    const same = checkEdit(row, { ...draftFromRow(row), payment: '12.5' }, '2025-03-15', options);
    expect(same).toMatchObject({ ok: true, body: {}, amountChanged: false });
    const changed = checkEdit(row, { ...draftFromRow(row), payment: '', deposit: '3' }, '2025-03-15', options);
    expect(changed).toMatchObject({ ok: true, body: { amount: 3 }, amountChanged: true });
  });
  it('lists changed date, payee, status and notes', () => {
    const result = checkEdit(
      row,
      { ...draftFromRow(row), date: '3/11', payee: ' Market ', status: 'p', notes: 'x' },
      '2025-03-15',
      options,
    );
    expect(result).toMatchObject({ ok: true, body: { date: '2025-03-11', payee: 'Market', status: 'p', notes: 'x' } });
  });
  it('compares categories case-insensitively', () => {
    expect(checkEdit(row, { ...draftFromRow(row), category: 'food:groceries' }, '2025-03-15', options)).toMatchObject({
      categoryChanged: false,
    });
    expect(checkEdit(row, { ...draftFromRow(row), category: 'Food' }, '2025-03-15', options)).toMatchObject({
      categoryChanged: true,
    });
  });
  it('rejects a bad date or a blank payee', () => {
    expect(checkEdit(row, { ...draftFromRow(row), date: '13/45' }, '2025-03-15', options)).toMatchObject({
      ok: false,
      field: 'date',
    });
    expect(checkEdit(row, { ...draftFromRow(row), payee: '' }, '2025-03-15', options)).toMatchObject({
      ok: false,
      field: 'payee',
    });
  });
  it('a row without transfer_id (a report drill-down row) is a transfer only by its category', () => {
    const { transfer_id: _none, ...reportRow } = row;
    expect(isTransferRow(reportRow)).toBe(false);
    expect(isTransferRow({ ...reportRow, category_name: '-- Transfer --' })).toBe(true);
  });
  it('never sends payee or category of a transfer leg', () => {
    const leg = { ...row, transfer_id: 3, category_id: null, category_name: '-- Transfer --', payee: 'Savings' };
    expect(isTransferRow(leg)).toBe(true);
    expect(
      checkEdit(leg, { ...draftFromRow(leg), payee: 'Other', category: 'Food' }, '2025-03-15', options),
    ).toMatchObject({ ok: true, body: {}, categoryChanged: false });
  });
});
