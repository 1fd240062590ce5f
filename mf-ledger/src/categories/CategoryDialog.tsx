import type { CategoryNode } from '@hf/app-kit/editing';
import { LEDGER_LIMITS } from '@hf/contracts/ledger-limits';
import { ConfirmDialog } from '@hf/ui';
import { NameModal } from '../components/NameModal';
import { categoriesApi } from './api';
import { DELETE_CATEGORY_MESSAGE, mergeConfirmationMessage } from './category-moves';

/** The question or form open on the categories page. */
export type Dialog =
  | { kind: 'edit'; category: CategoryNode }
  | { kind: 'add-child'; parent: CategoryNode }
  | { kind: 'delete'; category: CategoryNode }
  | { kind: 'merge'; source: CategoryNode; destination: CategoryNode };

export interface CategoryDialogProps {
  dialog: Dialog;
  onClose: () => void;
  /** Runs the change, shows its message and reads the tree again. */
  run: (action: () => Promise<unknown>, success: string | null, failure: string) => Promise<void>;
  /** A sub-category was added: its parent opens. */
  onExpand: (id: number) => void;
  /** The merge is confirmed: merge mode ends. */
  onMerging: () => void;
}

/** Edit (rename), add a sub-category, delete, and the merge confirmation. */
export function CategoryDialog({ dialog, onClose, run, onExpand, onMerging }: CategoryDialogProps) {
  return (
    <>
      {dialog.kind === 'edit' && (
        <NameModal
          title="Edit Category"
          label="Category name"
          initial={dialog.category.name}
          submitLabel="Save"
          maxLength={LEDGER_LIMITS.categoryName}
          onCancel={onClose}
          onSubmit={(name) => {
            onClose();
            void run(() => categoriesApi.rename(dialog.category.id, name), null, 'Could not update category.');
          }}
        />
      )}
      {dialog.kind === 'add-child' && (
        <NameModal
          title={`Add Sub-category to ${dialog.parent.name}`}
          label="Sub-category name"
          submitLabel="Add"
          maxLength={LEDGER_LIMITS.categoryName}
          onCancel={onClose}
          onSubmit={(name) => {
            onClose();
            onExpand(dialog.parent.id);
            void run(() => categoriesApi.create(name, dialog.parent.id), null, 'An error occurred.');
          }}
        />
      )}
      {dialog.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete ${dialog.category.name}?`}
          message={DELETE_CATEGORY_MESSAGE}
          confirmLabel="Delete"
          cancelLabel="Cancel"
          destructive
          onCancel={onClose}
          onConfirm={() => {
            onClose();
            void run(() => categoriesApi.remove(dialog.category.id), null, 'Could not delete category.');
          }}
        />
      )}
      {dialog.kind === 'merge' && (
        <ConfirmDialog
          title={`Merge ${dialog.source.name} into ${dialog.destination.name}?`}
          message={mergeConfirmationMessage(dialog.source.name)}
          confirmLabel="Merge"
          cancelLabel="Cancel"
          destructive
          onCancel={onClose}
          onConfirm={() => {
            onClose();
            onMerging();
            void run(
              () => categoriesApi.merge(dialog.source.id, dialog.destination.id),
              'Categories merged successfully.',
              'Could not merge categories.',
            );
          }}
        />
      )}
    </>
  );
}
