import { HeldRows } from './held-rows';

describe('HeldRows', () => {
  it('gives back each row as held: number, reason, cells (empty ones too) and what fails under each answer', () => {
    const held = new HeldRows();
    held.add(2, null, ['2024-01-13', null], 100, NaN, ['1/13/2024', '', 'Shop', '-1,000.00', '']);
    held.add(3, 'Missing payee', [], NaN, NaN, ['1/14/2024', '  ']);
    held.add(5, null, [null, '2024-13-01'], NaN, 5, ['only one cell']);
    held.add(6, 'Missing date', [], NaN, NaN, []);
    expect(held.length).toBe(4);
    expect([0, 1, 2, 3].map((k) => [held.rowNumber(k), held.reason(k), held.cells(k)])).toEqual([
      [2, null, ['1/13/2024', '', 'Shop', '-1,000.00', '']],
      [3, 'Missing payee', ['1/14/2024', '  ']],
      [5, null, ['only one cell']],
      [6, 'Missing date', []],
    ]);
    expect([held.dateFails(0, 0), held.dateFails(0, 1), held.amountFails(0, 0), held.amountFails(0, 1)]).toEqual([
      false,
      true,
      false,
      true,
    ]);
    expect([held.dateFails(2, 0), held.dateFails(2, 1), held.amountFails(2, 0), held.amountFails(2, 1)]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it('hands out a new array each time (the answer may be changed by its reader)', () => {
    const held = new HeldRows();
    held.add(1, null, [null], 1, 1, ['x']);
    const first = held.cells(0);
    first.push('changed');
    expect(held.cells(0)).toEqual(['x']);
  });
});
