import type { TxRow } from './transaction-rules';

/**
 * Clearing imported matches: every row of `before` as clearing `rows` leaves it. A matched row
 * becomes cleared (`x`) and actual; a budgeted one takes the imported date and amount of its
 * update (`updates` by row id), and a transfer's other leg follows it.
 */
export function clearedRows(
  rows: readonly TxRow[],
  before: ReadonlyMap<number, TxRow>,
  updates: ReadonlyMap<number, { date?: string; amount?: number }>,
): Map<number, TxRow> {
  const after = new Map<number, TxRow>(before);
  for (const row of rows) {
    const u = updates.get(row.id) ?? {};
    const current = after.get(row.id)!;
    const next: TxRow = { ...current, status: 'x', is_budgeted: false };
    // The imported values win only for a budgeted row (a plan); an actual row keeps its own.
    if (row.is_budgeted) {
      if (u.date !== undefined) next.date = u.date;
      if (u.amount !== undefined) next.amount = u.amount;
    }
    after.set(row.id, next);
    const peerId = row.transfer_transaction_id;
    const peer = peerId === null ? undefined : after.get(peerId);
    if (peer) {
      after.set(peer.id, {
        ...peer,
        date: next.date,
        amount: next.amount === 0 ? 0 : -next.amount,
        is_budgeted: row.is_budgeted ? false : peer.is_budgeted,
      });
    }
  }
  return after;
}
