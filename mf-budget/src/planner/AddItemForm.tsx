import type { AccountSummary } from '@hf/app-kit';
import type { CategoryOption } from '@hf/app-kit/editing';
import { TRANSFER_CATEGORY_NAME } from '@hf/contracts/ledger-limits';
import { CategoryInput, PayeeInput } from '@hf/ui/editing';
import { useId, useRef, useState, type FormEvent } from 'react';
import { budgetApi, budgetErrorMessage, BUDGET_TEXT } from './api';
import { parseDay, PAYEE_REQUIRED, transferAccountFor } from './grid';

/**
 * Adds a planned deposit or payment below its table: payee (another account's name makes it a
 * transfer there), category through the creation flow, and the day of the month.
 */
export function AddItemForm({
  itemType,
  accountId,
  accounts,
  payees,
  categoryOptions,
  resolveCategory,
  onError,
  onAdded,
}: {
  itemType: 'deposit' | 'payment';
  accountId: number;
  accounts: readonly AccountSummary[];
  payees: readonly string[];
  categoryOptions: readonly CategoryOption[];
  resolveCategory: (text: string) => Promise<{ id: number | null } | null>;
  onError: (message: string | null) => void;
  onAdded: () => Promise<void>;
}) {
  const [payee, setPayee] = useState('');
  const [category, setCategory] = useState('');
  const [day, setDay] = useState('');
  const [invalid, setInvalid] = useState<{ field: 'payee' | 'day'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const payeeRef = useRef<HTMLInputElement>(null);
  const dayRef = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const transferTo = transferAccountFor(payee, accounts, accountId);
  const otherAccountNames = accounts.filter((a) => a.id !== accountId).map((a) => a.name);
  const noun = itemType === 'deposit' ? 'Deposit' : 'Payment';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onError(null);
    if (!payee.trim()) {
      setInvalid({ field: 'payee', message: PAYEE_REQUIRED });
      payeeRef.current?.focus();
      return;
    }
    const parsedDay = parseDay(day);
    if (!parsedDay.ok) {
      setInvalid({ field: 'day', message: parsedDay.message });
      dayRef.current?.focus();
      return;
    }
    setInvalid(null);
    setBusy(true);
    try {
      let category_id: number | null | undefined;
      if (!transferTo && category.trim()) {
        const resolved = await resolveCategory(category);
        if (!resolved) return;
        category_id = resolved.id;
      }
      try {
        await budgetApi.createItem(accountId, {
          payee: transferTo ? transferTo.name : payee.trim(),
          item_type: itemType,
          day_of_month: parsedDay.day,
          ...(category_id ? { category_id } : {}),
          ...(!transferTo && category.trim() ? { categoryName: category.trim() } : {}),
        });
      } catch (err) {
        onError(budgetErrorMessage(err, BUDGET_TEXT.addItem));
        return;
      }
      setPayee('');
      setCategory('');
      setDay('');
      await onAdded();
      payeeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="budget-add-form"
      aria-label={`Add planned ${noun.toLowerCase()}`}
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <label className="hf-field budget-add-form__wide">
        <span>Payee</span>
        <PayeeInput
          value={payee}
          onChange={setPayee}
          payees={payees}
          accountNames={otherAccountNames}
          inputRef={payeeRef}
        />
      </label>
      <label className="hf-field budget-add-form__wide">
        <span>Category</span>
        <CategoryInput
          value={transferTo ? TRANSFER_CATEGORY_NAME : category}
          onChange={setCategory}
          options={categoryOptions}
          allowTransfer={false}
          disabled={!!transferTo}
        />
      </label>
      <label className="hf-field budget-add-form__day">
        <span>Day</span>
        <input
          ref={dayRef}
          type="number"
          min={1}
          max={31}
          step={1}
          inputMode="numeric"
          required
          aria-invalid={invalid?.field === 'day' || undefined}
          aria-describedby={invalid ? messageId : undefined}
          value={day}
          onChange={(e) => setDay(e.target.value)}
        />
      </label>
      <button type="submit" className="hf-button hf-button--primary" disabled={busy}>
        Add {noun}
      </button>
      {invalid && (
        <p id={messageId} role="alert" className="hf-status hf-status--error budget-add-form__message">
          {invalid.message}
        </p>
      )}
    </form>
  );
}
