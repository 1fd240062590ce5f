/**
 * The text form of categories, "Parent: Child" (docs/rules/ledger.md), and what the register's
 * category field makes of what a person types: inline completion, case-insensitive lookup,
 * and the sub-category creation flow's decision (docs/rules/screens.md).
 */
import { findClosestMatch, type ClosestMatch } from './similarity';
import { TRANSFER_CATEGORY_NAME } from '@hf/contracts/ledger-limits';

/** A node of GET /categories/ (children carry at least id and name). */
export interface CategoryNode {
  id: number;
  name: string;
  parent_id?: number | null;
  children?: CategoryNode[];
}

/** One selectable category with its text form. */
export interface CategoryOption {
  id: number;
  name: string;
  parentId: number | null;
  parentName: string | null;
  /** "Parent: Child" for sub-categories, the name for top-level ones. */
  text: string;
}

/** The fixed pseudo-category of transfers (docs/rules/ledger.md, Transfers). */
export const TRANSFER_CATEGORY = TRANSFER_CATEGORY_NAME;

/**
 * One collator for every sort by name, made at the first sort: `localeCompare` with options
 * builds a new ICU collator on every call (tens of ms over a category list, on a page load's
 * path to the register's first rows).
 */
let nameCollator: Intl.Collator | null = null;
const byName = (a: { name: string }, b: { name: string }) =>
  (nameCollator ??= new Intl.Collator(undefined, { sensitivity: 'base' })).compare(a.name, b.name);

export function categoryText(parentName: string | null | undefined, name: string): string {
  return parentName ? `${parentName}: ${name}` : name;
}

/** Tree to list: each parent (alphabetical) followed by its children (alphabetical). */
export function flattenCategories(tree: readonly CategoryNode[]): CategoryOption[] {
  const out: CategoryOption[] = [];
  for (const parent of [...tree].sort(byName)) {
    out.push({ id: parent.id, name: parent.name, parentId: null, parentName: null, text: parent.name });
    for (const child of [...(parent.children ?? [])].sort(byName)) {
      out.push({
        id: child.id,
        name: child.name,
        parentId: parent.id,
        parentName: parent.name,
        text: categoryText(parent.name, child.name),
      });
    }
  }
  return out;
}

/** "Food: Groceries" -> { parent: 'Food', child: 'Groceries' }; "Food" -> child null; the first colon splits. */
export function parseCategoryText(text: string): { parent: string; child: string | null } {
  const colon = text.indexOf(':');
  if (colon < 0) return { parent: text.trim(), child: null };
  return { parent: text.slice(0, colon).trim(), child: text.slice(colon + 1).trim() };
}

const fold = (s: string) => s.toLocaleLowerCase();

/** Comparable key of typed text: lower case, no space around the colon, a partial child kept as typed. */
function typedKey(text: string): string {
  const colon = text.indexOf(':');
  if (colon < 0) return fold(text.trimStart());
  return `${fold(text.slice(0, colon).trim())}:${fold(text.slice(colon + 1).trimStart())}`;
}

function optionKey(option: CategoryOption): string {
  return option.parentName ? `${fold(option.parentName)}:${fold(option.name)}` : fold(option.name);
}

/** The category a text names, case-insensitively (spaces around the colon do not matter). */
export function findCategoryByText(text: string, options: readonly CategoryOption[]): CategoryOption | null {
  const { parent, child } = parseCategoryText(text);
  if (!parent) return null;
  const p = fold(parent);
  if (child === null) return options.find((o) => o.parentId === null && fold(o.name) === p) ?? null;
  const c = fold(child);
  return options.find((o) => o.parentName !== null && fold(o.parentName) === p && fold(o.name) === c) ?? null;
}

/**
 * The options that continue the typed text, best first: an exact match, then top-level before
 * sub-categories, then shorter text, then alphabetical. A colon starts the sub-category part.
 */
