/**
 * "Find recurring" (docs/rules/recurring-detection.md): the schedules the account's rows of the
 * last 18 months reveal, each with its amount, frequency in words, next date and the rows it rests
 * on. Accept opens the item pre-filled (editable before saving); Dismiss hides it for good.
 */
import type { CategoryOption } from '@hf/app-kit/editing';
import { localToday } from '@hf/calendar';
import { formatDollars } from '@hf/app-kit';
import { Modal } from '@hf/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { budgetErrorMessage } from './api';
import { AcceptSuggestionDialog } from './AcceptSuggestionDialog';
import {
  RECURRING_TEXT,
  recurringApi,
  suggestionsKey,
  useSuggestions,
  type RecurringSuggestion,
} from './recurring-api';
import { scheduleSummary, shortDate } from './schedule-text';

/** The suggestion's schedule in the planner's words ("Every month on the 1st"). */
export function suggestionSchedule(s: RecurringSuggestion, today: string): string {
  return scheduleSummary({ ...s, end_date: null }, today);
}

/** "$1,500.00" or "about $95.50" (a varying amount is the median). */
export function suggestionAmount(s: RecurringSuggestion): string {
  const text = formatDollars(s.amount);
  return s.amount_kind === 'varying' ? `about ${text}` : text;
}

export function FindRecurring({
  accountId,
  categoryOptions,
  resolveCategory,
  openAtStart = false,
}: {
  accountId: number;
  categoryOptions: readonly CategoryOption[];
  resolveCategory: (text: string) => Promise<{ id: number | null } | null>;
  /** Open the list at once (the import's "Review in the Budget Planner" link). */
  openAtStart?: boolean;
}) {
  const [open, setOpen] = useState(openAtStart);
  return (
    <>
      <button type="button" className="hf-button budget-find-recurring" onClick={() => setOpen(true)}>
        {RECURRING_TEXT.find}
      </button>
      {open && (
        <SuggestionsDialog
          accountId={accountId}
          categoryOptions={categoryOptions}
          resolveCategory={resolveCategory}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function SuggestionsDialog({
  accountId,
  categoryOptions,
  resolveCategory,
  onClose,
}: {
  accountId: number;
  categoryOptions: readonly CategoryOption[];
  resolveCategory: (text: string) => Promise<{ id: number | null } | null>;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const suggestions = useSuggestions(accountId, true);
  const [accepting, setAccepting] = useState<RecurringSuggestion | null>(null);
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const today = localToday();
  const list = suggestions.data ?? [];

  // After an accept or a dismissal the list is shorter: focus stays in the dialog, on the first
  // suggestion's Accept (or the dialog's Close when none is left).
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || suggestions.isFetching) return;
    setRefocus(false);
    const target =
      listRef.current?.querySelector<HTMLElement>('[data-accept]') ??
      listRef.current?.closest('[role="dialog"]')?.querySelector<HTMLElement>('.hf-modal__close');
    target?.focus();
  }, [refocus, suggestions.isFetching]);

  const reread = async () => {
    await queryClient.invalidateQueries({ queryKey: suggestionsKey(accountId) });
    setRefocus(true);
  };

  const dismiss = async (s: RecurringSuggestion) => {
    if (busyKey) return;
    setBusyKey(s.key);
    setStatus(null);
    try {
      await recurringApi.dismiss({ account_id: accountId, key: s.key });
      setStatus({ kind: 'success', text: `Dismissed ${s.payee}: it will not be suggested again.` });
    } catch (err) {
      setStatus({ kind: 'error', text: budgetErrorMessage(err, RECURRING_TEXT.dismiss) });
    } finally {
      setBusyKey(null);
      await reread();
    }
  };

  return (
    <>
      <Modal title={RECURRING_TEXT.title} onClose={onClose} wide>
        <div ref={listRef} className="budget-recurring">
          <p className="hf-muted budget-recurring__help">
            Bills and income that came at a steady interval in this account&apos;s last 18 months. Accept adds one to
            the Predictables; Dismiss hides it for good.
          </p>
          <div aria-live="polite">
            {status && (
              <p
                role={status.kind === 'error' ? 'alert' : 'status'}
                className={`hf-status hf-status--${status.kind} budget-recurring__status`}
              >
                {status.text}
              </p>
            )}
          </div>
          {suggestions.isError ? (
            <p role="alert" className="hf-status hf-status--error">
              {RECURRING_TEXT.fetch}
            </p>
          ) : suggestions.isPending ? (
            <p>{RECURRING_TEXT.loading}</p>
          ) : list.length === 0 ? (
            <p className="hf-empty">{RECURRING_TEXT.none}</p>
          ) : (
            <ul className="budget-recurring__list" aria-label={RECURRING_TEXT.title}>
              {list.map((s) => (
                <li key={s.key} className="budget-recurring__item" aria-label={s.payee}>
                  <div className="budget-recurring__head">
                    <h3 className="budget-recurring__payee">{s.payee}</h3>
                    <span className="budget-recurring__type">{s.item_type === 'deposit' ? 'Deposit' : 'Payment'}</span>
                  </div>
                  <dl className="budget-recurring__facts">
                    <div>
                      <dt>Amount</dt>
                      <dd>{suggestionAmount(s)}</dd>
                    </div>
                    <div>
                      <dt>Schedule</dt>
                      <dd>{suggestionSchedule(s, today)}</dd>
                    </div>
                    <div>
                      <dt>Next</dt>
                      <dd>{shortDate(s.next_date, today)}</dd>
                    </div>
                    <div>
                      <dt>Category</dt>
                      <dd>{s.category ?? 'None'}</dd>
                    </div>
                  </dl>
                  <details className="budget-recurring__evidence">
                    <summary>Based on {s.evidence.length} rows</summary>
                    <table className="budget-recurring__rows">
                      <thead>
                        <tr>
                          <th scope="col">Date</th>
                          <th scope="col">Payee</th>
                          <th scope="col" className="budget-recurring__amount">
                            Amount
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {s.evidence.map((r) => (
                          <tr key={r.id}>
                            <td>{r.date}</td>
                            <td>{r.payee}</td>
                            <td className="budget-recurring__amount">{formatDollars(r.amount)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </details>
                  <div className="budget-recurring__actions">
                    <button
                      type="button"
                      className="hf-button hf-button--primary"
                      data-accept
                      aria-label={`Accept ${s.payee}`}
                      disabled={busyKey !== null}
                      onClick={() => {
                        setStatus(null);
                        setAccepting(s);
                      }}
                    >
                      Accept
                    </button>
                    <button
                      type="button"
                      className="hf-button"
                      aria-label={`Dismiss ${s.payee}`}
                      disabled={busyKey !== null}
                      onClick={() => void dismiss(s)}
                    >
                      Dismiss
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Modal>
      {accepting && (
        <AcceptSuggestionDialog
          suggestion={accepting}
          categoryOptions={categoryOptions}
          resolveCategory={resolveCategory}
          onClose={() => setAccepting(null)}
          onSaved={async (payee) => {
            setAccepting(null);
            setStatus({ kind: 'success', text: `Added ${payee} to the Predictables.` });
            await reread();
          }}
        />
      )}
    </>
  );
}
