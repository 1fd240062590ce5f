/**
 * Everyday Envelopes of one account and month (spec sections 2 "Budget Planner", 5 "Category
 * budget add" and "Budget progress", 7 "Budget"): the list with amount, rollover, spent, left and
 * the progress bar; the add form (category autocomplete, amount, rollover on by default); delete;
 * "Reset This Month" (asks, makes no call).
 */
import { formatDollars } from '@hf/app-kit';
import { localToday } from '@hf/calendar';
import { envelopeProgress, useEnvelopes, type CategoryBudget } from '@hf/app-kit/budget/envelopes';
import { useCategoryOptions, useCategoryResolver } from '@hf/app-kit/editing';
import { ConfirmDialog } from '@hf/ui';
import { CategoryInput, type Dialogs } from '@hf/ui/editing';
import { ProgressBar } from '@hf/ui/progress-bar';
import { formatCurrency, fromCents, parseCurrencyInput } from '@hf/money';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { budgetApi, budgetErrorMessage, BUDGET_TEXT, useBudgetRefresh } from './api';
import { longMonthLabel, shiftMonth } from './months';

export function EnvelopesSection({ accountId, dialogs }: { accountId: number; dialogs: Dialogs }) {
  const headingId = useId();
  const [month, setMonth] = useState(() => localToday().slice(0, 7));
  const envelopes = useEnvelopes(accountId, month);
  const refresh = useBudgetRefresh();
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CategoryBudget | null>(null);
  const [resetting, setResetting] = useState(false);
  const list = envelopes.data ?? [];
  const carriedFrom = list.find((e) => e.carried_from)?.carried_from ?? null;

  const remove = async (envelope: CategoryBudget) => {
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
          <div className="hf-table-wrap budget-envelopes-wrap">
            <table className="hf-table budget-envelopes" aria-label={`Envelopes of ${longMonthLabel(month)}`}>
              <thead>
                <tr>
                  <th scope="col">Category</th>
                  <th scope="col" className="hf-num">
                    Amount
                  </th>
                  <th scope="col" className="hf-num">
                    Rollover
                  </th>
                  <th scope="col" className="hf-num">
                    Spent
                  </th>
                  <th scope="col" className="hf-num">
                    Left
                  </th>
                  <th scope="col">Progress</th>
                  <th scope="col">
                    <span className="hf-visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((envelope) => {
                  const progress = envelopeProgress(envelope);
                  return (
                    <tr
                      key={`${envelope.id}-${envelope.category_id}`}
                      data-envelope={envelope.category_name}
                      data-tone={progress.tone}
                    >
                      <th scope="row" className="budget-envelopes__name">
                        {envelope.category_name}
                      </th>
                      <td className="hf-num">{formatDollars(envelope.amount)}</td>
                      <td
                        className="hf-num"
                        title={envelope.rollover_enabled ? 'Rolls over into next month' : 'Does not roll over'}
                      >
                        {formatDollars(envelope.rollover)}
                        {!envelope.rollover_enabled && <span className="budget-badge">off</span>}
                      </td>
                      <td className="hf-num">{formatDollars(envelope.spent)}</td>
                      <td className={`hf-num budget-left budget-left--${progress.tone}`}>
                        {formatCurrency(progress.leftCents)}
                      </td>
                      <td className="budget-envelopes__bar">
                        <ProgressBar
                          value={progress.share}
                          tone={progress.tone}
                          label={`${envelope.category_name} remaining`}
                        />
                      </td>
                      <td className="budget-actions">
                        <button
                          type="button"
                          className="hf-button hf-button--small"
                          aria-label={`Delete ${envelope.category_name} envelope`}
                          onClick={() => setDeleting(envelope)}
                        >
                          Delete
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
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

function AddEnvelopeForm({
  accountId,
  month,
  dialogs,
  onAdded,
}: {
  accountId: number;
  month: string;
  dialogs: Dialogs;
  onAdded: () => Promise<void>;
}) {
  const { options } = useCategoryOptions();
  const [category, setCategory] = useState('');
  const [amount, setAmount] = useState('');
  const [rollover, setRollover] = useState(true);
  const [busy, setBusy] = useState(false);
  const categoryRef = useRef<HTMLInputElement>(null);
  const onResolveError = useCallback((text: string) => void dialogs.alert('Everyday Envelopes', text), [dialogs]);
  const resolveCategory = useCategoryResolver(dialogs, onResolveError);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!category.trim()) {
      await dialogs.alert('Everyday Envelopes', BUDGET_TEXT.categoryRequired);
      categoryRef.current?.focus();
      return;
    }
    const cents = amount.trim() === '' ? null : parseCurrencyInput(amount);
    if (cents === null) {
      await dialogs.alert('Everyday Envelopes', 'Please enter an amount.');
      return;
    }
    setBusy(true);
    try {
      const resolved = await resolveCategory(category);
      if (!resolved) return;
      if (resolved.id === null) {
        await dialogs.alert('Everyday Envelopes', BUDGET_TEXT.categoryRequired);
        return;
      }
      try {
        await budgetApi.createEnvelope({
          account_id: accountId,
          category_id: resolved.id,
          month,
          amount: fromCents(cents),
          rollover_enabled: rollover,
        });
      } catch (err) {
        await dialogs.alert('Everyday Envelopes', budgetErrorMessage(err, BUDGET_TEXT.saveEnvelope));
        return;
      }
      setCategory('');
      setAmount('');
      setRollover(true);
      await onAdded();
      categoryRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="budget-add-form" aria-label="Add envelope" noValidate onSubmit={(e) => void submit(e)}>
      <label className="hf-field budget-add-form__wide">
        <span>Category</span>
        <CategoryInput
          value={category}
          onChange={setCategory}
          options={options}
          allowTransfer={false}
          inputRef={categoryRef}
        />
      </label>
      <label className="hf-field">
        <span>Amount</span>
        <input
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          required
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </label>
      <label className="hf-check budget-add-form__check">
        <input type="checkbox" checked={rollover} onChange={(e) => setRollover(e.target.checked)} />
        <span>Rollover</span>
      </label>
      <button type="submit" className="hf-button hf-button--primary" disabled={busy}>
        Add Envelope
      </button>
    </form>
  );
}
