import { useState } from 'react';
import { displayDate } from '@hf/app-kit';
import { ConfirmDialog } from '@hf/ui';
import { transactionsApi, type RegisterRow } from './api';
import type { RegisterRefresh } from './use-register-refresh';

export interface RowDeletionOptions extends RegisterRefresh {
  rows: readonly RegisterRow[];
  /** Closes the editor when it is open on this row. */
  closeEditorOf: (id: number) => void;
  /** Scrolls to a row and gives it keyboard focus. */
  focusRow: (id: number) => void;
  showError: (text: string) => void;
}

/** The row that takes focus when `row` is deleted: the next one, or the previous for the last. */
export function neighbourOf(rows: readonly RegisterRow[], row: RegisterRow): RegisterRow | null {
  const at = rows.findIndex((r) => r.id === row.id);
  if (at < 0) return null;
  return rows[at + 1] ?? rows[at - 1] ?? null;
}

/**
 * Deleting a row: asked first (`ask`), then deleted, the register re-read from its date and the
 * keyboard left on the next row (the previous one after the last), not on the page.
 */
export function useRowDeletion(options: RowDeletionOptions) {
  const { closeEditorOf, showError, refreshFrom, afterWrite, focusRow } = options;
  const [deleting, setDeleting] = useState<RegisterRow | null>(null);
  const remove = async (row: RegisterRow) => {
    setDeleting(null);
    const neighbour = neighbourOf(options.rows, row);
    // The editor closes at once; the row itself goes when the register is re-read after the delete.
    closeEditorOf(row.id);
    try {
      await transactionsApi.remove(row.id);
      await refreshFrom(row.date);
      if (neighbour) focusRow(neighbour.id);
      afterWrite({ ids: [row.id], label: 'Transaction deleted.' });
    } catch {
      showError('Could not delete the transaction.');
    }
  };
  return { deleting, ask: setDeleting, cancel: () => setDeleting(null), remove };
}

/** "Are you sure you want to delete this transaction (payee, date)?" */
export function DeleteTransactionDialog({
  row,
  onConfirm,
  onCancel,
}: {
  row: RegisterRow;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title="Delete Transaction"
      message={`Are you sure you want to delete this transaction (${row.payee}, ${displayDate(row.date)})?`}
      confirmLabel="Delete"
      cancelLabel="Cancel"
      destructive
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
