import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import type { EditField } from '@hf/app-kit/editing';
import { addDays, type CalendarDate } from '@hf/calendar';
import type { RegisterRow } from './api';
import { lowerBoundByDate } from './register-store';
import type { ScrollTo } from './use-register-scroll';

/** The row the keyboard starts from: the last one dated today or earlier (else the first). */
export function startRowIndex(rows: readonly RegisterRow[], today: CalendarDate): number {
  return Math.max(0, lowerBoundByDate(rows, addDays(today, 1)) - 1);
}

/** What takes a row's keyboard focus: the desktop table row, or the stacked row's button (768 px). */
function focusTargetOf(el: HTMLElement): HTMLElement | null {
  if (el.tagName === 'TR') return el.getAttribute('aria-label') === 'Editing transaction' ? null : el;
  return el.querySelector<HTMLElement>(':scope > button');
}

/**
 * Keyboard focus on the rows (roving focus: one row is the register's tab stop, the others are
 * tabIndex -1): a row asked for takes focus once it is rendered (scrolled to, and not while its
 * editor is open). The tab stop is the row last focused, else the one the arrow keys start from.
 */
export function useRowFocus(scrollRef: RefObject<HTMLDivElement | null>, scrollTo: ScrollTo) {
  const pendingRowFocus = useRef<number | null>(null);
  const [tabRowId, setTabRowId] = useState<number | null>(null);
  useEffect(() => {
    const id = pendingRowFocus.current;
    if (id === null) return;
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-row-id="${id}"]`);
    const target = el ? focusTargetOf(el) : null;
    // Not while a dialog is open: it keeps the keyboard, and gives focus back itself.
    if (target && !document.querySelector('[role="dialog"]')) {
      pendingRowFocus.current = null;
      target.focus({ preventScroll: true });
    }
  });
  /** A row took focus (keys, a click, Tab): it becomes the register's tab stop. */
  const onRowFocus = useCallback((event: FocusEvent) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('tr[data-row-id]');
    if (row && row === event.target) setTabRowId(Number(row.dataset.rowId));
  }, []);
  /** The row takes focus once it is rendered, without scrolling to it (an editor closing). */
  const focusRowWhenShown = useCallback((id: number) => {
    pendingRowFocus.current = id;
  }, []);
  /** Scrolls to the row and gives it focus. */
  const focusRow = useCallback(
    (id: number) => {
      pendingRowFocus.current = id;
      scrollTo(id, 'auto');
    },
    [scrollTo],
  );
  return { focusRow, focusRowWhenShown, tabRowId, onRowFocus };
}

export interface RowKeysOptions {
  rows: readonly RegisterRow[];
  today: CalendarDate;
  dateRef: RefObject<HTMLInputElement | null>;
  /** Clearing mode has its own keys. */
  clearing: boolean;
  focusRow: (id: number) => void;
  startEdit: (row: RegisterRow, field: EditField) => void;
}

/**
 * Keys inside the table: the entry line's Date field reaches the rows with Up / Down (the last
 * row dated today or earlier first); on a row the arrows move, Enter edits, Escape goes back to
 * the Date field.
 */
export function rowKeyHandler({ rows, today, dateRef, clearing, focusRow, startEdit }: RowKeysOptions) {
  return (event: KeyboardEvent) => {
    if (clearing || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    if (target === dateRef.current && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      if (rows.length === 0) return;
      event.preventDefault();
      focusRow(rows[startRowIndex(rows, today)].id);
      return;
    }
    if (target.tagName !== 'TR' || !target.dataset.rowId) return;
    const at = rows.findIndex((r) => r.id === Number(target.dataset.rowId));
    if (at < 0) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        const next = Math.min(rows.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)));
        focusRow(rows[next].id);
        break;
      }
      case 'Enter':
        startEdit(rows[at], 'date');
        break;
      case 'Escape':
        dateRef.current?.focus();
        break;
      default:
        return;
    }
    event.preventDefault();
  };
}
