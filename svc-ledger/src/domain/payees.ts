import { addDays, addMonths, type CalendarDate } from '@hf/calendar';
import { countOf } from '@hf/contracts/wording';

/** Payee rename and suggestion rules (routes/payees.ts); no SQL here. */

const key = (name: string) => name.trim().toLowerCase();

/** True when `payee` is one of the household's account names (a transfer's payee), compared as transfers compare them. */
export function isAccountName(payee: string, accountNames: readonly string[]): boolean {
  const wanted = key(payee);
  return wanted !== '' && accountNames.some((name) => key(name) === wanted);
}

export interface RenameCounts {
  /** Actual rows named exactly `from`. */
  renamed: number;
  /** Actual rows already named exactly `to`. */
  existing: number;
}

/**
 * Why a rename of `from` to `to` (already normalised by the Name rule) is refused, or null when it
 * may go ahead. Checked before anything changes.
 */
export function renameRefusal(
  from: string,
  to: string,
  accountNames: readonly string[],
  counts: RenameCounts,
): string | null {
  if (isAccountName(from, accountNames))
    return `"${from}" is an account's name: a transfer's payee cannot be renamed here.`;
  if (isAccountName(to, accountNames))
    return `"${to}" is an account's name: rows renamed to it would look like transfers. Please choose another name.`;
  if (from === to) return 'The new name is the same as the old one.';
  if (counts.renamed === 0) return `No transactions have the payee "${from}".`;
  return null;
}

/**
 * What a rename answers: the preview ("12 rows will be renamed to Amazon; Amazon already has 30
 * rows: they will be merged.") or the outcome ("12 rows renamed to Amazon and merged with its 30
 * rows.").
 */
export function renameMessage(to: string, counts: RenameCounts, dryRun: boolean): string {
  const rows = (n: number) => countOf(n, 'row');
  if (dryRun) {
    const head = `${rows(counts.renamed)} will be renamed to ${to}`;
    return counts.existing > 0
      ? `${head}; ${to} already has ${rows(counts.existing)}: they will be merged.`
      : `${head}.`;
  }
  const head = `${rows(counts.renamed)} renamed to ${to}`;
  return counts.existing > 0 ? `${head} and merged with its ${rows(counts.existing)}.` : `${head}.`;
}

/** The first day of the suggestion's window: the 12 months up to and including `today`. */
export function suggestionWindowStart(today: CalendarDate): CalendarDate {
  return addDays(addMonths(today, -12), 1);
}
