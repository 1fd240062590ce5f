import { useState, type FormEvent } from 'react';
import { Modal } from '@hf/ui';
import { LEDGER_LIMITS } from '@hf/contracts/src/ledger-limits';

/** The edit and add-sub-category dialogs: one name field, Cancel and a submit button. */
export function CategoryNameModal({ title, label, initial = '', submitLabel, onSubmit, onCancel }: {
  title: string;
  label: string;
  initial?: string;
  submitLabel: string;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) onSubmit(value.trim());
  };
  return (
    <Modal
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="hf-button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" form="ledger-category-name" className="hf-button hf-button--primary" disabled={!value.trim()}>
            {submitLabel}
          </button>
        </>
      }
    >
      <form id="ledger-category-name" onSubmit={submit}>
        <label className="hf-field">
          <span>{label}</span>
          <input type="text" value={value} maxLength={LEDGER_LIMITS.categoryName} onChange={(e) => setValue(e.target.value)} />
        </label>
      </form>
    </Modal>
  );
}
