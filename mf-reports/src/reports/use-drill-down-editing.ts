import { ACCOUNTS_QUERY_KEY, ApiError, errorMessage, type DialogRequests } from '@hf/app-kit';
import {
  confirmUnlock,
  draftFromRow,
  isCleared,
  PAYEES_QUERY_KEY,
  prepareEdit,
  updateTransaction,
  type CategoryOption,
  type TransactionDraft,
} from '@hf/app-kit/editing';
import { localToday } from '@hf/calendar';
import type { MessageKind } from '@hf/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { REPORTS_QUERY_KEY, type DrillDownRow } from './api';

/** The drill-down row being edited and its draft. */
export interface EditState {
  row: DrillDownRow;
  draft: TransactionDraft;
}

export interface DrillDownEditingOptions {
  categoryOptions: readonly CategoryOption[];
  dialogs: DialogRequests;
  resolveCategory: (text: string) => Promise<{ id: number | null } | null>;
  show: (text: string, kind?: MessageKind) => void;
  /** Reads the rows again (after a conflict). */
  refetch: () => unknown;
}

/**
 * Editing a drill-down row as in the register: one row at a time, a cleared amount locked until
 * unlocked; a save refreshes the reports, accounts and payees (a conflict re-reads the rows).
 */
export function useDrillDownEditing({
  categoryOptions,
  dialogs,
  resolveCategory,
  show,
  refetch,
}: DrillDownEditingOptions) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<EditState | null>(null);
  const [unlocked, setUnlocked] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [today] = useState(() => localToday());

  const start = (row: DrillDownRow) =>
    setEditing((e) => (e?.row.id === row.id ? e : { row, draft: draftFromRow(row) }));
  const cancel = () => setEditing(null);
  const change = (patch: Partial<TransactionDraft>) =>
    setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e));

  const save = async () => {
    if (!editing || busy) return;
    const { row, draft } = editing;
    const prepared = await prepareEdit(row, draft, { today, categoryOptions, dialogs, resolveCategory });
    if (prepared.kind === 'invalid') return show(prepared.message, 'error');
    if (prepared.kind === 'cancelled') return;
    if (prepared.kind === 'unchanged') return setEditing(null);
    setBusy(true);
    try {
      await updateTransaction(row.id, { ...prepared.body, updated_at: row.updated_at });
      setEditing(null);
      show('Update successful.');
      void queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PAYEES_QUERY_KEY });
    } catch (err) {
      show(errorMessage(err, 'Failed to update transaction.'), 'error');
      if (err instanceof ApiError && err.status === 409) {
        setEditing(null);
        void refetch();
      }
    } finally {
      setBusy(false);
    }
  };

  const unlock = async (row: DrillDownRow) => {
    if (await confirmUnlock(dialogs)) setUnlocked((s) => new Set(s).add(row.id));
  };
  const isLocked = (row: DrillDownRow) => isCleared(row.status) && !unlocked.has(row.id);

  return { editing, busy, start, cancel, change, save, unlock, isLocked };
}
