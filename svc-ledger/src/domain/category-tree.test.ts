import {
  assertCanReparent,
  assertSiblingNameFree,
  buildTree,
  categoryPath,
  findByPath,
  parseCategoryPath,
  planDelete,
  planMerge,
  promotedName,
  validCategoryName,
  type CategoryLite,
} from './category-tree';

const tree: CategoryLite[] = [
  { id: 1, name: 'Food', parent_id: null },
  { id: 2, name: 'Groceries', parent_id: 1 },
  { id: 3, name: 'dining', parent_id: 1 },
  { id: 4, name: 'Auto', parent_id: null },
  { id: 5, name: 'Fuel', parent_id: 4 },
  { id: 6, name: 'Gifts', parent_id: null },
  { id: 7, name: 'Groceries', parent_id: null },
];
const byId = new Map(tree.map((c) => [c.id, c]));

describe('names and paths', () => {
  it('"Parent: Child" and "Name"', () => {
    expect(categoryPath(tree[1], byId)).toBe('Food: Groceries');
    expect(categoryPath(tree[0], byId)).toBe('Food');
  });
  it('parses on the first colon and finds case-insensitively', () => {
    expect(parseCategoryPath(' Food :  Groceries ')).toEqual({ parent: 'Food', name: 'Groceries' });
    expect(parseCategoryPath('Gifts')).toEqual({ parent: null, name: 'Gifts' });
    expect(findByPath(tree, 'food: groceries')?.id).toBe(2);
    expect(findByPath(tree, 'GROCERIES')?.id).toBe(7);
    expect(findByPath(tree, 'Auto: Groceries')).toBeUndefined();
    expect(findByPath(tree, 'Nope: Fuel')).toBeUndefined();
  });
  it('valid names are trimmed; blank, colon and the transfer pseudo-category are refused', () => {
    expect(validCategoryName('  Pet   care ')).toBe('Pet care');
    expect(() => validCategoryName('  ')).toThrow('Category name cannot be empty.');
    expect(() => validCategoryName('a:b')).toThrow(/cannot contain/);
    expect(() => validCategoryName('-- transfer --')).toThrow(/reserved/);
  });
  it('sibling names are unique case-insensitively', () => {
    expect(() => assertSiblingNameFree(tree, 'DINING', 1)).toThrow(/already has a sub-category named "dining"/);
    expect(() => assertSiblingNameFree(tree, 'dining', null)).not.toThrow();
    expect(() => assertSiblingNameFree(tree, 'Dining', 1, 3)).not.toThrow();
  });
});

describe('assertCanReparent', () => {
  it('allows moving a leaf under a top-level category, and to top level', () => {
    expect(() => assertCanReparent(tree, 6, 4)).not.toThrow();
    expect(() => assertCanReparent(tree, 2, null)).not.toThrow();
  });
  it.each([
    [1, 1, /its own parent/],
    [1, 2, /its own sub-category/],
    [6, 2, /two levels/],
    [1, 4, /with sub-categories cannot become/],
  ])('refuses %i under %i', (id, parent, message) => {
    expect(() => assertCanReparent(tree, id, parent)).toThrow(message);
  });
});

describe('planDelete', () => {
  it('promotes children, renaming one whose name a top-level category has', () => {
    expect(planDelete(tree, 1).promoted).toEqual([
      { id: 2, name: 'Groceries (Food)', parent_id: null },
      { id: 3, name: 'dining', parent_id: null },
    ]);
  });
  it('numbers names until free', () => {
    expect(promotedName({ id: 9, name: 'A', parent_id: 1 }, 'P', new Set(['a', 'a (p)', 'a (p) 2']))).toBe('A (P) 3');
  });
});

describe('planMerge', () => {
  it('re-assigns the source, moves its children, merges same-named children', () => {
    const withTwin = [...tree, { id: 8, name: 'groceries', parent_id: 4 }];
    expect(planMerge(withTwin, 1, 4)).toEqual({
      reassigned: [
        { from: 1, to: 4 },
        { from: 2, to: 8 },
      ],
      reparented: [{ id: 3, name: 'dining', parent_id: 4 }],
      deleted: [2, 1],
    });
  });
  it('a leaf into anything', () => {
    expect(planMerge(tree, 2, 1)).toEqual({ reassigned: [{ from: 2, to: 1 }], reparented: [], deleted: [2] });
    expect(planMerge(tree, 6, 5)).toEqual({ reassigned: [{ from: 6, to: 5 }], reparented: [], deleted: [6] });
  });
  it('refuses itself, its own child, and a parent into a sub-category', () => {
    expect(() => planMerge(tree, 1, 1)).toThrow('A category cannot be merged into itself.');
    expect(() => planMerge(tree, 1, 2)).toThrow('A category cannot be merged into its own sub-category.');
    expect(() => planMerge(tree, 1, 5)).toThrow(/only be merged into a top-level/);
  });
});

describe('buildTree', () => {
  it('sorts both levels by name, case-insensitively', () => {
    expect(buildTree(tree)).toEqual([
      { id: 4, name: 'Auto', parent_id: null, children: [{ id: 5, name: 'Fuel', parent_id: 4 }] },
      {
        id: 1,
        name: 'Food',
        parent_id: null,
        children: [
          { id: 3, name: 'dining', parent_id: 1 },
          { id: 2, name: 'Groceries', parent_id: 1 },
        ],
      },
      { id: 6, name: 'Gifts', parent_id: null, children: [] },
      { id: 7, name: 'Groceries', parent_id: null, children: [] },
    ]);
  });
});
