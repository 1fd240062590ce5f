import { EVENTS, expandRows } from '@hf/contracts';
import { INSERT_PART_ROWS } from '../src/repositories/transactions';
import { BALANCE_RANGE_MESSAGE } from '../src/write';
import { ledgerForFile, openAccount, outboxSince, register, snapshot, type Json } from './helpers';

// POST /internal/transactions/bulk writes a large call's rows as several INSERTs, one a part
// (decision 0149): the rows, their lines, ids and events are those of one write, and a part the
// database refuses takes every other part with it.
const ledger = ledgerForFile('bulk-parts');
const call = ledger.client(1);
const internal = ledger.internal();
let food: number;
let home: number;

beforeAll(async () => {
  food = (await call('POST', '/api/categories/', { name: 'Food' })).body.id;
  home = (await call('POST', '/api/categories/', { name: 'Home' })).body.id;
});

const bulk = (accountId: number, key: string, transactions: object[]) =>
  internal('POST', '/internal/transactions/bulk', {
    household_id: 1,
    account_id: accountId,
    idempotency_key: key,
    user_id: 101,
    transactions,
  });

/** Rows over two and a half parts; every 997th row split in two lines (so some parts hold split rows). */
function rowsOverParts(): Array<Record<string, unknown>> {
  const count = Math.floor(INSERT_PART_ROWS * 2.5);
  return Array.from({ length: count }, (_, i) => {
    const row = {
      date: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      payee: `Payee ${i}`,
      amount_cents: -(i + 1),
      status: 'x',
      notes: i % 3 === 0 ? `note ${i}` : '',
      category_id: i % 2 === 0 ? food : null,
    };
    if (i % 997 !== 5) return row;
    const first = -Math.floor((i + 1) / 2);
    return {
      ...row,
      splits: [
        { category_id: food, amount_cents: first },
        { category_id: home, amount_cents: -(i + 1) - first, notes: 'rest' },
      ],
    };
  });
}

describe('a bulk create larger than one INSERT', () => {
  it('stores every row and line, ids in input order, each row announced once', async () => {
    const account = await openAccount(call, 'Parts', 0);
    const rows = rowsOverParts();
    const since = (await outboxSince(ledger.app)).at(-1)!.sequence;
    const res = await bulk(account, 'parts-1', rows);
    expect(res.status).toBe(200);
    const ids: number[] = res.body.transaction_ids;
    expect(ids).toHaveLength(rows.length);
    ids.forEach((id, i) => expect(id).toBe(ids[0] + i));

    const stored = new Map<number, Json>((await register(call, account)).map((r: Json) => [r.id, r]));
    expect(stored.size).toBe(rows.length);
    rows.forEach((row, i) => {
      const r = stored.get(ids[i]);
      expect([r.payee, Math.round(r.amount * 100), r.notes]).toEqual([row.payee, row.amount_cents, row.notes]);
      if (row.splits) expect(r.splits.map((l: Json) => l.category_id)).toEqual([food, home]);
      else expect([r.category_id, r.splits]).toEqual([row.category_id, []]);
    });
    const lines = await ledger.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM transaction_splits WHERE transaction_id = ANY($1::int[])',
      [ids],
    );
    expect(lines.rows[0].n).toBe(2 * rows.filter((r) => r.splits).length);

    const announced: number[] = [];
    for (const event of await outboxSince(ledger.app, since)) {
      if (event.type === EVENTS.transactionRecordedCompact) announced.push(...expandRows(event.data).map((t) => t.id));
      if (event.type === EVENTS.transactionRecordedSplit) {
        announced.push(...event.data.transactions.map((t: Json) => t.id));
        expect(event.data.transactions.every((t: Json) => t.splits.length === 2)).toBe(true);
      }
    }
    expect(announced.sort((a, b) => a - b)).toEqual(ids);
    const balance = rows.reduce((sum, r) => sum + (r.amount_cents as number), 0);
    expect(Math.round((await call('GET', `/api/accounts/${account}`)).body.balance * 100)).toBe(balance);
  });

  it('a part refused by the database (the last one) leaves nothing of the others', async () => {
    const account = await openAccount(call, 'Refused', 0);
    const rows: object[] = rowsOverParts();
    // The last part takes the household's turnover past its exact range (migration 005).
    for (let i = 0; i < 12; i++) rows.push({ date: '2025-06-01', payee: 'Huge', amount_cents: -100_000_000_000_000 });
    const before = await snapshot(ledger.app);
    const res = await bulk(account, 'parts-refused', rows);
    expect([res.status, res.body.message]).toEqual([400, BALANCE_RANGE_MESSAGE]);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});
