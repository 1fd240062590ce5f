import {
  canonicalCategoryText,
  categoryText,
  findCategoryByText,
  flattenCategories,
  inlineCompletion,
  matchingCategories,
  missingParentMessage,
  parseCategoryText,
  resolveCategoryText,
  TRANSFER_CATEGORY,
  type CategoryNode,
} from './category-text';

const tree: CategoryNode[] = [
  {
    id: 1,
    name: 'Food',
    parent_id: null,
    children: [
      { id: 11, name: 'Groceries' },
      { id: 12, name: 'Dining Out' },
    ],
  },
  { id: 2, name: 'Auto', parent_id: null, children: [{ id: 21, name: 'Gas' }] },
  { id: 3, name: 'Utilities', parent_id: null, children: [] },
  { id: 4, name: 'Fun', parent_id: null },
];
const options = flattenCategories(tree);

describe('categoryText / parseCategoryText', () => {
  it('writes "Parent: Child"', () => {
    expect(categoryText('Food', 'Groceries')).toBe('Food: Groceries');
    expect(categoryText(null, 'Food')).toBe('Food');
  });
  it('splits on the first colon and trims', () => {
    expect(parseCategoryText(' Food :  Groceries ')).toEqual({ parent: 'Food', child: 'Groceries' });
    expect(parseCategoryText('Food')).toEqual({ parent: 'Food', child: null });
    expect(parseCategoryText('Food:')).toEqual({ parent: 'Food', child: '' });
    expect(parseCategoryText('A: B: C')).toEqual({ parent: 'A', child: 'B: C' });
  });
});

describe('flattenCategories', () => {
  it('lists parents alphabetically, each followed by its children', () => {
    expect(options.map((o) => o.text)).toEqual([
      'Auto',
      'Auto: Gas',
      'Food',
      'Food: Dining Out',
      'Food: Groceries',
      'Fun',
      'Utilities',
    ]);
    expect(options.find((o) => o.id === 11)).toMatchObject({ parentId: 1, parentName: 'Food', name: 'Groceries' });
  });
});

describe('findCategoryByText', () => {
  it('matches case-insensitively, with any spacing around the colon', () => {
    expect(findCategoryByText('food', options)?.id).toBe(1);
    expect(findCategoryByText('FOOD:groceries', options)?.id).toBe(11);
    expect(findCategoryByText('Food :  Groceries', options)?.id).toBe(11);
  });
  it('does not match a child by its own name alone', () => {
    expect(findCategoryByText('Groceries', options)).toBeNull();
    expect(findCategoryByText('', options)).toBeNull();
  });
});

describe('matchingCategories / inlineCompletion', () => {
  it('prefers top-level, then shorter text', () => {
    expect(matchingCategories('f', options).map((o) => o.text)).toEqual([
      'Fun',
      'Food',
      'Food: Groceries',
      'Food: Dining Out',
    ]);
  });
  it('an exact match comes first', () => {
    expect(matchingCategories('food', options)[0].text).toBe('Food');
  });
  it('a colon starts the sub-category part', () => {
    expect(matchingCategories('Food:', options).map((o) => o.text)).toEqual(['Food: Groceries', 'Food: Dining Out']);
    expect(matchingCategories('food: d', options).map((o) => o.text)).toEqual(['Food: Dining Out']);
    expect(matchingCategories('food:d', options).map((o) => o.text)).toEqual(['Food: Dining Out']);
  });
  it('completes the rest of the best match keeping what was typed', () => {
    expect(inlineCompletion('Ut', options)).toMatchObject({ suffix: 'ilities', option: { id: 3 } });
    expect(inlineCompletion('ut', options)?.suffix).toBe('ilities');
    expect(inlineCompletion('Food:', options)?.suffix).toBe(' Groceries');
    expect(inlineCompletion('Food: G', options)?.suffix).toBe('roceries');
    expect(inlineCompletion('food:d', options)?.suffix).toBe('ining Out');
    expect(inlineCompletion('Au', options)?.suffix).toBe('to');
  });
  it('offers nothing for complete, blank or unknown text', () => {
    expect(inlineCompletion('Food', options)).toBeNull();
    expect(inlineCompletion('', options)).toBeNull();
    expect(inlineCompletion('Zzz', options)).toBeNull();
  });
  it('canonical text uses the category spelling', () => {
    expect(canonicalCategoryText('food:dining out', options)).toBe('Food: Dining Out');
    expect(canonicalCategoryText(' New thing ', options)).toBe('New thing');
    expect(canonicalCategoryText(TRANSFER_CATEGORY, options)).toBe(TRANSFER_CATEGORY);
  });
});

describe('resolveCategoryText', () => {
  it('blank is no category, the transfer text is a transfer', () => {
    expect(resolveCategoryText('  ', options)).toEqual({ kind: 'none' });
    expect(resolveCategoryText('-- Transfer --', options)).toEqual({ kind: 'transfer' });
  });
  it('finds existing categories', () => {
    expect(resolveCategoryText('food: groceries', options)).toMatchObject({ kind: 'existing', category: { id: 11 } });
    expect(resolveCategoryText('Food:', options)).toMatchObject({ kind: 'existing', category: { id: 1 } });
  });
  it('an unknown parent blocks', () => {
    expect(resolveCategoryText('Pets: Food', options)).toEqual({ kind: 'missing-parent', parentName: 'Pets' });
    expect(missingParentMessage('Pets')).toBe(
      'The parent category Pets does not exist. Please create it as a top-level category before adding a sub-category to it.',
    );
  });
  it('an unknown child under a known parent is a new sub-category', () => {
    expect(resolveCategoryText('food: snacks', options)).toMatchObject({
      kind: 'new-child',
      parent: { id: 1 },
      childName: 'snacks',
    });
  });
  it('an unknown top-level name offers the closest match over 0.7', () => {
    const r = resolveCategoryText('Utilites', options);
    expect(r).toMatchObject({ kind: 'new-top-level', name: 'Utilites', suggestion: { item: { id: 3 } } });
    expect(resolveCategoryText('Groceres', options)).toMatchObject({ suggestion: { item: { id: 11 } } });
  });
  it('an unknown top-level name with nothing close has no suggestion', () => {
    expect(resolveCategoryText('Rent', options)).toEqual({ kind: 'new-top-level', name: 'Rent', suggestion: null });
  });
});
