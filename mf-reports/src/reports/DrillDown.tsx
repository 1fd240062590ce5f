import { displayDate } from '@hf/app-kit';
import { useCategoryOptions, useCategoryResolver } from '@hf/app-kit/editing';
import { Modal, StatusMessage, useTimedMessage } from '@hf/ui';
import { useDialogs } from '@hf/ui/editing';
import { HistoryDialog } from '@hf/ui/history';
import { useCallback, useMemo, useState } from 'react';
import { downloadCsv, reportErrorMessage, useDrillDown, type DrillDownTarget, type ReportParams } from './api';
import { DrillDownRowView, RowEditor } from './DrillDownRows';
import { categoryKey } from './report-filters';
import { useDrillDownEditing } from './use-drill-down-editing';

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

/**
 * The drill-down (docs/rules/reports.md): the rows behind a report item, each editable as in the
 * register. A save refetches the drill-down, the report and the trend (read-your-writes makes
 * them include the edit).
 */
export function DrillDown({ target, label, params, hiddenCategories, onClose }: DrillDownProps) {
  const rows = useDrillDown(target, params);
  const { options: categoryOptions } = useCategoryOptions();
  const dialogs = useDialogs();
  const { message, show } = useTimedMessage();
  const showError = useCallback((text: string) => show(text, 'error'), [show]);
  const resolveCategory = useCategoryResolver(dialogs, showError);
  const editor = useDrillDownEditing({ categoryOptions, dialogs, resolveCategory, show, refetch: rows.refetch });
  const { editing } = editor;
  const [historyOf, setHistoryOf] = useState<{ id: number; payee: string } | null>(null);

  const visible = useMemo(
    () =>
      (rows.data ?? []).filter(
        (r) =>
          target.by === 'payee' || hiddenCategories.size === 0 || !hiddenCategories.has(categoryKey(r.category_id)),
      ),
    [rows.data, target.by, hiddenCategories],
  );

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
    if (!event.defaultPrevented) editor.cancel();
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
                editing?.row.id === row.id && (editing.row.line ?? 0) === (row.line ?? 0) ? (
                  <tr key={`${row.id}-${row.line ?? 0}`} className="report-drill__editing">
                    <td colSpan={COLUMNS.length + 1}>
                      <RowEditor
                        edit={editing}
                        locked={editor.isLocked(row)}
                        busy={editor.busy}
                        onChange={editor.change}
                        onUnlock={() => void editor.unlock(row)}
                        onSave={() => void editor.save()}
                        onCancel={editor.cancel}
                      />
                    </td>
                  </tr>
                ) : (
                  <DrillDownRowView
                    key={`${row.id}-${row.line ?? 0}`}
                    row={row}
                    onEdit={() => editor.start(row)}
                    onHistory={() => setHistoryOf({ id: row.id, payee: row.payee })}
                  />
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      {dialogs.element}
      {historyOf && (
        <HistoryDialog transactionId={historyOf.id} payee={historyOf.payee} onClose={() => setHistoryOf(null)} />
      )}
    </Modal>
  );
}
