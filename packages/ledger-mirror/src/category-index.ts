import { UNCATEGORIZED_NAME } from '@hf/contracts/reports-limits';

/** A category as the read model keeps it: live, deleted (a tombstone) or merged into another. */
export interface CategoryRecord {
  id: number;
  name: string;
  parent_id: number | null;
  deleted: boolean;
  merged_into: number | null;
}

/** Merges can chain (A into B, later B into C); a longer chain than this is a loop. */
const MAX_MERGE_HOPS = 32;

/**
 * The household's categories as read models see them. A row keeps the category id its last event
 * carried; the ledger re-points rows of a deleted or merged category without per-row events, so
 * the rule is applied here, when reading: a merged category counts as the category it was merged
 * into (followed to a live one), a deleted one as uncategorised, an unknown one too.
 */
export class CategoryIndex {
  private readonly byId = new Map<number, CategoryRecord>();

  constructor(categories: Iterable<CategoryRecord>) {
    for (const c of categories) this.byId.set(c.id, c);
  }

  /** The live category a row's category id counts as, or null (uncategorised). */
  resolve(rawId: number | null): number | null {
    let id = rawId;
    for (let hop = 0; id !== null && hop <= MAX_MERGE_HOPS; hop++) {
      const c = this.byId.get(id);
      if (!c) return null;
      if (c.merged_into !== null) {
        id = c.merged_into;
        continue;
      }
      return c.deleted ? null : c.id;
    }
    return null;
  }

  /** A live category by id. */
  live(id: number): CategoryRecord | undefined {
    const c = this.byId.get(id);
    return c && !c.deleted && c.merged_into === null ? c : undefined;
  }

  /** Every live category id. */
  liveIds(): number[] {
    return [...this.byId.keys()].filter((id) => this.live(id));
  }

  /** The live parent a live category sits under, or null for a top-level one. */
  parentOf(id: number): number | null {
    const c = this.live(id);
    if (!c || c.parent_id === null) return null;
    const parent = this.resolve(c.parent_id);
    return parent !== null && parent !== id && this.live(parent)?.parent_id === null ? parent : null;
  }

  /** The top-level category a live category belongs to (itself when top-level); null stays null. */
  topLevelOf(id: number | null): number | null {
    if (id === null) return null;
    return this.parentOf(id) ?? id;
  }

  name(id: number | null): string {
    return id === null ? UNCATEGORIZED_NAME : (this.live(id)?.name ?? UNCATEGORIZED_NAME);
  }

  /** `Parent: Child` or `Name`; null for uncategorised. */
  path(id: number | null): string | null {
    if (id === null || !this.live(id)) return null;
    const parent = this.parentOf(id);
    return parent === null ? this.name(id) : `${this.name(parent)}: ${this.name(id)}`;
  }

  /**
   * Which stored category ids a drill-down of `target` (and its sub-categories) selects. For a
   * category: `{ ids, negate: false }`, rows whose category id is one of `ids` (tombstones that
   * resolve to it included). For "Uncategorized" (null): `{ ids, negate: true }`, rows with no
   * category or with one that is not among `ids` (every id that resolves to a live category).
   */
  storedIdsFor(target: number | null): { ids: number[]; negate: boolean } {
    const ids: number[] = [];
    for (const id of this.byId.keys()) {
      const resolved = this.resolve(id);
      if (
        target === null
          ? resolved !== null
          : resolved !== null && (resolved === target || this.parentOf(resolved) === target)
      )
        ids.push(id);
    }
    return { ids: ids.sort((a, b) => a - b), negate: target === null };
  }
}
