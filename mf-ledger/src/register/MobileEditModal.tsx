import { Modal } from '@hf/ui';
import { AmountInput, CategoryInput, DateInput, NotesInput, PayeeInput, StatusSelect } from './fields';
import { LockButton, useEditKeys, type EditRowProps } from './RegisterRows';

/** Row editing on mobile: the same fields stacked in a dialog, with Save, Move, Delete and Cancel. */
export function MobileEditModal({ row, draft, onChange, locked, isTransfer, busy, today, payees, accountNames, categoryOptions, onUnlock, onSave, onCancel, onMove, onDelete }: Omit<EditRowProps, 'className' | 'focusField'>) {
  const onKeyDown = useEditKeys(onSave, () => undefined);
  return (
    <Modal
      title="Edit Transaction"
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="hf-button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="hf-button hf-button--danger" disabled={busy} onClick={onDelete}>
            Delete
          </button>
          <button type="button" className="hf-button" disabled={busy} onClick={onMove}>
            Move
          </button>
          <button type="button" className="hf-button hf-button--primary" disabled={busy} onClick={onSave}>
            Save
          </button>
        </>
      }
    >
      <div className="ledger-entry-form__grid" data-row-id={row.id}>
        <label className="ledger-stacked-field">
          <span aria-hidden="true">Date</span>
          <DateInput value={draft.date} onChange={(date) => onChange({ date })} today={today} onKeyDown={onKeyDown} />
        </label>
        <label className="ledger-stacked-field">
          <span aria-hidden="true">Payee</span>
          <PayeeInput value={draft.payee} onChange={(payee) => onChange({ payee })} payees={payees} accountNames={accountNames} onKeyDown={onKeyDown} disabled={isTransfer} />
        </label>
        <label className="ledger-stacked-field">
          <span aria-hidden="true">Payment</span>
          <span className="ledger-amount-cell">
            <AmountInput label="Payment" value={draft.payment} onChange={(payment) => onChange({ payment })} onKeyDown={onKeyDown} disabled={locked} />
            {locked && <LockButton onUnlock={onUnlock} />}
          </span>
        </label>
        <label className="ledger-stacked-field">
          <span aria-hidden="true">Deposit</span>
          <AmountInput label="Deposit" value={draft.deposit} onChange={(deposit) => onChange({ deposit })} onKeyDown={onKeyDown} disabled={locked} />
        </label>
        <label className="ledger-stacked-field">
          <span aria-hidden="true">Status</span>
          <StatusSelect value={draft.status} onChange={(status) => onChange({ status })} onKeyDown={onKeyDown} disabled={locked} />
        </label>
        <label className="ledger-stacked-field">
          <span aria-hidden="true">Category</span>
          <CategoryInput value={draft.category} onChange={(category) => onChange({ category })} options={categoryOptions} onKeyDown={onKeyDown} disabled={isTransfer} allowTransfer={false} />
        </label>
        <label className="ledger-stacked-field ledger-stacked-field--wide">
          <span aria-hidden="true">Notes</span>
          <NotesInput value={draft.notes} onChange={(notes) => onChange({ notes })} onKeyDown={onKeyDown} />
        </label>
      </div>
    </Modal>
  );
}
