import '../ledger.css';
import './history.css';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { displayDate, formatDollars, useAccounts } from '@hf/app-kit';
import { applyDateKey, isValidDate, localToday, parseEntryDate, splitDate } from '@hf/calendar';
import { importCount } from '@hf/app-kit/history';
import { CHANGE_KIND_LABELS, CHANGE_KINDS, type ActivityEntry } from '@hf/contracts/history';
import { historyApi } from './api';
import { HistoryDialog, HistoryItem, useNameLookups } from '@hf/ui/history';

const PAGE = 100;
const SINCE_KEYS = new Set(['+', '=', '-', 't', 'T', 'PageUp', 'PageDown']);
export const BAD_SINCE = 'Please enter a valid date.';

/** The start of a calendar day in the browser's time zone, as the instant the API's `since` takes. */
export function sinceInstant(date: string): string {
  const { year, month, day } = splitDate(date);
  return new Date(year, month - 1, day).toISOString();
}

/**
 * /activity: the household's recent changes of every account, newest first, with filters
 * (account, person, kind; kept in the address) and, per change, a link to its account's register
 * and the row's whole history.
 */
export default function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const filters = {
    account_id: params.get('account') ? Number(params.get('account')) : undefined,
    user_id: params.get('person') ? Number(params.get('person')) : undefined,
    kind: params.get('kind') ?? undefined,
    since: isValidDate(params.get('since')) ? sinceInstant(params.get('since')!) : undefined,
  };
  const [today] = useState(() => localToday());
  const sinceParam = params.get('since');
  const [sinceText, setSinceText] = useState(() => (isValidDate(sinceParam) ? displayDate(sinceParam) : ''));
  const [sinceError, setSinceError] = useState<string | null>(null);
  const accounts = useAccounts().data ?? [];
  const names = useNameLookups();
  const [historyOf, setHistoryOf] = useState<ActivityEntry | null>(null);
  const activity = useInfiniteQuery({
    queryKey: ['activity', filters],
    queryFn: ({ pageParam }) => historyApi.activity({ ...filters, limit: PAGE, before: pageParam ?? undefined }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    staleTime: 0,
  });
  const members = activity.data?.pages[0]?.members ?? [];
  const changes = activity.data?.pages.flatMap((p) => p.changes) ?? [];

  const setFilter = (key: 'account' | 'person' | 'kind' | 'since', value: string) => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  /** The Since field is read when it is left or Enter is pressed: empty shows every change. */
  const applySince = (text: string) => {
    if (text.trim() === '') {
      setSinceError(null);
      setFilter('since', '');
      return;
    }
    const parsed = parseEntryDate(text, today);
    if (!parsed) {
      setSinceError(BAD_SINCE);
      return;
    }
    setSinceError(null);
    setSinceText(displayDate(parsed));
    setFilter('since', parsed);
  };

  return (
    <section className="hf-page ledger-page ledger-activity">
      <h1 className="hf-page__title">Activity</h1>
      <p className="ledger-muted">Recent changes of every account in your household, newest first.</p>
      <form className="ledger-activity__filters" aria-label="Filter the activity" onSubmit={(e) => e.preventDefault()}>
        <label className="hf-field">
          <span>Account</span>
          <select value={params.get('account') ?? ''} onChange={(e) => setFilter('account', e.target.value)}>
            <option value="">All accounts</option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <label className="hf-field">
          <span>Person</span>
          <select value={params.get('person') ?? ''} onChange={(e) => setFilter('person', e.target.value)}>
            <option value="">Everyone</option>
            {members.map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <label className="hf-field">
          <span>Kind</span>
          <select value={params.get('kind') ?? ''} onChange={(e) => setFilter('kind', e.target.value)}>
            <option value="">Every kind</option>
            {CHANGE_KINDS.map((k) => (
              <option key={k} value={k}>
                {CHANGE_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="hf-field">
          <span>Since</span>
          <input
            type="text"
            className="hf-input hf-input--date"
            value={sinceText}
            placeholder="M/D/YYYY"
            autoComplete="off"
            aria-invalid={sinceError ? true : undefined}
            aria-describedby={sinceError ? 'ledger-activity-since-error' : undefined}
            onChange={(e) => setSinceText(e.target.value)}
            onBlur={() => applySince(sinceText)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applySince(sinceText);
              } else if (SINCE_KEYS.has(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
                const next = applyDateKey(e.key, parseEntryDate(sinceText, today), today);
                if (next) {
                  e.preventDefault();
                  applySince(displayDate(next));
                }
              }
            }}
          />
        </label>
      </form>
      {sinceError && (
        <p id="ledger-activity-since-error" role="alert" className="hf-status hf-status--error">
          {sinceError}
        </p>
      )}
      {activity.isPending && <p className="ledger-muted">Loading activity...</p>}
      {activity.isError && (
        <p role="alert" className="hf-status hf-status--error">
          Could not fetch the activity.
        </p>
      )}
      {activity.data && changes.length === 0 && <p className="ledger-muted">No changes match these filters.</p>}
      {changes.length > 0 && (
        <ol className="hf-history" aria-label="Changes, newest first">
          {changes.map((entry) => (
            <HistoryItem
              key={entry.id}
              entry={entry}
              names={names}
              extra={
                <p className="hf-history__row">
                  {importCount(entry) > 1
                    ? `${importCount(entry).toLocaleString('en-US')} transactions, from ${entry.payee}`
                    : `${entry.payee} · ${formatDollars(entry.amount)}`}{' '}
                  · <Link to={`/accounts/${entry.account_id}/register`}>{entry.account_name}</Link>
                  {entry.deleted && (
                    <>
                      {' '}
                      · deleted (<Link to={`/accounts/${entry.account_id}/deleted`}>Recently deleted</Link>)
                    </>
                  )}{' '}
                  ·{' '}
                  <button type="button" className="hf-button ledger-button--small" onClick={() => setHistoryOf(entry)}>
                    History
                  </button>
                </p>
              }
            />
          ))}
        </ol>
      )}
      {activity.hasNextPage && (
        <button
          type="button"
          className="hf-button"
          disabled={activity.isFetchingNextPage}
          onClick={() => void activity.fetchNextPage()}
        >
          {activity.isFetchingNextPage ? 'Loading...' : 'Show older changes'}
        </button>
      )}
      {historyOf && (
        <HistoryDialog
          transactionId={historyOf.transaction_id}
          payee={historyOf.payee}
          onClose={() => setHistoryOf(null)}
        />
      )}
    </section>
  );
}
