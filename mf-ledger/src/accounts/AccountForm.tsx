import { useRef, useState, type FormEvent } from 'react';
import { fromCents, parseCurrencyInput } from '@hf/money';
import { LEDGER_LIMITS } from '@hf/contracts/ledger-limits';

export interface NewAccount {
  name: string;
  startingBalance: number;
}

/** The add form: new account name and starting balance, both required. */
export function AccountForm({ onCreate }: { onCreate: (account: NewAccount) => Promise<boolean> }) {
  const [name, setName] = useState('');
  const [balance, setBalance] = useState('');
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = parseCurrencyInput(balance);
    if (!name.trim() || balance.trim() === '' || cents === null) return;
    setBusy(true);
    const created = await onCreate({ name: name.trim(), startingBalance: fromCents(cents) });
    setBusy(false);
    if (created) {
      setName('');
      setBalance('');
      // Ready for the next account: the form starts at its name.
      nameRef.current?.focus();
    }
  };

  return (
    <form className="ledger-account-form" onSubmit={submit} aria-label="Add account">
      <h2 className="ledger-subtitle">Add a New Account</h2>
      <label className="hf-field">
        <span>New account name</span>
        <input
          ref={nameRef}
          type="text"
          value={name}
          required
          maxLength={LEDGER_LIMITS.accountName}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className="hf-field">
        <span>Starting balance</span>
        <input type="number" step="0.01" value={balance} required onChange={(e) => setBalance(e.target.value)} />
      </label>
      <button type="submit" className="hf-button hf-button--primary" disabled={busy}>
        Add Account
      </button>
    </form>
  );
}
