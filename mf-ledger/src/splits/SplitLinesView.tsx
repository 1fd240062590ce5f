import type { SplitLine } from '@hf/contracts';
import { dollarsToCents, formatCurrency } from '@hf/money';
import type { MouseEvent } from 'react';
import { directionOf, splitLabel } from './split-lines';
import './splits.css';

/** "Split (3)" in a split row's category cell: a disclosure button showing or hiding the lines. */
export function SplitToggle({
  count,
  expanded,
  controls,
  onToggle,
}: {
  count: number;
  expanded: boolean;
  /** The id of the lines' list. */
  controls: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className="ledger-split-toggle"
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      title={expanded ? 'Hide the split lines' : 'Show the split lines'}
      onClick={(e: MouseEvent) => {
        // The row's own click edits it: this one only shows or hides the lines.
        e.stopPropagation();
        onToggle();
      }}
      onKeyDown={(e) => {
        // Enter and Space press the button; the register's row keys must not see them.
        if (e.key === 'Enter' || e.key === ' ') e.stopPropagation();
      }}
    >
      {splitLabel(count)}
    </button>
  );
}

/**
 * A split row's lines, read-only: a list a screen reader reads as "category, amount, notes". Amounts
 * are shown in the row's direction (a payment's lines as payments; a refunded item with a minus).
 */
export function SplitLinesView({
  id,
  payee,
  rowAmount,
  splits,
}: {
  id: string;
  payee: string;
  rowAmount: number;
  splits: readonly SplitLine[];
}) {
  const direction = directionOf(dollarsToCents(rowAmount));
  return (
    <ul id={id} className="ledger-split-view" aria-label={`Split lines of ${payee}`}>
      {splits.map((line, i) => {
        const cents = direction * dollarsToCents(line.amount);
        const amount = cents < 0 ? `-${formatCurrency(-cents)}` : formatCurrency(cents);
        return (
          <li key={i}>
            <span className="ledger-split-view__category">{line.category_name ?? 'Uncategorized'}</span>
            <span className="ledger-split-view__amount">{amount}</span>
            {line.notes && <span className="ledger-split-view__notes">{line.notes}</span>}
          </li>
        );
      })}
    </ul>
  );
}
