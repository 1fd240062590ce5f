/**
 * A bank's description can be longer than a payee may be (LEDGER_LIMITS.payee): the payee keeps
 * its first characters and, when the row has no notes, the notes keep the whole text (up to their
 * own limit: a CAMT entry's remittance lines or a CSV memo may be longer), so a row of the
 * reconcile answer is never refused by import_new for its length.
 */
import { LEDGER_LIMITS } from '@hf/contracts/ledger-limits';
import type { MappedRow } from './statement';

// Read once: every row of a file is fitted, and an imported binding is a getter (two, through
// the contracts index) each time it is read, ~4 reads a row.
const PAYEE_LIMIT = LEDGER_LIMITS.payee;
const NOTES_LIMIT = LEDGER_LIMITS.notes;

/** The first `limit` code points (a surrogate pair is never split), trimmed. */
function firstCharacters(text: string, limit: number): string {
  return Array.from(text).slice(0, limit).join('').trim();
}

const within = (text: string, limit: number) => text.length <= limit || Array.from(text).length <= limit;

export function fitLongPayee(row: MappedRow): MappedRow {
  const longPayee = !within(row.payee, PAYEE_LIMIT);
  if (!longPayee && within(row.notes, NOTES_LIMIT)) return row;
  const notes = longPayee && row.notes === '' ? row.payee : row.notes;
  return {
    ...row,
    payee: longPayee ? firstCharacters(row.payee, PAYEE_LIMIT) : row.payee,
    notes: within(notes, NOTES_LIMIT) ? notes : firstCharacters(notes, NOTES_LIMIT),
  };
}
