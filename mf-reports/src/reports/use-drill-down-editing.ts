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
  type UpdateTransactionBody,
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
    setEditing((e) => (e?.row.id === row.id && e.row.line === row.line ? e : { row, draft: draftFromRow(row) }));
  const cancel = () => setEditing(null);
  const change = (patch: Partial<TransactionDraft>) =>
    setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e));

  const save = async () => {
    if (!editing || busy) return;
    const { row, draft } = editing;
    const body = (row.line ?? 0) > 0 ? await lineEdit(row, draft.category, resolveCategory) : await rowEdit();
    if (body === null) return;
    if (body === 'unchanged') return setEditing(null);
    setBusy(true);
    try {
      await updateTransaction(row.id, { ...body, updated_at: row.updated_at });
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

  /** The PUT body of a whole row's edit; null when refused or stopped (the reason shown). */
  async function rowEdit(): Promise<UpdateTransactionBody | 'unchanged' | null> {
    const { row, draft } = editing!;
    const prepared = await prepareEdit(row, draft, { today, categoryOptions, dialogs, resolveCategory });
    if (prepared.kind === 'invalid') {
      show(prepared.message, 'error');
      return null;
    }
    if (prepared.kind === 'cancelled') return null;
    if (prepared.kind === 'unchanged') return 'unchanged';
    return prepared.body;
  }

  const unlock = async (row: DrillDownRow) => {
    if (await confirmUnlock(dialogs)) setUnlocked((s) => new Set(s).add(row.id));
  };
  const isLocked = (row: DrillDownRow) => isCleared(row.status) && !unlocked.has(row.id);

  return { editing, busy, start, cancel, change, save, unlock, isLocked };
}

/**
 * A split row's line listed by category (`line` n): its category changes in the row's lines,
 * which are sent whole (the others as they are, the amounts unchanged, so they still sum).
 */
async function lineEdit(
  row: DrillDownRow,
  categoryText: string,
  resolveCategory: (text: string) => Promise<{ id: number | null } | null>,
): Promise<UpdateTransactionBody | 'unchanged' | null> {
  const index = (row.line ?? 0) - 1;
  const lines = row.splits ?? [];
  if (!lines[index]) return null;
  const resolved = await resolveCategory(categoryText);
  if (!resolved) return null;
  if (resolved.id === lines[index].category_id) return 'unchanged';
  return {
    splits: lines.map((l, i) => ({
      category_id: i === index ? resolved.id : l.category_id,
      amount: l.amount,
      notes: l.notes,
    })),
  };
}
