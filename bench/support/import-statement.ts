/**
 * The import benchmarks' bank statements, generated (seeded, so every run and both sides read the
 * same bytes): a US-style CSV export `Date,Description,Amount,Memo` with M/D/YYYY dates over two
 * years (2023-01-01 .. 2024-12-30, oldest first), 600 payees, amounts in cents with thousands
 * separators (`"-1,234.56"`), a few deposits, and a reference in the memo.
 *
 * `changedStatement` makes the "same file again, 10% changed" of a re-import: of every 100 rows,
 * 4 get another amount, 3 another date (1-3 days later) and 3 new purchases are added beside them.
 */
import { seededRandom } from '@hf/test-kit/seeded-random';

export interface StatementRow {
  /** `YYYY-MM-DD`. */
  date: string;
  payee: string;
  /** Signed cents. */
  cents: number;
  memo: string;
}

export const STATEMENT_HEADER = 'Date,Description,Amount,Memo';
const FIRST_DAY_MS = Date.UTC(2023, 0, 1);
const DAYS = 730;
const PAYEE_COUNT = 600;

const BRANDS = [
  'Corner',
  'Green',
  'Blue Sky',
  'Main Street',
  'Sunrise',
  'Harbor',
  'Maple',
  'Metro',
  'Golden',
  'Lakeside',
  'Pioneer',
  'Summit',
  'Oak & Pine',
  'Northgate',
  'Riverside',
];
const KINDS = [
  'Coffee',
  'Grocery',
  'Pharmacy',
  'Fuel',
  'Books',
  'Hardware',
  'Bakery',
  'Pizza',
  'Cinema',
  'Gym',
  'Pet Supply',
  'Florist',
  'Electric Co',
  'Water Utility',
  'Insurance',
];

function payees(random: () => number): string[] {
  const names: string[] = [];
  for (let i = 0; i < PAYEE_COUNT; i++) {
    const name = `${BRANDS[Math.floor(random() * BRANDS.length)]} ${KINDS[Math.floor(random() * KINDS.length)]} #${100 + i}`;
    names.push(i % 9 === 0 ? `${name}, Inc.` : name);
  }
  return names;
}

export const isoDay = (day: number): string => new Date(FIRST_DAY_MS + day * 86_400_000).toISOString().slice(0, 10);

function amountCents(random: () => number): number {
  const r = random();
  if (r < 0.05) return Math.round(50_000 + random() * 450_000); // income
  if (r < 0.15) return -Math.round(30_000 + random() * 220_000); // rent, bills
  return -Math.round(100 + random() * 29_900);
}

/** `rows` statement rows, oldest first (seeded: the same rows for the same arguments). */
export function generateStatement(rows: number, seed = 11): StatementRow[] {
  const random = seededRandom(seed);
  const names = payees(random);
  const days = Array.from({ length: rows }, () => Math.floor(random() * DAYS)).sort((a, b) => a - b);
  return days.map((day, i) => ({
    date: isoDay(day),
    payee: names[Math.floor(random() * names.length)],
    cents: amountCents(random),
    memo: `Card 4${String(Math.floor(random() * 1000)).padStart(3, '0')} ref ${String(seed * 1_000_000 + i).padStart(9, '0')}`,
  }));
}

/** The same statement with 10% changed: 4% other amounts, 3% dates 1-3 days later, 3% new rows. */
export function changedStatement(rows: readonly StatementRow[], seed = 12): StatementRow[] {
  const random = seededRandom(seed);
  const out: StatementRow[] = [];
  rows.forEach((row, i) => {
    const r = random();
    if (r < 0.04) out.push({ ...row, cents: row.cents + (row.cents < 0 ? -1 : 1) * (1 + Math.floor(random() * 500)) });
    else if (r < 0.07)
      out.push({
        ...row,
        date: isoDay(Math.round((Date.parse(row.date) - FIRST_DAY_MS) / 86_400_000) + 1 + Math.floor(random() * 3)),
      });
    else out.push(row);
    if (r >= 0.07 && r < 0.1)
      out.push({
        date: row.date,
        payee: `New Shop #${i}`,
        cents: -Math.round(100 + random() * 9_900),
        memo: `Card 4999 ref new${i}`,
      });
  });
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

const money = (cents: number): string => {
  const abs = Math.abs(cents);
  const text = `${cents < 0 ? '-' : ''}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
  return text.includes(',') ? `"${text}"` : text;
};
const usDate = (iso: string): string => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;
const cell = (text: string): string => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The statement as the bank's CSV file (UTF-8, `\r\n` line ends as most banks write them). */
export function statementCsv(rows: readonly StatementRow[]): Buffer {
  const lines = [STATEMENT_HEADER];
  for (const r of rows) lines.push(`${usDate(r.date)},${cell(r.payee)},${money(r.cents)},${cell(r.memo)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** A statement of just under `bytes` bytes (for the 10 MB analysis), with its row count. */
export function statementOfSize(bytes: number, seed = 13): { csv: Buffer; rows: number } {
  // ~70 bytes a row; generate generously, then cut at the last whole row under the size.
  const rows = generateStatement(Math.ceil(bytes / 60), seed);
  const csv = statementCsv(rows);
  if (csv.length <= bytes) return { csv, rows: rows.length };
  const cut = csv.lastIndexOf('\r\n', bytes - 2) + 2;
  const text = csv.subarray(0, cut);
  let count = -1; // the header
  for (let at = text.indexOf(10); at !== -1; at = text.indexOf(10, at + 1)) count++;
  return { csv: text, rows: count };
}
