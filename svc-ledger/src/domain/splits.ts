import type { BulkSplitLine } from '@hf/contracts/ledger-internal';
import { LEDGER_LIMITS } from '@hf/contracts/ledger-limits';
import { formatCurrency, type Cents } from '@hf/money';
import { badRequest } from '@hf/service-kit/errors';
import { amountToCents } from './values';

/** One saved line of a split row (cents); `category_id` null: the line is uncategorised. */
export interface SplitLineCents {
  category_id: number | null;
  amount: Cents;
  notes: string;
}

/** A split line as a request sends it (decimal amount). */
export interface SplitLineRequest {
  category_id: number | null;
  amount: number;
  notes?: string;
}

/** What split rows answer with (400) when the rules below are not kept. */
export const SPLIT_MESSAGES = {
  tooFew: `A split needs at least ${LEDGER_LIMITS.splitLinesMin} lines.`,
  tooMany: `A split can have at most ${LEDGER_LIMITS.splitLinesMax} lines.`,
  transfer: 'A transfer cannot be split.',
  zeroLine: (n: number) => `Line ${n} of the split is zero: give it an amount or remove it.`,
  unbalanced: (linesCents: Cents, totalCents: Cents) =>
    `The split lines add up to ${formatCurrency(linesCents)} but the transaction is ${formatCurrency(totalCents)}: a difference of ${formatCurrency(Math.abs(totalCents - linesCents))}.`,
  totalWithoutLines: (linesCents: Cents, totalCents: Cents) =>
    `This transaction is split: its lines add up to ${formatCurrency(linesCents)}, so its amount cannot become ${formatCurrency(totalCents)} unless the lines change with it.`,
} as const;

/**
 * The lines of a request, in cents, checked by the rules of domain.md "Split transactions":
 * 2..100 lines, none zero, at most 2 decimals each, summing exactly to `totalCents` (the
 * difference is named). `[]` or null: no lines (the row is not split). Throws 400.
 */
export function parseSplitLines(input: readonly SplitLineRequest[] | null, totalCents: Cents): SplitLineCents[] {
  if (input === null || input.length === 0) return [];
  requireLineCount(input.length);
  const lines = input.map((line, i) => {
    const amount = amountToCents(line.amount, `splits[${i}].amount`);
    return { category_id: line.category_id, amount, notes: (line.notes ?? '').trim() };
  });
  return balancedLines(lines, totalCents);
}

/**
 * parseSplitLines for lines already in cents (the internal bulk create, whose schema takes
 * integers only): the same count, zero-line and sum rules and messages. Throws 400.
 */
export function splitLinesInCents(
  input: readonly BulkSplitLine[] | null | undefined,
  totalCents: Cents,
): SplitLineCents[] {
  if (!input || input.length === 0) return [];
  requireLineCount(input.length);
  const lines = input.map((line) => ({
    category_id: line.category_id,
    amount: line.amount_cents,
    notes: (line.notes ?? '').trim(),
  }));
  return balancedLines(lines, totalCents);
}

function requireLineCount(count: number): void {
  if (count < LEDGER_LIMITS.splitLinesMin) throw badRequest(SPLIT_MESSAGES.tooFew);
  if (count > LEDGER_LIMITS.splitLinesMax) throw badRequest(SPLIT_MESSAGES.tooMany);
}

/** The lines when none is zero and they sum exactly to `totalCents`, else 400. */
function balancedLines(lines: SplitLineCents[], totalCents: Cents): SplitLineCents[] {
  const zero = lines.findIndex((l) => l.amount === 0);
  if (zero >= 0) throw badRequest(SPLIT_MESSAGES.zeroLine(zero + 1));
  const sum = linesTotal(lines);
  if (sum !== totalCents) throw badRequest(SPLIT_MESSAGES.unbalanced(sum, totalCents));
  return lines;
}

/** The sum of lines (cents). */
export function linesTotal(lines: readonly { amount: Cents }[]): Cents {
  let sum = 0;
  for (const line of lines) sum += line.amount;
  return sum;
}

/** True when two line lists are the same, line for line. */
export function sameLines(
  a: readonly SplitLineCents[] | null | undefined,
  b: readonly SplitLineCents[] | null | undefined,
): boolean {
  const x = a ?? [];
  const y = b ?? [];
  if (x.length !== y.length) return false;
  return x.every((l, i) => l.category_id === y[i].category_id && l.amount === y[i].amount && l.notes === y[i].notes);
}

/**
 * The lines a row has after an edit. `requested` undefined: the lines stay, and then a split
 * row's new amount must still be their sum (else 400); a category given without lines unsplits
 * the row. A transfer leg is never split (400 when lines are sent).
 */
export function linesAfterEdit(
  current: readonly SplitLineCents[],
  requested: readonly SplitLineRequest[] | null | undefined,
  edit: { amountCents: Cents; isTransfer: boolean; categoryGiven: boolean },
): SplitLineCents[] {
  if (requested !== undefined) {
    if (edit.isTransfer && requested !== null && requested.length > 0) throw badRequest(SPLIT_MESSAGES.transfer);
    return parseSplitLines(requested, edit.amountCents);
  }
  if (current.length === 0 || edit.categoryGiven) return [];
  const sum = linesTotal(current);
  if (sum !== edit.amountCents) throw badRequest(SPLIT_MESSAGES.totalWithoutLines(sum, edit.amountCents));
  return [...current];
}
