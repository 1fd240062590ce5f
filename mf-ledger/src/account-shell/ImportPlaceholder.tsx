import { Link, useParams } from 'react-router';

/** reconcile and import/map until the import feature lands: say so and lead back to the register. */
export function ImportPlaceholder() {
  const { accountId } = useParams();
  return (
    <div className="ledger-placeholder">
      <p>Import comes in a later release.</p>
      <Link to={`/accounts/${accountId}/register`} className="hf-button">
        Back to Register
      </Link>
    </div>
  );
}
