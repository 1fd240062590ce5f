/**
 * After an import: the recurring items the new rows made possible (docs/rules/recurring-detection.md),
 * that is the account's suggestions whose evidence holds a just-imported row, with a link to
 * review them in the Budget Planner's "Find recurring". Nothing shows when there are none.
 */
import { api, formatDollars, frequencyWords, longDate } from '@hf/app-kit';
import type { RecurringSuggestion } from '@hf/contracts/budget';
import { toCents } from '@hf/money';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';

/** The suggestions resting on at least one of `rows` (same date and amount). */
export function offeredBy(
  suggestions: readonly RecurringSuggestion[],
  rows: ReadonlyArray<{ date: string; amount: number }>,
): RecurringSuggestion[] {
  const imported = new Set(rows.map((r) => `${r.date}|${toCents(r.amount)}`));
  return suggestions.filter((s) => s.evidence.some((e) => imported.has(`${e.date}|${toCents(e.amount)}`)));
}

export function RecurringOffer({
  accountId,
  rows,
}: {
  accountId: number;
  rows: ReadonlyArray<{ date: string; amount: number }>;
}) {
  const headingId = useId();
  const [offered, setOffered] = useState<RecurringSuggestion[]>([]);

  useEffect(() => {
    if (rows.length === 0) return;
    const controller = new AbortController();
    // The import's answer carried the ledger's event sequence, so this read (X-Min-Sequence, as
    // every /budget/ call) waits until the budget's mirror holds the new rows.
    void (async () => {
      try {
        const all = await api.get<RecurringSuggestion[]>(
          '/budget/suggestions',
          { account_id: accountId },
          controller.signal,
        );
        setOffered(offeredBy(all, rows));
      } catch {
        // an offer, not a promise: nothing shows
      }
    })();
    return () => controller.abort();
  }, [accountId, rows]);

  if (offered.length === 0) return null;
  return (
    <section className="ledger-import-recurring" aria-labelledby={headingId}>
      <h3 id={headingId} className="ledger-import-recurring__title">
        Recurring items found
      </h3>
      <p>
        These rows show {offered.length === 1 ? 'a bill or income' : `${offered.length} bills or income`} that
        {offered.length === 1 ? ' comes' : ' come'} regularly:
      </p>
      <ul className="ledger-import-recurring__list">
        {offered.map((s) => (
          <li key={s.key}>
            <strong>{s.payee}</strong>: {s.amount_kind === 'varying' ? 'about ' : ''}
            {formatDollars(s.amount)} {frequencyWords(s)}, next on {longDate(s.next_date)}
          </li>
        ))}
      </ul>
      <Link to={`/budget?account=${accountId}&recurring=1`} className="hf-button">
        Review in the Budget Planner
      </Link>
    </section>
  );
}
