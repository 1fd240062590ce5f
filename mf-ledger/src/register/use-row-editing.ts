import { useCallback, useState } from 'react';
import { ApiError, errorMessage } from '@hf/app-kit';
import {
  confirmUnlock,
  draftFromRow,
  isCleared,
  prepareEdit,
  type CategoryOption,
  type EditField,
  type TransactionDraft,
} from '@hf/app-kit/editing';
import type { CalendarDate } from '@hf/calendar';
import { dollarsToCents } from '@hf/money';
import { transactionsApi, type RegisterRow } from './api';
import { linesFromRow, type SplitDraftLine } from '../splits/split-lines';
import { prepareSplitEdit } from '../splits/split-edit';
import type { RegisterWrites } from './register-writes';

/** The row being edited (one at a time), its draft and the field that takes focus. */
export interface EditState {
  row: RegisterRow;
  draft: TransactionDraft;
  focus: EditField;
  /** The row's split lines as typed; null when the row is (or is being made) not split. */
  splits: SplitDraftLine[] | null;
}

export interface RowEditingOptions extends RegisterWrites {
  categoryOptions: readonly CategoryOption[];
  /** The row takes keyboard focus again once its editor has closed. */
  focusRowWhenShown: (id: number) => void;
  /** Scrolls to the row and gives it keyboard focus (a row whose date moved). */
  focusRow: (id: number) => void;
}

const minDate = (a: CalendarDate, b: CalendarDate) => (a < b ? a : b);

const sameRow = (row: RegisterRow, field: EditField) => (current: EditState | null) =>
  current?.row.id === row.id
    ? current
    : {
        row,
        draft: draftFromRow(row),
        focus: field,
        splits: row.splits?.length ? linesFromRow(dollarsToCents(row.amount), row.splits) : null,
      };

/**
 * Inline editing of a row: open, change, cancel and save (focus goes back to the row, where it
 * now stands; only what changed is sent; a row whose date moved is re-read and shown again; a
 * conflict re-reads the register) and the unlock of a cleared row's amount.
 */
export function useRowEditing(options: RowEditingOptions) {
  const { focusRowWhenShown } = options;
  const [editing, setEditing] = useState<EditState | null>(null);
  const [unlocked, setUnlocked] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);

  const open = useCallback((row: RegisterRow, field: EditField) => setEditing(sameRow(row, field)), []);
  const change = useCallback(
    (patch: Partial<TransactionDraft>) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e)),
    [],
  );
  /** Starts, changes or (null) ends the split of the edited row. */
  const changeSplits = useCallback(
    (splits: SplitDraftLine[] | null) => setEditing((e) => (e ? { ...e, splits } : e)),
    [],
  );
  const cancel = useCallback(() => {
    setEditing((current) => {
      if (current) focusRowWhenShown(current.row.id);
      return null;
    });
  }, [focusRowWhenShown]);
  const close = useCallback(() => setEditing(null), []);
  /** Closes the editor when it is open on this row. */
  const closeRow = useCallback((id: number) => setEditing((e) => (e?.row.id === id ? null : e)), []);

  const save = async () => {
    if (!editing || busy) return;
    const { today, categoryOptions, dialogs, resolveCategory, showError, store, refreshFrom } = options;
    const { row, draft, splits } = editing;
    const context = { today, categoryOptions, dialogs, resolveCategory };
    const prepared =
      splits !== null || row.splits?.length
        ? await prepareSplitEdit(row, draft, splits, context)
        : await prepareEdit(row, draft, context);
    if (prepared.kind === 'invalid') {
      showError(prepared.message);
      return;
    }
    if (prepared.kind === 'cancelled') return;
    if (prepared.kind === 'unchanged') {
      setEditing(null);
      focusRowWhenShown(row.id);
      return;
    }
    const { body, check } = prepared;
    setBusy(true);
    try {
      const record = await transactionsApi.update(row.id, { ...body, updated_at: row.updated_at });
      setEditing(null);
      options.flash(row.id, 'edited');
      if (body.date) {
        // The row moves: re-read from the earlier of its two dates, then show it and give it focus.
        await refreshFrom(minDate(row.date, check.date));
        options.focusRow(row.id);
      } else {
        focusRowWhenShown(row.id);
        // Same place: show the answer at once; balances are re-read behind it only when they changed.
        store.applyRecord(record);
        if (body.amount !== undefined || body.status !== undefined || record.date !== row.date)
          void refreshFrom(minDate(row.date, record.date));
      }
      options.afterWrite({ ids: [row.id], label: 'Transaction updated.' });
    } catch (err) {
      showError(errorMessage(err, 'Failed to update transaction.'));
      if (err instanceof ApiError && err.status === 409) {
        setEditing(null);
        await refreshFrom(row.date);
      }
    } finally {
      setBusy(false);
    }
  };

  const unlock = async (row: RegisterRow) => {
    if (await confirmUnlock(options.dialogs)) setUnlocked((s) => new Set(s).add(row.id));
  };
  /** A cleared row's amount stays locked until its unlock is confirmed. */
  const isLocked = (state: EditState) => isCleared(state.row.status) && !unlocked.has(state.row.id);

  return { editing, busy, open, change, changeSplits, cancel, close, closeRow, save, unlock, isLocked };
}
