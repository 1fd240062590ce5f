import type { CategoryOption } from '@hf/app-kit/editing';
import { localToday } from '@hf/calendar';
import { centsToDecimalText, fromCents, parseCurrencyInput, toCents } from '@hf/money';
import { Modal } from '@hf/ui';
import { CategoryInput } from '@hf/ui/editing';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { budgetApi, budgetErrorMessage, BUDGET_TEXT, useBudgetRefresh } from './api';
import { PAYEE_REQUIRED } from './grid';
import { horizonMonths } from './months';
import { RECURRING_TEXT, type RecurringSuggestion } from './recurring-api';
import { createScheduleBody, draftOf, parseScheduleDraft, type DraftField } from './schedule-draft';
import { ScheduleFields, ScheduleSummary } from './ScheduleFields';

type Field = 'payee' | 'amount' | DraftField;

/**
 * Accepting a found schedule: the item dialog opened with the suggestion's payee, category,
 * amount and schedule, each editable. Save creates the item (the ordinary create), then fills its
 * amount from the month of its next date on (autofill, as the grid's fill forward).
 */
export function AcceptSuggestionDialog({
  suggestion,
  categoryOptions,
  resolveCategory,
  onClose,
  onSaved,
}: {
  suggestion: RecurringSuggestion;
  categoryOptions: readonly CategoryOption[];
  resolveCategory: (text: string) => Promise<{ id: number | null } | null>;
  onClose: () => void;
  onSaved: (payee: string) => Promise<void>;
}) {
  const refresh = useBudgetRefresh();
  const formId = useId();
  const messageId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const today = localToday();
  const [payee, setPayee] = useState(suggestion.payee);
  const [category, setCategory] = useState(suggestion.category ?? '');
  const [amount, setAmount] = useState(centsToDecimalText(toCents(suggestion.amount)));
  const [draft, setDraft] = useState(() => draftOf({ ...suggestion, end_date: null }));
  const [invalid, setInvalid] = useState<{ field: Field | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const noun = suggestion.item_type === 'deposit' ? 'deposit' : 'payment';

  const fail = (field: Field | null, message: string) => {
    setInvalid({ field, message });
    if (field) formRef.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus();
  };

  const submit = async (event: FormEvent | KeyboardEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!payee.trim()) return fail('payee', PAYEE_REQUIRED);
    const cents = parseCurrencyInput(amount);
    if (cents === null || cents < 0) return fail('amount', RECURRING_TEXT.amountRequired);
    const parsed = parseScheduleDraft(draft);
    if (!parsed.ok) return fail(parsed.field, parsed.message);
    setInvalid(null);
    setBusy(true);
    try {
      let category_id: number | null = null;
      if (category.trim() && category.trim() === (suggestion.category ?? '')) category_id = suggestion.category_id;
      else if (category.trim()) {
        const resolved = await resolveCategory(category);
        if (!resolved) return;
        category_id = resolved.id;
      }
      try {
        const item = await budgetApi.createItem(suggestion.account_id, {
          payee: payee.trim(),
          item_type: suggestion.item_type,
          ...createScheduleBody(parsed.schedule),
          ...(category_id ? { category_id } : {}),
        });
        const horizon = horizonMonths(today);
        const from =
          item.next_dates[0] && item.next_dates[0] > today ? `${item.next_dates[0].slice(0, 7)}-01` : horizon[0];
        if (cents > 0 && horizon.includes(from))
          await budgetApi.autofill({
            budget_item_id: item.id,
            start_month: from,
            amount: fromCents(cents),
            mode: 'full',
          });
      } catch (err) {
        return fail(null, budgetErrorMessage(err, BUDGET_TEXT.addItem));
      }
      await refresh();
      await onSaved(payee.trim());
    } finally {
      setBusy(false);
    }
  };

  const errorProps = (field: Field) =>
    invalid?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': messageId } : {};

  return (
    <Modal
      title={`Add ${suggestion.payee}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="hf-button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="hf-button hf-button--primary" disabled={busy}>
            Save Item
          </button>
        </>
      }
    >
      <form
        id={formId}
        ref={formRef}
        className="budget-schedule-form budget-accept-form"
        aria-label={`Add planned ${noun}`}
        noValidate
        onSubmit={(e) => void submit(e)}
        onKeyDown={(e) => {
          const target = e.target as HTMLElement;
          if (
            e.key === 'Enter' &&
            target instanceof HTMLInputElement &&
            target.type !== 'checkbox' &&
            !target.closest('[role="combobox"]')
          )
            void submit(e);
        }}
      >
        <label className="hf-field">
          <span>Payee</span>
          <input value={payee} data-field="payee" onChange={(e) => setPayee(e.target.value)} {...errorProps('payee')} />
        </label>
        <label className="hf-field">
          <span>Category</span>
          <CategoryInput value={category} onChange={setCategory} options={categoryOptions} allowTransfer={false} />
        </label>
        <label className="hf-field">
          <span>Amount</span>
          <input
            value={amount}
            inputMode="decimal"
            data-field="amount"
            onChange={(e) => setAmount(e.target.value)}
            {...errorProps('amount')}
          />
        </label>
        <ScheduleFields
          draft={draft}
          onChange={(next) => {
            setDraft(next);
            setInvalid(null);
          }}
          today={today}
          invalid={invalid?.field && invalid.field !== 'payee' && invalid.field !== 'amount' ? invalid.field : null}
          messageId={messageId}
        />
        <ScheduleSummary draft={draft} today={today} />
        {invalid && (
          <p id={messageId} role="alert" className="hf-status hf-status--error budget-add-form__message">
            {invalid.message}
          </p>
        )}
      </form>
    </Modal>
  );
}
