import { useAccounts } from '@hf/app-kit';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

/**
 * /budget (spec section 2). Minimal first version: the account selector with its
 * "Go to Register →" link and the no-accounts text; the Envelopes, The Predictables and
 * Piggy Banks sections come with the budget issue.
 */
export default function BudgetPage() {
  const accounts = useAccounts();
  const [accountId, setAccountId] = useState<number | null>(null);
  useEffect(() => {
    if (accountId === null && accounts.data && accounts.data.length > 0) {
      setAccountId((accounts.data.find((a) => a.is_default) ?? accounts.data[0]).id);
    }
  }, [accounts.data, accountId]);

  return (
    <section className="hf-page">
      <h1 className="hf-page__title">Budget Planner</h1>
      {accounts.isPending ? (
        <p>Loading...</p>
      ) : accounts.isError ? (
        <p className="hf-status hf-status--error" role="alert">
          Could not fetch accounts.
        </p>
      ) : accounts.data.length === 0 ? (
        <p className="hf-empty">You don&apos;t have any accounts. Please add an account to create a budget.</p>
      ) : (
        <div className="hf-toolbar">
          <label className="hf-field hf-field--inline">
            <span>Account</span>
            <select value={accountId ?? ''} onChange={(e) => setAccountId(Number(e.target.value))}>
              {accounts.data.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name}
                </option>
              ))}
            </select>
          </label>
          {accountId !== null && <Link to={`/accounts/${accountId}/register`}>Go to Register →</Link>}
        </div>
      )}
    </section>
  );
}
