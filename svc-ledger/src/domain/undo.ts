import { changedByOther, HISTORY_MESSAGES } from '@hf/contracts/history';
import { toCents } from '@hf/money';
import type { SplitLineCents } from './splits';
import type { Status } from './status';
import type { TxRow } from './transaction-rules';

/** A recorded change as undo reads it. */
export interface ChangeEntry {
  id: number;
  transaction_id: number;
  action: string;
  user_id: number | null;
  user_name: string | null;
  changed_at: string;
  old_values: Record<string, unknown>;
  new_values: Record<string, unknown>;
}

/** The kinds of change a person can undo (decision 0128). */
export const UNDOABLE = ['edited', 'status', 'moved', 'deleted', 'categorized'] as const;

export type UndoRefusal = { status: 400 | 404 | 409; message: string };

/**
 * Whether `userId` may undo the row's latest change `latest` (pinned to `changeId` when given):
 * only while it is the row's latest change, their own, and of a kind that can be undone.
 */
export function undoRefusal(latest: ChangeEntry | undefined, userId: number, changeId?: number): UndoRefusal | null {
  if (!latest) return { status: 400, message: HISTORY_MESSAGES.nothingToUndo };
  if (latest.user_id !== userId) return { status: 409, message: changedByOther(latest.user_name) };
  if (changeId !== undefined && latest.id !== changeId) return { status: 409, message: HISTORY_MESSAGES.changedSince };
  if (!(UNDOABLE as readonly string[]).includes(latest.action))
    return { status: 400, message: HISTORY_MESSAGES.cannotUndo };
  return null;
}

/** Whether `entry` (a transfer's other leg's latest change) was recorded by the same write as `ofRow`. */
export function sameWrite(entry: ChangeEntry | undefined, ofRow: ChangeEntry): boolean {
  return (
    entry !== undefined &&
    entry.action === ofRow.action &&
    entry.user_id === ofRow.user_id &&
    entry.changed_at === ofRow.changed_at
  );
}

/** The row with the change's old values put back (amounts from API decimals to cents). */
export function revertRow(row: TxRow, entry: Pick<ChangeEntry, 'old_values'>): TxRow {
  const next: TxRow = { ...row };
  for (const [field, value] of Object.entries(entry.old_values)) {
    switch (field) {
      case 'amount':
        next.amount = toCents(value);
        break;
      case 'deleted':
        next.deleted = value === true;
        next.deleted_reason = value === true ? (row.deleted_reason ?? 'user') : null;
        break;
      case 'status':
        next.status = value as Status;
        break;
      case 'date':
      case 'payee':
      case 'notes':
        next[field] = String(value);
        break;
      case 'account_id':
        next.account_id = Number(value);
        break;
      case 'is_budgeted':
        next.is_budgeted = value === true;
        break;
      case 'splits':
        next.splits = revertedLines(value);
        break;
      case 'category_id':
      case 'transfer_id':
      case 'transfer_account_id':
        next[field] = value === null || value === undefined ? null : Number(value);
        break;
      default:
        break;
    }
  }
  return next;
}

/** A change's recorded lines (API form: decimal amounts) back in cents; null when it had none (not split). */
function revertedLines(value: unknown): SplitLineCents[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  return value.map((line: { category_id?: unknown; amount?: unknown; notes?: unknown }) => ({
    category_id: line.category_id === null || line.category_id === undefined ? null : Number(line.category_id),
    amount: toCents(line.amount),
    notes: typeof line.notes === 'string' ? line.notes : '',
  }));
}

/** What the undo of a change is recorded as: a delete undone is a restore, anything else "undone". */
export const undoAction = (action: string) => (action === 'deleted' ? 'restored' : 'undone');
