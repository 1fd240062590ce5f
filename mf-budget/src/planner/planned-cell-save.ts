import { fromCents } from '@hf/money';
import { budgetApi, budgetErrorMessage, BUDGET_TEXT, type Predictable } from './api';
import { columnAt, monthCents, parseAmountEdit, PAYEE_REQUIRED } from './grid';

export interface CellSaveContext {
  months: readonly string[];
  /** The category creation flow: `{ id }` or null when the person stopped. */
  resolveCategory: (text: string) => Promise<{ id: number | null } | null>;
  onError: (message: string | null) => void;
  /** Puts the server's answer (or the optimistic item) in the cache. */
  replaceItem: (item: Predictable) => void;
}

/**
 * Saves one edited cell of a planned item, only when its text changed: a month's amount fills
 * forward (autofill `full`, shown at once), payee and category are updates of the item (the
 * schedule has its own dialog, ScheduleDialog).
 * A wrong text or a failed save goes to `onError`.
 */
export async function saveCell(item: Predictable, col: number, text: string, context: CellSaveContext) {
  const { months, resolveCategory, onError, replaceItem } = context;
  const column = columnAt(col, months);
  if (typeof column === 'object') {
    const current = monthCents(item, column.month);
    const parsed = parseAmountEdit(text, current);
    if (parsed.kind === 'invalid') return onError(parsed.message);
    if (parsed.kind === 'unchanged') return;
    // Fill forward at once; the server's answer (and the refetch) confirm it.
    const filled = { ...item, values: { ...item.values } };
    for (const m of months) if (m >= column.month) filled.values[m] = fromCents(parsed.cents);
    replaceItem(filled);
    try {
      replaceItem(
        await budgetApi.autofill({
          budget_item_id: item.id,
          start_month: column.month,
          amount: fromCents(parsed.cents),
          mode: 'full',
        }),
      );
    } catch (err) {
      onError(budgetErrorMessage(err, BUDGET_TEXT.saveAmount));
    }
  } else if (column === 'payee') {
    const payee = text.trim();
    if (!payee) return onError(PAYEE_REQUIRED);
    if (payee === item.payee) return;
    try {
      replaceItem(await budgetApi.updateItem(item.id, { payee }));
    } catch (err) {
      onError(budgetErrorMessage(err, BUDGET_TEXT.updateItem));
    }
  } else if (column === 'category') {
    if (text.trim() === (item.category ?? '')) return;
    const resolved = await resolveCategory(text);
    if (!resolved || resolved.id === item.category_id) return;
    try {
      replaceItem(await budgetApi.updateItem(item.id, { category_id: resolved.id }));
    } catch (err) {
      onError(budgetErrorMessage(err, BUDGET_TEXT.updateItem));
    }
  }
}
