import { displayDate, dollarsToCents, formatDollars } from '@hf/app-kit';
import { type CategoryOption, type EditField, type TransactionDraft } from '@hf/app-kit/editing';
import type { CalendarDate } from '@hf/calendar';
import { formatCurrency } from '@hf/money';
import { StatusBadge, transactionFieldSet, useEditKeys } from '@hf/ui/editing';
import { Fragment, memo, useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { RegisterRow } from './api';
import { CreateRuleButton } from './CreateRuleButton';
import { ReconciledLock } from '../reconciliation/ReconciledLock';
import { SplitLinesView, SplitToggle } from '../splits/SplitLinesView';
import { SplitLinesEditor } from '../splits/SplitLinesEditor';
import { saveBlockedReason, splitLabel, startLines, type SplitDraftLine } from '../splits/split-lines';
import { netAmountCents } from '@hf/app-kit/editing';

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
  /** A split row's lines are shown under it. */
  expanded?: boolean;
  /** Shows or hides a split row's lines. */
  onToggleSplit?: (id: number) => void;
}

/** Columns of the desktop table (a split row's lines span them all). */
const COLUMN_COUNT = 10;

/** One register row on the desktop table; a click on a cell starts editing that field. */
export const RowView = memo(function RowView(props: RowViewProps) {
  const { row, className, clearingActive, tabStop, onActivate, expanded = false, onToggleSplit } = props;
  const cents = dollarsToCents(row.amount);
  const linesId = `split-lines-${row.id}`;
  const split = (row.splits?.length ?? 0) > 0;
  const view = (
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
      <td data-field="category" title={split ? splitLabel(row.splits!.length) : (row.category_name ?? '')}>
        {split ? (
          <SplitToggle
            count={row.splits!.length}
            expanded={expanded}
            controls={linesId}
            onToggle={() => onToggleSplit?.(row.id)}
          />
        ) : (
          (row.category_name ?? '')
        )}
      </td>
      <td data-field="notes" title={row.notes}>
        {row.notes}
      </td>
    </tr>
  );
  if (!split || !expanded) return view;
  return (
    <Fragment>
      {view}
      <tr className="ledger-split-row" data-split-of={row.id}>
        <td colSpan={COLUMN_COUNT}>
          <SplitLinesView id={linesId} payee={row.payee} rowAmount={row.amount} splits={row.splits!} />
        </td>
      </tr>
    </Fragment>
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
  /** The row's split lines as typed (null: not split) and their change (null: unsplit). */
  splits: SplitDraftLine[] | null;
  onSplitsChange: (splits: SplitDraftLine[] | null) => void;
}

/** Why Save is refused while the lines do not add up (null: it can save). */
export function splitSaveReason(draft: TransactionDraft, splits: readonly SplitDraftLine[] | null): string | null {
  if (splits === null) return null;
  const total = netAmountCents(draft.payment, draft.deposit);
  return total === null ? null : saveBlockedReason(total, splits);
}

/** The edited row's "Split" button: the lines start from the row's amount and category. */
export function startSplit(draft: TransactionDraft): SplitDraftLine[] {
  return startLines(netAmountCents(draft.payment, draft.deposit) ?? 0, draft.category);
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
  const { row, className, focusField, busy, onSave, onCancel, onMove, onDelete, onHistory, ...rest } = props;
  const { splits, onSplitsChange, ...fields } = rest;
  const { draft, locked, isTransfer } = fields;
  const reasonId = useId();
  const blocked = splitSaveReason(draft, splits);
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
  if (splits !== null) field.category = <span className="ledger-split-label">{splitLabel(splits.length)}</span>;
  const editor = (
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
            disabled={busy || blocked !== null}
            title={blocked ?? undefined}
            aria-describedby={blocked ? reasonId : undefined}
            onClick={onSave}
          >
            Save
          </button>
          {splits === null && !isTransfer && (
            <button
              type="button"
              className="hf-button ledger-button--small"
              disabled={busy}
              onClick={() => onSplitsChange(startSplit(draft))}
            >
              Split
            </button>
          )}
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
  if (splits === null) return editor;
  return (
    <Fragment>
      {editor}
      <tr className={`${className} ledger-split-row`} data-split-of={row.id}>
        <td colSpan={COLUMN_COUNT}>
          <SplitLinesEditor
            totalCents={netAmountCents(draft.payment, draft.deposit) ?? 0}
            lines={splits}
            onChange={onSplitsChange}
            categoryOptions={fields.categoryOptions}
            onUnsplit={() => {
              onSplitsChange(null);
              fields.onChange({ category: splits[0]?.category ?? '' });
            }}
            onCancel={onCancel}
            onSubmit={onSave}
            reasonId={reasonId}
            autoFocus
          />
        </td>
      </tr>
    </Fragment>
  );
}
