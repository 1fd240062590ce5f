import { TrashIcon } from '@hf/ui/icons';
import type { KeyboardEvent, ReactNode } from 'react';
import type { Predictable } from './api';
import { amountCellText, categoryCellText, columnAt, FIXED_COLUMNS, monthCents } from './grid';

/** A cell of the grid: row (item) and column (payee, category, day, then the months). */
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
          column === 'payee'
            ? item.payee
            : column === 'category'
              ? categoryCellText(item)
              : column === 'day'
                ? String(item.day_of_month)
                : amountCellText(monthCents(item, column.month));
        const className = [
          column === 'payee' ? 'budget-grid__payee' : '',
          typeof column === 'object' || column === 'day' ? 'hf-num' : '',
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
