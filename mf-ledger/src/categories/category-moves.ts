/**
 * Drag-and-drop re-parenting rules (docs/rules/ledger.md, Categories: two levels at
 * most): a category can be dropped on a top-level category (becoming its child) or on the
 * top-level drop zone. Returns the new parent id (null = top level), or undefined for no move.
 */
import type { CategoryNode } from '@hf/app-kit/editing';

export const TOP_LEVEL_DROP_ID = 'top-level';

export function findNode(
  tree: readonly CategoryNode[],
  id: number,
): { node: CategoryNode; parent: CategoryNode | null } | null {
  for (const top of tree) {
    if (top.id === id) return { node: top, parent: null };
    for (const child of top.children ?? []) if (child.id === id) return { node: child, parent: top };
  }
  return null;
}

export function newParentForDrop(
  tree: readonly CategoryNode[],
  draggedId: number,
  target: number | typeof TOP_LEVEL_DROP_ID,
): number | null | undefined {
  const dragged = findNode(tree, draggedId);
  if (!dragged) return undefined;
  if (target === TOP_LEVEL_DROP_ID) return dragged.parent ? null : undefined;
  if (target === draggedId) return undefined;
  const destination = findNode(tree, target);
  // Only top-level categories take children.
  if (!destination || destination.parent) return undefined;
  if (dragged.parent?.id === target) return undefined;
  // A category with children cannot become a child: that would make three levels.
  if ((dragged.node.children ?? []).length > 0) return undefined;
  return target;
}

/**
 * Why dropping `draggedId` on `target` is refused, for the user (shown while dragging and after a
 * drop), or null when the drop is allowed or simply changes nothing (its own place, itself).
 */
export function refusedDropReason(
  tree: readonly CategoryNode[],
  draggedId: number,
  target: number | typeof TOP_LEVEL_DROP_ID,
): string | null {
  if (target === TOP_LEVEL_DROP_ID || target === draggedId) return null;
  const dragged = findNode(tree, draggedId);
  const destination = findNode(tree, target);
  if (!dragged || !destination || destination.parent) return null;
  if ((dragged.node.children ?? []).length === 0) return null;
  return `"${dragged.node.name}" has sub-categories, so it cannot go inside "${destination.node.name}": categories have at most two levels. Move its sub-categories out first.`;
}

/** A drop target by name, for announcements: "the top level" or the category's name. */
export function dropTargetName(tree: readonly CategoryNode[], target: number | typeof TOP_LEVEL_DROP_ID): string {
  return target === TOP_LEVEL_DROP_ID ? 'the top level' : (findNode(tree, target)?.node.name ?? '');
}

/** A move as an announcement says it: the dragged category's name, the target's name and, when refused, why. */
interface MoveWords {
  dragged: string;
  target: string;
  refusal: ReturnType<typeof refusedDropReason>;
}

function announcement(say: (move: MoveWords) => string) {
  return (tree: readonly CategoryNode[], draggedId: number, target: number | typeof TOP_LEVEL_DROP_ID): string =>
    say({
      dragged: findNode(tree, draggedId)?.node.name ?? 'The category',
      target: dropTargetName(tree, target),
      refusal: refusedDropReason(tree, draggedId, target),
    });
}

/**
 * What a screen reader hears while a category is over a target (keyboard or pointer), by name:
 * "Repairs goes to Travel." or, refused, "Travel: not allowed. <why>".
 */
export const moveOverAnnouncement = announcement(({ dragged, target, refusal }) =>
  refusal ? `${target}: not allowed. ${refusal}` : `${dragged} goes to ${target}.`,
);

/** ...and when it is dropped: "Dropped Repairs on Travel." or "Household was not moved. <why>". */
export const moveDropAnnouncement = announcement(({ dragged, target, refusal }) =>
  refusal ? `${dragged} was not moved. ${refusal}` : `Dropped ${dragged} on ${target}.`,
);

/** Ids a merge source may not be merged into: itself and its own children. */
export function invalidMergeDestinations(tree: readonly CategoryNode[], sourceId: number): Set<number> {
  const found = findNode(tree, sourceId);
  const ids = new Set<number>([sourceId]);
  for (const child of found?.node.children ?? []) ids.add(child.id);
  return ids;
}

export function mergeConfirmationMessage(sourceName: string): string {
  return `This will re-assign all transactions and sub-categories. The "${sourceName}" category will be deleted. This action cannot be undone.`;
}

export const DELETE_CATEGORY_MESSAGE =
  'Are you sure you want to delete this category? Its children will become top-level categories.';
