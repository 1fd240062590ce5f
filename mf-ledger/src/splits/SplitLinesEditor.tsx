import type { CategoryOption } from '@hf/app-kit/editing';
import { CategoryInput } from '@hf/ui/editing';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { newLine, remainderCents, remainderText, saveBlockedReason, type SplitDraftLine } from './split-lines';
import './splits.css';

export interface SplitLinesEditorProps {
  /** The row's amount as typed now (cents, signed): the remainder follows it live. */
  totalCents: number;
  lines: readonly SplitDraftLine[];
  onChange: (lines: SplitDraftLine[]) => void;
  categoryOptions: readonly CategoryOption[];
  onUnsplit: () => void;
  /** Escape in a line (the row editor's cancel). */
  onCancel?: () => void;
  /** Ctrl+Enter (Cmd+Enter) in a line: saves the row (plain Enter adds a line). */
  onSubmit?: () => void;
  /** Names the lines' group ("Split lines"). */
  label?: string;
  /** The id the why-not-saved text takes (the owner's Save button points at it). */
  reasonId?: string;
  /** The first line's category takes focus when the lines open (a "Split" button was pressed). */
  autoFocus?: boolean;
}

/**
 * A split row's lines under the row (the register's entry line and row editor, the import's
 * reconcile page): category (the autocomplete with the creation flow at save), amount in the
 * row's direction, notes; the remaining amount shown live; Enter in a line adds a line after it;
 * each line can be removed; "Unsplit" goes back to one category.
 */
export function SplitLinesEditor(props: SplitLinesEditorProps) {
  const { totalCents, lines, onChange, categoryOptions, onUnsplit, onCancel, label = 'Split lines' } = props;
  const ownId = useId();
  const reasonId = props.reasonId ?? ownId;
  const remainder = remainderCents(totalCents, lines);
  const focusKey = useRef<number | null>(props.autoFocus ? (lines[0]?.key ?? null) : null);
  const categoryRefs = useRef(new Map<number, HTMLInputElement>());
  useEffect(() => {
    if (focusKey.current === null) return;
    categoryRefs.current.get(focusKey.current)?.focus();
    focusKey.current = null;
  });

  const change = (key: number, patch: Partial<SplitDraftLine>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const addAfter = (index: number) => {
    const line = newLine();
    focusKey.current = line.key;
    onChange([...lines.slice(0, index + 1), line, ...lines.slice(index + 1)]);
  };
  const remove = (index: number) => {
    const next = lines.filter((_, i) => i !== index);
    const neighbour = next[Math.min(index, next.length - 1)];
    if (neighbour) focusKey.current = neighbour.key;
    onChange(next);
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLElement>) => {
    // An open suggestion list takes Enter itself (Combobox prevents the default).
    if (event.key === 'Enter' && !event.defaultPrevented && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.stopPropagation();
      if (event.ctrlKey || event.metaKey) props.onSubmit?.();
      else addAfter(index);
    } else if (event.key === 'Escape' && !event.defaultPrevented && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };
  const blocked = saveBlockedReason(totalCents, lines);

  return (
    <div className="ledger-split" role="group" aria-label={label}>
      <ol className="ledger-split__lines">
        {lines.map((line, i) => (
          <li key={line.key} className="ledger-split__line" aria-label={`Line ${i + 1}`}>
            <span className="ledger-split__cell ledger-split__cell--category">
              <CategoryInput
                label={`Line ${i + 1} category`}
                options={categoryOptions}
                allowTransfer={false}
                value={line.category}
                onChange={(category) => change(line.key, { category })}
                onKeyDown={onKeyDown(i)}
                inputRef={(el: HTMLInputElement | null) => {
                  if (el) categoryRefs.current.set(line.key, el);
                  else categoryRefs.current.delete(line.key);
                }}
              />
            </span>
            <input
              type="text"
              inputMode="decimal"
              aria-label={`Line ${i + 1} amount`}
              className="hf-input hf-input--amount ledger-split__amount"
              value={line.amount}
              onChange={(e) => change(line.key, { amount: e.target.value })}
              onKeyDown={onKeyDown(i)}
            />
            <input
              type="text"
              aria-label={`Line ${i + 1} notes`}
              className="hf-input ledger-split__notes"
              value={line.notes}
              onChange={(e) => change(line.key, { notes: e.target.value })}
              onKeyDown={onKeyDown(i)}
            />
            <button
              type="button"
              className="hf-button ledger-button--small"
              aria-label={`Remove line ${i + 1}`}
              onClick={() => remove(i)}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <div className="ledger-split__footer">
        <span
          role="status"
          className={`ledger-split__remainder${remainder === 0 ? '' : ' is-open'}`}
          data-testid="split-remainder"
        >
          {remainderText(remainder)}
        </span>
        <button type="button" className="hf-button ledger-button--small" onClick={() => addAfter(lines.length - 1)}>
          Add line
        </button>
        <button type="button" className="hf-button ledger-button--small" onClick={onUnsplit}>
          Unsplit
        </button>
        {blocked && (
          <span id={reasonId} className="ledger-split__reason">
            {blocked}
          </span>
        )}
      </div>
    </div>
  );
}
