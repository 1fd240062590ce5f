/**
 * Saving an edited row that is split, or was (the register's row editor): the PUT body carries
 * the lines whenever they changed, with the new amount when it changed too (domain.md: the client
 * edits both); a row unsplit sends `splits: null` and the category typed in its place.
 */
import {
  checkEdit,
  netAmountCents,
  prepareEdit,
  type EditableTransaction,
  type PrepareEditContext,
  type PreparedEdit,
  type TransactionDraft,
} from '@hf/app-kit/editing';
import type { SplitLine } from '@hf/contracts';
import { dollarsToCents } from '@hf/money';
import { linesBody, resolveLineCategories, saveBlockedReason, type SplitDraftLine } from './split-lines';

const sameLines = (
  a: readonly { category_id: number | null; amount: number; notes?: string }[],
  b: readonly SplitLine[],
) =>
  a.length === b.length &&
  a.every(
    (line, i) =>
      line.category_id === b[i].category_id &&
      dollarsToCents(line.amount) === dollarsToCents(b[i].amount) &&
      (line.notes ?? '') === b[i].notes,
  );

export async function prepareSplitEdit(
  row: EditableTransaction & { splits?: SplitLine[] },
  draft: TransactionDraft,
  splits: readonly SplitDraftLine[] | null,
  context: PrepareEditContext,
): Promise<PreparedEdit> {
  const before = row.splits ?? [];
  if (splits === null) {
    // Unsplit: the typed category takes the row (none: uncategorised).
    const prepared = await prepareEdit({ ...row, category_name: null }, draft, context);
    if (prepared.kind === 'invalid' || prepared.kind === 'cancelled') return prepared;
    const check = checkEdit(row, draft, context.today, context.categoryOptions);
    if (!check.ok) return { kind: 'invalid', message: check.message, field: check.field };
    const body = prepared.kind === 'ready' ? prepared.body : {};
    return { kind: 'ready', body: { ...body, splits: null }, check };
  }
  // The row's category is its lines': the category field is not read.
  const kept = { ...draft, category: row.category_name ?? '' };
  const check = checkEdit(row, kept, context.today, context.categoryOptions);
  if (!check.ok) return { kind: 'invalid', message: check.message, field: check.field };
  const totalCents = netAmountCents(draft.payment, draft.deposit) ?? 0;
  const reason = saveBlockedReason(totalCents, splits);
  if (reason) return { kind: 'invalid', message: reason, field: 'category' };
  const prepared = await prepareEdit(row, kept, context);
  if (prepared.kind === 'invalid' || prepared.kind === 'cancelled') return prepared;
  const ids = await resolveLineCategories(splits, context.resolveCategory);
  if (!ids) return { kind: 'cancelled' };
  const lines = linesBody(totalCents, splits, ids);
  const body = prepared.kind === 'ready' ? { ...prepared.body } : {};
  delete body.category_id;
  if (Object.keys(body).length === 0 && sameLines(lines, before)) return { kind: 'unchanged' };
  return { kind: 'ready', body: { ...body, splits: lines }, check };
}
