import { useState, type FormEvent } from 'react';
import { Modal } from '@hf/ui';
import { LEDGER_LIMITS } from '@hf/contracts/src/ledger-limits';

/** "Edit Account Name" with Cancel and "Save Changes" (spec section 2). */
export function EditAccountModal({ name, onSave, onCancel }: { name: string; onSave: (name: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState(name);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (value.trim()) onSave(value.trim());
  };
  return (
    <Modal
      title="Edit Account Name"
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="hf-button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" form="ledger-edit-account" className="hf-button hf-button--primary" disabled={!value.trim()}>
            Save Changes
          </button>
        </>
      }
    >
      <form id="ledger-edit-account" onSubmit={submit}>
        <label className="hf-field">
          <span>Account name</span>
          <input type="text" value={value} maxLength={LEDGER_LIMITS.accountName} required onChange={(e) => setValue(e.target.value)} />
        </label>
      </form>
    </Modal>
  );
}
