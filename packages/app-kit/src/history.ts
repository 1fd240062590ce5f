/**
 * A row's change history in words (the History dialog of the register and the reports' drill-down,
 * the Activity page): `@hf/app-kit/history`.
 */
import { apiFetch } from './api';
import { displayDate, formatDollars } from './format';
import type { HistoryEntry, RowHistory } from '@hf/contracts/history';

export interface NameLookups {
  accountName: (id: number) => string | undefined;
  categoryName: (id: number) => string | undefined;
}

const VERBS: Record<string, string> = {
  created: 'added this transaction',
  edited: 'edited',
  status: 'changed the status',
  moved: 'moved it',
  deleted: 'deleted it',
  restored: 'restored it',
  imported: 'imported it from a bank file',
  reconciled: 'reconciled it',
  unreconciled: 'took it out of a reconciliation',
  rule: 'changed it by a rule',
  payee_renamed: 'renamed its payee',
  categorized: 'categorized it',
  cleared: 'cleared it (matched by an import)',
  detached: 'detached it from a deleted account',
  undone: 'undid a change',
};

const FIELD_LABELS: Record<string, string> = {
  date: 'Date',
  payee: 'Payee',
  amount: 'Amount',
  status: 'Status',
  notes: 'Notes',
  category_id: 'Category',
  account_id: 'Account',
  is_budgeted: 'Planned',
  transfer_account_id: 'Transfer account',
};
const FIELD_ORDER = Object.keys(FIELD_LABELS);

const STATUS_WORDS: Record<string, string> = { '': 'Uncleared', p: 'Pending', x: 'Cleared' };

const isBlank = (value: unknown) => value === null || value === undefined || value === '' || value === false;

/** Who did it: the member's name, else "Someone" (a change without a known person). */
export const whoOf = (entry: Pick<HistoryEntry, 'user_name'>) => entry.user_name ?? 'Someone';

/** "Sam edited" / "Alex deleted it": the entry's headline. */
export function headline(
  entry: Pick<HistoryEntry, 'user_name' | 'action'> & Partial<Pick<HistoryEntry, 'new_values'>>,
): string {
  const said = `${whoOf(entry)} ${VERBS[entry.action] ?? `made a change (${entry.action})`}`;
  const count = importCount(entry);
  return count > 1 ? `${said} (one of ${count.toLocaleString('en-US')} transactions imported together)` : said;
}

/** How many rows an "imported" entry stands for (one entry per import: decision 0127); 0 for other kinds. */
export function importCount(entry: Pick<HistoryEntry, 'action'> & Partial<Pick<HistoryEntry, 'new_values'>>): number {
  const count = entry.action === 'imported' ? entry.new_values?.count : undefined;
  return typeof count === 'number' ? count : 0;
}

function valueInWords(field: string, value: unknown, names: NameLookups): string {
  if (value === null || value === undefined || value === '') {
    if (field === 'status') return STATUS_WORDS[''];
    if (field === 'category_id') return 'no category';
    return 'empty';
  }
  switch (field) {
    case 'amount':
      return typeof value === 'number' ? formatDollars(value) : String(value);
    case 'date':
      return typeof value === 'string' ? displayDate(value) : String(value);
    case 'status':
      return STATUS_WORDS[String(value)] ?? String(value);
    case 'category_id':
      return names.categoryName(Number(value)) ?? 'a deleted category';
    case 'account_id':
    case 'transfer_account_id':
      return names.accountName(Number(value)) ?? 'a deleted account';
    case 'is_budgeted':
      return value === true ? 'yes' : 'no';
    default:
      return `“${String(value)}”`;
  }
}

/**
 * What changed, a line per field in words: "Payee: “Cafe” → “Cafe Nero”" (both values) or
 * "Payee: “Cafe”" (a new row's values). Fields the history keeps for the ledger's own use
 * (deleted, transfer ids) are left out.
 */
