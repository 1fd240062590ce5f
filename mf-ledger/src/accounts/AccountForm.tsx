import { useRef, useState, type FormEvent } from 'react';
import { fromCents, parseCurrencyInput } from '@hf/money';
import { isLiability, LEDGER_LIMITS } from '@hf/contracts/ledger-limits';
import { AccountKindFields } from './AccountKindFields';
import { kindBody, kindDraft, type KindBody } from './kind-draft';

export interface NewAccount {
  name: string;
  startingBalance: number;
  kind: KindBody;
}

/**
 * The add form: new account name and starting balance, both required, and the kind with its
 * credit limit or threshold (docs/rules/ledger.md, "Accounts").
 */
export function AccountForm({ onCreate }: { onCreate: (account: NewAccount) => Promise<boolean> }) {
  const [name, setName] = useState('');
  const [balance, setBalance] = useState('');
  const [kind, setKind] = useState(kindDraft);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = parseCurrencyInput(balance);
    if (!name.trim() || balance.trim() === '' || cents === null) return;
    const fields = kindBody(kind);
    setProblem('error' in fields ? fields.error : null);
    if ('error' in fields) return;
    setBusy(true);
    const created = await onCreate({ name: name.trim(), startingBalance: fromCents(cents), kind: fields.body });
    setBusy(false);
    if (created) {
      setName('');
      setBalance('');
      setKind(kindDraft());
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
      <AccountKindFields draft={kind} onChange={setKind} />
      <label className="hf-field">
        <span>Starting balance</span>
        <input type="number" step="0.01" value={balance} required onChange={(e) => setBalance(e.target.value)} />
      </label>
      {isLiability(kind.kind) && (
        <p className="ledger-muted">What you owe is a balance below zero: enter -500.00 for $500.00 owed.</p>
      )}
      {problem && (
        <p role="alert" className="hf-status hf-status--error">
          {problem}
        </p>
      )}
      <button type="submit" className="hf-button hf-button--primary" disabled={busy}>
        Add Account
      </button>
    </form>
  );
}
