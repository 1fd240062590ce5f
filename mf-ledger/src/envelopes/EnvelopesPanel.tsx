/**
 * The account shell's "Envelopes" panel (docs/rules/screens.md, "Other screens"): Show / Hide, and this
 * account's Everyday Envelopes of the current month with the amount left and the progress bar.
 * The envelopes share the Budget Planner's query (`['budget', 'envelopes', accountId, month]`),
 * so a change there shows here; a write in the register (which refreshes the account's balances)
 * or a bulk categorize refetches them (so does coming back to the window), and app-kit's
 * read-your-writes makes that read include it.
 */
import { envelopeProgress, envelopesQueryKey, ENVELOPES_FETCH_ERROR, useEnvelopes } from '@hf/app-kit/budget/envelopes';
import { localToday } from '@hf/calendar';
import { formatCurrency } from '@hf/money';
import { ProgressBar } from '@hf/ui/progress-bar';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import './envelopes.css';

export interface EnvelopesPanelProps {
  accountId: number;
  /** Changes after a write elsewhere in the shell (the account's balances were re-read, bulk categorize). */
  refreshSignal?: unknown;
}

export function EnvelopesPanel({ accountId, refreshSignal }: EnvelopesPanelProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="ledger-envelopes">
      <div className="ledger-envelopes__header">
        <h2 className="ledger-subtitle">Envelopes</h2>
        <button
          type="button"
          className="hf-button ledger-button--small"
          aria-expanded={open}
          aria-controls="ledger-envelopes-panel"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? 'Hide' : 'Show'}
        </button>
      </div>
      {open && <EnvelopeList accountId={accountId} refreshSignal={refreshSignal} />}
    </div>
  );
}

function EnvelopeList({ accountId, refreshSignal }: EnvelopesPanelProps) {
  const queryClient = useQueryClient();
  const [month] = useState(() => localToday().slice(0, 7));
  // Also on focus: spending entered in another tab shows when the person comes back.
  const envelopes = useEnvelopes(accountId, month, { refetchOnWindowFocus: true });
  const first = useRef(refreshSignal);
  useEffect(() => {
    if (refreshSignal !== first.current) {
      first.current = refreshSignal;
      void queryClient.invalidateQueries({ queryKey: envelopesQueryKey(accountId, month) });
    }
  }, [refreshSignal, queryClient, accountId, month]);
  const list = envelopes.data ?? [];

  return (
    <div id="ledger-envelopes-panel" className="ledger-envelopes__panel">
      {envelopes.isError ? (
        <p role="alert" className="hf-status hf-status--error">
          {ENVELOPES_FETCH_ERROR}
        </p>
      ) : envelopes.isPending ? (
        <p className="ledger-muted">Loading...</p>
      ) : list.length === 0 ? (
        <p className="ledger-muted">
          No envelopes for this month. Plan them on the <Link to="/budget">Budget</Link> page.
        </p>
      ) : (
        <ul className="ledger-envelope-list" aria-label="Envelopes of this month">
          {list.map((envelope) => {
            const progress = envelopeProgress(envelope);
            return (
              <li key={`${envelope.id}-${envelope.category_id}`} className="ledger-envelope" data-tone={progress.tone}>
                <div className="ledger-envelope__line">
                  <span className="ledger-envelope__name">{envelope.category_name}</span>
                  <span className={`ledger-envelope__left ledger-envelope__left--${progress.tone}`}>
                    {formatCurrency(progress.leftCents)} left
                  </span>
                </div>
                <ProgressBar
                  value={progress.share}
                  tone={progress.tone}
                  label={`${envelope.category_name} remaining`}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
