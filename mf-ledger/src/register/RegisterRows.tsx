import { displayDate, dollarsToCents, formatDollars } from '@hf/app-kit';
import { type CategoryOption, type EditField, type TransactionDraft } from '@hf/app-kit/editing';
import type { CalendarDate } from '@hf/calendar';
import { formatCurrency } from '@hf/money';
import { StatusBadge, transactionFieldSet, useEditKeys } from '@hf/ui/editing';
import { memo, useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { RegisterRow } from './api';
import { CreateRuleButton } from './CreateRuleButton';
import { ReconciledLock } from '../reconciliation/ReconciledLock';

export function rowClassName(
  row: RegisterRow,
  rowIndex: number,
  extra: { highlighted?: boolean; editing?: boolean; clearingActive?: boolean; today: CalendarDate },
): string {
  let name = `ledger-row ${row.is_budgeted ? 'is-budgeted' : 'is-manual'}${rowIndex % 2 ? ' is-alt' : ''}`;
  if (row.date > extra.today) name += ' is-future';
  if (extra.highlighted) name += ' is-highlighted';
  if (extra.editing) name += ' is-editing';
  if (extra.clearingActive) name += ' is-clearing-active';
  return name;
}

/** The fields of an edited row that focus can go to, and the lock beside a locked amount. */
const EDIT_REFS = ['date', 'payee', 'payment', 'deposit', 'status', 'category', 'notes', 'unlock'] as const;

function fieldOf(event: MouseEvent): EditField {
  const cell = (event.target as HTMLElement).closest('td');
  return ((cell?.dataset.field as EditField | undefined) ?? 'date') as EditField;
}

export interface RowViewProps {
  row: RegisterRow;
  rowIndex: number;
  className: string;
  clearingActive: boolean;
  /** The register's one tab stop (the others are reached with the arrow keys). */
  tabStop?: boolean;
  onActivate: (row: RegisterRow, field: EditField) => void;
}

/** One register row on the desktop table; a click on a cell starts editing that field. */
export const RowView = memo(function RowView({ row, className, clearingActive, tabStop, onActivate }: RowViewProps) {
  const cents = dollarsToCents(row.amount);
  return (
    <tr
      className={className}
      data-row-id={row.id}
      aria-current={clearingActive ? 'true' : undefined}
      tabIndex={tabStop ? 0 : -1}
      onClick={(e) => onActivate(row, fieldOf(e))}
    >
      <td data-field="date">{displayDate(row.date)}</td>
      <td data-field="payee" title={row.payee}>
        {row.payee}
      </td>
      <td data-field="payment" className="ledger-num">
        {cents < 0 ? formatCurrency(-cents) : ''}
      </td>
      <td data-field="deposit" className="ledger-num">
        {cents > 0 ? formatCurrency(cents) : ''}
      </td>
      <td className="ledger-num">{formatDollars(row.running)}</td>
      <td className="ledger-num">{formatDollars(row.pending)}</td>
      <td className="ledger-num">{formatDollars(row.cleared)}</td>
      <td data-field="status" className="ledger-center">
        <StatusBadge status={row.status} />
        <ReconciledLock row={row} />
      </td>
      <td data-field="category" title={row.category_name ?? ''}>
        {row.category_name ?? ''}
      </td>
      <td data-field="notes" title={row.notes}>
        {row.notes}
      </td>
    </tr>
  );
});

export interface EditRowProps {
  row: RegisterRow;
  className: string;
  draft: TransactionDraft;
  onChange: (patch: Partial<TransactionDraft>) => void;
  focusField: EditField;
  locked: boolean;
  /** With `locked`: a reconciled row's date is locked too. */
  lockDate?: boolean;
  isTransfer: boolean;
  busy: boolean;
  today: CalendarDate;
  payees: readonly string[];
  accountNames: readonly string[];
  categoryOptions: readonly CategoryOption[];
  onUnlock: () => void;
  onSave: () => void;
  onCancel: () => void;
  onMove: () => void;
  onDelete: () => void;
  /** Opens the row's change history. */
  onHistory?: () => void;
}

/** Focuses the chosen field when the editor opens. */
function useFocusField(focusField: EditField, locked: boolean, isTransfer: boolean, lockDate = false) {
  const refs = useRef<Partial<Record<EditField | 'unlock', HTMLElement | null>>>({});
  useEffect(() => {
    let target: EditField | 'unlock' = focusField;
    if (
      locked &&
      (target === 'payment' || target === 'deposit' || target === 'status' || (lockDate && target === 'date'))
    )
      target = 'unlock';
    if (isTransfer && (target === 'payee' || target === 'category')) target = 'date';
    const el = refs.current[target];
    el?.focus();
    if (el instanceof HTMLInputElement && el.type === 'text') el.select();
    // Only when the editor opens.
  }, []);
  return refs;
}

/** After "Unlock to edit amount" is confirmed, the amount the row has (else Payment) takes focus. */
function useFocusAfterUnlock(locked: boolean, draft: TransactionDraft, refs: ReturnType<typeof useFocusField>) {
  const wasLocked = useRef(locked);
  useEffect(() => {
    if (wasLocked.current && !locked) {
      const field = draft.deposit.trim() !== '' && draft.payment.trim() === '' ? 'deposit' : 'payment';
      const el = refs.current[field];
      if (el instanceof HTMLInputElement) {
        el.focus();
        el.select();
      }
    }
    wasLocked.current = locked;
  }, [locked, draft, refs]);
}

/** The row being edited (one at a time): Save, Move, Delete, Cancel; Enter saves, Escape cancels. */
export function EditRow(props: EditRowProps) {
  const { row, className, focusField, busy, onSave, onCancel, onMove, onDelete, onHistory, ...fields } = props;
  const { draft, locked, isTransfer } = fields;
  const refs = useFocusField(focusField, locked, isTransfer, fields.lockDate);
  useFocusAfterUnlock(locked, draft, refs);
  const onKeyDown = useEditKeys(onSave, onCancel);
  const onActionKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };
  const set = (field: EditField | 'unlock') => (el: HTMLElement | null) => {
    refs.current[field] = el;
  };
  const field = transactionFieldSet({
    ...fields,
    onKeyDown,
    refs: Object.fromEntries(EDIT_REFS.map((name) => [name, set(name)])),
  });
  return (
    <tr className={className} aria-label="Editing transaction" data-row-id={row.id}>
      <td>{field.date}</td>
      <td className="ledger-cell--combo">{field.payee}</td>
      <td>{field.payment}</td>
      <td>{field.deposit}</td>
      <td className="ledger-num">{formatDollars(row.running)}</td>
      <td className="ledger-num">{formatDollars(row.pending)}</td>
      <td className="ledger-num">{formatDollars(row.cleared)}</td>
      <td>{field.status}</td>
      <td className="ledger-cell--combo">{field.category}</td>
      <td className="ledger-cell--actions-anchor">
        {field.notes}
        {/* The edited row's second line (the row is two lines tall): no column appears, no other row is covered. */}
        <div className="ledger-row-actions" role="group" aria-label="Row actions" onKeyDown={onActionKeyDown}>
          <button
            type="button"
            className="hf-button hf-button--primary ledger-button--small"
            disabled={busy}
            onClick={onSave}
          >
            Save
          </button>
          <button type="button" className="hf-button ledger-button--small" disabled={busy} onClick={onMove}>
            Move
          </button>
          <CreateRuleButton row={row} className="hf-button ledger-button--small" />
          <button
            type="button"
            className="hf-button hf-button--danger ledger-button--small"
            disabled={busy}
            onClick={onDelete}
          >
            Delete
          </button>
          {onHistory && (
            <button type="button" className="hf-button ledger-button--small" onClick={onHistory}>
              History
            </button>
          )}
          <button type="button" className="hf-button ledger-button--small" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </td>
    </tr>
  );
}
