import { Link } from 'react-router';

/** /accounts/<id>/... for an id that is not an account of this household (unknown, foreign or malformed). */
export function AccountNotFound() {
  return (
    <section className="hf-page ledger-page hf-not-found">
      <h1 className="hf-page__title">Account not found</h1>
      <p>There is no account at this address in your household.</p>
      <p>
        <Link to="/accounts" className="hf-button hf-button--primary">
          Go to Your Accounts
        </Link>
      </p>
    </section>
  );
}
