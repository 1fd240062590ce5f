import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { EditField } from '@hf/app-kit/editing';
import { addDays, type CalendarDate } from '@hf/calendar';
import type { RegisterRow } from './api';
import { lowerBoundByDate } from './register-store';
import type { ScrollTo } from './use-register-scroll';

/**
 * Keyboard focus on the rows (roving focus, rows are tabIndex -1): a row asked for takes focus
 * once it is rendered (scrolled to, and not while its editor is open).
 */
export function useRowFocus(scrollRef: RefObject<HTMLDivElement | null>, scrollTo: ScrollTo) {
  const pendingRowFocus = useRef<number | null>(null);
  useEffect(() => {
    const id = pendingRowFocus.current;
    if (id === null) return;
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-row-id="${id}"]`);
    if (el && el.tagName === 'TR' && el.getAttribute('aria-label') !== 'Editing transaction') {
      pendingRowFocus.current = null;
      el.focus({ preventScroll: true });
    }
  });
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
  return { focusRow, focusRowWhenShown };
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
      focusRow(rows[Math.max(0, lowerBoundByDate(rows, addDays(today, 1)) - 1)].id);
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
