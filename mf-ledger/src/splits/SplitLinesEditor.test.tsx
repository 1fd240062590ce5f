/**
 * The split lines' editor (SplitLinesEditor) and its rules (split-lines.ts): the remainder shown
 * live in exact cents with mixed signs, Enter adding a line, removal, Unsplit, and why a row
 * cannot be saved yet.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { CategoryOption } from '@hf/app-kit/editing';
import { SplitLinesEditor } from './SplitLinesEditor';
import {
  lineCents,
  linesBody,
  linesFromRow,
  newLine,
  remainderCents,
  remainderText,
  saveBlockedReason,
  startLines,
  type SplitDraftLine,
} from './split-lines';

const options: CategoryOption[] = [
  { id: 1, name: 'Food', parentId: null, parentName: null, text: 'Food' },
  { id: 11, name: 'Groceries', parentId: 1, parentName: 'Food', text: 'Food: Groceries' },
  { id: 2, name: 'Household', parentId: null, parentName: null, text: 'Household' },
];

function Harness({
  totalCents,
  initial,
  onUnsplit = () => undefined,
}: {
  totalCents: number;
  initial: SplitDraftLine[];
  onUnsplit?: () => void;
}) {
  const [lines, setLines] = useState(initial);
  return (
    <>
      <SplitLinesEditor
        totalCents={totalCents}
        lines={lines}
        onChange={setLines}
        categoryOptions={options}
        onUnsplit={onUnsplit}
      />
      <output data-testid="count">{lines.length}</output>
    </>
  );
}

describe('split-lines rules', () => {
  test('line amounts are read in exact cents, signs kept', () => {
    expect(lineCents('12.34')).toBe(1234);
    expect(lineCents('-0.07')).toBe(-7);
    expect(lineCents('0.1')).toBe(10);
    expect(lineCents('')).toBe(0);
    expect(lineCents('1.234')).toBeNull();
    expect(lineCents('abc')).toBeNull();
  });

  test('the remainder is exact with mixed signs (0.1 + 0.2 style sums never drift)', () => {
    const lines = [newLine({ amount: '10.10' }), newLine({ amount: '20.20' }), newLine({ amount: '-0.30' })];
    expect(remainderCents(-3000, lines)).toBe(0);
    expect(remainderCents(-3001, lines)).toBe(1);
    expect(remainderText(1234)).toBe('$12.34 left to assign');
    expect(remainderText(-100)).toBe('$1.00 over');
    expect(remainderText(0)).toBe('All assigned');
  });

  test('why a row cannot be saved', () => {
    expect(saveBlockedReason(-1000, [newLine({ amount: '10' })])).toBe('A split needs 2 lines at least.');
    expect(saveBlockedReason(-1000, [newLine({ amount: '10' }), newLine({ amount: '' })])).toBe(
      'Line 2 has no amount: type one or remove the line.',
    );
    expect(saveBlockedReason(-1000, [newLine({ amount: '4' }), newLine({ amount: '5' })])).toBe(
      'Cannot save: $1.00 left to assign.',
    );
    expect(saveBlockedReason(-1000, [newLine({ amount: '4' }), newLine({ amount: '7' })])).toBe(
      'Cannot save: $1.00 over.',
    );
    expect(saveBlockedReason(-1000, [newLine({ amount: '4' }), newLine({ amount: 'x' })])).toBe(
      "Line 2's amount must be an amount.",
    );
    expect(saveBlockedReason(-1000, [newLine({ amount: '12.5' }), newLine({ amount: '-2.50' })])).toBeNull();
  });

  test("a payment's lines go out signed as the row, a refunded item the other way", () => {
    const lines = [newLine({ amount: '12.50' }), newLine({ amount: '-2.50', notes: ' refund ' })];
    expect(linesBody(-1000, lines, [11, null])).toEqual([
      { category_id: 11, amount: -12.5, notes: '' },
      { category_id: null, amount: 2.5, notes: 'refund' },
    ]);
    expect(linesBody(1000, lines, [11, null]).map((l) => l.amount)).toEqual([12.5, -2.5]);
  });

  test("saved lines read back in the row's direction; a split starts from the row", () => {
    const back = linesFromRow(-1000, [
      { category_id: 11, category_name: 'Food: Groceries', amount: -12.5, notes: '' },
      { category_id: null, category_name: null, amount: 2.5, notes: 'refund' },
    ]);
    expect(back.map((l) => [l.category, l.amount, l.notes])).toEqual([
      ['Food: Groceries', '12.50', ''],
      ['', '-2.50', 'refund'],
    ]);
    expect(startLines(-4567, 'Household').map((l) => [l.category, l.amount])).toEqual([['Household', '45.67']]);
  });
});

describe('SplitLinesEditor', () => {
  test('the remainder follows typing live, Enter adds a line after the one typed in', async () => {
    const user = userEvent.setup();
    render(<Harness totalCents={-3000} initial={[...startLines(-3000, 'Household'), newLine()]} />);
    expect(screen.getByTestId('split-remainder')).toHaveTextContent('All assigned');
    await user.clear(screen.getByLabelText('Line 1 amount'));
    await user.type(screen.getByLabelText('Line 1 amount'), '17.66');
    expect(screen.getByTestId('split-remainder')).toHaveTextContent('$12.34 left to assign');
    await user.type(screen.getByLabelText('Line 2 amount'), '13.34');
    expect(screen.getByTestId('split-remainder')).toHaveTextContent('$1.00 over');
    await user.type(screen.getByLabelText('Line 2 amount'), '{Enter}');
    expect(screen.getByTestId('count')).toHaveTextContent('3');
    expect(screen.getByLabelText('Line 3 category')).toHaveFocus();
    await user.type(screen.getByLabelText('Line 3 amount'), '-1');
    expect(screen.getByTestId('split-remainder')).toHaveTextContent('All assigned');
  });

  test('the reason a save is refused is shown; removing a line and Unsplit', async () => {
    const user = userEvent.setup();
    const onUnsplit = jest.fn();
    render(
      <Harness
        totalCents={1000}
        initial={[newLine({ amount: '4' }), newLine({ amount: '5' }), newLine({ amount: '1' })]}
        onUnsplit={onUnsplit}
      />,
    );
    expect(screen.queryByText(/Cannot save/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove line 3' }));
    expect(screen.getByTestId('count')).toHaveTextContent('2');
    expect(screen.getByText('Cannot save: $1.00 left to assign.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unsplit' }));
    expect(onUnsplit).toHaveBeenCalledTimes(1);
  });
});
