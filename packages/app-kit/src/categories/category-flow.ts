/**
 * The sub-category creation flow (docs/rules/screens.md) around a save: turns the category field's
 * text into a category id, asking the person when the text names no category yet.
 */
import type { Choice, DialogRequests } from '@hf/app-kit';
import { missingParentMessage, resolveCategoryText, type CategoryOption } from './category-text';

/** The answers of "did you mean": use the close match, or create the typed name. */
function didYouMeanChoices(typed: string, suggestion: string): Choice[] {
  return [
    { value: 'use', label: `Use "${suggestion}"`, primary: true },
    { value: 'create', label: `Create "${typed}"` },
  ];
}

/** `cancelled`: what to tell the person when they said no (nothing was saved). */
export type CategoryFlowResult =
  { ok: true; categoryId: number | null; created: boolean } | { ok: false; cancelled?: string };

/** The message after a "no" in the creation flow: nothing was saved, and what to do instead. */
export function notCreatedMessage(name: string, sub = false): string {
  return `Not saved: the ${sub ? 'sub-category' : 'category'} "${name}" was not created. Choose an existing category or clear the Category field.`;
}

export async function categoryIdForSave(
  text: string,
  options: readonly CategoryOption[],
  dialogs: DialogRequests,
  createCategory: (name: string, parentId: number | null) => Promise<number>,
): Promise<CategoryFlowResult> {
  const resolution = resolveCategoryText(text, options);
  switch (resolution.kind) {
    case 'none':
    case 'transfer':
      return { ok: true, categoryId: null, created: false };
    case 'existing':
      return { ok: true, categoryId: resolution.category.id, created: false };
    case 'missing-parent':
      await dialogs.alert('Parent Category Not Found', missingParentMessage(resolution.parentName));
      return { ok: false };
    case 'new-child': {
      const answer = await dialogs.confirm({
        title: 'Create Sub-category?',
        message: `The sub-category "${resolution.childName}" does not exist under "${resolution.parent.name}". Do you want to create it?`,
        confirmLabel: 'Create',
        cancelLabel: 'Cancel',
      });
      if (!answer.ok)
        return { ok: false, cancelled: notCreatedMessage(`${resolution.parent.name}: ${resolution.childName}`, true) };
      return { ok: true, categoryId: await createCategory(resolution.childName, resolution.parent.id), created: true };
    }
    case 'new-top-level': {
      if (resolution.suggestion) {
        const suggested = resolution.suggestion.item;
        const choice = await dialogs.choose(
          'Category Not Found',
          `The category "${resolution.name}" does not exist. Did you mean "${suggested.text}"?`,
          didYouMeanChoices(resolution.name, suggested.text),
        );
        if (choice === 'use') return { ok: true, categoryId: suggested.id, created: false };
        if (choice === 'create')
          return { ok: true, categoryId: await createCategory(resolution.name, null), created: true };
        return { ok: false, cancelled: notCreatedMessage(resolution.name) };
      }
      const answer = await dialogs.confirm({
        title: 'Create Category?',
        message: `The category "${resolution.name}" does not exist. Do you want to create it as a new category?`,
        confirmLabel: 'Create',
        cancelLabel: 'Cancel',
      });
      if (!answer.ok) return { ok: false, cancelled: notCreatedMessage(resolution.name) };
      return { ok: true, categoryId: await createCategory(resolution.name, null), created: true };
    }
  }
}
