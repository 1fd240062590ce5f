import {
  DndContext,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useKeyboardLift } from '../components/useKeyboardLift';
import {
  findNode,
  moveDropAnnouncement,
  moveOverAnnouncement,
  refusedDropReason,
  TOP_LEVEL_DROP_ID,
} from './category-moves';
import './categories.css';
import type { CategoryNode } from '@hf/app-kit/editing';
import { ChevronIcon, EditIcon, GripIcon, MergeIcon, PlusIcon, TrashIcon } from '@hf/ui/icons';
import { IconButton } from '../components/IconButton';

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

type DropTarget = number | typeof TOP_LEVEL_DROP_ID;

/** A category picked up with the keyboard and the drop target chosen so far. */
interface Lifted {
  id: number;
  name: string;
  targets: DropTarget[];
  at: number;
}

/** Keyboard moving, shared by every row: the lifted category, the target, the handles. */
interface KeyboardMove {
  lifted: Lifted | null;
  onHandleKeyDown: (event: KeyboardEvent<HTMLButtonElement>, category: CategoryNode, parentId: number | null) => void;
  handleRef: (id: number) => (node: HTMLButtonElement | null) => void;
}

// Pointer first (precise for nested rows), then rectangles.
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

function TopLevelDropZone({ chosen }: { chosen: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: TOP_LEVEL_DROP_ID });
  return (
    <div ref={setNodeRef} className={`ledger-drop-zone${isOver || chosen ? ' is-over' : ''}`}>
      Drag a category here to make it a top-level item.
    </div>
  );
}

