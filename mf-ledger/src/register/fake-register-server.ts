/** An in-memory stand-in for GET /accounts/{id}/transactions paging semantics (tests and benches). */
import { dollarsToCents, fromCents } from '@hf/money';
import type { RegisterPage, RegisterRow } from './api';

export interface FakeRow {
  id: number;
  date: string;
  amount: number;
  status?: '' | 'p' | 'x';
  payee?: string;
  created?: number;
}

export function makeRegisterRow(r: FakeRow, running: number, pending: number, cleared: number): RegisterRow {
  return {
    id: r.id,
    account_id: 1,
    account_name: 'Checking',
    date: r.date,
    payee: r.payee ?? `Payee ${r.id}`,
    amount: r.amount,
    status: r.status ?? '',
    notes: '',
    category_id: null,
    category_name: null,
    category: null,
    is_budgeted: false,
    transfer_id: null,
    transfer_account_id: null,
    transfer_transaction_id: null,
    created_at: new Date(r.created ?? r.id).toISOString(),
    updated_at: new Date(r.created ?? r.id).toISOString(),
    running,
    pending,
    cleared,
  };
}

export class FakeRegisterServer {
  rows: FakeRow[] = [];
  requests: { limit: number; before?: string }[] = [];
  rowsSent = 0;
  constructor(
    rows: FakeRow[],
    public startingBalance = 0,
  ) {
    this.rows = rows;
  }
  private ordered(): RegisterRow[] {
    const sorted = [...this.rows].sort(
      (a, b) => a.date.localeCompare(b.date) || (a.created ?? a.id) - (b.created ?? b.id) || a.id - b.id,
    );
    let running = dollarsToCents(this.startingBalance);
    let pending = running;
    let cleared = running;
    return sorted.map((r) => {
      const cents = dollarsToCents(r.amount);
      running += cents;
      if (r.status) pending += cents;
      if (r.status === 'x') cleared += cents;
      return makeRegisterRow(r, fromCents(running), fromCents(pending), fromCents(cleared));
    });
  }
  all(): RegisterRow[] {
    return this.ordered();
  }
  page = async (query: { limit: number; before?: string }): Promise<RegisterPage> => {
    this.requests.push(query);
    const all = this.ordered();
    let end = all.length;
    if (query.before) end = all.findIndex((r) => String(r.id) === query.before);
    if (end < 0) throw new Error('bad cursor');
    const start = Math.max(0, end - query.limit);
    const rows = all.slice(start, end);
    this.rowsSent += rows.length;
    const before = start > 0 ? all[start - 1] : null;
    return {
      rows,
      balance_before: before
        ? { running: before.running, pending: before.pending, cleared: before.cleared }
        : { running: this.startingBalance, pending: this.startingBalance, cleared: this.startingBalance },
      prev_cursor: start > 0 && rows.length > 0 ? String(rows[0].id) : null,
      next_cursor: end < all.length && rows.length > 0 ? String(rows[rows.length - 1].id) : null,
      total: all.length,
    };
  };
}

/** n rows, a few per day, starting at `firstDate`, amounts alternating payments and deposits. */
export function generateRows(n: number, firstDate = '2010-01-01', perDay = 3): FakeRow[] {
  const start = Date.UTC(
    Number(firstDate.slice(0, 4)),
    Number(firstDate.slice(5, 7)) - 1,
    Number(firstDate.slice(8, 10)),
  );
  const out: FakeRow[] = [];
  for (let i = 0; i < n; i++) {
    const d = new Date(start + Math.floor(i / perDay) * 86_400_000);
    const date = d.toISOString().slice(0, 10);
    out.push({
      id: i + 1,
      date,
      amount: i % 5 === 0 ? 1000 : -((i % 97) + 0.25),
      status: i % 3 === 0 ? 'x' : i % 3 === 1 ? 'p' : '',
    });
  }
  return out;
}
