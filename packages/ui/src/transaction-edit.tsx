/**
 * Editing one transaction, shared by the register (mf-ledger) and the reports' drill-down
 * (mf-reports): the status badge, the lock of a cleared row's amount, Enter / Escape keys, a
 * transaction's fields bound to its draft and their stacked form.
 */
import {
  normalizeStatus,
  TRANSFER_CATEGORY,
  UNLOCK_LABEL,
  type CategoryOption,
  type EditField,
  type TransactionDraft,
} from '@hf/app-kit/editing';
import type { CalendarDate } from '@hf/calendar';
import { useEffect, useRef, type KeyboardEvent, type ReactElement, type ReactNode, type Ref } from 'react';
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

/** The lock beside a cleared row's amount: "Unlock to edit amount" (docs/rules/screens.md, Locked rows). */
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

/** Refs of a transaction's fields (and of the lock beside a locked amount), to focus one. */
export type TransactionFieldRefs = {
  [F in EditField]?: Ref<F extends 'status' ? HTMLSelectElement : HTMLInputElement>;
} & {
  unlock?: Ref<HTMLButtonElement>;
};

export interface TransactionFieldSetProps {
  draft: TransactionDraft;
  onChange: (patch: Partial<TransactionDraft>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  today: CalendarDate;
  payees: readonly string[];
  /** Other accounts' names (payee suggestions). */
  accountNames: readonly string[];
  categoryOptions: readonly CategoryOption[];
  /** A cleared row not unlocked yet: amount and status are disabled, with the lock button. */
  locked?: boolean;
  /** With `locked`: the date is disabled too (a reconciled row). */
  lockDate?: boolean;
  /** Given when a row is edited: Payment sits in an amount cell, with the lock when locked. */
  onUnlock?: () => void;
  /** A transfer leg: payee and category are fixed. */
  isTransfer?: boolean;
  /** The new entry's payee names another account: the category is fixed to "-- Transfer --". */
  categoryIsTransfer?: boolean;
  /** "-- Transfer --" is offered as a category (a new entry, not a row being edited). */
  allowTransfer?: boolean;
  refs?: TransactionFieldRefs;
}

/** A transaction's fields bound to a draft, one element a field, for a layout to place (table row or stacked form). */
export function transactionFieldSet(props: TransactionFieldSetProps): Record<EditField, ReactElement> {
  const {
    draft,
    onChange,
    onKeyDown,
    today,
    payees,
    accountNames,
    categoryOptions,
    locked,
    onUnlock,
    refs = {},
  } = props;
  // Each field shows its part of the draft and changes only that part.
  const bind = <F extends EditField>(name: F) => ({
    value: draft[name],
    onChange: (value: TransactionDraft[F]) => onChange({ [name]: value } as Partial<TransactionDraft>),
    onKeyDown,
  });
  const payment = <AmountInput label="Payment" {...bind('payment')} disabled={locked} inputRef={refs.payment} />;
  return {
    date: <DateInput {...bind('date')} today={today} inputRef={refs.date} disabled={locked && props.lockDate} />,
    payee: (
      <PayeeInput
        {...bind('payee')}
        payees={payees}
        accountNames={accountNames}
        inputRef={refs.payee}
        disabled={props.isTransfer}
      />
    ),
    payment: onUnlock ? (
      <span className="hf-amount-cell">
        {payment}
        {locked && <LockButton onUnlock={onUnlock} inputRef={refs.unlock} />}
      </span>
    ) : (
      payment
    ),
    deposit: <AmountInput label="Deposit" {...bind('deposit')} disabled={locked} inputRef={refs.deposit} />,
    status: <StatusSelect {...bind('status')} disabled={locked} inputRef={refs.status} />,
    category: (
      <CategoryInput
        {...bind('category')}
        value={props.categoryIsTransfer ? TRANSFER_CATEGORY : draft.category}
        options={categoryOptions}
        inputRef={refs.category}
        disabled={props.isTransfer || props.categoryIsTransfer}
        allowTransfer={props.allowTransfer ?? false}
      />
    ),
    notes: <NotesInput {...bind('notes')} inputRef={refs.notes} />,
  };
}

/**
 * A transaction's fields stacked two to a line, one at 768 px or less: `extra` fields (the new
 * entry's transfer account) go between Category and the wide Notes.
 */
export function StackedTransactionFields({
  field,
  extra,
}: {
  field: Record<EditField, ReactElement>;
  extra?: ReactNode;
}) {
  return (
    <>
      <StackedField label="Date">{field.date}</StackedField>
      <StackedField label="Payee">{field.payee}</StackedField>
      <StackedField label="Payment">{field.payment}</StackedField>
      <StackedField label="Deposit">{field.deposit}</StackedField>
      <StackedField label="Status">{field.status}</StackedField>
      <StackedField label="Category">{field.category}</StackedField>
      {extra}
      <StackedField label="Notes" wide>
        {field.notes}
      </StackedField>
    </>
  );
}

/** A field of a stacked form: its visible name over it (the input keeps its own aria-label). */
export function StackedField({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <label className={wide ? 'hf-stacked-field hf-stacked-field--wide' : 'hf-stacked-field'}>
      <span aria-hidden="true">{label}</span>
      {children}
    </label>
  );
}

export interface TransactionEditFieldsProps {
  draft: TransactionDraft;
  onChange: (patch: Partial<TransactionDraft>) => void;
  /** A cleared row not unlocked yet: amount and status are disabled, with the lock button. */
  locked: boolean;
  /** With `locked`: the date is disabled too (a reconciled row). */
  lockDate?: boolean;
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
  /** Text shown in place of the category field ("Split (3)": a split row's lines carry its categories). */
  fixedCategory?: string;
}

/** A transaction's fields stacked two to a line, one at 768 px or less (the mobile row editor, the drill-down editor). */
export function TransactionEditFields({ rowId, firstFieldRef, fixedCategory, ...props }: TransactionEditFieldsProps) {
  // After "Unlock to edit amount" is confirmed, focus goes to the amount (Deposit when only it is set).
  const paymentRef = useRef<HTMLInputElement>(null);
  const depositRef = useRef<HTMLInputElement>(null);
  const { draft, locked } = props;
  const wasLocked = useRef(locked);
  const depositOnly = draft.deposit.trim() !== '' && draft.payment.trim() === '';
  useEffect(() => {
    if (wasLocked.current && !locked) (depositOnly ? depositRef : paymentRef).current?.focus();
    wasLocked.current = locked;
  }, [locked, depositOnly]);
  const field = transactionFieldSet({
    ...props,
    refs: { date: firstFieldRef, payment: paymentRef, deposit: depositRef },
  });
  if (fixedCategory !== undefined) field.category = <span className="hf-fixed-category">{fixedCategory}</span>;
  return (
    <div className="hf-form-grid hf-form-grid--edit" data-row-id={rowId}>
      <StackedTransactionFields field={field} />
    </div>
  );
}
