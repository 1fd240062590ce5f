/**
 * The Budget Planner (docs/rules/screens.md, "Other screens"): the account selector (the default account first) with
 * "Go to Register →", then Everyday Envelopes, The Predictables and Piggy Banks for that account.
 */
import { useAccounts } from '@hf/app-kit';
import { useDialogs } from '@hf/ui/editing';
import { useState } from 'react';
import { Link } from 'react-router';
import { NoAccounts } from '../no-accounts/NoAccounts';
import { EnvelopesSection } from './EnvelopesSection';
import { PredictablesSection } from './PredictablesSection';

export function BudgetPlanner() {
  const accounts = useAccounts();
  const [chosen, setChosen] = useState<number | null>(null);
  const dialogs = useDialogs();
  const list = accounts.data ?? [];
  const accountId = list.some((a) => a.id === chosen)
    ? chosen
    : ((list.find((a) => a.is_default) ?? list[0])?.id ?? null);

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
    <div className="budget-planner">
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
      <PredictablesSection key={`predictables-${accountId}`} accountId={accountId} dialogs={dialogs} />
      <section className="budget-section" aria-labelledby="budget-piggy-banks">
        <div className="budget-section__header">
          <h2 id="budget-piggy-banks">Piggy Banks</h2>
        </div>
        <p className="hf-empty budget-coming-soon">Coming Soon!</p>
      </section>
      {dialogs.element}
    </div>
  );
}
