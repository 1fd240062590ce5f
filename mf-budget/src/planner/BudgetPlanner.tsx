/**
 * The Budget Planner (docs/rules/screens.md, "Other screens"): the account selector (the default account first) with
 * "Go to Register →", then Everyday Envelopes, The Predictables and Piggy Banks for that account.
 */
import { useAccounts } from '@hf/app-kit';
import { envelopesQueryKey } from '@hf/app-kit/budget/envelopes';
import { localToday } from '@hf/calendar';
import { useDialogs } from '@hf/ui/editing';
import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NoAccounts } from '../no-accounts/NoAccounts';
import { scheduledItemsKey } from './api';
import { EnvelopesSection } from './EnvelopesSection';
import { PredictablesSection } from './PredictablesSection';

/**
 * Whether the planner is shown: once the first account's envelopes of this month and its
 * Predictables are in (or failed). The sections fetch them while the planner is still hidden, so
 * they appear together instead of one after the other pushing the next down (a layout shift).
 * It only reads the query cache (no observer, no fetch of its own). Later account or month
 * changes show as they come.
 */
function useFirstDrawReady(accountId: number | null): boolean {
  const client = useQueryClient();
  const [month] = useState(() => localToday().slice(0, 7));
  const [ready, setReady] = useState(false);
  const settled = useSyncExternalStore(
    (notify) => client.getQueryCache().subscribe(notify),
    () =>
      accountId !== null &&
      [envelopesQueryKey(accountId, month), scheduledItemsKey(accountId)].every((key) => {
        const status = client.getQueryState(key)?.status;
        return status === 'success' || status === 'error';
      }),
  );
  if (!ready && settled) setReady(true);
  return ready;
}

export function BudgetPlanner() {
  const accounts = useAccounts();
  // `?account=ID&recurring=1` (the import's offer): that account, with "Find recurring" open.
  const [search] = useSearchParams();
  const [chosen, setChosen] = useState<number | null>(() => Number(search.get('account')) || null);
  const [findRecurringAtStart] = useState(() => search.get('recurring') === '1');
  const dialogs = useDialogs();
  const list = accounts.data ?? [];
  const accountId = list.some((a) => a.id === chosen)
    ? chosen
    : ((list.find((a) => a.is_default) ?? list[0])?.id ?? null);
  const ready = useFirstDrawReady(accountId);

  if (accounts.isPending) return <p>Loading...</p>;
  if (accounts.isError)
    return (
      <p className="hf-status hf-status--error" role="alert">
        Could not fetch accounts.
      </p>
    );
  if (list.length === 0 || accountId === null)
    return <NoAccounts message="You don't have any accounts. Please add an account to create a budget." />;

  return (
    <>
      {!ready && <p>Loading...</p>}
      <div className="budget-planner" hidden={!ready}>
        <div className="hf-toolbar budget-account">
          <label className="hf-field hf-field--inline">
            <span>Account</span>
            <select value={accountId} onChange={(e) => setChosen(Number(e.target.value))}>
              {list.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name}
                </option>
              ))}
            </select>
          </label>
          <Link to={`/accounts/${accountId}/register`}>Go to Register →</Link>
        </div>
        <EnvelopesSection key={`envelopes-${accountId}`} accountId={accountId} dialogs={dialogs} />
        <PredictablesSection
          key={`predictables-${accountId}`}
          accountId={accountId}
          dialogs={dialogs}
          findRecurringAtStart={findRecurringAtStart && accountId === Number(search.get('account'))}
        />
        <section className="budget-section" aria-labelledby="budget-piggy-banks">
          <div className="budget-section__header">
            <h2 id="budget-piggy-banks">Piggy Banks</h2>
          </div>
          <p className="hf-empty budget-coming-soon">Coming Soon!</p>
        </section>
        {dialogs.element}
      </div>
    </>
  );
}
