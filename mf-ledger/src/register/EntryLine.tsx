import { TRANSFER_CATEGORY, type CategoryOption } from '@hf/app-kit/editing';
import type { CalendarDate } from '@hf/calendar';
import {
  StackedField,
  StackedTransactionFields,
  transactionFieldSet,
  useEditKeys,
  type TransactionFieldRefs,
} from '@hf/ui/editing';
import { Fragment, useId, type FormEvent, type Ref } from 'react';
import { netAmountCents } from '@hf/app-kit/editing';
import { SplitLinesEditor } from '../splits/SplitLinesEditor';
import { saveBlockedReason, splitLabel, type SplitDraftLine } from '../splits/split-lines';
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
  /** The new row's split lines as typed (null: not split), their change (null: unsplit) and "Split". */
  splits?: SplitDraftLine[] | null;
  onSplitsChange?: (splits: SplitDraftLine[] | null) => void;
  onStartSplit?: () => void;
}

/** The entry's split: its lines' editor, why Add is refused, and the "Split" button (none on a transfer). */
function useEntrySplit(props: EntryLineProps, isTransfer: boolean) {
  const { draft, splits = null, onSplitsChange, onStartSplit, categoryOptions, busy } = props;
  const reasonId = useId();
  const totalCents = netAmountCents(draft.payment, draft.deposit) ?? 0;
  const blocked = splits === null ? null : saveBlockedReason(totalCents, splits);
  const addProps = {
    disabled: busy || blocked !== null,
    title: blocked ?? undefined,
    'aria-describedby': blocked ? reasonId : undefined,
  };
  const splitButton = splits === null && !isTransfer && onStartSplit && (
    <button type="button" className="hf-button ledger-button--small" disabled={busy} onClick={onStartSplit}>
      Split
    </button>
  );
  const editor = splits !== null && onSplitsChange && (
    <SplitLinesEditor
      totalCents={totalCents}
      lines={splits}
      onChange={onSplitsChange}
      categoryOptions={categoryOptions}
      onUnsplit={() => {
        onSplitsChange(null);
        props.onChange({ category: splits[0]?.category ?? '' });
      }}
      reasonId={reasonId}
      onSubmit={props.onSubmit}
      label="New transaction's split lines"
      autoFocus
    />
  );
  return { addProps, splitButton, editor };
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
  if (props.splits) field.category = <span className="ledger-split-label">{splitLabel(props.splits.length)}</span>;
  return { field, isTransfer };
}

/** The desktop entry line: one table row of fields; Enter in any field submits. */
export function EntryLineRow(props: EntryLineProps) {
  const { draft, onChange, onSubmit, otherAccounts } = props;
  const { field, isTransfer } = useEntryFields(props);
  const { addProps, splitButton, editor } = useEntrySplit(props, isTransfer);
  const entry = (
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
            {...addProps}
            onClick={onSubmit}
          >
            Add
          </button>
          {splitButton}
        </div>
      </td>
      <td>{field.status}</td>
      <td className="ledger-cell--combo">{field.category}</td>
      <td>{field.notes}</td>
    </tr>
  );
  if (!editor) return entry;
  return (
    <Fragment>
      {entry}
      <tr className="ledger-entry-row ledger-split-row">
        <td colSpan={10}>{editor}</td>
      </tr>
    </Fragment>
  );
}

/** The mobile entry form: stacked fields and an "Add Transaction" button. */
export function EntryForm(props: EntryLineProps) {
  const { draft, onChange, onSubmit, otherAccounts } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const { field, isTransfer } = useEntryFields(props);
  const { addProps, splitButton, editor } = useEntrySplit(props, isTransfer);
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
      {editor}
      <div className="ledger-entry-form__actions">
        <button type="submit" className="hf-button hf-button--primary" {...addProps}>
          Add Transaction
        </button>
        {splitButton}
      </div>
    </form>
  );
}
