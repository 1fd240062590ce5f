import { formatDollars, type AccountSummary } from '@hf/app-kit';
import { BUDGET_LIMITS } from '@hf/contracts/budget-limits';
import { fromCents, parseCurrencyInput } from '@hf/money';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { JarBody } from './api';

/** Shown when the target is missing, not a number, or not above zero. */
export const TARGET_MESSAGE = 'The target amount must be more than $0.';

export interface JarDraft {
  name: string;
  accountId: string;
  target: string;
}

export function draftOf(
  goal: { name: string; account_id: number; target_amount: number } | null,
  defaultAccountId: number | undefined,
): JarDraft {
  return goal
    ? {
        name: goal.name,
        accountId: String(goal.account_id),
        target: formatDollars(goal.target_amount).replace(/[$,]/g, ''),
      }
    : { name: '', accountId: defaultAccountId === undefined ? '' : String(defaultAccountId), target: '' };
}

/** The draft as a request body, or the reason it cannot be sent. */
export function bodyOf(draft: JarDraft): JarBody | { error: string } {
  const cents = parseCurrencyInput(draft.target);
  if (draft.target.trim() === '' || cents === null || cents <= 0) return { error: TARGET_MESSAGE };
  return { name: draft.name.trim(), account_id: Number(draft.accountId), target_amount: fromCents(cents) };
}

/**
 * The jar fields: name, account picker and target amount (more than $0). Used by the add form and
 * the edit dialog; `onSubmit` gets the body and answers whether it was saved.
 */
export function JarFields({
  initial,
  accounts,
  formId,
  onSubmit,
  children,
  resetOnSave,
  className,
  ariaLabel,
}: {
  initial: JarDraft;
  accounts: AccountSummary[];
  formId?: string;
  onSubmit: (body: JarBody) => Promise<boolean>;
  children?: ReactNode;
  resetOnSave?: boolean;
  className?: string;
  ariaLabel?: string;
}) {
  const ids = useId();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof JarDraft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.name.trim() || !draft.accountId) return;
    const body = bodyOf(draft);
    if ('error' in body) {
      setError(body.error);
      return;
    }
    setError(null);
    setBusy(true);
    const saved = await onSubmit(body);
    setBusy(false);
    if (saved && resetOnSave) setDraft((d) => ({ ...d, name: '', target: '' }));
  };

  return (
    <form id={formId} className={className} onSubmit={submit} aria-label={ariaLabel}>
      <label className="hf-field">
        <span>Jar name</span>
        <input
          type="text"
          value={draft.name}
          required
          maxLength={BUDGET_LIMITS.goalName}
          onChange={(e) => set('name')(e.target.value)}
        />
      </label>
      <label className="hf-field">
        {/* Named by its caption only: a select inside its label would add its chosen option to the name. */}
        <span id={`${ids}-account`}>Account</span>
        <select
          value={draft.accountId}
          required
          aria-labelledby={`${ids}-account`}
          onChange={(e) => set('accountId')(e.target.value)}
        >
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <label className="hf-field">
        <span>Target amount</span>
        <input
          type="number"
          step="0.01"
          inputMode="decimal"
          value={draft.target}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          onChange={(e) => set('target')(e.target.value)}
        />
      </label>
      {error && (
        <p id={`${ids}-error`} role="alert" className="hf-status hf-status--error ledger-jars__field-error">
          {error}
        </p>
      )}
      {children && (
        <fieldset className="ledger-jars__actions" disabled={busy}>
          {children}
        </fieldset>
      )}
    </form>
  );
}
