import { useAccounts, displayDate, formatDollars } from '@hf/app-kit';
import { isTransferRow, useCategoryOptions, usePayees, type TransactionDraft } from '@hf/app-kit/editing';
import { localToday } from '@hf/calendar';
import { CategoryInput, StatusBadge, TransactionEditFields, useEditKeys } from '@hf/ui/editing';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DrillDownRow } from './api';
import type { EditState } from './use-drill-down-editing';

/** One row being edited, as in the register: the stacked fields, Save and Cancel. */
export function RowEditor({
  edit,
  locked,
  busy,
  onChange,
  onUnlock,
  onSave,
  onCancel,
}: {
  edit: EditState;
  locked: boolean;
  busy: boolean;
  onChange: (patch: Partial<TransactionDraft>) => void;
  onUnlock: () => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { options: categoryOptions } = useCategoryOptions();
  const payees = usePayees().data ?? [];
  const accounts = useAccounts().data ?? [];
  const accountNames = useMemo(
    () => accounts.filter((a) => a.id !== edit.row.account_id).map((a) => a.name),
    [accounts, edit.row.account_id],
  );
  const [today] = useState(() => localToday());
  const onKeyDown = useEditKeys(onSave, onCancel);
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => firstField.current?.focus(), []);
  const line = edit.row.line ?? 0;
  if (line > 0)
    return (
      <div
        className="report-drill__editor"
        role="group"
        aria-label={`Edit line ${line} of ${edit.row.payee}, ${displayDate(edit.row.date)}`}
      >
        <p className="report-drill__line-note">
          Line {line} of a split transaction: {formatDollars(edit.row.amount)}. Its category changes here; the
          transaction&apos;s other lines stay as they are.
        </p>
        <div className="report-drill__line-edit">
          <span className="report-drill__line-category">
            <CategoryInput
              options={categoryOptions}
              allowTransfer={false}
              value={edit.draft.category}
              onChange={(category) => onChange({ category })}
              onKeyDown={onKeyDown}
              inputRef={firstField}
            />
          </span>
          <button type="button" className="hf-button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="hf-button hf-button--primary" disabled={busy} onClick={onSave}>
            Save
          </button>
        </div>
      </div>
    );
  return (
    <div className="report-drill__editor" role="group" aria-label={`Edit transaction ${edit.row.payee}`}>
      <TransactionEditFields
        rowId={edit.row.id}
        draft={edit.draft}
        onChange={onChange}
        locked={locked}
        isTransfer={isTransferRow(edit.row)}
        today={today}
        payees={payees}
        accountNames={accountNames}
        categoryOptions={categoryOptions}
        onUnlock={onUnlock}
        onKeyDown={onKeyDown}
        firstFieldRef={firstField}
      />
      <div className="report-drill__editor-actions">
        <button type="button" className="hf-button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="hf-button hf-button--primary" disabled={busy} onClick={onSave}>
          Save
        </button>
      </div>
    </div>
  );
}

/** A row of the drill-down; a click on it or its Edit button edits it. */
export function DrillDownRowView({
  row,
  onEdit,
  onHistory,
}: {
  row: DrillDownRow;
  onEdit: () => void;
  /** Opens the row's change history. */
  onHistory?: () => void;
}) {
  return (
    <tr data-row-id={row.id} className="report-drill__row" onClick={onEdit}>
      <td data-label="Date">{displayDate(row.date)}</td>
      <td data-label="Payee" className="report-drill__payee">
        {row.payee}
      </td>
      <td data-label="Account">{row.account_name}</td>
      <td data-label="Category">{row.category_name ?? ''}</td>
      <td
        data-label="Amount"
        className={`hf-num report-drill__amount${row.amount < 0 ? ' is-payment' : ' is-deposit'}`}
      >
        {formatDollars(row.amount)}
      </td>
      <td data-label="Status">
        <StatusBadge status={row.status} />
      </td>
      <td className="report-drill__actions">
        <button
          type="button"
          className="hf-button hf-button--small"
          aria-label={`Edit ${row.payee}, ${displayDate(row.date)}`}
          onClick={(e) => {
            e.stopPropagation();
            onEdit();
          }}
        >
          Edit
        </button>
        {onHistory && (
          <button
            type="button"
            className="hf-button hf-button--small"
            aria-label={`History of ${row.payee}, ${displayDate(row.date)}`}
            onClick={(e) => {
              e.stopPropagation();
              onHistory();
            }}
          >
            History
          </button>
        )}
      </td>
    </tr>
  );
}
