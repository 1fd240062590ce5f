/**
 * The rows of an import_new request, checked like a normal create before anything is sent to the
 * ledger: the server does not trust that they came from the file. What the client sends is what
 * is stored (a changed amount is the person's choice on the reconcile page), within the rules.
 */
import { isValidDate } from '@hf/calendar';
import type { ImportNewBody, UpdateMatchedBody } from '@hf/contracts';
import { AmountError, fromCents, toCents } from '@hf/money';

export class CommitRowError extends Error {}

export interface CommitRow {
  date: string;
  payee: string;
  /** Dollars, exactly representable (from cents). */
  amount: number;
  notes: string;
  category_id: number | null;
  fitid: string | null;
}

function cents(value: number, where: string): number {
  try {
    return toCents(value);
  } catch (err) {
    if (err instanceof AmountError) throw new CommitRowError(`${where}: ${err.message}`);
    throw err;
  }
}

/** Every row valid or a CommitRowError naming the first bad one (1-based). */
export function commitRows(body: ImportNewBody): CommitRow[] {
  const fallbackCategory = body.category_id ?? null;
  return body.transactions.map((t, i) => {
    const where = `Transaction ${i + 1}`;
    if (!isValidDate(t.date)) throw new CommitRowError(`${where}: the date must be a real date (YYYY-MM-DD).`);
    const payee = t.payee.normalize('NFC').trim();
    if (payee === '') throw new CommitRowError(`${where}: payee is required.`);
    const fitid = typeof t.fitid === 'string' && t.fitid.trim() !== '' ? t.fitid.trim() : null;
    return {
      date: t.date,
      payee,
      amount: fromCents(cents(t.amount, where)),
      notes: (t.notes ?? '').trim(),
      category_id: t.category_id === undefined ? fallbackCategory : t.category_id,
      fitid,
    };
  });
}

/** The clear request's updates, checked: each names one of the ids, a real date, 2 decimals. */
export function clearUpdates(body: UpdateMatchedBody): Array<{ id: number; date: string; amount: number }> {
  const ids = new Set(body.transaction_ids);
  const seen = new Set<number>();
  return (body.updates ?? []).map((u, i) => {
    const where = `Update ${i + 1}`;
    if (!ids.has(u.id)) throw new CommitRowError(`${where}: every update must name one of the transaction_ids.`);
    if (seen.has(u.id)) throw new CommitRowError(`${where}: transaction ${u.id} is updated twice.`);
    seen.add(u.id);
    if (!isValidDate(u.date)) throw new CommitRowError(`${where}: the date must be a real date (YYYY-MM-DD).`);
    return { id: u.id, date: u.date, amount: fromCents(cents(u.amount, where)) };
  });
}

/** `1 transaction`, `3 transactions`. */
export function transactionCount(n: number): string {
  return `${n} transaction${n === 1 ? '' : 's'}`;
}
