import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { errorMessage } from '@hf/app-kit';
import { type CategoryNode } from '@hf/app-kit/editing';
import { StatusMessage, useTimedMessage } from '@hf/ui';
import { categoriesApi, CATEGORIES_QUERY_KEY, useCategoryTree } from './api';
import {
  invalidMergeDestinations,
  newParentForDrop,
  refusedDropReason,
  type TOP_LEVEL_DROP_ID,
} from './category-moves';
import { CategoryDialog, type Dialog } from './CategoryDialog';
import { CategoryTreeView } from './CategoryTreeView';
import { LEDGER_LIMITS } from '@hf/contracts/ledger-limits';

/** "Manage Your Categories" content (docs/rules/ledger.md and screens.md, "Categories"). */
export function CategoryManager() {
  const queryClient = useQueryClient();
  const tree = useCategoryTree();
  const { message, show } = useTimedMessage();
  const [newName, setNewName] = useState('');
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [mergeSource, setMergeSource] = useState<CategoryNode | null>(null);

  const nodes = tree.data ?? [];
  const expanded = useMemo(
    () => new Set(nodes.map((n) => n.id).filter((id) => !collapsed.has(id))),
    [nodes, collapsed],
  );
  const invalid = useMemo(
    () => (mergeSource ? invalidMergeDestinations(nodes, mergeSource.id) : new Set<number>()),
    [nodes, mergeSource],
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: CATEGORIES_QUERY_KEY });

  const run = async (action: () => Promise<unknown>, success: string | null, failure: string) => {
    try {
      await action();
      if (success) show(success);
    } catch (err) {
      show(errorMessage(err, failure), 'error');
    }
    await refresh();
  };

  const addTopLevel = async (event: FormEvent) => {
    event.preventDefault();
    const name = newName.trim();
    if (!name) return;
    try {
      await categoriesApi.create(name);
      setNewName('');
    } catch (err) {
      show(errorMessage(err, 'An error occurred.'), 'error');
    }
    await refresh();
  };

  const drop = (draggedId: number, target: number | typeof TOP_LEVEL_DROP_ID) => {
    const refusal = refusedDropReason(nodes, draggedId, target);
    if (refusal) {
      show(refusal, 'error');
      return;
    }
    const parentId = newParentForDrop(nodes, draggedId, target);
    if (parentId === undefined) return;
    void run(() => categoriesApi.move(draggedId, parentId), 'Category moved successfully.', 'Could not move category.');
  };

  const toggle = (id: number) =>
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="ledger-categories">
      <StatusMessage message={message} />
      {mergeSource && (
        <div className="ledger-merge-banner" role="region" aria-label="Merge mode">
          <span>
            Merge mode: select the category to merge <strong>{mergeSource.name}</strong> into.
          </span>
          <button type="button" className="hf-button" onClick={() => setMergeSource(null)}>
            Cancel Merge
          </button>
        </div>
      )}
      <form className="ledger-inline-form" onSubmit={addTopLevel}>
        <label className="hf-field hf-field--inline">
          <span>New category name</span>
          <input
            type="text"
            value={newName}
            maxLength={LEDGER_LIMITS.categoryName}
            onChange={(e) => setNewName(e.target.value)}
          />
        </label>
        <button type="submit" className="hf-button hf-button--primary">
          Add Category
        </button>
      </form>
      {tree.isError && (
        <p role="alert" className="hf-status hf-status--error">
          An error occurred.
        </p>
      )}
      {tree.isPending ? (
        <p className="ledger-muted">Loading categories...</p>
      ) : (
        <>
          <CategoryTreeView
            tree={nodes}
            expanded={expanded}
            onToggle={toggle}
            onDrop={drop}
            mergeSourceId={mergeSource?.id ?? null}
            invalidDestinations={invalid}
            onAddChild={(parent) => setDialog({ kind: 'add-child', parent })}
            onMerge={(category) => setMergeSource(category)}
            onEdit={(category) => setDialog({ kind: 'edit', category })}
            onDelete={(category) => setDialog({ kind: 'delete', category })}
            onPickDestination={(destination) =>
              mergeSource && setDialog({ kind: 'merge', source: mergeSource, destination })
            }
          />
          {nodes.length === 0 && <p className="hf-empty">No categories yet. Add one above.</p>}
        </>
      )}

      {dialog && (
        <CategoryDialog
          dialog={dialog}
          onClose={() => setDialog(null)}
          run={run}
          onExpand={(id) =>
            setCollapsed((previous) => {
              const next = new Set(previous);
              next.delete(id);
              return next;
            })
          }
          onMerging={() => setMergeSource(null)}
        />
      )}
    </div>
  );
}
