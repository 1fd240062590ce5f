import type { CategoryOption } from '@hf/app-kit/editing';
import { CategoryInput, PayeeInput } from '@hf/ui/editing';
import type { KeyboardEvent } from 'react';
import type { Predictable } from './api';
import type { FixedColumn } from './grid';
import { shortMonthLabel } from './months';

export interface PlannedCellEditorProps {
  item: Predictable;
  column: Exclude<FixedColumn, 'schedule'> | { month: string };
  text: string;
  onText: (text: string) => void;
  /** Enter, Tab and Escape (PlannedTable). */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** Leaving the editor saves it. */
  onCommit: () => void;
  payees: readonly string[];
  accountNames: readonly string[];
  categoryOptions: readonly CategoryOption[];
}

/** The editor of one cell: the payee and category autocompletes, or a text field for a month's amount. */
export function PlannedCellEditor(props: PlannedCellEditorProps) {
  const { item, column, text, onText, onKeyDown, onCommit } = props;
  // The autocompletes' shared part: the text, Enter / Tab / Escape, focus when opened.
  const typing = { value: text, onChange: onText, onKeyDown, inputRef: autoFocus };
  if (column === 'payee')
    return (
      <span className="budget-editor" onBlur={onCommit}>
        <PayeeInput {...typing} payees={props.payees} accountNames={props.accountNames} />
      </span>
    );
  if (column === 'category')
    return (
      <span className="budget-editor" onBlur={onCommit}>
        <CategoryInput {...typing} options={props.categoryOptions} allowTransfer={false} />
      </span>
    );
  const label = `${item.payee} ${shortMonthLabel(column.month)}`;
  return (
    <input
      ref={autoFocus}
      type="text"
      inputMode="decimal"
      aria-label={label}
      className="hf-input budget-editor__input"
      value={text}
      onChange={(e) => onText(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={onCommit}
    />
  );
}

/** Focuses an editor when it mounts and selects its text (typing replaces it). */
function autoFocus(el: HTMLInputElement | null) {
  if (el && document.activeElement !== el) {
    el.focus();
    const end = el.value.length;
    // A cell opened by typing keeps that first character; otherwise the whole text is selected.
    if (end === 1) el.setSelectionRange(1, 1);
    else el.select();
  }
}
