/**
 * One table of The Predictables ("Planned Deposits" or "Planned Payments"): payee, category, day
 * and the 12 months of the horizon, used like a spreadsheet. Arrows (and Home / End) move between
 * cells, Enter or typing starts an edit, Enter commits (and moves down), Tab commits (and moves
 * right), Escape cancels; a click edits the cell. A month's amount fills forward (autofill
 * `full`) and is saved only when it changed. Incoming transfer mirrors are italic and read-only.
 */
import type { AccountSummary } from '@hf/app-kit';
import { TRANSFER_CATEGORY_NAME } from '@hf/contracts/ledger-limits';
import type { CategoryOption } from '@hf/app-kit/editing';
import { ConfirmDialog } from '@hf/ui';
import { CategoryInput, PayeeInput } from '@hf/ui/editing';
import { TrashIcon } from '@hf/ui/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  budgetApi,
  budgetErrorMessage,
  BUDGET_TEXT,
  scheduledItemsKey,
  useBudgetRefresh,
  type ScheduledItem,
} from './api';
import {
  amountCellText,
  amountEditText,
  categoryCellText,
  columnAt,
  FIXED_COLUMNS,
  isTransferItem,
  monthCents,
  parseAmountEdit,
  parseDay,
  PAYEE_REQUIRED,
  transferAccountFor,
} from './grid';
import { shortMonthLabel } from './months';

export interface PlannedTableProps {
  title: 'Planned Deposits' | 'Planned Payments';
  itemType: 'deposit' | 'payment';
  accountId: number;
  items: readonly ScheduledItem[];
  months: readonly string[];
  accounts: readonly AccountSummary[];
  payees: readonly string[];
  categoryOptions: readonly CategoryOption[];
  /** The category creation flow: `{ id }` or null when the person stopped. */
  resolveCategory: (text: string) => Promise<{ id: number | null } | null>;
  onError: (message: string | null) => void;
}

interface Cell {
  row: number;
  col: number;
}

interface Editing extends Cell {
  /** The item being edited: a refetch may reorder the rows while the editor is open. */
  itemId: number;
  text: string;
}

