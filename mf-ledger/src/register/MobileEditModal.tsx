import { Modal } from '@hf/ui';
import { TransactionEditFields, useEditKeys } from '@hf/ui/editing';
import { CreateRuleButton } from './CreateRuleButton';
import type { EditRowProps } from './RegisterRows';

/** Row editing on mobile: the same fields stacked in a dialog, with Save, Move, Delete and Cancel. */
export function MobileEditModal(props: Omit<EditRowProps, 'className' | 'focusField'>) {
  const { row, busy, onSave, onCancel, onMove, onDelete, onHistory, ...fields } = props;
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
          {onHistory && (
            <button type="button" className="hf-button" onClick={onHistory}>
              History
            </button>
          )}
          <CreateRuleButton row={row} />
          <button type="button" className="hf-button hf-button--primary" disabled={busy} onClick={onSave}>
            Save
          </button>
        </>
      }
    >
      <TransactionEditFields rowId={row.id} {...fields} onKeyDown={onKeyDown} />
    </Modal>
  );
}
