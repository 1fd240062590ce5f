import type { Choice, ConfirmOptions, DialogRequests } from '@hf/app-kit';
import { categoryIdForSave, notCreatedMessage } from './category-flow';
import type { CategoryOption } from './category-text';

const options: CategoryOption[] = [
  { id: 1, text: 'Food', name: 'Food', parentId: null, parentName: null },
  { id: 2, text: 'Food: Groceries', name: 'Groceries', parentId: 1, parentName: 'Food' },
];

/** Dialogs that answer "no" and record what they were asked. */
function sayNo() {
  const asked: string[] = [];
  const dialogs: DialogRequests = {
    alert: async (title) => void asked.push(title),
    confirm: async (o: ConfirmOptions) => (asked.push(o.title), { ok: false, checked: false }),
    choose: async (title: string, _m, _c: Choice[]) => (asked.push(title), null),
  };
  return { dialogs, asked };
}

describe('categoryIdForSave: cancelling says what happened', () => {
  const create = jest.fn(async () => 99);

  test('"Create Category?" answered no: nothing created, the message names the category', async () => {
    const { dialogs, asked } = sayNo();
    const result = await categoryIdForSave('Zzyzx', options, dialogs, create);
    expect(asked).toEqual(['Create Category?']);
    expect(result).toEqual({ ok: false, cancelled: notCreatedMessage('Zzyzx') });
    expect(notCreatedMessage('Zzyzx')).toBe(
      'Not saved: the category "Zzyzx" was not created. Choose an existing category or clear the Category field.',
    );
    expect(create).not.toHaveBeenCalled();
  });

  test('"Create Sub-category?" answered no names parent and child', async () => {
    const { dialogs, asked } = sayNo();
    const result = await categoryIdForSave('Food: Dining', options, dialogs, create);
    expect(asked).toEqual(['Create Sub-category?']);
    expect(result).toEqual({
      ok: false,
      cancelled:
        'Not saved: the sub-category "Food: Dining" was not created. Choose an existing category or clear the Category field.',
    });
  });
});
