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
  /** Opens the schedule dialog of an item (its Schedule cell has no editor in the grid). */
  onEditSchedule: (item: Predictable) => void;
}

/** Whether a cell opens an editor: an incoming transfer's row never does, a transfer's category neither. */
function isEditable(item: Predictable, col: number, months: readonly string[]): boolean {
  if (item.is_incoming_transfer) return false;
  return !(columnAt(col, months) === 'category' && isTransferItem(item));
}

/** The text an editor opens with: the cell's value as typed. */
function editText(item: Predictable, col: number, months: readonly string[]): string {
  const column = columnAt(col, months);
  if (column === 'payee') return item.payee;
  if (column === 'category') return categoryCellText(item);
  return typeof column === 'object' ? amountEditText(monthCents(item, column.month)) : '';
}

/** The cell an arrow, Home or End key moves to (Ctrl+Home/End: the first/last row); undefined for other keys. */
function keyTarget(event: KeyboardEvent<HTMLElement>, cell: Cell, rowCount: number, columnCount: number) {
  const { row, col } = cell;
  const keys: Record<string, Cell | undefined> = {
    ArrowUp: { row: row - 1, col },
    ArrowDown: { row: row + 1, col },
    ArrowLeft: { row, col: col - 1 },
    ArrowRight: { row, col: col + 1 },
    Home: { row: event.ctrlKey ? 0 : row, col: 0 },
    End: { row: event.ctrlKey ? rowCount - 1 : row, col: columnCount - 1 },
  };
  return keys[event.key];
}

/** Whether a key typed on a cell starts editing it with that character. */
function isTypedCharacter(event: KeyboardEvent<HTMLElement>): boolean {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && event.key !== ' ';
}

/**
 * A key on a cell with no editor open: arrows, Home and End move; Enter or F2 edits; a character
 * types over (on the Schedule cell, Enter, F2 and a character open its dialog).
 */
export function onCellKeyDown(
  event: KeyboardEvent<HTMLElement>,
  cell: Cell,
  grid: {
    rowCount: number;
    columnCount: number;
    moveTo: (cell: Cell) => void;
    startEdit: (cell: Cell, initial?: string) => void;
  },
): void {
  const target = keyTarget(event, cell, grid.rowCount, grid.columnCount);
  if (target) {
    event.preventDefault();
    grid.moveTo(target);
  } else if (event.key === 'Enter' || event.key === 'F2') {
    event.preventDefault();
    grid.startEdit(cell);
  } else if (isTypedCharacter(event)) {
    event.preventDefault();
    grid.startEdit(cell, event.key);
  }
}

/** A key in the open editor: Enter saves and goes down, Tab saves and goes across, Escape cancels. */
export function onEditorKeyDown(
  event: KeyboardEvent<HTMLElement>,
  editing: Editing,
  // Any grid's rows (the Predictables, the envelopes): an incoming transfer's mirror is no row of its own.
  items: readonly { id: number; is_incoming_transfer?: boolean }[],
  editor: { commit: (then?: Cell) => Promise<void>; cancel: () => void },
): void {
  const row = Math.max(
    0,
    items.findIndex((i) => i.id === editing.itemId && !i.is_incoming_transfer),
  );
  if (event.key === 'Enter') {
    event.preventDefault();
    void editor.commit({ row: row + 1 < items.length ? row + 1 : row, col: editing.col });
  } else if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    editor.cancel();
  } else if (event.key === 'Tab') {
    event.preventDefault();
    void editor.commit({ row, col: event.shiftKey ? editing.col - 1 : editing.col + 1 });
  }
}

/**
 * The active cell, kept inside the table when rows come and go; keyboard moves (`moveTo`) and
 * `refocus` focus it once no editor is open (a click focuses it itself).
 */
export function useActiveCell(rowCount: number, columnCount: number, editing: Editing | null) {
  const tableRef = useRef<HTMLTableElement>(null);
  const [active, setActive] = useState<Cell | null>(null);
  const [focusNonce, setFocusNonce] = useState(0);

  const activeCell =
    active && rowCount > 0
      ? { row: Math.min(active.row, rowCount - 1), col: Math.min(active.col, columnCount - 1) }
      : null;

  useEffect(() => {
    if (focusNonce === 0 || !activeCell || editing) return;
    tableRef.current?.querySelector<HTMLElement>(`[data-cell="${activeCell.row}-${activeCell.col}"]`)?.focus();
  }, [focusNonce, editing]);

  const refocus = () => setFocusNonce((n) => n + 1);
  const moveTo = (cell: Cell) => {
    setActive({
      row: Math.max(0, Math.min(rowCount - 1, cell.row)),
      col: Math.max(0, Math.min(columnCount - 1, cell.col)),
    });
    refocus();
  };
  return { tableRef, activeCell, setActive, moveTo, refocus };
}

