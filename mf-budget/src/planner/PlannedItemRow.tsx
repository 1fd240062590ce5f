import { localToday, type CalendarDate } from '@hf/calendar';
import { TrashIcon } from '@hf/ui/icons';
import type { KeyboardEvent, ReactNode } from 'react';
import type { Predictable } from './api';
import { amountCellText, categoryCellText, columnAt, FIXED_COLUMNS, monthCents, monthOccurrences } from './grid';
import { nextDatesText, occurrencesLabel, scheduleSummary, shortDate } from './schedule-text';

/** A cell of the grid: row (item) and column (payee, category, schedule, then the months). */
export interface Cell {
  row: number;
  col: number;
}

export interface PlannedItemRowProps {
  item: Predictable;
  row: number;
  months: readonly string[];
  /** The cell that takes Tab focus (null: the first cell of the table). */
  activeCell: Cell | null;
  /** The column whose editor is open in this row. */
  editingCol: number | null;
  editable: (col: number) => boolean;
  editor: (col: number) => ReactNode;
  onCellClick: (cell: Cell) => void;
  onCellFocus: (cell: Cell) => void;
  onCellKey: (event: KeyboardEvent<HTMLElement>, cell: Cell) => void;
  onDelete: () => void;
}

/** One planned item: its cells (text, or the editor of the cell being edited) and its Delete button. */
export function PlannedItemRow(props: PlannedItemRowProps) {
  const { item, row, months, activeCell, editingCol } = props;
  const columnCount = FIXED_COLUMNS.length + months.length;
  const today = localToday();
  return (
    <tr
      data-item-id={item.id}
      className={item.is_incoming_transfer ? 'budget-grid__mirror' : undefined}
      title={item.is_incoming_transfer ? 'Incoming transfer: edit it in the account it comes from' : undefined}
    >
      {Array.from({ length: columnCount }, (_, col) => {
        const column = columnAt(col, months);
        const isActive = activeCell ? activeCell.row === row && activeCell.col === col : row === 0 && col === 0;
        const isEditing = editingCol === col;
        const text =
          column === 'payee' ? (
            item.payee
          ) : column === 'category' ? (
            categoryCellText(item)
          ) : column === 'schedule' ? (
            <ScheduleCellText item={item} today={today} />
          ) : (
            <MonthCellText item={item} month={column.month} today={today} />
          );
        const className = [
          column === 'payee' ? 'budget-grid__payee' : '',
          column === 'schedule' ? 'budget-grid__schedule' : '',
          typeof column === 'object' ? 'hf-num' : '',
          isEditing ? 'is-editing' : '',
          isActive && activeCell ? 'is-active' : '',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <td
            key={col}
            role="gridcell"
            data-cell={`${row}-${col}`}
            data-month={typeof column === 'object' ? column.month : undefined}
            tabIndex={isEditing ? -1 : isActive ? 0 : -1}
            aria-readonly={!props.editable(col) || undefined}
            className={className || undefined}
            onClick={() => {
              if (!isEditing) props.onCellClick({ row, col });
            }}
            onFocus={() => {
              if (!isEditing && (!activeCell || activeCell.row !== row || activeCell.col !== col))
                props.onCellFocus({ row, col });
            }}
            onKeyDown={(e) => props.onCellKey(e, { row, col })}
          >
            {isEditing ? props.editor(col) : text}
          </td>
        );
      })}
      <td className="budget-actions">
        {!item.is_incoming_transfer && (
          <button
            type="button"
            className="hf-icon-button"
            aria-label={`Delete ${item.payee}`}
            title="Delete"
            onClick={props.onDelete}
          >
            <TrashIcon />
          </button>
        )}
      </td>
    </tr>
  );
}

/** The schedule in plain words and the next dates under it. */
function ScheduleCellText({ item, today }: { item: Predictable; today: CalendarDate }) {
  return (
    <>
      <span className="budget-grid__summary">{scheduleSummary(item, today)}</span>
      <span className="budget-grid__next">{nextDatesText(item.next_dates, today)}</span>
    </>
  );
}

/**
 * A month's amount, and when the item happens several times that month, how many ("3×", read
 * out as "3 paydays in January: $1,500.00 each, $4,500.00 in all") and the month's total. A
 * month the item does not happen in shows a dash.
 */
function MonthCellText({ item, month, today }: { item: Predictable; month: string; today: CalendarDate }) {
  const cents = monthCents(item, month);
  const dates = monthOccurrences(item, month);
  if (dates === null) return amountCellText(cents);
  if (dates.length === 0) return <span title="No date this month">-</span>;
  const title = dates.map((d) => shortDate(d, today)).join(', ');
  if (dates.length === 1) return <span title={title}>{amountCellText(cents)}</span>;
  return (
    <span title={title}>
      {amountCellText(cents)}
      <span className="budget-grid__times">
        <span
          className="budget-occ"
          role="img"
          aria-label={occurrencesLabel(item.item_type, month, dates.length, cents)}
        >
          {dates.length}×
        </span>{' '}
        {cents === 0 ? '' : amountCellText(cents * dates.length)}
      </span>
    </span>
  );
}
