import { useCallback, useMemo, useRef, useState } from 'react';
import { useAccounts } from '@hf/app-kit';
import { useCategoryOptions, useCategoryResolver, usePayees, type EditField } from '@hf/app-kit/editing';
import { localToday } from '@hf/calendar';
import { useIsMobile, useTimedMessage } from '@hf/ui';
import { useDialogs } from '@hf/ui/editing';
import type { Account } from '../accounts/api';
import type { RegisterRow } from './api';
import { EntryForm, EntryLineRow, type EntryLineProps } from './EntryLine';
import { useEntryPosition, useHighlights, useRegisterStore } from './hooks';
import { MobileEditModal } from './MobileEditModal';
import { MobileRegister } from './MobileRegister';
import { MoveDialog } from './MoveDialog';
import { HistoryDialog } from '@hf/ui/history';
import { buildRegisterItems, withInlineEntry, type DisplayItem } from './register-items';
import type { RegisterState } from './register-store';
import { RegisterTable } from './RegisterTable';
import { RegisterStatusLine, RegisterToolbar } from './RegisterToolbar';
import { DeleteTransactionDialog, useRowDeletion } from './row-deletion';
import { rowKeyHandler, startRowIndex, useRowFocus } from './row-focus';
import { useClearingMode } from './use-clearing-mode';
import { useClearingWhileReconciling, useReconcileView } from '../reconciliation/ReconcilePanel';
import { useEntryLine } from './use-entry-line';
import { useRegisterRefresh } from './use-register-refresh';
import { useRegisterScroll } from './use-register-scroll';
import { useRowEditing } from './use-row-editing';
import { useRowRendering } from './use-row-rendering';
import type { ListPosition } from './use-register-virtualizer';

export interface RegisterProps {
  accountId: number;
  /** Changes when something outside (bulk categorize) changed rows: everything is re-read. */
  refreshToken?: number;
}

/**
 * The account register (docs/rules/screens.md, "Register screen"): virtualised rows with separators, the entry
 * line (header / inline / footer), inline editing, move, delete, clearing mode, locked cleared
 * rows, transfers and the category creation flow. Each of those lives in its own hook or part;
 * this component composes them.
 */
