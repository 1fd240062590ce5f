/**
 * Editing one transaction, shared by the register (mf-ledger) and the reports' drill-down
 * (mf-reports): the status badge, the lock of a cleared row's amount, Enter / Escape keys, and
 * the stacked form of a transaction's fields.
 */
import { normalizeStatus, UNLOCK_LABEL, type CategoryOption, type TransactionDraft } from '@hf/app-kit/editing';
import type { CalendarDate } from '@hf/calendar';
import { useEffect, useRef, type KeyboardEvent, type Ref } from 'react';
import { LockIcon } from './icons';
import { AmountInput, CategoryInput, DateInput, NotesInput, PayeeInput, StatusSelect } from './transaction-fields';

export const STATUS_LABEL = { '': '', p: 'Pending', x: 'Cleared' } as const;

/** P (pending) or X (cleared) in the theme's status colours; nothing for no status. */
export function StatusBadge({ status }: { status: string }) {
  const s = normalizeStatus(status);
  if (!s) return null;
  return (
    <span className={`hf-status-badge hf-status-badge--${s}`} title={STATUS_LABEL[s]}>
      {s.toUpperCase()}
    </span>
  );
}

/** Enter saves; Escape cancels when there is a cancel (keys already handled or composing are left alone). */
export function useEditKeys(onSave: () => void, onCancel?: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      onSave();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };
}

/** The lock beside a cleared row's amount: "Unlock to edit amount" (spec section 4 "Locked rows"). */
export function LockButton({ onUnlock, inputRef }: { onUnlock: () => void; inputRef?: Ref<HTMLButtonElement> }) {
  return (
    <button
      type="button"
      ref={inputRef}
      className="hf-icon-button hf-lock"
      aria-label={UNLOCK_LABEL}
      title={UNLOCK_LABEL}
      onClick={onUnlock}
    >
      <LockIcon />
    </button>
  );
}

export interface TransactionEditFieldsProps {
  draft: TransactionDraft;
  onChange: (patch: Partial<TransactionDraft>) => void;
  /** A cleared row not unlocked yet: amount and status are disabled, with the lock button. */
  locked: boolean;
  /** A transfer leg: payee and category are fixed. */
  isTransfer: boolean;
  today: CalendarDate;
  payees: readonly string[];
  /** Other accounts' names (payee suggestions). */
  accountNames: readonly string[];
  categoryOptions: readonly CategoryOption[];
  onUnlock: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  /** Marks the form with the row it edits (`data-row-id`). */
  rowId?: number;
  /** Ref of the first field (the date), to focus it when the form opens. */
  firstFieldRef?: Ref<HTMLInputElement>;
}

/** A transaction's fields stacked two to a line, one at 768 px or less (the mobile row editor, the drill-down editor). */
export function TransactionEditFields({
  draft,
  onChange,
  locked,
  isTransfer,
  today,
  payees,
  accountNames,
  categoryOptions,
  onUnlock,
  onKeyDown,
  rowId,
  firstFieldRef,
}: TransactionEditFieldsProps) {
  // After "Unlock to edit amount" is confirmed, focus goes to the amount (Deposit when only it is set).
  const paymentRef = useRef<HTMLInputElement>(null);
  const depositRef = useRef<HTMLInputElement>(null);
  const wasLocked = useRef(locked);
  const depositOnly = draft.deposit.trim() !== '' && draft.payment.trim() === '';
  useEffect(() => {
    if (wasLocked.current && !locked) (depositOnly ? depositRef : paymentRef).current?.focus();
    wasLocked.current = locked;
  }, [locked, depositOnly]);
  return (
    <div className="hf-form-grid hf-form-grid--edit" data-row-id={rowId}>
      <label className="hf-stacked-field">
        <span aria-hidden="true">Date</span>
        <DateInput
          value={draft.date}
          onChange={(date) => onChange({ date })}
          today={today}
          onKeyDown={onKeyDown}
          inputRef={firstFieldRef}
        />
      </label>
      <label className="hf-stacked-field">
        <span aria-hidden="true">Payee</span>
        <PayeeInput
          value={draft.payee}
          onChange={(payee) => onChange({ payee })}
          payees={payees}
          accountNames={accountNames}
          onKeyDown={onKeyDown}
          disabled={isTransfer}
        />
      </label>
      <label className="hf-stacked-field">
        <span aria-hidden="true">Payment</span>
        <span className="hf-amount-cell">
          <AmountInput
            label="Payment"
            value={draft.payment}
            onChange={(payment) => onChange({ payment })}
            onKeyDown={onKeyDown}
            disabled={locked}
            inputRef={paymentRef}
          />
          {locked && <LockButton onUnlock={onUnlock} />}
        </span>
      </label>
      <label className="hf-stacked-field">
        <span aria-hidden="true">Deposit</span>
        <AmountInput
          label="Deposit"
          value={draft.deposit}
          onChange={(deposit) => onChange({ deposit })}
          onKeyDown={onKeyDown}
          disabled={locked}
          inputRef={depositRef}
        />
      </label>
      <label className="hf-stacked-field">
        <span aria-hidden="true">Status</span>
        <StatusSelect
          value={draft.status}
          onChange={(status) => onChange({ status })}
          onKeyDown={onKeyDown}
          disabled={locked}
        />
      </label>
      <label className="hf-stacked-field">
        <span aria-hidden="true">Category</span>
        <CategoryInput
          value={draft.category}
          onChange={(category) => onChange({ category })}
          options={categoryOptions}
          onKeyDown={onKeyDown}
          disabled={isTransfer}
          allowTransfer={false}
        />
      </label>
      <label className="hf-stacked-field hf-stacked-field--wide">
        <span aria-hidden="true">Notes</span>
        <NotesInput value={draft.notes} onChange={(notes) => onChange({ notes })} onKeyDown={onKeyDown} />
      </label>
    </div>
  );
}
