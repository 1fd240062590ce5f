import '../ledger.css';
import { AccountsManager } from '../accounts/AccountsManager';
import { SavingsJars } from '../savings-goals/SavingsJars';

/** /accounts: "Your Accounts", then the savings jars (docs/decisions/0076-jars-on-accounts-page.md). */
export default function AccountsPage() {
  return (
    <section className="hf-page ledger-page">
      <h1 className="hf-page__title">Your Accounts</h1>
      <AccountsManager />
      <SavingsJars />
    </section>
  );
}
