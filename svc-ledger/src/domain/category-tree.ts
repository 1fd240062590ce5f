import { TRANSFER_CATEGORY_NAME } from '@hf/contracts/ledger';
import { badRequest, conflict } from '@hf/service-kit/errors';

/**
 * Category tree rules (at most two levels per household, sibling names unique
 * case-insensitively, text form `Parent: Child`). Pure functions over the household's list.
 */
export interface CategoryLite {
  id: number;
  name: string;
  parent_id: number | null;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A name as stored: trimmed; blank, containing ':' (the path separator) or reserved -> 400. */
export function validCategoryName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name === '') throw badRequest('Category name cannot be empty.');
  if (name.includes(':'))
    throw badRequest('Category names cannot contain ":" (it separates a parent from its sub-category).');
  if (same(name, TRANSFER_CATEGORY_NAME)) throw badRequest(`"${TRANSFER_CATEGORY_NAME}" is reserved for transfers.`);
  return name;
}

/** `Parent: Child` for a sub-category, `Name` for a top-level one. */
export function categoryPath(category: CategoryLite, byId: ReadonlyMap<number, CategoryLite>): string {
  const parent = category.parent_id === null ? undefined : byId.get(category.parent_id);
  return parent ? `${parent.name}: ${category.name}` : category.name;
}

/** Splits `Parent: Child` (first colon) or `Name`; both parts trimmed. */
export function parseCategoryPath(text: string): { parent: string | null; name: string } {
  const i = text.indexOf(':');
  if (i < 0) return { parent: null, name: text.trim() };
  return { parent: text.slice(0, i).trim(), name: text.slice(i + 1).trim() };
}

/** The category a text form names (case-insensitive), or undefined. */
export function findByPath(categories: readonly CategoryLite[], text: string): CategoryLite | undefined {
  const { parent, name } = parseCategoryPath(text);
  if (parent === null) return categories.find((c) => c.parent_id === null && same(c.name, name));
  const p = categories.find((c) => c.parent_id === null && same(c.name, parent));
  if (!p) return undefined;
  return categories.find((c) => c.parent_id === p.id && same(c.name, name));
}

/** Throws 409 when a sibling under `parentId` already has `name` (ignoring `exceptId`). */
export function assertSiblingNameFree(
  categories: readonly CategoryLite[],
  name: string,
  parentId: number | null,
  exceptId?: number,
): void {
  const taken = categories.find((c) => c.id !== exceptId && c.parent_id === parentId && same(c.name, name));
  if (taken) {
    throw conflict(
      parentId === null
        ? `A category named "${taken.name}" already exists.`
        : `This category already has a sub-category named "${taken.name}".`,
    );
  }
}

/** A new sub-category's parent must be top-level (no third level). */
export function assertCanBeParent(parent: CategoryLite): void {
  if (parent.parent_id !== null)
    throw badRequest('Categories can only be nested two levels deep: choose a top-level category as the parent.');
}

/**
 * Re-parent rules: not under itself, not under its own child, not to a third level, and a
 * category with children cannot become a child. `newParentId` null = top level.
 */
export function assertCanReparent(categories: readonly CategoryLite[], id: number, newParentId: number | null): void {
  if (newParentId === null) return;
  if (newParentId === id) throw badRequest('A category cannot be its own parent.');
  const parent = categories.find((c) => c.id === newParentId);
  if (!parent) throw badRequest('The parent category does not exist.');
  if (parent.parent_id === id) throw badRequest('A category cannot be moved under its own sub-category.');
  assertCanBeParent(parent);
  if (categories.some((c) => c.parent_id === id))
    throw badRequest('A category with sub-categories cannot become a sub-category.');
}

/**
 * Name for a child promoted to top level when its parent is deleted: its own name, or
 * `Child (Parent)` (then `Child (Parent) 2`...) when a top-level category already has it.
 */
export function promotedName(child: CategoryLite, parentName: string, takenTopLevel: ReadonlySet<string>): string {
  if (!takenTopLevel.has(child.name.toLowerCase())) return child.name;
  const base = `${child.name} (${parentName})`;
  let candidate = base;
  for (let n = 2; takenTopLevel.has(candidate.toLowerCase()); n++) candidate = `${base} ${n}`;
  return candidate;
}

export interface DeletePlan {
  /** Children that become top-level, with their (possibly new) names. */
  promoted: CategoryLite[];
}

/** Deleting a category: its children become top-level (renamed if their name is taken). */
export function planDelete(categories: readonly CategoryLite[], id: number): DeletePlan {
  const target = categories.find((c) => c.id === id);
  if (!target) throw new Error(`category ${id} not in list`);
  const taken = new Set(categories.filter((c) => c.parent_id === null && c.id !== id).map((c) => c.name.toLowerCase()));
  const promoted: CategoryLite[] = [];
  for (const child of categories.filter((c) => c.parent_id === id).sort((a, b) => a.id - b.id)) {
    const name = promotedName(child, target.name, taken);
    taken.add(name.toLowerCase());
    promoted.push({ id: child.id, name, parent_id: null });
  }
  return { promoted };
}

export interface MergePlan {
  /** Every reference to `from` now points to `to` (rows, scheduled items, envelopes). */
  reassigned: Array<{ from: number; to: number }>;
  /** Sub-categories of the source that move under the destination. */
  reparented: CategoryLite[];
  /** Deleted, children first, the source last. */
  deleted: number[];
}

/**
 * Merging `sourceId` into `destinationId`: not into itself, not into its own sub-category;
 * a source with sub-categories needs a top-level destination (no third level). The source's
 * sub-categories move under the destination; one whose name the destination already has is
 * merged into that sub-category too.
 */
export function planMerge(categories: readonly CategoryLite[], sourceId: number, destinationId: number): MergePlan {
  if (sourceId === destinationId) throw badRequest('A category cannot be merged into itself.');
  const source = categories.find((c) => c.id === sourceId);
  const destination = categories.find((c) => c.id === destinationId);
  if (!source || !destination) throw new Error('merge categories not in list');
  if (destination.parent_id === source.id) throw badRequest('A category cannot be merged into its own sub-category.');
  const children = categories.filter((c) => c.parent_id === source.id).sort((a, b) => a.id - b.id);
  if (children.length > 0 && destination.parent_id !== null) {
    throw badRequest('A category with sub-categories can only be merged into a top-level category.');
  }
  const plan: MergePlan = { reassigned: [{ from: source.id, to: destination.id }], reparented: [], deleted: [] };
  const destinationChildren = categories.filter((c) => c.parent_id === destination.id);
  for (const child of children) {
    const twin = destinationChildren.find((d) => same(d.name, child.name));
    if (twin) {
      plan.reassigned.push({ from: child.id, to: twin.id });
      plan.deleted.push(child.id);
    } else {
      plan.reparented.push({ id: child.id, name: child.name, parent_id: destination.id });
    }
  }
  plan.deleted.push(source.id);
  return plan;
}

export interface TreeNode extends CategoryLite {
  children: CategoryLite[];
}

const byName = (a: CategoryLite, b: CategoryLite) => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
};

/** The tree the spec's client reads: top-level nodes by name, each with its children by name. */
export function buildTree(categories: readonly CategoryLite[]): TreeNode[] {
  const top = categories.filter((c) => c.parent_id === null).sort(byName);
  return top.map((t) => ({
    id: t.id,
    name: t.name,
    parent_id: null,
    children: categories
      .filter((c) => c.parent_id === t.id)
      .sort(byName)
      .map((c) => ({ id: c.id, name: c.name, parent_id: c.parent_id })),
  }));
}
