import { useId, useState, type FormEvent } from 'react';
import { Modal } from '@hf/ui';

/**
 * A dialog with one name field, Cancel and a submit button (disabled while the name is blank);
 * the name is submitted trimmed. Edit Category, Add Sub-category (accounts: AccountEditModal).
 */
export function NameModal({
  title,
  label,
  initial = '',
  submitLabel,
  maxLength,
  required,
  onSubmit,
  onCancel,
}: {
  title: string;
  label: string;
  initial?: string;
  submitLabel: string;
  maxLength: number;
  required?: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const formId = useId();
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
          <button type="submit" form={formId} className="hf-button hf-button--primary" disabled={!value.trim()}>
            {submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit}>
        <label className="hf-field">
          <span>{label}</span>
          <input
            type="text"
            value={value}
            maxLength={maxLength}
            required={required}
            onChange={(e) => setValue(e.target.value)}
          />
        </label>
      </form>
    </Modal>
  );
}