export function PlannedTable({
  title,
  itemType,
  accountId,
  items,
  months,
  accounts,
  payees,
  categoryOptions,
  resolveCategory,
  onError,
}: PlannedTableProps) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const refresh = useBudgetRefresh();
  const tableRef = useRef<HTMLTableElement>(null);
  const [active, setActive] = useState<Cell | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const editingRef = useRef<Editing | null>(null);
  editingRef.current = editing;
  const [focusNonce, setFocusNonce] = useState(0);
  const [deleting, setDeleting] = useState<ScheduledItem | null>(null);
  const columnCount = FIXED_COLUMNS.length + months.length;
  const otherAccountNames = accounts.filter((a) => a.id !== accountId).map((a) => a.name);

  // Keep the active cell inside the table when rows come and go.
  const activeCell =
    active && items.length > 0
      ? { row: Math.min(active.row, items.length - 1), col: Math.min(active.col, columnCount - 1) }
      : null;

  // Keyboard moves focus the active cell (a click focuses it itself).
  useEffect(() => {
    if (focusNonce === 0 || !activeCell || editing) return;
    tableRef.current?.querySelector<HTMLElement>(`[data-cell="${activeCell.row}-${activeCell.col}"]`)?.focus();
  }, [focusNonce, editing]);

  const moveTo = (cell: Cell) => {
    setActive({
      row: Math.max(0, Math.min(items.length - 1, cell.row)),
      col: Math.max(0, Math.min(columnCount - 1, cell.col)),
    });
    setFocusNonce((n) => n + 1);
  };

  const editable = (item: ScheduledItem, col: number) => {
    if (item.is_incoming_transfer) return false;
    return !(columnAt(col, months) === 'category' && isTransferItem(item));
  };

  const startEdit = (cell: Cell, initial?: string) => {
    const item = items[cell.row];
    if (!item || !editable(item, cell.col)) return;
    const column = columnAt(cell.col, months);
    const text =
      initial ??
      (column === 'payee'
        ? item.payee
        : column === 'category'
          ? categoryCellText(item)
          : column === 'day'
            ? String(item.day_of_month)
            : amountEditText(monthCents(item, column.month)));
    onError(null);
    setActive({ row: cell.row, col: cell.col });
    setEditing({ ...cell, itemId: item.id, text });
  };

  const replaceItem = (updated: ScheduledItem) =>
    queryClient.setQueryData<ScheduledItem[]>(scheduledItemsKey(accountId), (old) =>
      old?.map((i) => (i.id === updated.id ? updated : i)),
    );

  /** Saves the edited cell (when changed); `then` moves the active cell afterwards. */
  const commit = async (then?: Cell) => {
    const edit = editingRef.current;
    if (!edit) return;
    editingRef.current = null;
    setEditing(null);
    if (then) moveTo(then);
    else setFocusNonce((n) => n + 1);
    const item = items.find((i) => i.id === edit.itemId && !i.is_incoming_transfer);
    if (!item) return;
    const column = columnAt(edit.col, months);
    try {
      if (typeof column === 'object') {
        const current = monthCents(item, column.month);
        const parsed = parseAmountEdit(edit.text, current);
        if (parsed.kind === 'invalid') return onError(parsed.message);
        if (parsed.kind === 'unchanged') return;
        // Fill forward at once; the server's answer (and the refetch) confirm it.
        const filled = { ...item, values: { ...item.values } };
        for (const m of months) if (m >= column.month) filled.values[m] = parsed.cents / 100;
        replaceItem(filled);
        try {
          replaceItem(
            await budgetApi.autofill({
              budget_item_id: item.id,
              start_month: column.month,
              amount: parsed.cents / 100,
              mode: 'full',
            }),
          );
        } catch (err) {
          onError(budgetErrorMessage(err, BUDGET_TEXT.saveAmount));
        }
      } else if (column === 'payee') {
        const payee = edit.text.trim();
        if (!payee) return onError(PAYEE_REQUIRED);
        if (payee === item.payee) return;
        try {
          replaceItem(await budgetApi.updateItem(item.id, { payee }));
        } catch (err) {
          onError(budgetErrorMessage(err, BUDGET_TEXT.updateItem));
        }
      } else if (column === 'day') {
        const day = parseDay(edit.text);
        if (!day.ok) return onError(day.message);
        if (day.day === item.day_of_month) return;
        try {
          replaceItem(await budgetApi.updateItem(item.id, { day_of_month: day.day }));
        } catch (err) {
          onError(budgetErrorMessage(err, BUDGET_TEXT.updateItem));
        }
      } else {
        if (edit.text.trim() === (item.category ?? '')) return;
        const resolved = await resolveCategory(edit.text);
        if (!resolved || resolved.id === item.category_id) return;
        try {
          replaceItem(await budgetApi.updateItem(item.id, { category_id: resolved.id }));
        } catch (err) {
          onError(budgetErrorMessage(err, BUDGET_TEXT.updateItem));
        }
      }
    } finally {
      await refresh();
    }
  };

  const cancel = () => {
    editingRef.current = null;
    setEditing(null);
    setFocusNonce((n) => n + 1);
  };

  const onCellKey = (event: KeyboardEvent<HTMLElement>, cell: Cell) => {
    if (editing || event.defaultPrevented) return;
    const { row, col } = cell;
    const keys: Record<string, Cell | undefined> = {
      ArrowUp: { row: row - 1, col },
      ArrowDown: { row: row + 1, col },
      ArrowLeft: { row, col: col - 1 },
      ArrowRight: { row, col: col + 1 },
      Home: { row: event.ctrlKey ? 0 : row, col: 0 },
      End: { row: event.ctrlKey ? items.length - 1 : row, col: columnCount - 1 },
    };
    const target = keys[event.key];
    if (target) {
      event.preventDefault();
      moveTo(target);
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      startEdit(cell);
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && event.key !== ' ') {
      event.preventDefault();
      startEdit(cell, event.key);
    }
  };

  const onEditorKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.nativeEvent.isComposing || !editing) return;
    const row = Math.max(
      0,
      items.findIndex((i) => i.id === editing.itemId && !i.is_incoming_transfer),
    );
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit({ row: row + 1 < items.length ? row + 1 : row, col: editing.col });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    } else if (event.key === 'Tab') {
      event.preventDefault();
      void commit({ row, col: event.shiftKey ? editing.col - 1 : editing.col + 1 });
    }
  };

  const remove = async (item: ScheduledItem) => {
    setDeleting(null);
    onError(null);
    try {
      await budgetApi.deleteItem(item.id);
    } catch (err) {
      onError(budgetErrorMessage(err, BUDGET_TEXT.deleteItem));
    }
    await refresh();
  };

  const editor = (item: ScheduledItem, col: number) => {
    if (!editing) return null;
    const column = columnAt(col, months);
    const setText = (text: string) => setEditing((e) => (e ? { ...e, text } : e));
    const common = { onKeyDown: onEditorKey, onBlur: () => void commit() };
    if (column === 'payee')
      return (
        <span className="budget-editor" onBlur={common.onBlur}>
          <PayeeInput
            value={editing.text}
            onChange={setText}
            payees={payees}
            accountNames={otherAccountNames}
            onKeyDown={onEditorKey}
            inputRef={autoFocus}
          />
        </span>
      );
    if (column === 'category')
      return (
        <span className="budget-editor" onBlur={common.onBlur}>
          <CategoryInput
            value={editing.text}
            onChange={setText}
            options={categoryOptions}
            allowTransfer={false}
            onKeyDown={onEditorKey}
            inputRef={autoFocus}
          />
        </span>
      );
    const label = column === 'day' ? `Day of ${item.payee}` : `${item.payee} ${shortMonthLabel(column.month)}`;
    return (
      <input
        ref={autoFocus}
        type="text"
        inputMode={column === 'day' ? 'numeric' : 'decimal'}
        aria-label={label}
        className="hf-input budget-editor__input"
        value={editing.text}
        onChange={(e) => setText(e.target.value)}
        {...common}
      />
    );
  };

  return (
    <div className="budget-planned">
      <h3 id={headingId} className="budget-planned__title">
        {title}
      </h3>
      {/* A scrolling region: focusable so keyboard users can scroll it (axe scrollable-region-focusable). */}
      <div className="hf-table-wrap budget-grid-wrap" role="region" aria-labelledby={headingId} tabIndex={0}>
        <table ref={tableRef} role="grid" aria-labelledby={headingId} className="hf-table budget-grid">
          <thead>
            <tr>
              <th scope="col" className="budget-grid__payee">
                Payee
              </th>
              <th scope="col">Category</th>
              <th scope="col" className="hf-num">
                Day
              </th>
              {months.map((m) => (
                <th key={m} scope="col" className="hf-num">
                  {shortMonthLabel(m)}
                </th>
              ))}
              <th scope="col">
                <span className="hf-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 && (
              <tr>
                <td colSpan={columnCount + 1} className="hf-muted budget-grid__empty">
                  {itemType === 'deposit' ? 'No planned deposits yet.' : 'No planned payments yet.'}
                </td>
              </tr>
            )}
            {items.map((item, row) => (
              <tr
                key={`${item.id}-${item.is_incoming_transfer ? 'in' : 'own'}`}
                data-item-id={item.id}
                className={item.is_incoming_transfer ? 'budget-grid__mirror' : undefined}
                title={
                  item.is_incoming_transfer ? 'Incoming transfer: edit it in the account it comes from' : undefined
                }
              >
                {Array.from({ length: columnCount }, (_, col) => {
                  const column = columnAt(col, months);
                  const isActive = activeCell
                    ? activeCell.row === row && activeCell.col === col
                    : row === 0 && col === 0;
                  const isEditing =
                    editing !== null && editing.itemId === item.id && !item.is_incoming_transfer && editing.col === col;
                  const text =
                    column === 'payee'
                      ? item.payee
                      : column === 'category'
                        ? categoryCellText(item)
                        : column === 'day'
                          ? String(item.day_of_month)
                          : amountCellText(monthCents(item, column.month));
                  const className = [
                    column === 'payee' ? 'budget-grid__payee' : '',
                    typeof column === 'object' || column === 'day' ? 'hf-num' : '',
                    isEditing ? 'is-editing' : '',
                    isActive && activeCell ? 'is-active' : '',
                  ]
                    .filter(Boolean)
                    .join(' ');
                  return (
                    <td
                      key={col}
                      role="gridcell"
                      data-cell={`${row}-${col}`}
                      data-month={typeof column === 'object' ? column.month : undefined}
                      tabIndex={isEditing ? -1 : isActive ? 0 : -1}
                      aria-readonly={!editable(item, col) || undefined}
                      className={className || undefined}
                      onClick={() => {
                        if (!isEditing) {
                          setActive({ row, col });
                          startEdit({ row, col });
                        }
                      }}
                      onFocus={() => {
                        if (!isEditing && (!activeCell || activeCell.row !== row || activeCell.col !== col))
                          setActive({ row, col });
                      }}
                      onKeyDown={(e) => onCellKey(e, { row, col })}
                    >
                      {isEditing ? editor(item, col) : text}
                    </td>
                  );
                })}
                <td className="budget-actions">
                  {!item.is_incoming_transfer && (
                    <button
                      type="button"
                      className="hf-icon-button"
                      aria-label={`Delete ${item.payee}`}
                      title="Delete"
                      onClick={() => setDeleting(item)}
                    >
                      <TrashIcon />
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AddItemForm
        itemType={itemType}
        accountId={accountId}
        accounts={accounts}
        payees={payees}
        categoryOptions={categoryOptions}
        resolveCategory={resolveCategory}
        onError={onError}
        onAdded={refresh}
      />
      {deleting && (
        <ConfirmDialog
          title="Delete Scheduled Item"
          message={`Are you sure you want to delete "${deleting.payee}"? Its planned rows leave the register.`}
          destructive
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

/** Focuses an editor when it mounts and selects its text (typing replaces it). */
function autoFocus(el: HTMLInputElement | null) {
  if (el && document.activeElement !== el) {
    el.focus();
    const end = el.value.length;
    // A cell opened by typing keeps that first character; otherwise the whole text is selected.
    if (end === 1) el.setSelectionRange(1, 1);
    else el.select();
  }
}

function AddItemForm({
  itemType,
  accountId,
  accounts,
  payees,
  categoryOptions,
  resolveCategory,
  onError,
  onAdded,
}: {
  itemType: 'deposit' | 'payment';
  accountId: number;
  accounts: readonly AccountSummary[];
  payees: readonly string[];
  categoryOptions: readonly CategoryOption[];
  resolveCategory: (text: string) => Promise<{ id: number | null } | null>;
  onError: (message: string | null) => void;
  onAdded: () => Promise<void>;
}) {
  const [payee, setPayee] = useState('');
  const [category, setCategory] = useState('');
  const [day, setDay] = useState('');
  const [invalid, setInvalid] = useState<{ field: 'payee' | 'day'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const payeeRef = useRef<HTMLInputElement>(null);
  const dayRef = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const transferTo = transferAccountFor(payee, accounts, accountId);
  const otherAccountNames = accounts.filter((a) => a.id !== accountId).map((a) => a.name);
  const noun = itemType === 'deposit' ? 'Deposit' : 'Payment';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onError(null);
    if (!payee.trim()) {
      setInvalid({ field: 'payee', message: PAYEE_REQUIRED });
      payeeRef.current?.focus();
      return;
    }
    const parsedDay = parseDay(day);
    if (!parsedDay.ok) {
      setInvalid({ field: 'day', message: parsedDay.message });
      dayRef.current?.focus();
      return;
    }
    setInvalid(null);
    setBusy(true);
    try {
      let category_id: number | null | undefined;
      if (!transferTo && category.trim()) {
        const resolved = await resolveCategory(category);
        if (!resolved) return;
        category_id = resolved.id;
      }
      try {
        await budgetApi.createItem(accountId, {
          payee: transferTo ? transferTo.name : payee.trim(),
          item_type: itemType,
          day_of_month: parsedDay.day,
          ...(category_id ? { category_id } : {}),
          ...(!transferTo && category.trim() ? { categoryName: category.trim() } : {}),
        });
      } catch (err) {
        onError(budgetErrorMessage(err, BUDGET_TEXT.addItem));
        return;
      }
      setPayee('');
      setCategory('');
      setDay('');
      await onAdded();
      payeeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="budget-add-form"
      aria-label={`Add planned ${noun.toLowerCase()}`}
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <label className="hf-field budget-add-form__wide">
        <span>Payee</span>
        <PayeeInput
          value={payee}
          onChange={setPayee}
          payees={payees}
          accountNames={otherAccountNames}
          inputRef={payeeRef}
        />
      </label>
      <label className="hf-field budget-add-form__wide">
        <span>Category</span>
        <CategoryInput
          value={transferTo ? TRANSFER_CATEGORY_NAME : category}
          onChange={setCategory}
          options={categoryOptions}
          allowTransfer={false}
          disabled={!!transferTo}
        />
      </label>
      <label className="hf-field budget-add-form__day">
        <span>Day</span>
        <input
          ref={dayRef}
          type="number"
          min={1}
          max={31}
          step={1}
          inputMode="numeric"
          required
          aria-invalid={invalid?.field === 'day' || undefined}
          aria-describedby={invalid ? messageId : undefined}
          value={day}
          onChange={(e) => setDay(e.target.value)}
        />
      </label>
      <button type="submit" className="hf-button hf-button--primary" disabled={busy}>
        Add {noun}
      </button>
      {invalid && (
        <p id={messageId} role="alert" className="hf-status hf-status--error budget-add-form__message">
          {invalid.message}
        </p>
      )}
    </form>
  );
}
