/**
 * The envelopes table used like The Predictables grid, with the same editing and keys
 * (useCellEditing): arrows, Home and End move between the Amount and Rollover cells, Enter,
 * F2 or a typed character edits, Enter saves and goes down, Tab saves and goes across, Escape
 * cancels, leaving the editor saves. The Rollover cell's editor is a checkbox (Space ticks it).
 * A change is saved for the month on screen (PUT /budget/category/:id with `month`, so a
 * carried-forward month becomes its own and earlier months stay as they were).
 */
import { dollarsToCents, fromCents } from '@hf/money';
import { budgetApi, budgetErrorMessage, BUDGET_TEXT, type Envelope } from './api';
import { amountEditText, parseAmountEdit } from './grid';
import { useCellEditing } from './use-planned-grid';

/** The editable cells of an envelope row, in order. */
export const ENVELOPE_COLUMNS = ['amount', 'rollover'] as const;
export type EnvelopeColumn = (typeof ENVELOPE_COLUMNS)[number];

/** The text an editor opens with: the amount as typed, or the flag as `true` / `false`. */
function editText(envelope: Envelope, column: EnvelopeColumn): string {
  return column === 'amount' ? amountEditText(dollarsToCents(envelope.amount)) : String(envelope.rollover_enabled);
}

/** The change an edit asks for, null when nothing changed, or the message of a wrong amount. */
export function envelopeChange(
  envelope: Envelope,
  column: EnvelopeColumn,
  text: string,
): { amount?: number; rollover_enabled?: boolean } | null | { message: string } {
  if (column === 'rollover') {
    const flag = text === 'true';
    return flag === envelope.rollover_enabled ? null : { rollover_enabled: flag };
  }
  const parsed = parseAmountEdit(text, dollarsToCents(envelope.amount));
  if (parsed.kind === 'invalid') return { message: parsed.message };
  return parsed.kind === 'unchanged' ? null : { amount: fromCents(parsed.cents) };
}

export interface EnvelopeGridOptions {
  list: readonly Envelope[];
  /** The month on screen (`YYYY-MM`). */
  month: string;
  onError: (message: string | null) => void;
  /** Re-reads the envelopes (and the dashboard) after a save. */
  refresh: () => Promise<void>;
}

export function useEnvelopeGrid({ list, month, onError, refresh }: EnvelopeGridOptions) {
  return useCellEditing(list, ENVELOPE_COLUMNS.length, {
    onError,
    canEdit: (cell) => list[cell.row] !== undefined && ENVELOPE_COLUMNS[cell.col] !== undefined,
    open: (cell, initial) => {
      const envelope = list[cell.row];
      const column = ENVELOPE_COLUMNS[cell.col];
      // A character typed on the Rollover cell opens its checkbox as it is.
      const text = initial !== undefined && column === 'amount' ? initial : editText(envelope, column);
      return { ...cell, itemId: envelope.id, text };
    },
    save: async (edit) => {
      const envelope = list.find((e) => e.id === edit.itemId);
      const column = ENVELOPE_COLUMNS[edit.col];
      if (!envelope || !column) return;
      const change = envelopeChange(envelope, column, edit.text);
      if (change === null) return;
      if ('message' in change) return onError(change.message);
      try {
        await budgetApi.updateEnvelope(envelope.id, { month, ...change });
      } catch (err) {
        onError(budgetErrorMessage(err, BUDGET_TEXT.saveEnvelope));
      }
      await refresh();
    },
  });
}
