/**
 * The reconcile page's split of a new row (issue 21): "Split" opens the register's lines editor
 * under the row, Done keeps lines only when they add up, the row then shows "Split (n)", Cancel
 * and Unsplit, and import_new's rows carry the lines without a category.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { displayDate } from '@hf/app-kit';
import type { CategoryOption } from '@hf/app-kit/editing';
import type { ImportedRow, ReconciliationData } from '@hf/contracts/import';
import { ReconcileLists } from './ReconcileLists';
import { importNewTransactions, initialSelection } from './reconcile';
import { useNewRowSplits, type NewRowSplits } from './use-new-row-splits';

const options: CategoryOption[] = [
  { id: 1, name: 'Food', parentId: null, parentName: null, text: 'Food' },
  { id: 2, name: 'Home', parentId: null, parentName: null, text: 'Home' },
];

const row = (n: number, payee: string, amount: number, extra: Partial<ImportedRow> = {}): ImportedRow => ({
  row_number: n,
  date: `2025-03-0${n}`,
  payee,
  amount,
  category: '',
  notes: '',
  fitid: null,
  ...extra,
});

const data: ReconciliationData = {
  matched: [],
  new: [row(2, 'Coffee', -4.5), row(3, 'Supermarket', -60.5, { category_id: 1, rule_id: 9 })],
  duplicates: [],
  skipped_rows: [],
};

let latest: NewRowSplits;
function Harness() {
  const splits = useNewRowSplits(data.new);
  latest = splits;
  return (
    <ReconcileLists
      data={data}
      selection={initialSelection(data)}
      busy={false}
      isMobile={false}
      onToggle={() => undefined}
      onAll={() => undefined}
      rules={{
        categoryText: (id) => options.find((o) => o.id === id)?.text,
        ruleNames: new Map([[9, 'Groceries rule']]),
        useRuleCategories: true,
      }}
      splits={{ state: splits, categoryOptions: options }}
    />
  );
}

// jsdom has no layout: give the lists' scroll boxes a size so the virtual lists render rows.
const sized = (el: HTMLElement, value: number) => (el.classList?.contains('ledger-import-list') ? value : 0);
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return sized(this, 600);
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return sized(this, 1000);
    },
  });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});

/** Lets the focus move that waits for the next frame happen. */
const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));

describe('a new row split on the reconcile page', () => {
  test('Split opens the lines under the row; Done waits for the lines to add up; the row then shows Split (2)', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const button = screen.getByRole('button', { name: `Split: Supermarket ${displayDate('2025-03-03')}` });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // The rule's category is shown while the row is not split.
    expect(screen.getByText(/Food · set by rule Groceries rule/)).toBeInTheDocument();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const lines = screen.getByRole('group', { name: 'Split lines of Supermarket' });
    // One line to start: the whole amount in the row's direction and the category the row would take.
    expect(within(lines).getByLabelText('Line 1 category')).toHaveValue('Food');
    expect(within(lines).getByLabelText('Line 1 category')).toHaveFocus();
    expect(within(lines).getByLabelText('Line 1 amount')).toHaveValue('60.50');
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    expect(done).toHaveAccessibleDescription('A split needs 2 lines at least.');

    const amount1 = within(lines).getByLabelText('Line 1 amount');
    await user.clear(amount1);
    await user.type(amount1, '40.25{Enter}');
    expect(within(lines).getByLabelText('Line 2 category')).toHaveFocus();
    await user.type(within(lines).getByLabelText('Line 2 category'), 'Home');
    await user.type(within(lines).getByLabelText('Line 2 amount'), '20.24');
    expect(within(lines).getByRole('status')).toHaveTextContent('$0.01 left to assign');
    expect(done).toBeDisabled();
    expect(done).toHaveAccessibleDescription('Cannot save: $0.01 left to assign.');
    await user.clear(within(lines).getByLabelText('Line 2 amount'));
    await user.type(within(lines).getByLabelText('Line 2 amount'), '20.25');
    expect(within(lines).getByRole('status')).toHaveTextContent('All assigned');
    expect(done).toBeEnabled();
    await user.click(done);
    await nextFrame();

    expect(screen.queryByRole('group', { name: 'Split lines of Supermarket' })).not.toBeInTheDocument();
    const split = screen.getByRole('button', { name: `Split (2): Supermarket ${displayDate('2025-03-03')}` });
    expect(split).toHaveFocus();
    // A split row's categories are its lines': the rule's category is no longer shown as the row's.
    expect(screen.queryByText(/Food · set by rule/)).not.toBeInTheDocument();
    expect(screen.getByText(/set by rule Groceries rule/)).toBeInTheDocument();

    // import_new's rows: the split row sends its lines (signed like the row) and no category.
    const txs = importNewTransactions(
      data.new,
      () => null,
      () => null,
      (r) => r.category_id ?? null,
      (r) =>
        latest.linesOf.has(r)
          ? latest.linesOf.get(r)!.map((l, i) => ({ category_id: i + 1, amount: -Number(l.amount), notes: '' }))
          : null,
    );
    expect(txs).toEqual([
      { date: '2025-03-02', payee: 'Coffee', amount: -4.5 },
      {
        date: '2025-03-03',
        payee: 'Supermarket',
        amount: -60.5,
        splits: [
          { category_id: 1, amount: -40.25, notes: '' },
          { category_id: 2, amount: -20.25, notes: '' },
        ],
      },
    ]);
  });

  test('Escape cancels the changes; Ctrl+Enter is Done; Unsplit drops the lines', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: `Split: Coffee ${displayDate('2025-03-02')}` }));
    let lines = screen.getByRole('group', { name: 'Split lines of Coffee' });
    await user.clear(within(lines).getByLabelText('Line 1 amount'));
    await user.type(within(lines).getByLabelText('Line 1 amount'), '4{Enter}');
    await user.type(within(lines).getByLabelText('Line 2 amount'), '0.5');
    // Escape: nothing kept, focus back on the row's Split.
    await user.keyboard('{Escape}');
    await nextFrame();
    expect(screen.queryByRole('group', { name: 'Split lines of Coffee' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Split: Coffee ${displayDate('2025-03-02')}` })).toHaveFocus();
    expect(latest.kept.size).toBe(0);

    await user.keyboard('{Enter}');
    lines = screen.getByRole('group', { name: 'Split lines of Coffee' });
    await user.clear(within(lines).getByLabelText('Line 1 amount'));
    await user.type(within(lines).getByLabelText('Line 1 amount'), '4{Enter}');
    await user.type(within(lines).getByLabelText('Line 2 amount'), '0.5{Control>}{Enter}{/Control}');
    await nextFrame();
    const split = screen.getByRole('button', { name: `Split (2): Coffee ${displayDate('2025-03-02')}` });
    expect(split).toHaveFocus();
    expect(latest.kept.get(0)?.map((l) => l.amount)).toEqual(['4', '0.5']);

    // Reopened with its kept lines; Unsplit drops them.
    await user.click(split);
    lines = screen.getByRole('group', { name: 'Split lines of Coffee' });
    expect(within(lines).getByLabelText('Line 2 amount')).toHaveValue('0.5');
    await user.click(within(lines).getByRole('button', { name: 'Unsplit' }));
    await nextFrame();
    expect(screen.getByRole('button', { name: `Split: Coffee ${displayDate('2025-03-02')}` })).toHaveFocus();
    expect(latest.kept.size).toBe(0);
  });
});
