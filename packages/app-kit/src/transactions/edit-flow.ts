/**
 * The questions around saving an edited transaction, the same in the register and the reports'
 * drill-down (docs/rules/screens.md, Locked rows and Leaving cleared): unlocking a cleared row's
 * amount, confirming a change away from cleared, then the category creation flow.
 */
import type { CalendarDate } from '@hf/calendar';
import type { CategoryOption } from '../categories/category-text';
import { SESSION_KEYS, type DialogRequests } from '@hf/app-kit';
import { isCleared } from './amount-fields';
import {
  checkEdit,
  type EditableTransaction,
  type EditCheck,
  type EditField,
  type TransactionDraft,
  type UpdateTransactionBody,
} from './edit-draft';

/** The lock button's name and title (docs/rules/screens.md). */
export const UNLOCK_LABEL = 'Unlock to edit amount';

/** Asks before a cleared row's amount and status can be edited; true when the person unlocked it. */
export async function confirmUnlock(dialogs: DialogRequests): Promise<boolean> {
  const answer = await dialogs.confirm({
    title: 'Unlock Cleared Transaction?',
    message: 'This transaction is cleared (reconciled). Unlock it to edit its amount and status?',
    confirmLabel: 'Unlock',
    cancelLabel: 'Cancel',
  });
  return answer.ok;
}

/** Changing a cleared row away from x asks, unless "Don't ask again during this session" was ticked. */
export async function confirmLeavingCleared(dialogs: DialogRequests): Promise<boolean> {
  if (sessionStorage.getItem(SESSION_KEYS.clearedCorrectionMode) === '1') return true;
  const answer = await dialogs.confirm({
    title: 'Change Cleared Transaction?',
    message: 'This transaction is cleared (reconciled). Are you sure you want to change its status?',
    checkboxLabel: "Don't ask again during this session",
  });
  if (answer.ok && answer.checked) sessionStorage.setItem(SESSION_KEYS.clearedCorrectionMode, '1');
  return answer.ok;
}

export type PreparedEdit =
  | { kind: 'invalid'; message: string; field: EditField }
  /** The person said no to a question, or the category flow stopped. */
  | { kind: 'cancelled' }
  /** Nothing changed: close the editor without a call. */
  | { kind: 'unchanged' }
  | { kind: 'ready'; body: UpdateTransactionBody; check: Extract<EditCheck, { ok: true }> };

export interface PrepareEditContext {
  today: CalendarDate;
  categoryOptions: readonly CategoryOption[];
  dialogs: DialogRequests;
  /** The category creation flow (app-kit's useCategoryResolver). */
  resolveCategory: (text: string) => Promise<{ id: number | null } | null>;
}

/**
 * Validates the draft, asks the questions a save needs and returns the PUT body of what changed
 * (without `updated_at`, which the caller adds): an unchanged amount is never sent.
 */
export async function prepareEdit(
  row: EditableTransaction,
  draft: TransactionDraft,
  context: PrepareEditContext,
): Promise<PreparedEdit> {
  const check = checkEdit(row, draft, context.today, context.categoryOptions);
  if (!check.ok) return { kind: 'invalid', message: check.message, field: check.field };
  const body = { ...check.body };
  if (
    body.status !== undefined &&
    isCleared(row.status) &&
    body.status !== 'x' &&
    !(await confirmLeavingCleared(context.dialogs))
  )
    return { kind: 'cancelled' };
  if (check.categoryChanged) {
    const resolved = await context.resolveCategory(draft.category);
    if (!resolved) return { kind: 'cancelled' };
    if (resolved.id !== row.category_id) body.category_id = resolved.id;
  }
  if (Object.keys(body).length === 0) return { kind: 'unchanged' };
  return { kind: 'ready', body, check };
}
