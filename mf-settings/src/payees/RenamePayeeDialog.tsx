import { useState, type FormEvent } from 'react';
import { errorMessage } from '@hf/app-kit';
import { Modal } from '@hf/ui';
import { previewRename, useRenamePayee, type PayeeUsage, type RenamePayeeResponse } from './payees-api';

export interface RenamePayeeDialogProps {
  payee: PayeeUsage;
  onDone: (message: string) => void;
  onClose: () => void;
}

/**
 * Rename (or merge) one payee: type the new name, Preview answers how many rows change (and, onto
 * an existing name, that they will be merged); Rename / Merge confirms. A changed name needs a
 * new preview. Enter previews, then confirms.
 */
export function RenamePayeeDialog({ payee, onDone, onClose }: RenamePayeeDialogProps) {
  const [name, setName] = useState(payee.payee);
  const [preview, setPreview] = useState<RenamePayeeResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const rename = useRenamePayee();
  const merge = preview !== null && preview.existing > 0;

  const askPreview = async () => {
    setChecking(true);
    setError(null);
    try {
      setPreview(await previewRename(payee.payee, name));
    } catch (err) {
      setPreview(null);
      setError(errorMessage(err, 'Could not preview the rename.'));
    } finally {
      setChecking(false);
    }
  };

  const confirm = () => {
    if (!preview) return;
    rename.mutate(
      { from: payee.payee, to: name },
      {
        onSuccess: (result) => onDone(result.message),
        onError: (err) => {
          setPreview(null);
          setError(errorMessage(err, 'Could not rename the payee.'));
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (preview) confirm();
    else void askPreview();
  };

  return (
    <Modal
      title="Rename Payee"
      onClose={onClose}
      footer={
        <div className="hf-settings__actions">
          <button type="button" className="hf-button" onClick={onClose}>
            Cancel
          </button>
          {preview ? (
            <button
              type="submit"
              form="rename-payee-form"
              className="hf-button hf-button--primary"
              disabled={rename.isPending}
            >
              {merge ? 'Merge' : 'Rename'}
            </button>
          ) : (
            <button type="submit" form="rename-payee-form" className="hf-button hf-button--primary" disabled={checking}>
              Preview
            </button>
          )}
        </div>
      }
    >
      <form id="rename-payee-form" className="hf-settings__form" onSubmit={submit}>
        <p className="hf-payees__current">
          Current name: <strong>{payee.payee}</strong> ({payee.count.toLocaleString('en-US')}{' '}
          {payee.count === 1 ? 'transaction' : 'transactions'})
        </p>
        <div className="hf-settings__field">
          <label htmlFor="rename-payee-name">New name</label>
          <input
            id="rename-payee-name"
            className="hf-input"
            value={name}
            maxLength={200}
            autoComplete="off"
            onChange={(e) => {
              setName(e.target.value);
              setPreview(null);
              setError(null);
            }}
          />
        </div>
        {preview && (
          <p className="hf-payees__preview" role="status">
            {preview.message}
          </p>
        )}
        {error && (
          <p className="hf-settings__field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
