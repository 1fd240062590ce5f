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

/**
 * The rows of a ledger.transaction.recorded.v2 payload; throws when one lacks a field of the
 * contract. A row is `{ ...shared, ...entry }`, written field by field in SNAPSHOT_FIELDS' order:
 * spreading each entry over `shared` made rows ~7x as costly to build and read (every mirror
 * applies an import's 50,000 of them), and now every row has the same shape.
 */
export function expandRows(data: Pick<TransactionRecordedV2, 'shared' | 'transactions'>): LedgerTransactionSnapshot[] {
  const shared = data.shared as Record<string, unknown>;
  return data.transactions.map((entry, i) => {
    const own = entry as Record<string, unknown>;
    const row: Record<string, unknown> = {};
    for (const field of SNAPSHOT_FIELDS) {
      const value = own[field] !== undefined ? own[field] : shared[field];
      if (value === undefined) throw new Error(`ledger.transaction.recorded.v2: row ${i + 1} has no ${field}`);
      row[field] = value;
    }
    // Lines are no field of the compact form (the ledger writes a part holding a split row as
    // recorded.v1), but the contract lets a row carry them: they are kept as the spread kept them.
    const splits = own.splits !== undefined ? own.splits : shared.splits;
    if (splits !== undefined) row.splits = splits;
    return row as unknown as LedgerTransactionSnapshot;
  });
}
