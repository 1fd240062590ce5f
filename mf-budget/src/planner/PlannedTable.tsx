/**
 * One table of The Predictables ("Planned Deposits" or "Planned Payments"): payee, category,
 * schedule (in plain words, with the next dates) and the 12 months of the horizon, used like a
 * spreadsheet. Arrows (and Home / End) move between cells, Enter or typing starts an edit, Enter
 * commits (and moves down), Tab commits (and moves right), Escape cancels; a click edits the
 * cell, and on the Schedule cell opens the schedule dialog. A month's amount fills forward
 * (autofill `full`) and is saved only when it changed; a month with several occurrences shows
 * how many and its total. Incoming transfer mirrors are italic and read-only.
 */
import type { AccountSummary } from '@hf/app-kit';
import type { CategoryOption } from '@hf/app-kit/editing';
import { ConfirmDialog } from '@hf/ui';
import { AddItemForm } from './AddItemForm';
import { PlannedCellEditor } from './PlannedCellEditor';
import { PlannedItemRow } from './PlannedItemRow';
import { ScheduleDialog } from './ScheduleDialog';
import { usePlannedGrid } from './use-planned-grid';
import { useId, useState } from 'react';
import { budgetApi, budgetErrorMessage, BUDGET_TEXT, useBudgetRefresh, type Predictable } from './api';
import { columnAt, FIXED_COLUMNS } from './grid';
import { shortMonthLabel } from './months';

export interface PlannedTableProps {
  title: 'Planned Deposits' | 'Planned Payments';
  itemType: 'deposit' | 'payment';
  accountId: number;
  items: readonly Predictable[];
  months: readonly string[];
  accounts: readonly AccountSummary[];
  payees: readonly string[];
  categoryOptions: readonly CategoryOption[];
  /** The category creation flow: `{ id }` or null when the person stopped. */
  resolveCategory: (text: string) => Promise<{ id: number | null } | null>;
  onError: (message: string | null) => void;
}

export function PlannedTable({
  title,
  itemType,
  accountId,
  items,
  months,
  accounts,
  payees,
  categoryOptions,
  resolveCategory,
  onError,
}: PlannedTableProps) {
  const headingId = useId();
  const refresh = useBudgetRefresh();
  const [deleting, setDeleting] = useState<Predictable | null>(null);
  const [scheduling, setScheduling] = useState<Predictable | null>(null);
  const otherAccountNames = accounts.filter((a) => a.id !== accountId).map((a) => a.name);
  const grid = usePlannedGrid({
    accountId,
    items,
    months,
    resolveCategory,
    onError,
    refresh,
    onEditSchedule: setScheduling,
  });
  const { activeCell, editing } = grid;
  const columnCount = FIXED_COLUMNS.length + months.length;

  const remove = async (item: Predictable) => {
    setDeleting(null);
    onError(null);
    try {
      await budgetApi.deleteItem(item.id);
    } catch (err) {
      onError(budgetErrorMessage(err, BUDGET_TEXT.deleteItem));
    }
    await refresh();
  };

  const editor = (item: Predictable, col: number) => {
    const column = columnAt(col, months);
    if (!editing || column === 'schedule') return null;
    return (
      <PlannedCellEditor
        item={item}
        column={column}
        text={editing.text}
        onText={grid.setEditingText}
        onKeyDown={grid.onEditorKey}
        onCommit={() => void grid.commit()}
        payees={payees}
        accountNames={otherAccountNames}
        categoryOptions={categoryOptions}
      />
    );
  };

  return (
    <div className="budget-planned">
      <h3 id={headingId} className="budget-planned__title">
        {title}
      </h3>
      {/* A scrolling region: focusable so keyboard users can scroll it (axe scrollable-region-focusable). */}
      <div className="hf-table-wrap budget-grid-wrap" role="region" aria-labelledby={headingId} tabIndex={0}>
        <table ref={grid.tableRef} role="grid" aria-labelledby={headingId} className="hf-table budget-grid">
          <thead>
            <tr>
              <th scope="col" className="budget-grid__payee">
                Payee
              </th>
              <th scope="col">Category</th>
              <th scope="col">Schedule</th>
              {months.map((m) => (
                <th key={m} scope="col" className="hf-num">
                  {shortMonthLabel(m)}
                </th>
              ))}
              <th scope="col">
                <span className="hf-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 && (
              <tr>
                <td colSpan={columnCount + 1} className="hf-muted budget-grid__empty">
                  {itemType === 'deposit' ? 'No planned deposits yet.' : 'No planned payments yet.'}
                </td>
              </tr>
            )}
            {items.map((item, row) => (
              <PlannedItemRow
                key={`${item.id}-${item.is_incoming_transfer ? 'in' : 'own'}`}
                item={item}
                row={row}
                months={months}
                activeCell={activeCell}
                editingCol={
                  editing !== null && editing.itemId === item.id && !item.is_incoming_transfer ? editing.col : null
                }
                editable={(col) => grid.editable(item, col)}
                editor={(col) => editor(item, col)}
                onCellClick={(cell) => {
                  grid.setActive(cell);
                  grid.startEdit(cell);
                }}
                onCellFocus={grid.setActive}
                onCellKey={grid.onCellKey}
                onDelete={() => setDeleting(item)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <AddItemForm
        itemType={itemType}
        accountId={accountId}
        accounts={accounts}
        payees={payees}
        categoryOptions={categoryOptions}
        resolveCategory={resolveCategory}
        onError={onError}
        onAdded={refresh}
      />
      {scheduling && <ScheduleDialog item={scheduling} onClose={() => setScheduling(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete Scheduled Item"
          message={`Are you sure you want to delete "${deleting.payee}"? Its planned rows leave the register.`}
          destructive
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
