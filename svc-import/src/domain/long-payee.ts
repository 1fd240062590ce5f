/**
 * A bank's description can be longer than a payee may be (LEDGER_LIMITS.payee): the payee keeps
 * its first characters and, when the row has no notes, the notes keep the whole text, so an
 * imported row is never refused for its length and nothing the bank wrote is lost.
 */
import { LEDGER_LIMITS } from '@hf/contracts';
import type { MappedRow } from './statement';

/** The first `limit` code points (a surrogate pair is never split), trimmed. */
function firstCharacters(text: string, limit: number): string {
  return Array.from(text).slice(0, limit).join('').trim();
}

export function fitLongPayee(row: MappedRow): MappedRow {
  if (row.payee.length <= LEDGER_LIMITS.payee || Array.from(row.payee).length <= LEDGER_LIMITS.payee) return row;
  return {
    ...row,
    payee: firstCharacters(row.payee, LEDGER_LIMITS.payee),
    notes: row.notes === '' ? firstCharacters(row.payee, LEDGER_LIMITS.notes) : row.notes,
  };
}