/**
 * What a grid tells the shared editing: whether a cell can be edited, the editor it opens (null:
 * none, e.g. the Schedule cell opens its dialog instead), and how a finished edit is saved.
 */
export interface CellEditingRules {
  canEdit: (cell: Cell) => boolean;
  open: (cell: Cell, initial: string | undefined) => Editing | null;
  /** Called once the editor is closed and the active cell has moved. */
  save: (edit: Editing) => Promise<void>;
  onError: (message: string | null) => void;
}

/**
 * A grid used like a spreadsheet (The Predictables, the envelopes): the active cell (keyboard
 * moves focus it), the cell being edited and its text, and the keys of both.
 */
export function useCellEditing(
  rows: readonly { id: number; is_incoming_transfer?: boolean }[],
  columnCount: number,
  rules: CellEditingRules,
) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const editingRef = useRef<Editing | null>(null);
  editingRef.current = editing;
  const { tableRef, activeCell, setActive, moveTo, refocus } = useActiveCell(rows.length, columnCount, editing);

  const startEdit = (cell: Cell, initial?: string) => {
    if (!rules.canEdit(cell)) return;
    rules.onError(null);
    setActive({ row: cell.row, col: cell.col });
    const next = rules.open(cell, initial);
    if (next) setEditing(next);
  };

  /** Closes the editor and saves its edit; `then` moves the active cell first. */
  const commit = async (then?: Cell) => {
    const edit = editingRef.current;
    if (!edit) return;
    editingRef.current = null;
    setEditing(null);
    if (then) moveTo(then);
    else refocus();
    await rules.save(edit);
  };

  const cancel = () => {
    editingRef.current = null;
    setEditing(null);
    refocus();
  };

  const onCellKey = (event: KeyboardEvent<HTMLElement>, cell: Cell) => {
    if (editing || event.defaultPrevented) return;
    onCellKeyDown(event, cell, { rowCount: rows.length, columnCount, moveTo, startEdit });
  };

  const onEditorKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.nativeEvent.isComposing || !editing) return;
    onEditorKeyDown(event, editing, rows, { commit, cancel });
  };

  const setEditingText = (text: string) => setEditing((e) => (e ? { ...e, text } : e));
  return { tableRef, activeCell, setActive, editing, setEditingText, startEdit, commit, onCellKey, onEditorKey };
}

/** The Predictables grid: amounts by month, payee and category edited in place, the Schedule cell by its dialog. */
export function usePlannedGrid(options: PlannedGridOptions) {
  const { accountId, items, months, resolveCategory, onError, refresh, onEditSchedule } = options;
  const queryClient = useQueryClient();
  const editable = (item: Predictable, col: number) => isEditable(item, col, months);

  const replaceItem = (updated: Predictable) =>
    queryClient.setQueryData<Predictable[]>(scheduledItemsKey(accountId), (old) =>
      old?.map((i) => (i.id === updated.id ? updated : i)),
    );

  const grid = useCellEditing(items, FIXED_COLUMNS.length + months.length, {
    onError,
    canEdit: (cell) => {
      const item = items[cell.row];
      return item !== undefined && editable(item, cell.col);
    },
    open: (cell, initial) => {
      const item = items[cell.row];
      if (columnAt(cell.col, months) === 'schedule') {
        onEditSchedule(item);
        return null;
      }
      return { ...cell, itemId: item.id, text: initial ?? editText(item, cell.col, months) };
    },
    save: async (edit) => {
      const item = items.find((i) => i.id === edit.itemId && !i.is_incoming_transfer);
      if (!item) return;
      try {
        await saveCell(item, edit.col, edit.text, { months, resolveCategory, onError, replaceItem });
      } finally {
        await refresh();
      }
    },
  });
  return { ...grid, editable };
}
