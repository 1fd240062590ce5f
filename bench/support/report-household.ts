/**
 * The reports benchmarks' household, as a plan both sides load (ours through the ledger, the peer
 * through its own API): 6 accounts, 60 categories (12 parents with 4 sub-categories each, the
 * first parent "Salary"), 2,000 payees, ROWS rows over 5 years, deterministic (seeded).
 */
import { seededRandom } from '@hf/test-kit/seeded-random';

export const REPORT_ACCOUNTS = 6;
export const REPORT_PAYEES = 2000;
export const FIRST_DAY = '2021-11-24';
export const LAST_DAY = '2026-11-23';
const FIRST_DAY_MS = Date.UTC(2021, 10, 24);
const DAYS = 5 * 365;

export interface PlannedCategory {
  name: string;
  /** Index of the parent in `categories`, or null for a top-level one. */
  parent: number | null;
}

export interface PlannedRow {
  account: number;
  date: string;
  payee: string;
  /** Signed cents. */
  amount: number;
  /** Index in `categories`, or null (uncategorised). */
  category: number | null;
  /**
   * A split row's lines (signed cents summing to `amount`, each under its own category index or
   * none); absent for an unsplit row. The row's own `category` is then its first line's.
   */
  splits?: Array<{ amount: number; category: number | null }>;
}

export interface ReportHousehold {
  categories: PlannedCategory[];
  /** Rows per account index. */
  rows: PlannedRow[][];
}

/** The plan (`splitPercent`: about that share of the purchases split into two lines): about 2% salary deposits (to Salary and its sub-categories), 3% refunds, the rest purchases, 5% uncategorised. */
export function planReportHousehold(total: number, seed = 2026, splitPercent = 0): ReportHousehold {
  const categories: PlannedCategory[] = [];
  for (let p = 0; p < 12; p++) {
    const parent = categories.length;
    categories.push({ name: p === 0 ? 'Salary' : `Category ${p + 1}`, parent: null });
    for (let c = 0; c < 4; c++)
      categories.push({ name: p === 0 ? `Salary ${c + 1}` : `Sub ${p + 1}.${c + 1}`, parent });
  }
  const spendable = categories.map((_, i) => i).filter((i) => i >= 5);
  const random = seededRandom(seed);
  const perAccount = Math.ceil(total / REPORT_ACCOUNTS);
  const rows: PlannedRow[][] = [];
  for (let account = 0; account < REPORT_ACCOUNTS; account++) {
    const list: PlannedRow[] = [];
    for (let i = 0; i < perAccount && account * perAccount + i < total; i++) {
      const date = new Date(FIRST_DAY_MS + Math.floor(random() * DAYS) * 86_400_000).toISOString().slice(0, 10);
      const kind = random();
      if (kind < 0.02) {
        list.push({
          account,
          date,
          payee: `Employer ${Math.floor(random() * 3)}`,
          amount: Math.round(200_000 + random() * 300_000),
          category: Math.floor(random() * 5),
        });
        continue;
      }
      list.push({
        account,
        date,
        payee: `Payee ${Math.floor(random() * REPORT_PAYEES)}`,
        amount: (kind < 0.05 ? 1 : -1) * Math.round(100 + random() * 20_000),
        category: random() < 0.05 ? null : spendable[Math.floor(random() * spendable.length)],
      });
    }
    rows.push(list);
  }
  // Split rows (issue 21), chosen after the plan so the rows are the same with or without them:
  // every n-th purchase of an account into two lines, 40% under its category, the rest under
  // another spendable one.
  const every = splitPercent > 0 ? Math.max(2, Math.round(100 / splitPercent)) : 0;
  if (every > 0)
    for (const list of rows)
      list.forEach((row, i) => {
        if (i % every !== 0 || !row.payee.startsWith('Payee ') || Math.abs(row.amount) < 2) return;
        const first = Math.trunc(row.amount * 0.4);
        const other = spendable[(i / every) % spendable.length];
        row.splits = [
          { amount: first, category: row.category },
          { amount: row.amount - first, category: other === row.category ? spendable[0] : other },
        ];
      });
  return { categories, rows };
}
