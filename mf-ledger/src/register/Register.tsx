import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { ACCOUNTS_QUERY_KEY, ApiError, SESSION_KEYS, displayDate, errorMessage, useAccounts } from '@hf/app-kit';
import {
  PAYEES_QUERY_KEY,
  TRANSFER_CATEGORY,
  confirmLeavingCleared,
  confirmUnlock,
  draftFromRow,
  isCleared,
  isTransferRow,
  normalizeStatus,
  prepareEdit,
  useCategoryOptions,
  useCategoryResolver,
  usePayees,
  type EditField,
  type TransactionDraft,
  type TransactionStatus,
} from '@hf/app-kit/src/editing';
import { addDays, localToday, type CalendarDate } from '@hf/calendar';
import { ConfirmDialog, StatusMessage, useIsMobile, useTimedMessage } from '@hf/ui';
import { useDialogs } from '@hf/ui/src/editing';
import type { Account } from '../accounts/api';
import { transactionsApi, type RegisterRow, type TransactionRecord } from './api';
import {
  checkEntry,
  emptyDraft,
  findTransferAccount,
  transferLegs,
  TRANSFER_DESTINATION_MESSAGE,
  ZERO_AMOUNT_QUESTION,
  type EntryDraft,
} from './entry';
import { EntryForm, EntryLineRow, type EntryLineProps } from './EntryLine';
import { useEntryPosition, useHighlights, useRegisterStore, type EntryPosition } from './hooks';
import { MobileEditModal } from './MobileEditModal';
import { MobileRegister } from './MobileRegister';
import { MoveDialog } from './MoveDialog';
import { buildRegisterItems, withInlineEntry, type DisplayItem } from './register-items';
import { lowerBoundByDate } from './register-store';
import { EditRow, RowView, rowClassName } from './RegisterRows';
import { RegisterTable, type ScrollTarget } from './RegisterTable';

interface EditState {
  row: RegisterRow;
  draft: TransactionDraft;
  focus: EditField;
}

const minDate = (a: CalendarDate, b: CalendarDate) => (a < b ? a : b);

/** Latest value in a ref, for stable callbacks and document listeners. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

export interface RegisterProps {
  accountId: number;
  /** Changes when something outside (bulk categorize) changed rows: everything is re-read. */
  refreshToken?: number;
}

/**
 * The account register (spec sections 2, 4, 5): virtualised rows with separators, the entry
 * line (header / inline / footer), inline editing, move, delete, clearing mode, locked cleared
 * rows, transfers and the category creation flow.
 */
