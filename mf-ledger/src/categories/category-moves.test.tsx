import {
  invalidMergeDestinations,
  mergeConfirmationMessage,
  moveDropAnnouncement,
  moveOverAnnouncement,
  newParentForDrop,
  refusedDropReason,
  TOP_LEVEL_DROP_ID,
} from './category-moves';

const tree = [
  { id: 1, name: 'Food', parent_id: null, children: [{ id: 11, name: 'Groceries', parent_id: 1 }] },
  { id: 2, name: 'Auto', parent_id: null, children: [] },
  { id: 3, name: 'Fun', parent_id: null, children: [] },
];

describe('newParentForDrop', () => {
  it('drops a top-level category onto another top-level one', () => {
    expect(newParentForDrop(tree, 3, 2)).toBe(2);
  });
  it('moves a child to another parent or to the top level', () => {
    expect(newParentForDrop(tree, 11, 2)).toBe(2);
    expect(newParentForDrop(tree, 11, TOP_LEVEL_DROP_ID)).toBeNull();
  });
  it('ignores drops that change nothing', () => {
    expect(newParentForDrop(tree, 2, TOP_LEVEL_DROP_ID)).toBeUndefined();
    expect(newParentForDrop(tree, 11, 1)).toBeUndefined();
    expect(newParentForDrop(tree, 2, 2)).toBeUndefined();
    expect(newParentForDrop(tree, 99, 2)).toBeUndefined();
  });
  it('keeps the tree at two levels', () => {
    expect(newParentForDrop(tree, 1, 2)).toBeUndefined(); // Food has children
    expect(newParentForDrop(tree, 3, 11)).toBeUndefined(); // Groceries is a child
  });
});

describe('merge', () => {
  it('a source cannot be merged into itself or its children', () => {
    expect([...invalidMergeDestinations(tree, 1)]).toEqual([1, 11]);
    expect([...invalidMergeDestinations(tree, 11)]).toEqual([11]);
  });
  it('names the source in the confirmation', () => {
    expect(mergeConfirmationMessage('Food')).toBe(
      'This will re-assign all transactions and sub-categories. The "Food" category will be deleted. This action cannot be undone.',
    );
  });
});

describe('refusedDropReason', () => {
  it('explains why a parent with children cannot go inside another category', () => {
    expect(refusedDropReason(tree, 1, 2)).toBe(
      '"Food" has sub-categories, so it cannot go inside "Auto": categories have at most two levels. Move its sub-categories out first.',
    );
    expect(newParentForDrop(tree, 1, 2)).toBeUndefined();
  });
  it('is null for allowed drops and for drops that change nothing', () => {
    expect(refusedDropReason(tree, 3, 2)).toBeNull();
    expect(refusedDropReason(tree, 11, 2)).toBeNull();
    expect(refusedDropReason(tree, 1, TOP_LEVEL_DROP_ID)).toBeNull();
    expect(refusedDropReason(tree, 1, 1)).toBeNull();
    expect(refusedDropReason(tree, 1, 11)).toBeNull();
  });
});

describe('move announcements (keyboard and pointer), by name', () => {
  const why =
    '"Food" has sub-categories, so it cannot go inside "Auto": categories have at most two levels. Move its sub-categories out first.';
  it('names the category and where it goes', () => {
    expect(moveOverAnnouncement(tree, 11, 2)).toBe('Groceries goes to Auto.');
    expect(moveOverAnnouncement(tree, 11, TOP_LEVEL_DROP_ID)).toBe('Groceries goes to the top level.');
    expect(moveDropAnnouncement(tree, 11, 2)).toBe('Dropped Groceries on Auto.');
  });
  it('says a refused target is not allowed, and why', () => {
    expect(moveOverAnnouncement(tree, 1, 2)).toBe(`Auto: not allowed. ${why}`);
    expect(moveDropAnnouncement(tree, 1, 2)).toBe(`Food was not moved. ${why}`);
  });
});
