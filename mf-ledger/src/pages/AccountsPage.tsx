import '../ledger.css';
import { AccountsManager } from '../accounts/AccountsManager';
import { SavingsJars } from '../savings-goals/SavingsJars';

/** /accounts: "Your Accounts" (spec section 2), then the savings jars (issue 7's decision). */
export default function AccountsPage() {
  return (
    <section className="hf-page ledger-page">
      <h1 className="hf-page__title">Your Accounts</h1>
      <AccountsManager />
      <SavingsJars />
    </section>
  );
}