export function Register({ accountId, refreshToken = 0 }: RegisterProps) {
  const queryClient = useQueryClient();
  const accountsQuery = useAccounts<Account>();
  const accounts = useMemo(() => accountsQuery.data ?? [], [accountsQuery.data]);
  const otherAccounts = useMemo(() => accounts.filter((a) => a.id !== accountId), [accounts, accountId]);
  const otherAccountNames = useMemo(() => otherAccounts.map((a) => a.name), [otherAccounts]);
  const { options: categoryOptions } = useCategoryOptions();
  const payeesQuery = usePayees();
  const payees = payeesQuery.data ?? [];
  const { state, store } = useRegisterStore(accountId);
  const [today] = useState(() => localToday());
  const isMobile = useIsMobile();
  const [entryPosition, setEntryPosition] = useEntryPosition();
  const dialogs = useDialogs();
  const { message, show } = useTimedMessage();
  const { highlights, flash } = useHighlights();
  const scrollRef = useRef<HTMLDivElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const [scrollTarget, setScrollTarget] = useState<ScrollTarget | null>(null);
  const [draft, setDraft] = useState<EntryDraft>(() => emptyDraft(displayDate(today)));
  const [entryBusy, setEntryBusy] = useState(false);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<EditState | null>(null);
  const [unlocked, setUnlocked] = useState<ReadonlySet<number>>(new Set());
  const [moving, setMoving] = useState<RegisterRow | null>(null);
  const [deleting, setDeleting] = useState<RegisterRow | null>(null);
  const [clearing, setClearing] = useState<{ activeId: number | null } | null>(null);

  const rows = state.rows;
  const items = useMemo(() => buildRegisterItems(rows, today), [rows, today]);
  const displayItems: DisplayItem[] = useMemo(
    () => (!isMobile && entryPosition === 'inline' ? withInlineEntry(items) : items),
    [items, isMobile, entryPosition],
  );

  const scrollTo = useCallback(
    (id: number | 'today', align: ScrollTarget['align'] = 'center') =>
      setScrollTarget({ id, align, nonce: Date.now() }),
    [],
  );
  const onScrolled = useCallback(() => setScrollTarget(null), []);

  // Open at today once the rows around today are there: the first page holds the newest rows,
  // and when hundreds are dated after today it may not reach today yet (older pages follow).
  const opened = useRef(false);
  const reachesToday =
    state.status === 'ready' && (state.prevCursor === null || (rows.length > 0 && rows[0].date <= today));
  useEffect(() => {
    if (reachesToday && !opened.current) {
      opened.current = true;
      scrollTo('today');
    }
  }, [reachesToday, scrollTo]);

  // The entry line's Date field has focus when the register opens.
  const dateFocused = useRef(false);
  useEffect(() => {
    if (dateFocused.current || !dateRef.current) return;
    dateFocused.current = true;
    dateRef.current.focus({ preventScroll: true });
  });

  // Keyboard: a focused row (roving focus, rows are tabIndex -1) moves with the arrows; the
  // entry line's Date field reaches it with Up / Down; Escape goes back to the Date field.
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
  const focusRow = useCallback(
    (id: number) => {
      pendingRowFocus.current = id;
      scrollTo(id, 'auto');
    },
    [scrollTo],
  );

  // Bulk categorize and friends: re-read every row, keeping the view.
  const firstToken = useRef(refreshToken);
  useEffect(() => {
    if (refreshToken !== firstToken.current)
      void store.refreshAll().catch(() => show('Could not fetch page data.', 'error'));
  }, [refreshToken, store, show]);

  const afterWrite = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: PAYEES_QUERY_KEY });
  }, [queryClient]);

  const refreshFrom = useCallback(
    async (date: CalendarDate) => {
      try {
        await store.refreshFrom(date);
      } catch {
        show('Could not fetch page data.', 'error');
      }
    },
    [store, show],
  );

  /** Category text -> id through the creation flow; null result means "stop". */
  const showError = useCallback((text: string) => show(text, 'error'), [show]);
  const resolveCategory = useCategoryResolver(dialogs, showError);

  // ----- entry line -----

  const payeeAccount = findTransferAccount(draft.payee, accounts, accountId);
  const changeDraft = useCallback(
    (patch: Partial<EntryDraft>) =>
      setDraft((current) => {
        const next = { ...current, ...patch };
        if (patch.payee !== undefined) {
          const match = findTransferAccount(next.payee, accounts, accountId);
          if (match) next.destinationAccountId = match.id;
          else if (findTransferAccount(current.payee, accounts, accountId)) next.destinationAccountId = null;
        }
        return next;
      }),
    [accounts, accountId],
  );

  const focusDate = () => requestAnimationFrame(() => dateRef.current?.focus());

  const submitEntry = async () => {
    if (entryBusy) return;
    const check = checkEntry(draft, today);
    if (!check.ok) {
      show(check.message, 'error');
      return;
    }
    const match = findTransferAccount(draft.payee, accounts, accountId);
    const isTransfer = match !== null || draft.category.trim() === TRANSFER_CATEGORY;
    let destination: number | null = null;
    if (isTransfer) {
      destination = match?.id ?? draft.destinationAccountId;
      if (!destination || destination === accountId || !accounts.some((a) => a.id === destination)) {
        await dialogs.alert('Transfer', TRANSFER_DESTINATION_MESSAGE);
        return;
      }
    }
    if (check.amountCents === 0 && sessionStorage.getItem(SESSION_KEYS.suppressZeroAmountWarning) !== '1') {
      const answer = await dialogs.confirm({
        title: 'Zero Amount',
        message: ZERO_AMOUNT_QUESTION,
        checkboxLabel: "Don't ask again during this session",
      });
      if (!answer.ok) return;
      if (answer.checked) sessionStorage.setItem(SESSION_KEYS.suppressZeroAmountWarning, '1');
    }
    let categoryId: number | null = null;
    if (!isTransfer) {
      const resolved = await resolveCategory(draft.category);
      if (!resolved) return;
      categoryId = resolved.id;
    }
    setEntryBusy(true);
    try {
      let created: TransactionRecord;
      if (isTransfer) {
        try {
          const legs = transferLegs(check.amountCents, accountId, destination!);
          const result = await transactionsApi.transfer({
            ...legs,
            date: check.date,
            notes: check.notes,
            status: check.status,
          });
          created = result.from_transaction.account_id === accountId ? result.from_transaction : result.to_transaction;
        } catch (err) {
          await dialogs.alert('Transfer Failed', errorMessage(err, 'Transfer failed.'));
          return;
        }
      } else {
        try {
          created = await transactionsApi.create(accountId, {
            date: check.date,
            payee: check.payee,
            amount: check.amountCents / 100,
            status: check.status,
            notes: check.notes,
            category_id: categoryId,
          });
        } catch (err) {
          show(errorMessage(err, 'Could not add the transaction.'), 'error');
          return;
        }
      }
      setDraft(emptyDraft(displayDate(check.date)));
      focusDate();
      // Shown at once from the answer; the register is re-read behind it for the server's balances.
      if (store.insertRecord(created)) void refreshFrom(created.date);
      else await refreshFrom(created.date);
      flash(created.id, 'new');
      scrollTo(created.id);
      afterWrite();
    } finally {
      setEntryBusy(false);
    }
  };

  // ----- editing -----

  const startEdit = useCallback((row: RegisterRow, field: EditField) => {
    if (clearingRef.current) {
      setClearing({ activeId: row.id });
      return;
    }
    setEditing((current) => (current?.row.id === row.id ? current : { row, draft: draftFromRow(row), focus: field }));
  }, []);

  const changeEdit = useCallback(
    (patch: Partial<TransactionDraft>) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e)),
    [],
  );
  const cancelEdit = useCallback(() => {
    setEditing((current) => {
      if (current) pendingRowFocus.current = current.row.id;
      return null;
    });
  }, []);

  const saveEdit = async () => {
    if (!editing || busy) return;
    const { row, draft: d } = editing;
    const prepared = await prepareEdit(row, d, { today, categoryOptions, dialogs, resolveCategory });
    if (prepared.kind === 'invalid') {
      show(prepared.message, 'error');
      return;
    }
    if (prepared.kind === 'cancelled') return;
    if (prepared.kind === 'unchanged') {
      setEditing(null);
      return;
    }
    const { body, check } = prepared;
    setBusy(true);
    try {
      const record = await transactionsApi.update(row.id, { ...body, updated_at: row.updated_at });
      setEditing(null);
      flash(row.id, 'edited');
      if (body.date) {
        // The row moves: re-read from the earlier of its two dates, then show it.
        await refreshFrom(minDate(row.date, check.date));
        scrollTo(row.id, 'auto');
      } else {
        // Same place: show the answer at once; balances are re-read behind it only when they changed.
        store.applyRecord(record);
        if (body.amount !== undefined || body.status !== undefined || record.date !== row.date)
          void refreshFrom(minDate(row.date, record.date));
      }
      afterWrite();
    } catch (err) {
      show(errorMessage(err, 'Failed to update transaction.'), 'error');
      if (err instanceof ApiError && err.status === 409) {
        setEditing(null);
        await refreshFrom(row.date);
      }
    } finally {
      setBusy(false);
    }
  };

  const unlock = async (row: RegisterRow) => {
    if (await confirmUnlock(dialogs)) setUnlocked((s) => new Set(s).add(row.id));
  };

  const deleteRow = async (row: RegisterRow) => {
    setDeleting(null);
    // The editor closes at once; the row itself goes when the register is re-read after the delete.
    setEditing((e) => (e?.row.id === row.id ? null : e));
    try {
      await transactionsApi.remove(row.id);
      await refreshFrom(row.date);
      afterWrite();
    } catch {
      show('Could not delete the transaction.', 'error');
    }
  };

  // ----- status changes and clearing mode -----

  const changeStatus = async (row: RegisterRow, status: TransactionStatus) => {
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
        afterWrite();
      } catch {
        show('Failed to update status.', 'error');
        await refreshFrom(today);
      }
      return;
    }
    store.applyRecord({ ...row, status });
    try {
      const record = await transactionsApi.setStatus(row.id, status);
      if (record && typeof record === 'object' && record.id === row.id) store.applyRecord(record);
      await refreshFrom(row.date);
      afterWrite();
    } catch {
      show('Failed to update status.', 'error');
      await refreshFrom(row.date);
    }
  };

  /** Mobile clearing mode: a row's P / X / Clear button makes it the active row and sets its status, as the keys do. */
  const setStatusByTap = (row: RegisterRow, status: TransactionStatus) => {
    setClearing({ activeId: row.id });
    void changeStatus(row, status);
  };

  const clearingRef = useLatest(clearing);
  const rowsRef = useLatest(rows);
  const changeStatusRef = useLatest(changeStatus);

  const enterClearing = () => {
    if (clearing) {
      setClearing(null);
      return;
    }
    setEditing(null);
    const index = Math.max(0, lowerBoundByDate(rows, addDays(today, 1)) - 1);
    const id = rows[index]?.id ?? null;
    setClearing({ activeId: id });
    if (id !== null) scrollTo(id, 'auto');
  };

  const clearingOn = clearing !== null;
  useEffect(() => {
    if (!clearingOn) return;
    const move = (delta: number) => {
      const list = rowsRef.current;
      if (list.length === 0) return;
      const at = list.findIndex((r) => r.id === clearingRef.current?.activeId);
      const next = Math.min(list.length - 1, Math.max(0, at < 0 ? 0 : at + delta));
      setClearing({ activeId: list[next].id });
      setScrollTarget({ id: list[next].id, align: 'auto', nonce: Date.now() });
    };
    const onKey = (event: KeyboardEvent) => {
      if (document.querySelector('[role="dialog"]')) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest?.('input, select, textarea')) return;
      const row = rowsRef.current.find((r) => r.id === clearingRef.current?.activeId);
      switch (event.key) {
        case 'p':
        case 'P':
          if (row) void changeStatusRef.current(row, 'p');
          break;
        case 'x':
        case 'X':
          if (row) void changeStatusRef.current(row, 'x');
          break;
        case 'Delete':
        case 'Backspace':
          if (row) void changeStatusRef.current(row, '');
          break;
        case 'ArrowDown':
          move(1);
          break;
        case 'ArrowUp':
          move(-1);
          break;
        case 'Enter':
          move(event.shiftKey ? -1 : 1);
          break;
        case 'Escape':
          setClearing(null);
          break;
        default:
          return;
      }
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
  }, [clearingOn, rowsRef, clearingRef, changeStatusRef]);

  const onTableKeyDown = (event: ReactKeyboardEvent) => {
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

  // ----- rendering -----

  // Alternating shades count from the start of the whole register, so they do not flip while
  // older pages are still being prepended.
  const indexOffset = Math.max(0, state.total - rows.length);
  const rowClass = useCallback(
    (row: RegisterRow, rowIndex: number) =>
      rowClassName(row, rowIndex + indexOffset, {
        today,
        highlighted: highlights.has(row.id),
        editing: editing?.row.id === row.id,
        clearingActive: clearing?.activeId === row.id,
      }),
    [today, highlights, editing, clearing, indexOffset],
  );

  const editProps = (row: RegisterRow, e: EditState) => ({
    row,
    draft: e.draft,
    onChange: changeEdit,
    locked: isCleared(e.row.status) && !unlocked.has(row.id),
    isTransfer: isTransferRow(row),
    busy,
    today,
    payees,
    accountNames: otherAccountNames,
    categoryOptions,
    onUnlock: () => void unlock(row),
    onSave: () => void saveEdit(),
    onCancel: cancelEdit,
    onMove: () => {
      if (isMobile) setEditing(null);
      setMoving(row);
    },
    onDelete: () => {
      if (isMobile) setEditing(null);
      setDeleting(row);
    },
  });

  const renderRow = (row: RegisterRow, rowIndex: number) => {
    const className = rowClass(row, rowIndex);
    if (editing && editing.row.id === row.id)
      return (
        <EditRow
          key={`row-${row.id}`}
          className={className}
          focusField={editing.focus}
          actionsAbove={rowIndex >= rows.length - 2 && rows.length > 2}
          {...editProps(row, editing)}
        />
      );
    return (
      <RowView
        key={`row-${row.id}`}
        row={row}
        rowIndex={rowIndex}
        className={className}
        clearingActive={clearing?.activeId === row.id}
        onActivate={startEdit}
      />
    );
  };

  const entryProps: EntryLineProps = {
    draft,
    onChange: changeDraft,
    onSubmit: () => void submitEntry(),
    today,
    payees,
    otherAccounts,
    categoryOptions,
    dateRef,
    payeeIsAccount: payeeAccount !== null,
    busy: entryBusy,
  };

  const mobileEditing = isMobile && editing ? (rows.find((r) => r.id === editing.row.id) ?? editing.row) : null;

  return (
    <div className={`ledger-register${clearing ? ' is-clearing' : ''}`}>
      <div className="ledger-register__toolbar">
        <button
          type="button"
          className={`hf-button${clearing ? ' hf-button--primary' : ''}`}
          aria-pressed={clearing !== null}
          data-clearing-toggle
          onClick={enterClearing}
        >
          {clearing ? 'Exit Clearing Mode' : 'Clearing Mode'}
        </button>
        <button type="button" className="hf-button" onClick={() => scrollTo('today')}>
          Go to Today
        </button>
        {!isMobile && (
          <label className="hf-field hf-field--inline ledger-register__position">
            <span>Entry line</span>
            <select value={entryPosition} onChange={(e) => setEntryPosition(e.target.value as EntryPosition)}>
              <option value="header">Header</option>
              <option value="inline">Inline</option>
              <option value="footer">Footer</option>
            </select>
          </label>
        )}
        <span className="ledger-muted ledger-register__count" aria-live="polite">
          {state.status === 'ready' &&
            (state.prevCursor
              ? `Loading ${state.rows.length.toLocaleString()} of ${state.total.toLocaleString()}...`
              : `${state.total.toLocaleString()} transactions`)}
        </span>
      </div>
      {/* One reserved line: messages and the clearing-mode hint never push the register down. */}
      <div className="ledger-register__status">
        {message ? (
          <StatusMessage message={message} />
        ) : (
          clearing && (
            <span className="ledger-muted ledger-register__hint" role="note">
              {isMobile
                ? 'Clearing mode: tap P (pending), X (cleared) or Clear (none) on a row.'
                : 'Clearing mode: p = pending, x = cleared, Delete = none, arrows or Enter move, Esc leaves.'}
            </span>
          )
        )}
      </div>
      {state.status === 'error' && (
        <p role="alert" className="hf-status hf-status--error">
          Could not fetch page data.
        </p>
      )}
      {state.status === 'loading' && <p className="ledger-muted">Loading transactions...</p>}
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
            clearing={clearing !== null}
            clearingId={clearing?.activeId ?? null}
            onSetStatus={setStatusByTap}
          />
        </>
      ) : (
        <RegisterTable
          items={displayItems}
          rows={rows}
          entryPosition={entryPosition}
          entryRow={<EntryLineRow key="entry" {...entryProps} />}
          onKeyDown={onTableKeyDown}
          renderRow={renderRow}
          scrollTarget={scrollTarget}
          onScrolled={onScrolled}
          scrollRef={scrollRef}
        />
      )}
      {mobileEditing && editing && <MobileEditModal {...editProps(mobileEditing, editing)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete Transaction"
          message={`Are you sure you want to delete this transaction (${deleting.payee}, ${displayDate(deleting.date)})?`}
          confirmLabel="Delete"
          cancelLabel="Cancel"
          destructive
          onConfirm={() => void deleteRow(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      {moving && (
        <MoveDialog
          row={moving}
          accounts={accounts}
          onMoved={() => {
            setEditing(null);
            void refreshFrom(moving.date);
            afterWrite();
          }}
          onClose={() => setMoving(null)}
        />
      )}
      {dialogs.element}
    </div>
  );
}
