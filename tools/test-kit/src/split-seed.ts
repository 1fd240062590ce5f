/**
 * Split transactions in a read model's tests (issue 21): a household seeded with split rows
 * through svc-ledger's API, and the lines that count, read back with plain SQL from svc-ledger's
 * own tables (domain.md "Split transactions": an unsplit row counts whole under its category, a
 * split row counts each line under the line's category, with the row's date, payee and account).
 */
import pg from 'pg';
import { addCategory, addRow, openAccount, type Call, type Json } from './mirror-stack';

export interface SplitSeed {
  accounts: number[];
  categories: Record<'food' | 'groceries' | 'home' | 'fun', number>;
  /** Split rows still live: id -> number of lines. */
  split: Map<number, number>;
}

async function ok(p: Promise<{ status: number; text: string; body: Json }>): Promise<Json> {
  const res = await p;
  if (res.status >= 300) throw new Error(`${res.status} ${res.text}`);
  return res.body;
}

/**
 * Accounts Checking and Card; Food with its child Groceries, Home, Fun; plain rows; and split
 * rows: mixed signs, a line in a parent and one in its child, an uncategorised line, a split row
 * later edited (total and lines), one moved to the other account, one deleted, one unsplit and
 * one bulk-categorized (skipped). `categoryChanges`: then Fun is merged into Food and Home deleted
 * (their lines move or become uncategorised).
 */
export async function seedSplits(call: Call, month: string, categoryChanges: boolean): Promise<SplitSeed> {
  const checking = await openAccount(call, 'Checking', 100);
  const card = await openAccount(call, 'Card');
  const food = await addCategory(call, 'Food');
  const groceries = await addCategory(call, 'Groceries', food);
  const home = await addCategory(call, 'Home');
  const fun = await addCategory(call, 'Fun');
  const day = (d: number) => `${month}-${String(d).padStart(2, '0')}`;
  const split = new Map<number, number>();
  await addRow(call, checking, { date: day(1), payee: 'Market', amount: -12.5, category_id: groceries });
  await addRow(call, checking, { date: day(2), payee: 'Employer', amount: 900, category_id: fun });
  await addRow(call, card, { date: day(3), payee: 'Hardware', amount: -44.44, category_id: home });
  await addRow(call, checking, { date: day(4), payee: 'Kiosk', amount: -3.33 });
  const a = await addRow(call, checking, {
    date: day(5),
    payee: 'Market',
    amount: -100,
    splits: [
      { category_id: food, amount: -30, notes: 'food' },
      { category_id: groceries, amount: -80 },
      { category_id: null, amount: 10, notes: 'deposit back' },
    ],
  });
  split.set(a.id, 3);
  const b = await addRow(call, checking, {
    date: day(10),
    payee: 'Department store',
    amount: -50,
    splits: [
      { category_id: home, amount: -20 },
      { category_id: fun, amount: -30 },
    ],
  });
  await ok(
    call('PUT', `/api/transactions/${b.id}`, {
      amount: -60.01,
      splits: [
        { category_id: home, amount: -25.01 },
        { category_id: fun, amount: -35 },
      ],
    }),
  );
  split.set(b.id, 2);
  const c = await addRow(call, checking, {
    date: day(12),
    payee: 'Paycheck',
    amount: 200,
    splits: [
      { category_id: fun, amount: 250 },
      { category_id: home, amount: -50 },
    ],
  });
  await ok(call('PATCH', `/api/transactions/${c.id}/move`, { destination_account_id: card }));
  split.set(c.id, 2);
  const d = await addRow(call, card, {
    date: day(20),
    payee: 'Market',
    amount: -40,
    splits: [
      { category_id: groceries, amount: -15 },
      { category_id: home, amount: -25 },
    ],
  });
  await ok(call('PATCH', `/api/transactions/${d.id}/delete`));
  const e = await addRow(call, checking, {
    date: day(22),
    payee: 'Pharmacy',
    amount: -18,
    splits: [
      { category_id: home, amount: -8 },
      { category_id: fun, amount: -10 },
    ],
  });
  await ok(call('PUT', `/api/transactions/${e.id}`, { splits: [] }));
  const f = await addRow(call, card, {
    date: day(25),
    payee: 'Market',
    amount: -70,
    splits: [
      { category_id: fun, amount: -20 },
      { category_id: groceries, amount: -50 },
    ],
  });
  split.set(f.id, 2);
  const bulk = await ok(
    call('PATCH', '/api/transactions/bulk_categorize', { transaction_ids: [f.id, e.id], category_id: home }),
  );
  if (bulk.skipped_split !== 1) throw new Error(`bulk categorize skipped ${bulk.skipped_split}`);
  if (categoryChanges) {
    await ok(call('POST', '/api/categories/merge', { source_id: fun, destination_id: food }));
    await ok(call('DELETE', `/api/categories/${home}`));
  }
  return { accounts: [checking, card], categories: { food, groceries, home, fun }, split };
}

/** One counted line (cents): an unsplit actual row, or a line of a split row with its row's fields. */
export interface CountedLine {
  id: number;
  account_id: number;
  date: string;
  payee: string;
  amount: number;
  category_id: number | null;
}

/** The counted lines of a household in svc-ledger's tables (actual, not transfers, not deleted), plain SQL. */
export async function countedLines(ledgerDbUrl: string, householdId: number): Promise<CountedLine[]> {
  const db = new pg.Client({ connectionString: ledgerDbUrl });
  await db.connect();
  try {
    const result = await db.query<CountedLine>(
      `SELECT t.id, t.account_id, to_char(t.date, 'YYYY-MM-DD') AS date, t.payee, t.amount::float8 AS amount, t.category_id
       FROM transactions t
       WHERE t.household_id = $1 AND t.deleted_at IS NULL AND NOT t.is_budgeted AND t.transfer_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM transaction_splits s WHERE s.transaction_id = t.id)
       UNION ALL
       SELECT t.id, t.account_id, to_char(t.date, 'YYYY-MM-DD'), t.payee, s.amount::float8, s.category_id
       FROM transactions t JOIN transaction_splits s ON s.transaction_id = t.id
       WHERE t.household_id = $1 AND t.deleted_at IS NULL AND NOT t.is_budgeted AND t.transfer_id IS NULL`,
      [householdId],
    );
    return result.rows;
  } finally {
    await db.end();
  }
}

/** The household's categories in svc-ledger's tables. */
export async function ledgerCategories(
  ledgerDbUrl: string,
  householdId: number,
): Promise<Array<{ id: number; name: string; parent_id: number | null }>> {
  const db = new pg.Client({ connectionString: ledgerDbUrl });
  await db.connect();
  try {
    return (await db.query('SELECT id, name, parent_id FROM categories WHERE household_id = $1', [householdId])).rows;
  } finally {
    await db.end();
  }
}
