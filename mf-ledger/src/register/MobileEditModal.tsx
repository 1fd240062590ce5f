import { Modal } from '@hf/ui';
import { TransactionEditFields, useEditKeys } from '@hf/ui/editing';
import { CreateRuleButton } from './CreateRuleButton';
import { splitSaveReason, startSplit, type EditRowProps } from './RegisterRows';
import { SplitLinesEditor } from '../splits/SplitLinesEditor';
import { netAmountCents } from '@hf/app-kit/editing';
import { useId } from 'react';

/** Row editing on mobile: the same fields stacked in a dialog, with Save, Move, Delete and Cancel. */
export function MobileEditModal(props: Omit<EditRowProps, 'className' | 'focusField'>) {
  const { row, busy, onSave, onCancel, onMove, onDelete, onHistory, splits, onSplitsChange, ...fields } = props;
  const onKeyDown = useEditKeys(onSave, () => undefined);
  const reasonId = useId();
  const blocked = splitSaveReason(fields.draft, splits);
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
          {splits === null && !fields.isTransfer && (
            <button
              type="button"
              className="hf-button"
              disabled={busy}
              onClick={() => onSplitsChange(startSplit(fields.draft))}
            >
              Split
            </button>
          )}
          <button
            type="button"
            className="hf-button hf-button--primary"
            disabled={busy || blocked !== null}
            title={blocked ?? undefined}
            aria-describedby={blocked ? reasonId : undefined}
            onClick={onSave}
          >
            Save
          </button>
        </>
      }
    >
      <TransactionEditFields
        rowId={row.id}
        {...fields}
        onKeyDown={onKeyDown}
        fixedCategory={splits ? `Split (${splits.length})` : undefined}
      />
      {splits !== null && (
        <SplitLinesEditor
          totalCents={netAmountCents(fields.draft.payment, fields.draft.deposit) ?? 0}
          lines={splits}
          onChange={onSplitsChange}
          categoryOptions={fields.categoryOptions}
          onUnsplit={() => {
            onSplitsChange(null);
            fields.onChange({ category: splits[0]?.category ?? '' });
          }}
          reasonId={reasonId}
          onSubmit={onSave}
          autoFocus
        />
      )}
    </Modal>
  );
}
