import { useId } from 'react';
import { displayDate } from '@hf/app-kit';
import type { CategoryOption } from '@hf/app-kit/editing';
import type { ImportedRow } from '@hf/contracts/import';
import { toCents } from '@hf/money';
import { SplitLinesEditor } from '../splits/SplitLinesEditor';
import { saveBlockedReason, splitLabel } from '../splits/split-lines';
import type { NewRowSplits } from './use-new-row-splits';

/** The id of new row `index`'s "Split" button (focus comes back to it when its lines close). */
export const splitButtonId = (index: number) => `import-new-split-${index}`;
const editorId = (index: number) => `import-new-split-lines-${index}`;

/** Focus back on the row's "Split" button once its lines are closed (after the list re-renders). */
function focusSplitButton(index: number) {
  requestAnimationFrame(() => document.getElementById(splitButtonId(index))?.focus());
}

/** A new row's "Split" (or "Split (n)" when it has lines): opens or closes its lines under it. */
export function SplitButton({
  index,
  row,
  splits,
  startCategory,
  disabled,
}: {
  index: number;
  row: ImportedRow;
  splits: NewRowSplits;
  /** The category the first line starts with (the row's own, a rule's or the suggested one). */
  startCategory: string;
  disabled: boolean;
}) {
  const lines = splits.kept.get(index);
  const open = splits.open?.index === index;
  const text = lines ? splitLabel(lines.length) : 'Split';
  return (
    <button
      type="button"
      id={splitButtonId(index)}
      className={`hf-button ledger-button--small ledger-import-split-button${lines ? ' is-split' : ''}`}
      aria-label={`${text}: ${row.payee} ${displayDate(row.date)}`}
      aria-expanded={open}
      aria-controls={open ? editorId(index) : undefined}
      disabled={disabled}
      onClick={() => (open ? splits.cancel() : splits.openRow(index, startCategory))}
    >
      {text}
    </button>
  );
}

/** The open row's lines under it (the register's editor), then Done and Cancel. */
export function NewRowSplitEditor({
  row,
  splits,
  categoryOptions,
}: {
  row: ImportedRow;
  splits: NewRowSplits;
  categoryOptions: readonly CategoryOption[];
}) {
  const reasonId = useId();
  const open = splits.open;
  if (!open) return null;
  const totalCents = toCents(row.amount);
  const blocked = saveBlockedReason(totalCents, open.lines);
  const closing = (close: () => unknown) => () => {
    if (close() === false) return;
    focusSplitButton(open.index);
  };
  return (
    <div className="ledger-import-split" id={editorId(open.index)}>
      <SplitLinesEditor
        totalCents={totalCents}
        lines={open.lines}
        onChange={splits.change}
        categoryOptions={categoryOptions}
        onUnsplit={closing(splits.unsplit)}
        onCancel={closing(splits.cancel)}
        onSubmit={closing(splits.done)}
        label={`Split lines of ${row.payee}`}
        reasonId={reasonId}
        autoFocus
      />
      <div className="ledger-import-split__actions">
        <button
          type="button"
          className="hf-button hf-button--primary ledger-button--small"
          disabled={blocked !== null}
          aria-describedby={blocked ? reasonId : undefined}
          onClick={closing(splits.done)}
        >
          Done
        </button>
        <button type="button" className="hf-button ledger-button--small" onClick={closing(splits.cancel)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
