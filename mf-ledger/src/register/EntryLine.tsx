import { TRANSFER_CATEGORY, type CategoryOption } from '@hf/app-kit/editing';
import type { CalendarDate } from '@hf/calendar';
import {
  AmountInput,
  CategoryInput,
  DateInput,
  NotesInput,
  PayeeInput,
  StatusSelect,
  useEditKeys,
} from '@hf/ui/editing';
import type { FormEvent, Ref } from 'react';
import type { EntryDraft } from './entry';

export interface EntryLineProps {
  draft: EntryDraft;
  onChange: (patch: Partial<EntryDraft>) => void;
  onSubmit: () => void;
  today: CalendarDate;
  payees: readonly string[];
  otherAccounts: readonly { id: number; name: string }[];
  categoryOptions: readonly CategoryOption[];
  dateRef: Ref<HTMLInputElement>;
  /** The payee names another account: the category is fixed to "-- Transfer --". */
  payeeIsAccount: boolean;
  busy: boolean;
}

function TransferSelect({
  draft,
  onChange,
  otherAccounts,
}: Pick<EntryLineProps, 'draft' | 'onChange' | 'otherAccounts'>) {
  return (
    <select
      aria-label="Transfer account"
      className="hf-input"
      value={draft.destinationAccountId ?? ''}
      onChange={(e) => onChange({ destinationAccountId: e.target.value ? Number(e.target.value) : null })}
    >
      <option value="">Transfer account...</option>
      {otherAccounts.map((a) => (
        <option key={a.id} value={a.id}>
          {a.name}
        </option>
      ))}
    </select>
  );
}

/** The desktop entry line: one table row of fields; Enter in any field submits. */
export function EntryLineRow(props: EntryLineProps) {
  const { draft, onChange, onSubmit, today, payees, otherAccounts, categoryOptions, dateRef, payeeIsAccount, busy } =
    props;
  const onKeyDown = useEditKeys(onSubmit);
  const isTransfer = payeeIsAccount || draft.category.trim() === TRANSFER_CATEGORY;
  return (
    <tr className="ledger-entry-row" aria-label="New transaction">
      <td>
        <DateInput
          value={draft.date}
          onChange={(date) => onChange({ date })}
          today={today}
          inputRef={dateRef}
          onKeyDown={onKeyDown}
        />
      </td>
      <td className="ledger-cell--combo">
        <PayeeInput
          value={draft.payee}
          onChange={(payee) => onChange({ payee })}
          payees={payees}
          accountNames={otherAccounts.map((a) => a.name)}
          onKeyDown={onKeyDown}
        />
      </td>
      <td>
        <AmountInput
          label="Payment"
          value={draft.payment}
          onChange={(payment) => onChange({ payment })}
          onKeyDown={onKeyDown}
        />
      </td>
      <td>
        <AmountInput
          label="Deposit"
          value={draft.deposit}
          onChange={(deposit) => onChange({ deposit })}
          onKeyDown={onKeyDown}
        />
      </td>
      <td colSpan={3} className="ledger-entry-row__actions">
        {/* A flex line: the picker takes what is left and never runs under Add or into Status. */}
        <div className="ledger-entry-row__add">
          {isTransfer && <TransferSelect draft={draft} onChange={onChange} otherAccounts={otherAccounts} />}
          <button
            type="button"
            className="hf-button hf-button--primary ledger-button--small"
            disabled={busy}
            onClick={onSubmit}
          >
            Add
          </button>
        </div>
      </td>
      <td>
        <StatusSelect value={draft.status} onChange={(status) => onChange({ status })} onKeyDown={onKeyDown} />
      </td>
      <td className="ledger-cell--combo">
        <CategoryInput
          value={payeeIsAccount ? TRANSFER_CATEGORY : draft.category}
          onChange={(category) => onChange({ category })}
          options={categoryOptions}
          onKeyDown={onKeyDown}
          disabled={payeeIsAccount}
        />
      </td>
      <td>
        <NotesInput value={draft.notes} onChange={(notes) => onChange({ notes })} onKeyDown={onKeyDown} />
      </td>
    </tr>
  );
}

/** The mobile entry form: stacked fields and an "Add Transaction" button. */
export function EntryForm(props: EntryLineProps) {
  const { draft, onChange, onSubmit, today, payees, otherAccounts, categoryOptions, dateRef, payeeIsAccount, busy } =
    props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const onKeyDown = useEditKeys(onSubmit);
  const isTransfer = payeeIsAccount || draft.category.trim() === TRANSFER_CATEGORY;
  return (
    <form className="ledger-entry-form" aria-label="New transaction" onSubmit={submit}>
      <div className="hf-form-grid">
        <label className="hf-stacked-field">
          <span aria-hidden="true">Date</span>
          <DateInput
            value={draft.date}
            onChange={(date) => onChange({ date })}
            today={today}
            inputRef={dateRef}
            onKeyDown={onKeyDown}
          />
        </label>
        <label className="hf-stacked-field">
          <span aria-hidden="true">Payee</span>
          <PayeeInput
            value={draft.payee}
            onChange={(payee) => onChange({ payee })}
            payees={payees}
            accountNames={otherAccounts.map((a) => a.name)}
            onKeyDown={onKeyDown}
          />
        </label>
        <label className="hf-stacked-field">
          <span aria-hidden="true">Payment</span>
          <AmountInput
            label="Payment"
            value={draft.payment}
            onChange={(payment) => onChange({ payment })}
            onKeyDown={onKeyDown}
          />
        </label>
        <label className="hf-stacked-field">
          <span aria-hidden="true">Deposit</span>
          <AmountInput
            label="Deposit"
            value={draft.deposit}
            onChange={(deposit) => onChange({ deposit })}
            onKeyDown={onKeyDown}
          />
        </label>
        <label className="hf-stacked-field">
          <span aria-hidden="true">Status</span>
          <StatusSelect value={draft.status} onChange={(status) => onChange({ status })} onKeyDown={onKeyDown} />
        </label>
        <label className="hf-stacked-field">
          <span aria-hidden="true">Category</span>
          <CategoryInput
            value={payeeIsAccount ? TRANSFER_CATEGORY : draft.category}
            onChange={(category) => onChange({ category })}
            options={categoryOptions}
            onKeyDown={onKeyDown}
            disabled={payeeIsAccount}
          />
        </label>
        {isTransfer && (
          <label className="hf-stacked-field">
            <span aria-hidden="true">Transfer account</span>
            <TransferSelect draft={draft} onChange={onChange} otherAccounts={otherAccounts} />
          </label>
        )}
        <label className="hf-stacked-field hf-stacked-field--wide">
          <span aria-hidden="true">Notes</span>
          <NotesInput value={draft.notes} onChange={(notes) => onChange({ notes })} onKeyDown={onKeyDown} />
        </label>
      </div>
      <button type="submit" className="hf-button hf-button--primary" disabled={busy}>
        Add Transaction
      </button>
    </form>
  );
}
