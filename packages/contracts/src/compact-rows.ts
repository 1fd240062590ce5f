import type { LedgerTransactionSnapshot, TransactionRecordedV2 } from './ledger-events';

type Field = keyof LedgerTransactionSnapshot;

/** Every field of a row snapshot, in the contract's order. */
export const SNAPSHOT_FIELDS: readonly Field[] = [
  'id',
  'household_id',
  'account_id',
  'date',
  'payee',
  'amount_cents',
  'status',
  'notes',
  'category_id',
  'is_budgeted',
  'schedule_id',
  'schedule_month',
  'transfer_id',
  'transfer_account_id',
  'transfer_transaction_id',
  'deleted',
  'created_at',
  'updated_at',
];

/**
 * Rows as ledger.transaction.recorded.v2 carries them: a field with the same value in every row
 * goes once into `shared`, the others stay in each row's entry. Rows may be of any shape the
 * contract allows; nothing is lost (`expandRows` gives them back, field for field).
 */
export function compactRows(
  rows: readonly LedgerTransactionSnapshot[],
): Pick<TransactionRecordedV2, 'shared' | 'transactions'> {
  const shared: Partial<LedgerTransactionSnapshot> = {};
  const own: Field[] = [];
  for (const field of SNAPSHOT_FIELDS) {
    const first = rows[0]?.[field];
    if (rows.length > 1 && rows.every((r) => r[field] === first)) (shared as Record<Field, unknown>)[field] = first;
    else own.push(field);
  }
  const transactions = rows.map((row) => {
    const entry: Record<string, unknown> = {};
    for (const field of own) entry[field] = row[field];
    return entry as Partial<LedgerTransactionSnapshot>;
  });
  return { shared, transactions };
}

/** The rows of a ledger.transaction.recorded.v2 payload; throws when one lacks a field of the contract. */
export function expandRows(data: Pick<TransactionRecordedV2, 'shared' | 'transactions'>): LedgerTransactionSnapshot[] {
  return data.transactions.map((entry, i) => {
    const row = { ...data.shared, ...entry } as LedgerTransactionSnapshot;
    for (const field of SNAPSHOT_FIELDS) {
      if (row[field] === undefined) throw new Error(`ledger.transaction.recorded.v2: row ${i + 1} has no ${field}`);
    }
    return row;
  });
}
