/**
 * A split row's lines as typed (docs/rules in ../shared/design/domain.md "Split transactions" and
 * docs/decisions/0136-split-line-amounts.md): each line's amount is typed in the row's direction
 * (a payment's lines are typed as positive payments; a minus sign types a line the other way, such
 * as a refunded item), the remainder is counted in whole cents, and a row saves only when its
 * lines are 2..100, none zero, and sum exactly to the row's amount.
 */
import type { SplitLine, SplitLineInput } from '@hf/contracts';
import { LEDGER_LIMITS } from '@hf/contracts/ledger-limits';
import { dollarsToCents, formatCurrency, fromCents } from '@hf/money';

export interface SplitDraftLine {
  /** React key: stable while lines are added and removed. */
  key: number;
  category: string;
  amount: string;
  notes: string;
}

let nextKey = 1;
export function newLine(patch: Partial<Omit<SplitDraftLine, 'key'>> = {}): SplitDraftLine {
  return { key: nextKey++, category: '', amount: '', notes: '', ...patch };
}

/** The row's direction: -1 for a payment, 1 for a deposit (or a zero amount). */
export const directionOf = (totalCents: number) => (totalCents < 0 ? -1 : 1);

/** Typed text to cents exactly ('' is 0); null when it is not an amount with 2 decimals at most. */
export function lineCents(text: string): number | null {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (t === '' || t === '-') return 0;
  const m = /^(-)?(\d*)(?:\.(\d{0,2}))?$/.exec(t);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const cents = Number(m[2] || '0') * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** Cents as line text in the row's direction ("12.34", "-1.00"). */
export function lineText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** What is left to assign, in the row's direction (negative: the lines are over); null when a line is not an amount. */
export function remainderCents(totalCents: number, lines: readonly SplitDraftLine[]): number | null {
  let sum = 0;
  for (const line of lines) {
    const cents = lineCents(line.amount);
    if (cents === null) return null;
    sum += cents;
  }
  return Math.abs(totalCents) - sum;
}

/** "$12.34 left to assign", "$1.00 over" or "All assigned". */
export function remainderText(remainder: number | null): string {
  if (remainder === null) return 'A line amount is not an amount';
  if (remainder > 0) return `${formatCurrency(remainder)} left to assign`;
  if (remainder < 0) return `${formatCurrency(-remainder)} over`;
  return 'All assigned';
}

/** Why the row cannot be saved yet, or null when its lines can be saved. */
export function saveBlockedReason(totalCents: number, lines: readonly SplitDraftLine[]): string | null {
  if (lines.length < LEDGER_LIMITS.splitLinesMin) return 'A split needs 2 lines at least.';
  if (lines.length > LEDGER_LIMITS.splitLinesMax) return 'A split has 100 lines at most.';
  const bad = lines.findIndex((l) => lineCents(l.amount) === null);
  if (bad >= 0) return `Line ${bad + 1}'s amount must be an amount.`;
  const zero = lines.findIndex((l) => lineCents(l.amount) === 0);
  if (zero >= 0) return `Line ${zero + 1} has no amount: type one or remove the line.`;
  const remainder = remainderCents(totalCents, lines)!;
  if (remainder !== 0) return `Cannot save: ${remainderText(remainder)}.`;
  return null;
}

/** The lines of a saved split row as editable text, amounts in the row's direction. */
export function linesFromRow(totalCents: number, splits: readonly SplitLine[]): SplitDraftLine[] {
  const direction = directionOf(totalCents);
  return splits.map((s) =>
    newLine({
      category: s.category_name ?? '',
      amount: lineText(direction * dollarsToCents(s.amount)),
      notes: s.notes,
    }),
  );
}

/**
 * Starting a split: one line with the whole amount and the row's category; the person lowers its
 * amount and adds lines (Enter) for the rest (a split saves with 2 lines at least).
 */
export function startLines(totalCents: number, category: string): SplitDraftLine[] {
  return [newLine({ category, amount: totalCents === 0 ? '' : lineText(Math.abs(totalCents)) })];
}

/** The request's lines (categories already resolved to ids, in line order). */
export function linesBody(
  totalCents: number,
  lines: readonly SplitDraftLine[],
  categoryIds: readonly (number | null)[],
): SplitLineInput[] {
  const direction = directionOf(totalCents);
  return lines.map((line, i) => ({
    category_id: categoryIds[i] ?? null,
    amount: fromCents(direction * (lineCents(line.amount) ?? 0)),
    notes: line.notes.trim(),
  }));
}

/** Each line's category through the creation flow, in order; null when the person stopped. */
export async function resolveLineCategories(
  lines: readonly SplitDraftLine[],
  resolveCategory: (text: string) => Promise<{ id: number | null } | null>,
): Promise<(number | null)[] | null> {
  const ids: (number | null)[] = [];
  for (const line of lines) {
    const resolved = await resolveCategory(line.category);
    if (!resolved) return null;
    ids.push(resolved.id);
  }
  return ids;
}

/** "Split (3)": a split row's category text. */
export const splitLabel = (count: number) => `Split (${count})`;