export function changeLines(entry: Pick<HistoryEntry, 'old_values' | 'new_values'>, names: NameLookups): string[] {
  // A new row's empty values (no notes, no category, not planned, no transfer) go unsaid.
  const fields = FIELD_ORDER.filter(
    (f) => f in entry.old_values || (f in entry.new_values && !isBlank(entry.new_values[f])),
  );
  const lines = fields.map((f) => {
    const label = FIELD_LABELS[f];
    const to = sideInWords(f, entry.new_values, names);
    if (!(f in entry.old_values)) return `${label}: ${to}`;
    return `${label}: ${sideInWords(f, entry.old_values, names)} → ${to}`;
  });
  return [...lines, ...splitLines(entry, names)];
}

/** A split row's category is its lines: "Split" rather than "no category". */
function sideInWords(field: string, values: Record<string, unknown>, names: NameLookups): string {
  if (field === 'category_id' && isBlank(values.category_id) && linesOf(values).length > 0) return 'Split';
  return valueInWords(field, values[field], names);
}

interface LineValues {
  category_id: number | null;
  amount: number;
  notes: string;
}

/** The split lines kept in one side of an entry ([] when the row was not split). */
function linesOf(values: Record<string, unknown>): LineValues[] {
  const lines = values.splits;
  if (!Array.isArray(lines)) return [];
  return lines.map((l: Partial<LineValues>) => ({
    category_id: l.category_id ?? null,
    amount: typeof l.amount === 'number' ? l.amount : Number(l.amount),
    notes: typeof l.notes === 'string' ? l.notes : '',
  }));
}

/**
 * Split lines in words, amounts in the row's direction as the register shows them (decision 0136):
 * "Split into 3 lines: Groceries $40.00, Household $12.50, Pharmacy $7.49", "Unsplit", or a line
 * per changed line: "Line 2 category: Household → Pharmacy", "Line 1 amount: $30.00 → $35.00".
 */
export function splitLines(entry: Pick<HistoryEntry, 'old_values' | 'new_values'>, names: NameLookups): string[] {
  if (!('splits' in entry.new_values) && !('splits' in entry.old_values)) return [];
  const before = linesOf(entry.old_values);
  const after = linesOf(entry.new_values);
  const category = (id: number | null) =>
    id === null ? 'no category' : (names.categoryName(id) ?? 'a deleted category');
  const direction = (lines: LineValues[]) => (lines.reduce((sum, l) => sum + l.amount, 0) < 0 ? -1 : 1);
  const amount = (l: LineValues, dir: number) => formatDollars(l.amount * dir);
  const listed = (lines: LineValues[]) => {
    const dir = direction(lines);
    return lines
      .map((l) => `${category(l.category_id)} ${amount(l, dir)}${l.notes ? ` (“${l.notes}”)` : ''}`)
      .join(', ');
  };
  if (after.length === 0) return before.length === 0 ? [] : ['Unsplit'];
  if (before.length !== after.length) {
    const was = before.length === 0 ? '' : ` (was ${before.length} lines)`;
    return [`Split into ${after.length} lines${was}: ${listed(after)}`];
  }
  const dirBefore = direction(before);
  const dirAfter = direction(after);
  const said: string[] = [];
  after.forEach((l, i) => {
    const o = before[i];
    const n = i + 1;
    if (o.category_id !== l.category_id)
      said.push(`Line ${n} category: ${category(o.category_id)} → ${category(l.category_id)}`);
    if (o.amount !== l.amount) said.push(`Line ${n} amount: ${amount(o, dirBefore)} → ${amount(l, dirAfter)}`);
    if (o.notes !== l.notes)
      said.push(`Line ${n} notes: ${o.notes ? `“${o.notes}”` : 'empty'} → ${l.notes ? `“${l.notes}”` : 'empty'}`);
  });
  return said;
}

/** The entry's time for people: "Nov 27, 2026, 11:45 AM" in the browser's time zone. */
export function whenOf(changedAt: string): string {
  const date = new Date(changedAt);
  if (Number.isNaN(date.getTime())) return changedAt;
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

export const rowHistoryKey = (id: number) => ['transaction-history', id] as const;

/** GET /api/transactions/:id/history: the row's changes, newest first. */
export const fetchRowHistory = (id: number) => apiFetch<RowHistory>(`/transactions/${id}/history`);
