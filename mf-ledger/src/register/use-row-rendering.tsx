import { useCallback, useMemo, useState } from 'react';
import { isTransferRow, type CategoryOption, type EditField } from '@hf/app-kit/editing';
import type { CalendarDate } from '@hf/calendar';
import type { RegisterRow } from './api';
import type { HighlightKind } from './hooks';
import { EditRow, RowView, rowClassName, type EditRowProps } from './RegisterRows';
import type { EditState, useRowEditing } from './use-row-editing';

export interface RowRenderingOptions {
  rows: readonly RegisterRow[];
  /** Rows of the whole register (older pages may still be loading). */
  total: number;
  today: CalendarDate;
  highlights: ReadonlyMap<number, HighlightKind>;
  editor: ReturnType<typeof useRowEditing>;
  clearingActiveId: number | null;
  startEdit: (row: RegisterRow, field: EditField) => void;
  isMobile: boolean;
  payees: readonly string[];
  accountNames: readonly string[];
  categoryOptions: readonly CategoryOption[];
  onMove: (row: RegisterRow) => void;
  onDelete: (row: RegisterRow) => void;
  onHistory?: (row: RegisterRow) => void;
}

/**
 * How a row shows: its classes (shades, today, highlight, editing, clearing), the editor's props
 * (inline or the mobile dialog) and the row itself, read-only or being edited.
 */
export function useRowRendering(options: RowRenderingOptions) {
  const { rows, total, today, highlights, editor, clearingActiveId, startEdit, isMobile } = options;
  const { editing } = editor;
  const { expanded, toggleSplit, extraLines } = useSplitRows(rows, editing);

  // Alternating shades count from the start of the whole register, so they do not flip while
  // older pages are still being prepended.
  const indexOffset = Math.max(0, total - rows.length);
  const rowClass = useCallback(
    (row: RegisterRow, rowIndex: number) =>
      rowClassName(row, rowIndex + indexOffset, {
        today,
        highlighted: highlights.has(row.id),
        editing: editing?.row.id === row.id,
        clearingActive: clearingActiveId === row.id,
      }),
    [today, highlights, editing, clearingActiveId, indexOffset],
  );

  const editProps = (row: RegisterRow, e: EditState): Omit<EditRowProps, 'className' | 'focusField'> => ({
    row,
    draft: e.draft,
    onChange: editor.change,
    locked: editor.isLocked(e),
    lockDate: row.reconciled === true,
    isTransfer: isTransferRow(row),
    busy: editor.busy,
    today,
    payees: options.payees,
    accountNames: options.accountNames,
    categoryOptions: options.categoryOptions,
    onUnlock: () => void editor.unlock(row),
    onSave: () => void editor.save(),
    onCancel: editor.cancel,
    onMove: () => {
      if (isMobile) editor.close();
      options.onMove(row);
    },
    onDelete: () => {
      if (isMobile) editor.close();
      options.onDelete(row);
    },
    onHistory: options.onHistory && (() => options.onHistory?.(row)),
    splits: e.splits,
    onSplitsChange: editor.changeSplits,
  });

  const renderRow = (row: RegisterRow, rowIndex: number, tabStop: boolean) => {
    const className = rowClass(row, rowIndex);
    if (editing && editing.row.id === row.id)
      return (
        <EditRow key={`row-${row.id}`} className={className} focusField={editing.focus} {...editProps(row, editing)} />
      );
    return (
      <RowView
        key={`row-${row.id}`}
        row={row}
        rowIndex={rowIndex}
        className={className}
        clearingActive={clearingActiveId === row.id}
        tabStop={tabStop}
        onActivate={startEdit}
        expanded={expanded.has(row.id)}
        onToggleSplit={toggleSplit}
      />
    );
  };

  return { rowClass, editProps, renderRow, extraLines };
}

/**
 * Split rows whose lines are shown, and how many extra register lines (34 px each) an item takes:
 * a shown split row one per line, the edited row with its split editor one per line and one for
 * the remainder, so the virtualised list's fixed heights stay exact.
 */
function useSplitRows(rows: readonly RegisterRow[], editing: EditState | null) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggleSplit = useCallback(
    (id: number) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const extra = useMemo(() => {
    const map = new Map<string, number>();
    if (expanded.size > 0)
      for (const row of rows) {
        const lines = row.splits?.length ?? 0;
        if (lines > 0 && expanded.has(row.id)) map.set(`row-${row.id}`, lines);
      }
    if (editing) {
      const key = `row-${editing.row.id}`;
      if (editing.splits) map.set(key, editing.splits.length + 1);
      else map.delete(key);
    }
    return map;
  }, [rows, expanded, editing]);
  const extraLines = useCallback((key: string) => extra.get(key) ?? 0, [extra]);
  return { expanded, toggleSplit, extraLines };
}
