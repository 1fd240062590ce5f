import { Link } from 'react-router';

/** Where accounts are added (the Accounts page's add form). */
export const ADD_ACCOUNT_PATH = '/accounts';

/**
 * The Dashboard's and the Budget Planner's empty state: what to do first, and the way there (an
 * "Add an Account" button that opens the Accounts page, where the add form is).
 */
export function NoAccounts({ message }: { message: string }) {
  return (
    <div className="hf-empty">
      <p>{message}</p>
      <Link className="hf-button hf-button--primary" to={ADD_ACCOUNT_PATH}>
        Add an Account
      </Link>
    </div>
  );
}
