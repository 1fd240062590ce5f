import { TRANSFER_CATEGORY, type CategoryOption } from '@hf/app-kit/editing';
import type { CalendarDate } from '@hf/calendar';
import {
  StackedField,
  StackedTransactionFields,
  transactionFieldSet,
  useEditKeys,
  type TransactionFieldRefs,
} from '@hf/ui/editing';
import type { FormEvent, Ref } from 'react';
import type { EntryDraft } from './entry';
import './category-suggestion.css';

export interface EntryLineProps {
  draft: EntryDraft;
  onChange: (patch: Partial<EntryDraft>) => void;
  onSubmit: () => void;
  today: CalendarDate;
  payees: readonly string[];
  otherAccounts: readonly { id: number; name: string }[];
  categoryOptions: readonly CategoryOption[];
  dateRef: Ref<HTMLInputElement>;
  /** The other fields a refused entry sends the keyboard to. */
  fieldRefs?: Pick<TransactionFieldRefs, 'payee' | 'payment' | 'deposit'>;
  /** The payee names another account: the category is fixed to "-- Transfer --". */
  payeeIsAccount: boolean;
  /** The category the payee suggested, while the field still shows it (marked "Suggested"). */
  suggestedCategory?: string | null;
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

/** The entry line's fields bound to its draft; Enter in any field submits. */
function useEntryFields(props: EntryLineProps) {
  const {
    draft,
    onChange,
    onSubmit,
    today,
    payees,
    otherAccounts,
    categoryOptions,
    dateRef,
    fieldRefs,
    payeeIsAccount,
  } = props;
  const onKeyDown = useEditKeys(onSubmit);
  const field = transactionFieldSet({
    draft,
    onChange,
    onKeyDown,
    today,
    payees,
    accountNames: otherAccounts.map((a) => a.name),
    categoryOptions,
    categoryIsTransfer: payeeIsAccount,
    allowTransfer: true,
    refs: { ...fieldRefs, date: dateRef },
  });
  const isTransfer = payeeIsAccount || draft.category.trim() === TRANSFER_CATEGORY;
  if (props.suggestedCategory && !isTransfer) {
    field.category = (
      <span
        className="ledger-suggested"
        title="Suggested from this payee's earlier transactions: change it if it is wrong"
      >
        {field.category}
        <span className="ledger-suggested__tag">Suggested</span>
      </span>
    );
  }
  return { field, isTransfer };
}

/** The desktop entry line: one table row of fields; Enter in any field submits. */
export function EntryLineRow(props: EntryLineProps) {
  const { draft, onChange, onSubmit, otherAccounts, busy } = props;
  const { field, isTransfer } = useEntryFields(props);
  return (
    <tr className="ledger-entry-row" aria-label="New transaction">
      <td>{field.date}</td>
      <td className="ledger-cell--combo">{field.payee}</td>
      <td>{field.payment}</td>
      <td>{field.deposit}</td>
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
      <td>{field.status}</td>
      <td className="ledger-cell--combo">{field.category}</td>
      <td>{field.notes}</td>
    </tr>
  );
}

/** The mobile entry form: stacked fields and an "Add Transaction" button. */
export function EntryForm(props: EntryLineProps) {
  const { draft, onChange, onSubmit, otherAccounts, busy } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const { field, isTransfer } = useEntryFields(props);
  return (
    <form className="ledger-entry-form" aria-label="New transaction" onSubmit={submit}>
      <div className="hf-form-grid">
        <StackedTransactionFields
          field={field}
          extra={
            isTransfer && (
              <StackedField label="Transfer account">
                <TransferSelect draft={draft} onChange={onChange} otherAccounts={otherAccounts} />
              </StackedField>
            )
          }
        />
      </div>
      <button type="submit" className="hf-button hf-button--primary" disabled={busy}>
        Add Transaction
      </button>
    </form>
  );
}
