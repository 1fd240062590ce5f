import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { scheduledItemsKey, type Predictable } from './api';
import { amountEditText, categoryCellText, columnAt, FIXED_COLUMNS, isTransferItem, monthCents } from './grid';
import type { Cell } from './PlannedItemRow';
import { saveCell } from './planned-cell-save';

export interface Editing extends Cell {
  /** The item being edited: a refetch may reorder the rows while the editor is open. */
  itemId: number;
  text: string;
}

export interface PlannedGridOptions {
  accountId: number;
  items: readonly Predictable[];
  months: readonly string[];
  resolveCategory: (text: string) => Promise<{ id: number | null } | null>;
  onError: (message: string | null) => void;
  /** Re-reads the budget after a save. */
  refresh: () => Promise<void>;
}

/**
 * The grid used like a spreadsheet: the active cell (keyboard moves focus it), the cell being
 * edited and its text, and the keys of both (see PlannedTable).
 */
export function usePlannedGrid({ accountId, items, months, resolveCategory, onError, refresh }: PlannedGridOptions) {
  const queryClient = useQueryClient();
  const tableRef = useRef<HTMLTableElement>(null);
  const [active, setActive] = useState<Cell | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const editingRef = useRef<Editing | null>(null);
  editingRef.current = editing;
  const [focusNonce, setFocusNonce] = useState(0);
  const columnCount = FIXED_COLUMNS.length + months.length;

  // Keep the active cell inside the table when rows come and go.
  const activeCell =
    active && items.length > 0
      ? { row: Math.min(active.row, items.length - 1), col: Math.min(active.col, columnCount - 1) }
      : null;

  // Keyboard moves focus the active cell (a click focuses it itself).
  useEffect(() => {
    if (focusNonce === 0 || !activeCell || editing) return;
    tableRef.current?.querySelector<HTMLElement>(`[data-cell="${activeCell.row}-${activeCell.col}"]`)?.focus();
  }, [focusNonce, editing]);

  const moveTo = (cell: Cell) => {
    setActive({
      row: Math.max(0, Math.min(items.length - 1, cell.row)),
      col: Math.max(0, Math.min(columnCount - 1, cell.col)),
    });
    setFocusNonce((n) => n + 1);
  };

  const editable = (item: Predictable, col: number) => {
    if (item.is_incoming_transfer) return false;
    return !(columnAt(col, months) === 'category' && isTransferItem(item));
  };

  const startEdit = (cell: Cell, initial?: string) => {
    const item = items[cell.row];
    if (!item || !editable(item, cell.col)) return;
    const column = columnAt(cell.col, months);
    const text =
      initial ??
      (column === 'payee'
        ? item.payee
        : column === 'category'
          ? categoryCellText(item)
          : column === 'day'
            ? String(item.day_of_month)
            : amountEditText(monthCents(item, column.month)));
    onError(null);
    setActive({ row: cell.row, col: cell.col });
    setEditing({ ...cell, itemId: item.id, text });
  };

  const replaceItem = (updated: Predictable) =>
    queryClient.setQueryData<Predictable[]>(scheduledItemsKey(accountId), (old) =>
      old?.map((i) => (i.id === updated.id ? updated : i)),
    );

  /** Saves the edited cell (when changed); `then` moves the active cell afterwards. */
  const commit = async (then?: Cell) => {
    const edit = editingRef.current;
    if (!edit) return;
    editingRef.current = null;
    setEditing(null);
    if (then) moveTo(then);
    else setFocusNonce((n) => n + 1);
    const item = items.find((i) => i.id === edit.itemId && !i.is_incoming_transfer);
    if (!item) return;
    try {
      await saveCell(item, edit.col, edit.text, { months, resolveCategory, onError, replaceItem });
    } finally {
      await refresh();
    }
  };

  const cancel = () => {
    editingRef.current = null;
    setEditing(null);
    setFocusNonce((n) => n + 1);
  };

  const onCellKey = (event: KeyboardEvent<HTMLElement>, cell: Cell) => {
    if (editing || event.defaultPrevented) return;
    const { row, col } = cell;
    const keys: Record<string, Cell | undefined> = {
      ArrowUp: { row: row - 1, col },
      ArrowDown: { row: row + 1, col },
      ArrowLeft: { row, col: col - 1 },
      ArrowRight: { row, col: col + 1 },
      Home: { row: event.ctrlKey ? 0 : row, col: 0 },
      End: { row: event.ctrlKey ? items.length - 1 : row, col: columnCount - 1 },
    };
    const target = keys[event.key];
    if (target) {
      event.preventDefault();
      moveTo(target);
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      startEdit(cell);
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && event.key !== ' ') {
      event.preventDefault();
      startEdit(cell, event.key);
    }
  };

  const onEditorKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.nativeEvent.isComposing || !editing) return;
    const row = Math.max(
      0,
      items.findIndex((i) => i.id === editing.itemId && !i.is_incoming_transfer),
    );
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit({ row: row + 1 < items.length ? row + 1 : row, col: editing.col });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    } else if (event.key === 'Tab') {
      event.preventDefault();
      void commit({ row, col: event.shiftKey ? editing.col - 1 : editing.col + 1 });
    }
  };

  const setEditingText = (text: string) => setEditing((e) => (e ? { ...e, text } : e));
  return {
    tableRef,
    activeCell,
    setActive,
    editing,
    setEditingText,
    editable,
    startEdit,
    commit,
    onCellKey,
    onEditorKey,
  };
}