export function Register({ accountId, refreshToken = 0 }: RegisterProps) {
  const { accounts, otherAccounts, otherAccountNames } = useTransferAccounts(accountId);
  const { options: categoryOptions } = useCategoryOptions();
  const payees = usePayees().data ?? [];
  const { state, store } = useRegisterStore(accountId);
  const reconcileView = useReconcileView(state.rows);
  /** While reconciling: the rows not yet cleared up to the statement date. */
  const rows = reconcileView.shownRows;
  const [today] = useState(() => localToday());
  const isMobile = useIsMobile();
  const [entryPosition, setEntryPosition] = useEntryPosition();
  const dialogs = useDialogs();
  const { message, show } = useTimedMessage();
  const showError = useCallback((text: string) => show(text, 'error'), [show]);
  /** Category text -> id through the creation flow; null result means "stop". */
  const resolveCategory = useCategoryResolver(dialogs, showError);
  const { highlights, flash } = useHighlights();
  const scrollRef = useRef<HTMLDivElement>(null);
  /** Where the view stands, for the other layout when the width crosses 768 px. */
  const positionRef = useRef<ListPosition>(null);
  const [moving, setMoving] = useState<RegisterRow | null>(null);
  const [historyRow, setHistoryRow] = useState<RegisterRow | null>(null);

  const { scrollTarget, scrollTo, onScrolled } = useRegisterScroll(state, today);
  const refresh = useRegisterRefresh(store, refreshToken, showError);
  const writes = { ...refresh, today, store, dialogs, showError, resolveCategory, flash, scrollTo };
  const entry = useEntryLine({ ...writes, accountId, accounts });
  const { focusRow, focusRowWhenShown, tabRowId, onRowFocus } = useRowFocus(scrollRef, scrollTo);
  const clearingMode = useClearingMode({ ...writes, rows, scrollRef });
  const { clearing } = clearingMode;
  useClearingWhileReconciling(reconcileView.active, clearingMode);
  const editor = useRowEditing({ ...writes, categoryOptions, focusRow, focusRowWhenShown });
  const { editing } = editor;
  const deletion = useRowDeletion({ ...writes, rows, focusRow, closeEditorOf: editor.closeRow });

  const startEdit = useRowClick(clearingMode, editor);
  const toggleClearing = () => {
    if (!clearing) editor.close();
    clearingMode.toggle();
  };

  const items = useMemo(() => buildRegisterItems(rows, today), [rows, today]);
  const displayItems: DisplayItem[] = useMemo(
    () => (!isMobile && entryPosition === 'inline' ? withInlineEntry(items) : items),
    [items, isMobile, entryPosition],
  );

  const {
    rowClass,
    editProps,
    renderRow,
    extraLines: rowExtraLines,
  } = useRowRendering({
    rows,
    total: state.total,
    today,
    highlights,
    editor,
    clearingActiveId: clearing?.activeId ?? null,
    startEdit,
    isMobile,
    payees,
    accountNames: otherAccountNames,
    categoryOptions,
    onMove: setMoving,
    onDelete: deletion.ask,
    onHistory: setHistoryRow,
  });

  const entryProps: EntryLineProps = {
    draft: entry.draft,
    onChange: entry.changeDraft,
    onSubmit: () => void entry.submit(),
    today,
    payees,
    otherAccounts,
    categoryOptions,
    dateRef: entry.dateRef,
    fieldRefs: entry.fieldRefs,
    payeeIsAccount: entry.payeeIsAccount,
    suggestedCategory: entry.suggestedCategory,
    busy: entry.busy,
    splits: entry.splits,
    onSplitsChange: entry.changeSplits,
    onStartSplit: entry.startSplit,
  };
  // The inline entry line's split editor takes a register line per line and one for the remainder.
  const entryExtraLines = entry.splits ? entry.splits.length + 1 : 0;
  const extraLines = useCallback(
    (key: string) => (key === 'entry' ? entryExtraLines : rowExtraLines(key)),
    [entryExtraLines, rowExtraLines],
  );
  const onTableKeyDown = rowKeyHandler({
    rows,
    today,
    dateRef: entry.dateRef,
    clearing: clearing !== null,
    focusRow,
    startEdit,
  });

  const mobileEditing = isMobile && editing ? (rows.find((r) => r.id === editing.row.id) ?? editing.row) : null;

  return (
    <div className={`ledger-register${clearing ? ' is-clearing' : ''}`}>
      {reconcileView.panel}
      <RegisterToolbar
        state={state}
        clearing={clearing !== null}
        onToggleClearing={toggleClearing}
        onGoToToday={() => scrollTo('today')}
        entryPosition={isMobile ? null : entryPosition}
        onEntryPosition={setEntryPosition}
      />
      <RegisterStatusLine message={message} clearing={clearing !== null} isMobile={isMobile} />
      <RegisterLoadStatus status={state.status} />
      {isMobile ? (
        <>
          <EntryForm {...entryProps} />
          <MobileRegister
            items={displayItems}
            rows={rows}
            rowClass={rowClass}
            onActivate={(row) => startEdit(row, 'date')}
            scrollTarget={scrollTarget}
            onScrolled={onScrolled}
            scrollRef={scrollRef}
            positionRef={positionRef}
            clearing={clearing !== null}
            clearingId={clearing?.activeId ?? null}
            onSetStatus={clearingMode.setStatusByTap}
          />
        </>
      ) : (
        <RegisterTable
          items={displayItems}
          rows={rows}
          entryPosition={entryPosition}
          entryRow={<EntryLineRow key="entry" {...entryProps} />}
          onKeyDown={onTableKeyDown}
          onFocus={onRowFocus}
          tabRowId={tabRowId ?? rows[startRowIndex(rows, today)]?.id ?? null}
          editingId={editing?.row.id ?? null}
          extraLines={extraLines}
          renderRow={renderRow}
          scrollTarget={scrollTarget}
          onScrolled={onScrolled}
          scrollRef={scrollRef}
          positionRef={positionRef}
        />
      )}
      {mobileEditing && editing && <MobileEditModal {...editProps(mobileEditing, editing)} />}
      {deletion.deleting && (
        <DeleteTransactionDialog
          row={deletion.deleting}
          onConfirm={() => void deletion.remove(deletion.deleting!)}
          onCancel={deletion.cancel}
        />
      )}
      {moving && (
        <MoveDialog
          row={moving}
          accounts={accounts}
          onMoved={() => {
            editor.close();
            void refresh.refreshFrom(moving.date);
            refresh.afterWrite({ ids: [moving.id], label: 'Transaction moved.' });
          }}
          onClose={() => setMoving(null)}
        />
      )}
      {historyRow && (
        <HistoryDialog transactionId={historyRow.id} payee={historyRow.payee} onClose={() => setHistoryRow(null)} />
      )}
      {dialogs.element}
    </div>
  );
}

/** All accounts, and the others this register's transfers can go to (and their names, for the payee list). */
function useTransferAccounts(accountId: number) {
  const accountsQuery = useAccounts<Account>();
  const accounts = useMemo(() => accountsQuery.data ?? [], [accountsQuery.data]);
  const otherAccounts = useMemo(() => accounts.filter((a) => a.id !== accountId), [accounts, accountId]);
  const otherAccountNames = useMemo(() => otherAccounts.map((a) => a.name), [otherAccounts]);
  return { accounts, otherAccounts, otherAccountNames };
}

/** A click on a row edits it, or makes it the active row while clearing. */
function useRowClick(
  { clearingRef, activate }: Pick<ReturnType<typeof useClearingMode>, 'clearingRef' | 'activate'>,
  { open: openEditor }: Pick<ReturnType<typeof useRowEditing>, 'open'>,
) {
  return useCallback(
    (row: RegisterRow, field: EditField) => (clearingRef.current ? activate(row.id) : openEditor(row, field)),
    [clearingRef, activate, openEditor],
  );
}

/** The register's rows could not be read, or are being read. */
function RegisterLoadStatus({ status }: { status: RegisterState['status'] }) {
  if (status === 'error')
    return (
      <p role="alert" className="hf-status hf-status--error">
        Could not fetch page data.
      </p>
    );
  if (status === 'loading') return <p className="ledger-muted">Loading transactions...</p>;
  return null;
}
