import { useState } from 'react';
import { displayDate } from '@hf/app-kit';
import { ConfirmDialog } from '@hf/ui';
import { transactionsApi, type RegisterRow } from './api';
import type { RegisterRefresh } from './use-register-refresh';

export interface RowDeletionOptions extends RegisterRefresh {
  /** Closes the editor when it is open on this row. */
  closeEditorOf: (id: number) => void;
  showError: (text: string) => void;
}

/** Deleting a row: asked first (`ask`), then deleted and the register re-read from its date. */
export function useRowDeletion({ closeEditorOf, showError, refreshFrom, afterWrite }: RowDeletionOptions) {
  const [deleting, setDeleting] = useState<RegisterRow | null>(null);
  const remove = async (row: RegisterRow) => {
    setDeleting(null);
    // The editor closes at once; the row itself goes when the register is re-read after the delete.
    closeEditorOf(row.id);
    try {
      await transactionsApi.remove(row.id);
      await refreshFrom(row.date);
      afterWrite();
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
