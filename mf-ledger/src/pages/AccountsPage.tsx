import '../ledger.css';
import { AccountsManager } from '../accounts/AccountsManager';

/** /accounts: "Your Accounts" (spec section 2). */
export default function AccountsPage() {
  return (
    <section className="hf-page ledger-page">
      <h1 className="hf-page__title">Your Accounts</h1>
      <AccountsManager />
    </section>
  );
}
