import { isValidDate } from '@hf/calendar';
import type { BulkTransactionInput } from '@hf/contracts/ledger-internal';
import { badRequest } from '@hf/service-kit/errors';
import { normaliseStatus, type Status } from './status';
import { amountToCents } from './values';

/** A bulk create's row after its checks (amount in cents, texts trimmed, status stored form). */
export interface CheckedBulkRow {
  date: string;
  payee: string;
  amount: number;
  status: Status;
  notes: string;
  category_id?: number | null;
  category?: string | null;
}

/** Every row of a bulk create checked before the database is touched; a 400 names the first bad row (1-based). */
export function checkBulkRows(rows: readonly BulkTransactionInput[]): CheckedBulkRow[] {
  return rows.map((t, i) => {
    const where = `Transaction ${i + 1}`;
    if (!isValidDate(t.date)) throw badRequest(`${where}: the date must be a real date (YYYY-MM-DD).`);
    const payee = t.payee.trim();
    if (payee === '') throw badRequest(`${where}: payee is required.`);
    let amount: number;
    try {
      amount = amountToCents(t.amount);
    } catch (err) {
      throw badRequest(`${where}: ${(err as Error).message}`);
    }
    const status = normaliseStatus(t.status ?? '');
    if (status === null) throw badRequest(`${where}: status must be empty, p or x.`);
    return {
      date: t.date,
      payee,
      amount,
      status,
      notes: (t.notes ?? '').trim(),
      category_id: t.category_id,
      category: t.category,
    };
  });
}
