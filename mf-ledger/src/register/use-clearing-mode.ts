import { useCallback, useEffect, useState, type RefObject } from 'react';
import { displayDate, type DialogRequests } from '@hf/app-kit';
import { confirmLeavingCleared, isCleared, normalizeStatus, type TransactionStatus } from '@hf/app-kit/editing';
import type { CalendarDate } from '@hf/calendar';
import { transactionsApi, type RegisterRow } from './api';
import type { RegisterStore } from './register-store';
import { startRowIndex } from './row-focus';
import type { RegisterRefresh } from './use-register-refresh';
import type { ScrollTo } from './use-register-scroll';
import { useLatest } from './use-latest';

/** Clearing mode is on; `activeId` is the row its keys act on. */
export interface ClearingState {
  activeId: number | null;
}

export interface ClearingModeOptions extends RegisterRefresh {
  rows: RegisterRow[];
  today: CalendarDate;
  store: RegisterStore;
  dialogs: DialogRequests;
  showError: (text: string) => void;
  scrollRef: RefObject<HTMLDivElement | null>;
  scrollTo: ScrollTo;
}

/**
 * Clearing mode: one active row; p, x and Delete set its status, arrows and Enter move, Escape
 * or a click outside the register leaves. On mobile a row's P / X / Clear button does the same.
 */
export function useClearingMode(options: ClearingModeOptions) {
  const { rows, today, scrollRef, scrollTo } = options;
  const [clearing, setClearing] = useState<ClearingState | null>(null);
  const changeStatus = statusChange(options);

  /** Mobile clearing mode: a row's P / X / Clear button makes it the active row and sets its status, as the keys do. */
  const setStatusByTap = (row: RegisterRow, status: TransactionStatus) => {
    setClearing({ activeId: row.id });
    void changeStatus(row, status);
  };

  const clearingRef = useLatest(clearing);

  /** Turns clearing mode on at the last row dated today or earlier, or off. */
  const toggle = () => {
    if (clearing) {
      setClearing(null);
      return;
    }
    const index = startRowIndex(rows, today);
    const id = rows[index]?.id ?? null;
    setClearing({ activeId: id });
    if (id !== null) scrollTo(id, 'auto');
  };

  /** Makes the row the active one (a click on a row while clearing). */
  const activate = useCallback((id: number) => setClearing({ activeId: id }), []);

  useClearingKeys({ clearing, clearingRef, setClearing, rows, changeStatus, scrollRef, scrollTo });

  return { clearing, clearingRef, toggle, activate, setStatusByTap };
}

interface ClearingKeysOptions {
  clearing: ClearingState | null;
  clearingRef: RefObject<ClearingState | null>;
  setClearing: (state: ClearingState | null) => void;
  rows: RegisterRow[];
  changeStatus: (row: RegisterRow, status: TransactionStatus) => Promise<void>;
  scrollRef: RefObject<HTMLDivElement | null>;
  scrollTo: ScrollTo;
}

/**
 * While clearing mode is on: p, x and Delete set the active row's status, arrows and Enter move,
 * Escape or a click outside the register (or its dialogs and toggle) leaves.
 */
function useClearingKeys({
  clearing,
  clearingRef,
  setClearing,
  rows,
  changeStatus,
  scrollRef,
  scrollTo,
}: ClearingKeysOptions) {
  const rowsRef = useLatest(rows);
  const changeStatusRef = useLatest(changeStatus);
  const clearingOn = clearing !== null;
  useEffect(() => {
    if (!clearingOn) return;
    const move = (delta: number) => {
      const list = rowsRef.current;
      if (list.length === 0) return;
      const at = list.findIndex((r) => r.id === clearingRef.current?.activeId);
      const next = Math.min(list.length - 1, Math.max(0, at < 0 ? 0 : at + delta));
      setClearing({ activeId: list[next].id });
      scrollTo(list[next].id, 'auto');
    };
    const onKey = (event: KeyboardEvent) => {
      if (document.querySelector('[role="dialog"]')) return;
      // Escape leaves from any field too (the entry line's Date), unless the field used it (a list closing).
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        setClearing(null);
        return;
      }
      const target = event.target as HTMLElement | null;
      // The reconcile panel's buttons keep Enter (Finish is the default there).
      if (target?.closest?.('input, select, textarea, [data-reconcile-actions] button')) return;
      const row = rowsRef.current.find((r) => r.id === clearingRef.current?.activeId);
      const status = statusForKey(event.key);
      if (status !== undefined) {
        if (row) void changeStatusRef.current(row, status);
      } else if (event.key === 'ArrowDown') move(1);
      else if (event.key === 'ArrowUp') move(-1);
      else if (event.key === 'Enter') move(event.shiftKey ? -1 : 1);
      else return;
      event.preventDefault();
    };
    const onMouseDown = (event: MouseEvent) => {
      const target = event.target as HTMLElement;
      if (scrollRef.current?.contains(target) || target.closest?.('[role="dialog"], [data-clearing-toggle]')) return;
      setClearing(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onMouseDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onMouseDown);
    };
  }, [clearingOn, rowsRef, clearingRef, changeStatusRef, setClearing, scrollRef, scrollTo]);
}

/** The status a key sets on the active row while clearing, if it sets one. */
function statusForKey(key: string): TransactionStatus | undefined {
  switch (key) {
    case 'p':
    case 'P':
      return 'p';
    case 'x':
    case 'X':
      return 'x';
    case 'Delete':
    case 'Backspace':
      return '';
    default:
      return undefined;
  }
}

/**
 * A row's status change, shown at once: leaving cleared asks first; clearing a future row
 * offers to date it today.
 */
function statusChange({ today, store, dialogs, showError, refreshFrom, afterWrite }: ClearingModeOptions) {
  return async (row: RegisterRow, status: TransactionStatus) => {
    if (normalizeStatus(row.status) === status) return;
    if (isCleared(row.status) && status !== 'x' && !(await confirmLeavingCleared(dialogs))) return;
    if (status === 'x' && row.date > today) {
      const answer = await dialogs.confirm({
        title: 'Future Transaction',
        message: `This transaction is dated ${displayDate(row.date)}, in the future. Set its date to today and mark it cleared?`,
      });
      if (!answer.ok) return;
      store.patchRow(row.id, { status: 'x' });
      try {
        await transactionsApi.update(row.id, { date: today, status: 'x', updated_at: row.updated_at });
        await refreshFrom(today);
        afterWrite({ ids: [row.id], label: 'Status changed.' });
      } catch {
        showError('Failed to update status.');
        await refreshFrom(today);
      }
      return;
    }
    store.applyRecord({ ...row, status });
    try {
      const record = await transactionsApi.setStatus(row.id, status);
      if (record && typeof record === 'object' && record.id === row.id) store.applyRecord(record);
      await refreshFrom(row.date);
      afterWrite({ ids: [row.id], label: 'Status changed.' });
    } catch {
      showError('Failed to update status.');
      await refreshFrom(row.date);
    }
  };
}
