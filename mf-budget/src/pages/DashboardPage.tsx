import { useAccounts } from '@hf/app-kit';
import { Link } from 'react-router';

/**
 * /dashboard (spec section 2). Minimal first version: title, subtitle and the empty state;
 * the projection charts and the widget block come with the dashboard issue.
 */
export default function DashboardPage() {
  const accounts = useAccounts();
  return (
    <section className="hf-page">
      <h1 className="hf-page__title">Dashboard</h1>
      <p className="hf-page__subtitle">This report shows your balance projection based on your budget.</p>
      {accounts.isPending ? (
        <p>Loading dashboard...</p>
      ) : accounts.isError ? (
        <p className="hf-status hf-status--error" role="alert">
          Could not fetch dashboard data.
        </p>
      ) : accounts.data.length === 0 ? (
        <p className="hf-empty">No accounts found. Please add an account to see your balance projection.</p>
      ) : (
        <ul className="hf-list">
          {accounts.data.map((account) => (
            <li key={account.id}>
              <Link to={`/accounts/${account.id}/register`}>{account.name}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
