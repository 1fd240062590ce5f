import {
  DndContext, KeyboardSensor, PointerSensor, pointerWithin, rectIntersection, useDraggable, useDroppable, useSensor, useSensors,
  type CollisionDetection, type DragEndEvent,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { ChevronIcon, EditIcon, GripIcon, MergeIcon, PlusIcon, TrashIcon } from '../components/icons';
import type { ReactNode } from 'react';
import { TOP_LEVEL_DROP_ID } from './category-moves';
import type { CategoryNode } from './category-text';

export interface CategoryActions {
  onAddChild: (category: CategoryNode) => void;
  onMerge: (category: CategoryNode) => void;
  onEdit: (category: CategoryNode) => void;
  onDelete: (category: CategoryNode) => void;
  /** In merge mode: picks the destination. */
  onPickDestination: (category: CategoryNode) => void;
}

interface TreeViewProps extends CategoryActions {
  tree: CategoryNode[];
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onDrop: (draggedId: number, target: number | typeof TOP_LEVEL_DROP_ID) => void;
  mergeSourceId: number | null;
  invalidDestinations: ReadonlySet<number>;
}

const dropId = (id: number) => `category-${id}`;

// Pointer first (precise for nested rows), rectangles for the keyboard sensor.
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

function TopLevelDropZone() {
  const { setNodeRef, isOver } = useDroppable({ id: TOP_LEVEL_DROP_ID });
  return (
    <div ref={setNodeRef} className={`ledger-drop-zone${isOver ? ' is-over' : ''}`}>
      Drag a category here to make it a top-level item.
    </div>
  );
}

function CategoryRow({ category, isTopLevel, hasChildren, isExpanded, onToggle, mergeSourceId, invalidDestinations, actions, children }: {
  category: CategoryNode;
  isTopLevel: boolean;
  hasChildren: boolean;
  isExpanded: boolean;
  onToggle: () => void;
  mergeSourceId: number | null;
  invalidDestinations: ReadonlySet<number>;
  actions: CategoryActions;
  children?: ReactNode;
}) {
  const drag = useDraggable({ id: category.id, disabled: mergeSourceId !== null });
  const drop = useDroppable({ id: dropId(category.id), disabled: !isTopLevel });
  const merging = mergeSourceId !== null;
  const isSource = mergeSourceId === category.id;
  const canBeDestination = merging && !invalidDestinations.has(category.id);
  return (
    <li ref={drag.setNodeRef} className={`ledger-category${drag.isDragging ? ' is-dragging' : ''}`} style={{ transform: CSS.Translate.toString(drag.transform) }}>
      <div
        ref={drop.setNodeRef}
        className={`ledger-category__row${drop.isOver ? ' is-over' : ''}${isSource ? ' is-merge-source' : ''}${canBeDestination ? ' is-merge-target' : ''}`}
      >
        {hasChildren ? (
          <button type="button" className="ledger-icon-button ledger-tree-toggle" aria-expanded={isExpanded} aria-label={`${isExpanded ? 'Collapse' : 'Expand'} ${category.name}`} onClick={onToggle}>
            <ChevronIcon open={isExpanded} />
          </button>
        ) : (
          <span className="ledger-tree-toggle" aria-hidden="true" />
        )}
        <button type="button" ref={drag.setActivatorNodeRef} className="ledger-drag-handle" aria-label={`Drag ${category.name}`} {...drag.attributes} {...drag.listeners}>
          <GripIcon />
        </button>
        <span className="ledger-category__name">
          {canBeDestination ? (
            <button type="button" className="ledger-link-button" title={`Merge into ${category.name}`} onClick={() => actions.onPickDestination(category)}>
              {category.name}
            </button>
          ) : (
            category.name
          )}
        </span>
        {!merging && (
          <span className="ledger-hover-actions">
            {isTopLevel && (
              <button type="button" className="ledger-icon-button" aria-label="Add Sub-category" title={`Add a sub-category to ${category.name}`} onClick={() => actions.onAddChild(category)}>
                <PlusIcon />
              </button>
            )}
            <button type="button" className="ledger-icon-button" aria-label="Merge" title={`Merge ${category.name} into another category`} onClick={() => actions.onMerge(category)}>
              <MergeIcon />
            </button>
            <button type="button" className="ledger-icon-button" aria-label="Edit" title={`Rename ${category.name}`} onClick={() => actions.onEdit(category)}>
              <EditIcon />
            </button>
            <button type="button" className="ledger-icon-button ledger-icon-button--danger" aria-label="Delete" title={`Delete ${category.name}`} onClick={() => actions.onDelete(category)}>
              <TrashIcon />
            </button>
          </span>
        )}
      </div>
      {children}
    </li>
  );
}

/** The category tree with expand/collapse and drag-and-drop re-parenting (spec section 2). */
export function CategoryTreeView({ tree, expanded, onToggle, onDrop, mergeSourceId, invalidDestinations, ...actions }: TreeViewProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const target = over.id === TOP_LEVEL_DROP_ID ? TOP_LEVEL_DROP_ID : Number(String(over.id).replace('category-', ''));
    onDrop(Number(active.id), target);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={collision} onDragEnd={onDragEnd}>
      <TopLevelDropZone />
      <ul className="ledger-category-tree" aria-label="Categories">
        {tree.map((top) => {
          const children = top.children ?? [];
          const isExpanded = expanded.has(top.id);
          return (
            <CategoryRow
              key={top.id}
              category={top}
              isTopLevel
              hasChildren={children.length > 0}
              isExpanded={isExpanded}
              onToggle={() => onToggle(top.id)}
              mergeSourceId={mergeSourceId}
              invalidDestinations={invalidDestinations}
              actions={actions}
            >
              {children.length > 0 && isExpanded && (
                <ul className="ledger-category-children">
                  {children.map((child) => (
                    <CategoryRow
                      key={child.id}
                      category={child}
                      isTopLevel={false}
                      hasChildren={false}
                      isExpanded={false}
                      onToggle={() => undefined}
                      mergeSourceId={mergeSourceId}
                      invalidDestinations={invalidDestinations}
                      actions={actions}
                    />
                  ))}
                </ul>
              )}
            </CategoryRow>
          );
        })}
      </ul>
    </DndContext>
  );
}
