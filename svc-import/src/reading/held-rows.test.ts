import { HeldRows } from './held-rows';
import { recordCells } from './csv-split';

const csvRow = (rowNumber: number, text: string) => ({ rowNumber, cells: recordCells(text, ';'), text });

describe('HeldRows', () => {
  it('gives back each row as held: number, reason, cells (empty ones too) and what fails under each answer', () => {
    const held = new HeldRows(null);
    held.add(null, ['2024-01-13', null], 100, NaN, { rowNumber: 2, cells: ['1/13/2024', '', 'Shop', '-1,000.00', ''] });
    held.add('Missing payee', [], NaN, NaN, { rowNumber: 3, cells: ['1/14/2024', '  '] });
    held.add(null, [null, '2024-13-01'], NaN, 5, { rowNumber: 5, cells: ['only one cell'] });
    held.add('Missing date', [], NaN, NaN, { rowNumber: 6, cells: [] });
    expect(held.length).toBe(4);
    expect([0, 1, 2, 3].map((k) => [held.rowNumber(k), held.reason(k), held.cells(k)])).toEqual([
      [2, null, ['1/13/2024', '', 'Shop', '-1,000.00', '']],
      [3, 'Missing payee', ['1/14/2024', '  ']],
      [5, null, ['only one cell']],
      [6, 'Missing date', []],
    ]);
    const bits = (k: number) => [
      held.dateFails(k, 0),
      held.dateFails(k, 1),
      held.amountFails(k, 0),
      held.amountFails(k, 1),
    ];
    expect(bits(0)).toEqual([false, true, false, true]);
    expect(bits(2)).toEqual([true, false, true, false]);
  });

  it('holds a CSV record as its text and splits it again by the same rules (quotes, empty cells)', () => {
    const held = new HeldRows(';');
    const rows = [
      csvRow(2, '13.01.2024;"Smith; Jones";"say ""hi""";;'),
      csvRow(3, '14.01.2024;one'),
      // A row whose cells are not its text split (a quote never closed): held by its cells.
      { rowNumber: 4, cells: ['15.01.2024', '"open'], skipReason: 'x' },
    ];
    for (const row of rows) held.add(null, [null], NaN, NaN, row);
    expect([0, 1, 2].map((k) => held.cells(k))).toEqual(rows.map((r) => r.cells));
    expect(held.cells(0)).toEqual(['13.01.2024', 'Smith; Jones', 'say "hi"', '', '']);
    // A file that is not CSV holds cells even when a row has a text.
    const other = new HeldRows(null);
    other.add(null, [null], NaN, NaN, { rowNumber: 1, cells: ['a', 'b'], text: 'not the cells' });
    expect(other.cells(0)).toEqual(['a', 'b']);
  });

  it('hands out a new array each time (the answer may be changed by its reader)', () => {
    const held = new HeldRows(null);
    held.add(null, [null], 1, 1, { rowNumber: 1, cells: ['x'] });
    const first = held.cells(0);
    first.push('changed');
    expect(held.cells(0)).toEqual(['x']);
  });
});