function CategoryRow({
  category,
  parentId,
  isTopLevel,
  hasChildren,
  isExpanded,
  onToggle,
  mergeSourceId,
  invalidDestinations,
  actions,
  keyboard,
  refused,
  children,
}: {
  category: CategoryNode;
  parentId: number | null;
  isTopLevel: boolean;
  hasChildren: boolean;
  isExpanded: boolean;
  onToggle: () => void;
  mergeSourceId: number | null;
  invalidDestinations: ReadonlySet<number>;
  actions: CategoryActions;
  keyboard: KeyboardMove;
  /** The category being dragged may not be dropped here (shown as not allowed). */
  refused: boolean;
  children?: ReactNode;
}) {
  const drag = useDraggable({ id: category.id, disabled: mergeSourceId !== null });
  const drop = useDroppable({ id: dropId(category.id), disabled: !isTopLevel });
  const merging = mergeSourceId !== null;
  const isSource = mergeSourceId === category.id;
  const canBeDestination = merging && !invalidDestinations.has(category.id);
  const lifted = keyboard.lifted;
  const isLifted = lifted?.id === category.id;
  const isChosen = lifted !== null && lifted.targets[lifted.at] === category.id;
  // dnd-kit's keyboard handling is replaced by ours (one step per key press, however fast).
  const { onKeyDown: _dndKeyDown, ...pointerListeners } = drag.listeners ?? {};
  const setHandle = keyboard.handleRef(category.id);
  return (
    <li
      ref={drag.setNodeRef}
      className={`ledger-category${drag.isDragging || isLifted ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(drag.transform) }}
    >
      <div
        ref={drop.setNodeRef}
        className={`ledger-category__row${(drop.isOver || isChosen) && !refused ? ' is-over' : ''}${refused ? ' is-refused' : ''}${isSource ? ' is-merge-source' : ''}${canBeDestination ? ' is-merge-target' : ''}`}
      >
        {hasChildren ? (
          <button
            type="button"
            className="ledger-icon-button ledger-tree-toggle"
            aria-expanded={isExpanded}
            aria-label={`${isExpanded ? 'Collapse' : 'Expand'} ${category.name}`}
            onClick={onToggle}
          >
            <ChevronIcon open={isExpanded} />
          </button>
        ) : (
          <span className="ledger-tree-toggle" aria-hidden="true" />
        )}
        <button
          type="button"
          ref={(node) => {
            drag.setActivatorNodeRef(node);
            setHandle(node);
          }}
          className="ledger-drag-handle"
          aria-label={`Drag ${category.name}`}
          {...drag.attributes}
          aria-pressed={isLifted}
          {...pointerListeners}
          onKeyDown={(event) => keyboard.onHandleKeyDown(event, category, parentId)}
        >
          <GripIcon />
        </button>
        <span className="ledger-category__name">
          {canBeDestination ? (
            <button
              type="button"
              className="ledger-link-button"
              title={`Merge into ${category.name}`}
              onClick={() => actions.onPickDestination(category)}
            >
              {category.name}
            </button>
          ) : (
            category.name
          )}
        </span>
        {refused && <span className="ledger-category__refused">Not allowed here</span>}
        {!merging && (
          <span className="ledger-hover-actions">
            {isTopLevel && (
              <IconButton
                label={`Add Sub-category to ${category.name}`}
                title={`Add a sub-category to ${category.name}`}
                onClick={() => actions.onAddChild(category)}
              >
                <PlusIcon />
              </IconButton>
            )}
            <IconButton
              label={`Merge ${category.name}`}
              title={`Merge ${category.name} into another category`}
              onClick={() => actions.onMerge(category)}
            >
              <MergeIcon />
            </IconButton>
            <IconButton
              label={`Edit ${category.name}`}
              title={`Rename ${category.name}`}
              onClick={() => actions.onEdit(category)}
            >
              <EditIcon />
            </IconButton>
            <IconButton
              label={`Delete ${category.name}`}
              title={`Delete ${category.name}`}
              onClick={() => actions.onDelete(category)}
              danger
            >
              <TrashIcon />
            </IconButton>
          </span>
        )}
      </div>
      {children}
    </li>
  );
}

const toTarget = (overId: UniqueIdentifier): DropTarget =>
  overId === TOP_LEVEL_DROP_ID ? TOP_LEVEL_DROP_ID : Number(String(overId).replace('category-', ''));

/** dnd-kit's pointer announcements, by name as the keyboard's (its defaults say "Draggable item 7"). */
function pointerAnnouncements(tree: CategoryNode[]): Announcements {
  const name = (id: UniqueIdentifier) => findNode(tree, Number(id))?.node.name ?? 'The category';
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? moveOverAnnouncement(tree, Number(active.id), toTarget(over.id))
        : `${name(active.id)} is no longer over a category.`,
    onDragEnd: ({ active, over }) =>
      over ? moveDropAnnouncement(tree, Number(active.id), toTarget(over.id)) : `${name(active.id)} was put back.`,
    onDragCancel: ({ active }) => `${name(active.id)} was put back.`,
  };
}

/**
 * The category tree with expand/collapse and drag-and-drop re-parenting (docs/rules/screens.md). The
 * mouse or touch drags with dnd-kit; the keyboard picks a category up with Space or Enter on its
 * handle, chooses where it goes with the arrow keys (the top level or a top-level category, one
 * step per press), and drops it with Space or Enter; Escape or Tab puts it back.
 */
export function CategoryTreeView({
  tree,
  expanded,
  onToggle,
  onDrop,
  mergeSourceId,
  invalidDestinations,
  ...actions
}: TreeViewProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const lift = useKeyboardLift<Lifted>();
  const lifted = lift.lifted;
  /** While a pointer drag is over a category that refuses it: that category's id. */
  const [pointerRefused, setPointerRefused] = useState<number | null>(null);
  const keyboardTarget = lifted ? lifted.targets[lifted.at] : null;
  const keyboardRefused =
    lifted && typeof keyboardTarget === 'number' && refusedDropReason(tree, lifted.id, keyboardTarget)
      ? keyboardTarget
      : null;
  const refusedId = pointerRefused ?? keyboardRefused;

  const keyboard: KeyboardMove = {
    lifted,
    handleRef: lift.handleRef,
    onHandleKeyDown: (event, category, parentId) =>
      lift.onKeyDown(event, {
        pickUp: () => {
          const targets: DropTarget[] = [
            TOP_LEVEL_DROP_ID,
            ...tree.filter((c) => c.id !== category.id).map((c) => c.id),
          ];
          const at = Math.max(0, targets.indexOf(parentId ?? TOP_LEVEL_DROP_ID));
          return [
            { id: category.id, name: category.name, targets, at },
            `Picked up ${category.name}. Use the arrow keys to choose where it goes, Space to drop it, Escape to cancel.`,
          ];
        },
        drop: (current) => {
          const target = current.targets[current.at];
          if (target !== (parentId ?? TOP_LEVEL_DROP_ID)) onDrop(current.id, target);
          return moveDropAnnouncement(tree, current.id, target);
        },
        step: (current, delta) => {
          const at = Math.max(0, Math.min(current.targets.length - 1, current.at + delta));
          return [
            at === current.at ? current : { ...current, at },
            moveOverAnnouncement(tree, current.id, current.targets[at]),
          ];
        },
        putBack: (current) => `${current.name} was put back.`,
      }),
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    const target = over ? toTarget(over.id) : null;
    setPointerRefused(typeof target === 'number' && refusedDropReason(tree, Number(active.id), target) ? target : null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setPointerRefused(null);
    if (!over) return;
    onDrop(Number(active.id), toTarget(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => setPointerRefused(null)}
      accessibility={{
        announcements: pointerAnnouncements(tree),
        screenReaderInstructions: {
          draggable: 'To move a category with the keyboard, press Space or Enter on its handle.',
        },
      }}
    >
      <TopLevelDropZone chosen={lifted !== null && lifted.targets[lifted.at] === TOP_LEVEL_DROP_ID} />
      <p className="hf-visually-hidden" aria-live="assertive">
        {lift.announcement}
      </p>
      <ul className={`ledger-category-tree${refusedId !== null ? ' is-refusing' : ''}`} aria-label="Categories">
        {tree.map((top) => {
          const children = top.children ?? [];
          const isExpanded = expanded.has(top.id);
          return (
            <CategoryRow
              key={top.id}
              category={top}
              parentId={null}
              keyboard={keyboard}
              isTopLevel
              hasChildren={children.length > 0}
              isExpanded={isExpanded}
              onToggle={() => onToggle(top.id)}
              mergeSourceId={mergeSourceId}
              invalidDestinations={invalidDestinations}
              actions={actions}
              refused={refusedId === top.id}
            >
              {children.length > 0 && isExpanded && (
                <ul className="ledger-category-children">
                  {children.map((child) => (
                    <CategoryRow
                      key={child.id}
                      category={child}
                      parentId={top.id}
                      keyboard={keyboard}
                      isTopLevel={false}
                      hasChildren={false}
                      isExpanded={false}
                      onToggle={() => undefined}
                      mergeSourceId={mergeSourceId}
                      invalidDestinations={invalidDestinations}
                      actions={actions}
                      refused={false}
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
