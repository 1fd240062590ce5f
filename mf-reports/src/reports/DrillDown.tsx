import { ACCOUNTS_QUERY_KEY, ApiError, displayDate, errorMessage, formatDollars, useAccounts } from '@hf/app-kit';
import {
  confirmUnlock,
  draftFromRow,
  isCleared,
  isTransferRow,
  PAYEES_QUERY_KEY,
  prepareEdit,
  updateTransaction,
  useCategoryOptions,
  useCategoryResolver,
  usePayees,
  type TransactionDraft,
} from '@hf/app-kit/editing';
import { localToday } from '@hf/calendar';
import { Modal, StatusMessage, useTimedMessage } from '@hf/ui';
import { StatusBadge, TransactionEditFields, useDialogs, useEditKeys } from '@hf/ui/editing';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  downloadCsv,
  reportErrorMessage,
  REPORTS_QUERY_KEY,
  useDrillDown,
  type DrillDownRow,
  type DrillDownTarget,
  type ReportParams,
} from './api';
import { categoryKey } from './report-filters';

const COLUMNS = ['Date', 'Payee', 'Account', 'Category', 'Amount', 'Status'] as const;

export interface DrillDownProps {
  target: DrillDownTarget;
  /** The item's name as the title shows it ("Parent: Child" for a sub-category). */
  label: string;
  params: ReportParams;
  /** Hidden categories (spending by category): their rows are left out, as in the bar list. */
  hiddenCategories: ReadonlySet<string>;
  onClose: () => void;
}

interface EditState {
  row: DrillDownRow;
  draft: TransactionDraft;
}

/** One row being edited, as in the register: the stacked fields, Save and Cancel. */
function RowEditor({
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

/**
 * The drill-down (spec section 2): the rows behind a report item, each editable as in the
 * register. A save refetches the drill-down, the report and the trend (read-your-writes makes
 * them include the edit).
 */
export function DrillDown({ target, label, params, hiddenCategories, onClose }: DrillDownProps) {
  const queryClient = useQueryClient();
  const rows = useDrillDown(target, params);
  const { options: categoryOptions } = useCategoryOptions();
  const dialogs = useDialogs();
  const { message, show } = useTimedMessage();
  const [editing, setEditing] = useState<EditState | null>(null);
  const [unlocked, setUnlocked] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [today] = useState(() => localToday());
  const showError = useCallback((text: string) => show(text, 'error'), [show]);
  const resolveCategory = useCategoryResolver(dialogs, showError);

  const visible = useMemo(
    () =>
      (rows.data ?? []).filter(
        (r) =>
          target.by === 'payee' || hiddenCategories.size === 0 || !hiddenCategories.has(categoryKey(r.category_id)),
      ),
    [rows.data, target.by, hiddenCategories],
  );

  const startEdit = (row: DrillDownRow) =>
    setEditing((e) => (e?.row.id === row.id ? e : { row, draft: draftFromRow(row) }));
  const cancelEdit = () => setEditing(null);

  const save = async () => {
    if (!editing || busy) return;
    const { row, draft } = editing;
    const prepared = await prepareEdit(row, draft, { today, categoryOptions, dialogs, resolveCategory });
    if (prepared.kind === 'invalid') return show(prepared.message, 'error');
    if (prepared.kind === 'cancelled') return;
    if (prepared.kind === 'unchanged') return setEditing(null);
    setBusy(true);
    try {
      await updateTransaction(row.id, { ...prepared.body, updated_at: row.updated_at });
      setEditing(null);
      show('Update successful.');
      void queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PAYEES_QUERY_KEY });
    } catch (err) {
      show(errorMessage(err, 'Failed to update transaction.'), 'error');
      if (err instanceof ApiError && err.status === 409) {
        setEditing(null);
        void rows.refetch();
      }
    } finally {
      setBusy(false);
    }
  };

  const unlock = async (row: DrillDownRow) => {
    if (await confirmUnlock(dialogs)) setUnlocked((s) => new Set(s).add(row.id));
  };

  const download = async () => {
    try {
      await downloadCsv({ drillDown: target }, params);
    } catch (err) {
      show(reportErrorMessage(err), 'error');
    }
  };

  // Escape while a row is edited cancels the edit (the fields cancel it themselves), not the dialog.
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !editing) return false;
    if (!event.defaultPrevented) setEditing(null);
    return true;
  };

  const title = `${label}, ${displayDate(params.start_date)} to ${displayDate(params.end_date)}`;
  return (
    <Modal
      wide
      title={title}
      onClose={onClose}
      onKey={onKey}
      footer={
        <button type="button" className="hf-button" onClick={() => void download()}>
          Download CSV
        </button>
      }
    >
      <StatusMessage message={message} />
      {rows.isPending ? (
        <p className="hf-muted">Loading transactions...</p>
      ) : rows.isError ? (
        <p role="alert" className="hf-status hf-status--error">
          {reportErrorMessage(rows.error)}
        </p>
      ) : visible.length === 0 ? (
        <p className="hf-empty">No spending data available for the selected period.</p>
      ) : (
        <div className="report-drill__scroll">
          <table className="hf-table report-drill__table">
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c} scope="col" className={c === 'Amount' ? 'hf-num' : undefined}>
                    {c}
                  </th>
                ))}
                <th scope="col">
                  <span className="hf-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {visible.map((row) =>
                editing?.row.id === row.id ? (
                  <tr key={row.id} className="report-drill__editing">
                    <td colSpan={COLUMNS.length + 1}>
                      <RowEditor
                        edit={editing}
                        locked={isCleared(row.status) && !unlocked.has(row.id)}
                        busy={busy}
                        onChange={(patch) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e))}
                        onUnlock={() => void unlock(row)}
                        onSave={() => void save()}
                        onCancel={cancelEdit}
                      />
                    </td>
                  </tr>
                ) : (
                  <tr key={row.id} data-row-id={row.id} className="report-drill__row" onClick={() => startEdit(row)}>
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
                          startEdit(row);
                        }}
                      >
                        Edit
                      </button>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      {dialogs.element}
    </Modal>
  );
}
