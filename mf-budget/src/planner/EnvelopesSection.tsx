/**
 * Everyday Envelopes of one account and month (docs/rules/envelopes-and-jars.md): the list with amount, rollover, spent, left and
 * the progress bar, amount and rollover edited in place; the add form (category autocomplete,
 * amount, rollover on by default); delete; "Reset This Month" (asks, makes no call).
 */
import { localToday } from '@hf/calendar';
import { useEnvelopes, type Envelope } from '@hf/app-kit/budget/envelopes';
import { ConfirmDialog } from '@hf/ui';
import type { Dialogs } from '@hf/ui/editing';
import { useId, useState } from 'react';
import { budgetApi, budgetErrorMessage, BUDGET_TEXT, useBudgetRefresh } from './api';
import { longMonthLabel, shiftMonth } from './months';
import { AddEnvelopeForm } from './AddEnvelopeForm';
import { EnvelopesTable } from './EnvelopesTable';

export function EnvelopesSection({ accountId, dialogs }: { accountId: number; dialogs: Dialogs }) {
  const headingId = useId();
  const [month, setMonth] = useState(() => localToday().slice(0, 7));
  const envelopes = useEnvelopes(accountId, month);
  const refresh = useBudgetRefresh();
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Envelope | null>(null);
  const [resetting, setResetting] = useState(false);
  const list = envelopes.data ?? [];
  const carriedFrom = list.find((e) => e.carried_from)?.carried_from ?? null;

  const remove = async (envelope: Envelope) => {
    setDeleting(null);
    setError(null);
    try {
      await budgetApi.deleteEnvelope(envelope.id, month);
    } catch (err) {
      setError(budgetErrorMessage(err, BUDGET_TEXT.deleteEnvelope));
    }
    await refresh();
  };

  return (
    <section className="budget-section" aria-labelledby={headingId}>
      <div className="budget-section__header">
        <h2 id={headingId}>Everyday Envelopes</h2>
        <p className="hf-muted budget-section__help">Everyday Envelopes are variable monthly category budgets.</p>
      </div>
      <div className="budget-toolbar">
        <div className="budget-month">
          <button
            type="button"
            className="hf-button hf-button--small"
            aria-label="Previous month"
            onClick={() => setMonth((m) => shiftMonth(m, -1))}
          >
            ‹
          </button>
          <input
            type="month"
            aria-label="Month"
            className="budget-month__input"
            value={month}
            required
            onChange={(e) => {
              if (/^\d{4}-\d{2}$/.test(e.target.value)) setMonth(e.target.value);
            }}
          />
          <button
            type="button"
            className="hf-button hf-button--small"
            aria-label="Next month"
            onClick={() => setMonth((m) => shiftMonth(m, 1))}
          >
            ›
          </button>
        </div>
        <button type="button" className="hf-button" onClick={() => setResetting(true)}>
          Reset This Month
        </button>
      </div>
      {error && (
        <p role="alert" className="hf-status hf-status--error">
          {error}
        </p>
      )}
      {envelopes.isError ? (
        <p role="alert" className="hf-status hf-status--error">
          {BUDGET_TEXT.fetchEnvelopes}
        </p>
      ) : envelopes.isPending ? (
        <p>Loading...</p>
      ) : list.length === 0 ? (
        <p className="hf-empty budget-empty">No envelopes for {longMonthLabel(month)} yet. Add one below.</p>
      ) : (
        <>
          {carriedFrom && <p className="hf-muted budget-note">Carried forward from {longMonthLabel(carriedFrom)}.</p>}
          <EnvelopesTable list={list} month={month} onDelete={setDeleting} onError={setError} refresh={refresh} />
        </>
      )}
      <AddEnvelopeForm accountId={accountId} month={month} dialogs={dialogs} onAdded={refresh} />
      {deleting && (
        <ConfirmDialog
          title="Delete Envelope"
          message={`Are you sure you want to delete the ${deleting.category_name} envelope?`}
          destructive
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      {resetting && (
        <ConfirmDialog
          title="Reset This Month"
          message={`Are you sure you want to reset the envelopes of ${longMonthLabel(month)}?`}
          onConfirm={() => setResetting(false)}
          onCancel={() => setResetting(false)}
        />
      )}
    </section>
  );
}
