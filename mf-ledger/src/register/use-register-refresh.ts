import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { ACCOUNTS_QUERY_KEY } from '@hf/app-kit';
import { PAYEES_QUERY_KEY } from '@hf/app-kit/editing';
import type { CalendarDate } from '@hf/calendar';
import type { RegisterStore } from './register-store';
import { useUndo, type UndoableChange } from '../history/undo';

/** What every write of the register does afterwards: re-read its rows from a date, refresh balances and payees. */
export interface RegisterRefresh {
  /** Re-reads the register from `date` on (the server's running balances); a failure is shown. */
  refreshFrom: (date: CalendarDate) => Promise<void>;
  /** The account list (balances) and the payee list are read again; a `change` is offered for Undo. */
  afterWrite: (change?: UndoableChange) => void;
}

/**
 * Re-reading the register: after a write from a date on, and every row when `refreshToken`
 * changes (bulk categorize and friends changed rows from outside; the view is kept).
 */
export function useRegisterRefresh(
  store: RegisterStore,
  refreshToken: number,
  showError: (text: string) => void,
): RegisterRefresh {
  const queryClient = useQueryClient();

  const firstToken = useRef(refreshToken);
  useEffect(() => {
    if (refreshToken !== firstToken.current)
      void store.refreshAll().catch(() => showError('Could not fetch page data.'));
  }, [refreshToken, store, showError]);

  const { record } = useUndo();
  const afterWrite = useCallback(
    (change?: UndoableChange) => {
      void queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PAYEES_QUERY_KEY });
      if (change) record(change);
    },
    [queryClient, record],
  );

  const refreshFrom = useCallback(
    async (date: CalendarDate) => {
      try {
        await store.refreshFrom(date);
      } catch {
        showError('Could not fetch page data.');
      }
    },
    [store, showError],
  );

  return { refreshFrom, afterWrite };
}
