import { Modal } from '@hf/ui';
import { TransactionEditFields, useEditKeys } from '@hf/ui/editing';
import type { EditRowProps } from './RegisterRows';

/** Row editing on mobile: the same fields stacked in a dialog, with Save, Move, Delete and Cancel. */
export function MobileEditModal({
  row,
  draft,
  onChange,
  locked,
  isTransfer,
  busy,
  today,
  payees,
  accountNames,
  categoryOptions,
  onUnlock,
  onSave,
  onCancel,
  onMove,
  onDelete,
}: Omit<EditRowProps, 'className' | 'focusField'>) {
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
      <TransactionEditFields
        rowId={row.id}
        draft={draft}
        onChange={onChange}
        locked={locked}
        isTransfer={isTransfer}
        today={today}
        payees={payees}
        accountNames={accountNames}
        categoryOptions={categoryOptions}
        onUnlock={onUnlock}
        onKeyDown={onKeyDown}
      />
    </Modal>
  );
}