export function matchingCategories(typed: string, options: readonly CategoryOption[], limit = 50): CategoryOption[] {
  const key = typedKey(typed);
  if (!key) return options.slice(0, limit);
  const hits = options.filter((o) => optionKey(o).startsWith(key));
  hits.sort((a, b) => {
    const ea = optionKey(a) === key ? 0 : 1;
    const eb = optionKey(b) === key ? 0 : 1;
    if (ea !== eb) return ea - eb;
    const la = a.parentId === null ? 0 : 1;
    const lb = b.parentId === null ? 0 : 1;
    if (la !== lb) return la - lb;
    return a.text.length - b.text.length || a.text.localeCompare(b.text);
  });
  return hits.slice(0, limit);
}

/**
 * Inline completion: what to append to the typed text so that it reads as the best match
 * (the caller selects the appended part). Null when nothing continues the text or the text
 * is already complete. The typed characters are kept as typed; `canonicalCategoryText`
 * turns the accepted text into the category's own spelling.
 */
export function inlineCompletion(
  typed: string,
  options: readonly CategoryOption[],
): { suffix: string; option: CategoryOption } | null {
  if (!typed.trim()) return null;
  const best = matchingCategories(typed, options, 1)[0];
  if (!best) return null;
  const key = typedKey(typed);
  const full = optionKey(best);
  if (full === key) return null;
  // Rebuild the remainder in the option's own spelling from the number of matched key characters.
  let suffix: string;
  if (!best.parentName) suffix = best.name.slice(key.length);
  else {
    const parentLength = best.parentName.length;
    if (key.length <= parentLength) suffix = `${best.parentName.slice(key.length)}: ${best.name}`;
    else if (key.length === parentLength + 1) suffix = /\s$/.test(typed) ? best.name : ` ${best.name}`;
    else suffix = best.name.slice(key.length - parentLength - 1);
  }
  if (!suffix) return null;
  return { suffix, option: best };
}

/** The accepted text in the category's own spelling, or the trimmed text when it names none. */
export function canonicalCategoryText(text: string, options: readonly CategoryOption[]): string {
  if (text.trim() === TRANSFER_CATEGORY) return TRANSFER_CATEGORY;
  return findCategoryByText(text, options)?.text ?? text.trim();
}

/** What the category field's text means when a transaction is saved (docs/rules/screens.md). */
export type CategoryResolution =
  | { kind: 'none' }
  | { kind: 'transfer' }
  | { kind: 'existing'; category: CategoryOption }
  | { kind: 'missing-parent'; parentName: string }
  | { kind: 'new-child'; parent: CategoryOption; childName: string }
  | { kind: 'new-top-level'; name: string; suggestion: ClosestMatch<CategoryOption> | null };

export function resolveCategoryText(text: string, options: readonly CategoryOption[]): CategoryResolution {
  const trimmed = text.trim();
  if (!trimmed) return { kind: 'none' };
  if (trimmed === TRANSFER_CATEGORY) return { kind: 'transfer' };
  const existing = findCategoryByText(trimmed, options);
  if (existing) return { kind: 'existing', category: existing };
  const { parent, child } = parseCategoryText(trimmed);
  if (child !== null) {
    const parentOption = options.find((o) => o.parentId === null && fold(o.name) === fold(parent));
    if (!parentOption) return { kind: 'missing-parent', parentName: parent };
    if (!child) return { kind: 'existing', category: parentOption };
    return { kind: 'new-child', parent: parentOption, childName: child };
  }
  // An unknown top-level name: offer the closest existing category (its full text or its own name).
  const suggestion =
    findClosestMatch(trimmed, options, (o) => o.text) ?? findClosestMatch(trimmed, options, (o) => o.name);
  return { kind: 'new-top-level', name: trimmed, suggestion };
}

/** The blocking message for a sub-category under an unknown parent (docs/rules/screens.md). */
export function missingParentMessage(parentName: string): string {
  return `The parent category ${parentName} does not exist. Please create it as a top-level category before adding a sub-category to it.`;
}
