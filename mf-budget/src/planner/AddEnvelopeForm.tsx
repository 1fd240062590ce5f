import { useCategoryOptions, useCategoryResolver } from '@hf/app-kit/editing';
import { CategoryInput, type Dialogs } from '@hf/ui/editing';
import { fromCents, parseCurrencyInput } from '@hf/money';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { budgetApi, budgetErrorMessage, BUDGET_TEXT } from './api';

/** Adds an envelope to the month: category (through the creation flow), amount, rollover on by default. */
export function AddEnvelopeForm({
  accountId,
  month,
  dialogs,
  onAdded,
}: {
  accountId: number;
  month: string;
  dialogs: Dialogs;
  onAdded: () => Promise<void>;
}) {
  const { options } = useCategoryOptions();
  const [category, setCategory] = useState('');
  const [amount, setAmount] = useState('');
  const [rollover, setRollover] = useState(true);
  const [busy, setBusy] = useState(false);
  const categoryRef = useRef<HTMLInputElement>(null);
  const onResolveError = useCallback((text: string) => void dialogs.alert('Everyday Envelopes', text), [dialogs]);
  const resolveCategory = useCategoryResolver(dialogs, onResolveError);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!category.trim()) {
      await dialogs.alert('Everyday Envelopes', BUDGET_TEXT.categoryRequired);
      categoryRef.current?.focus();
      return;
    }
    const cents = amount.trim() === '' ? null : parseCurrencyInput(amount);
    if (cents === null) {
      await dialogs.alert('Everyday Envelopes', 'Please enter an amount.');
      return;
    }
    setBusy(true);
    try {
      const resolved = await resolveCategory(category);
      if (!resolved) return;
      if (resolved.id === null) {
        await dialogs.alert('Everyday Envelopes', BUDGET_TEXT.categoryRequired);
        return;
      }
      try {
        await budgetApi.createEnvelope({
          account_id: accountId,
          category_id: resolved.id,
          month,
          amount: fromCents(cents),
          rollover_enabled: rollover,
        });
      } catch (err) {
        await dialogs.alert('Everyday Envelopes', budgetErrorMessage(err, BUDGET_TEXT.saveEnvelope));
        return;
      }
      setCategory('');
      setAmount('');
      setRollover(true);
      await onAdded();
      categoryRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="budget-add-form" aria-label="Add envelope" noValidate onSubmit={(e) => void submit(e)}>
      <label className="hf-field budget-add-form__wide">
        <span>Category</span>
        <CategoryInput
          value={category}
          onChange={setCategory}
          options={options}
          allowTransfer={false}
          inputRef={categoryRef}
        />
      </label>
      <label className="hf-field">
        <span>Amount</span>
        <input
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          required
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </label>
      <label className="hf-check budget-add-form__check">
        <input type="checkbox" checked={rollover} onChange={(e) => setRollover(e.target.checked)} />
        <span>Rollover</span>
      </label>
      <button type="submit" className="hf-button hf-button--primary" disabled={busy}>
        Add Envelope
      </button>
    </form>
  );
}
