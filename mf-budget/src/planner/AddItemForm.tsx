import type { AccountSummary } from '@hf/app-kit';
import type { CategoryOption } from '@hf/app-kit/editing';
import { TRANSFER_CATEGORY_NAME } from '@hf/contracts/ledger-limits';
import { localToday } from '@hf/calendar';
import { CategoryInput, PayeeInput } from '@hf/ui/editing';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { budgetApi, budgetErrorMessage, BUDGET_TEXT, useScheduledItems } from './api';
import { PAYEE_REQUIRED, transferAccountFor } from './grid';
import { createScheduleBody, NEW_SCHEDULE, parseScheduleDraft, type DraftField } from './schedule-draft';
import { ScheduleFields, ScheduleSummary } from './ScheduleFields';

/**
 * Adds a planned deposit or payment below its table: payee (another account's name makes it a
 * transfer there), category through the creation flow, and its schedule (every month on a day by
 * default). A refused add shows the server's message in the form.
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
  const [schedule, setSchedule] = useState(NEW_SCHEDULE);
  const [invalid, setInvalid] = useState<{ field: 'payee' | DraftField | null; message: string } | null>(null);
  // Any later change that succeeds (here, in the other table, in the grid) re-reads the items: an
  // old "Payee is required." no longer describes what is on screen.
  const items = useScheduledItems(accountId).data;
  useEffect(() => setInvalid(null), [items]);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const payeeRef = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const today = localToday();
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
    const parsed = parseScheduleDraft(schedule);
    if (!parsed.ok) {
      setInvalid({ field: parsed.field, message: parsed.message });
      formRef.current?.querySelector<HTMLElement>(`[data-field="${parsed.field}"]`)?.focus();
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
          ...createScheduleBody(parsed.schedule),
          ...(category_id ? { category_id } : {}),
          ...(!transferTo && category.trim() ? { categoryName: category.trim() } : {}),
        });
      } catch (err) {
        setInvalid({ field: null, message: budgetErrorMessage(err, BUDGET_TEXT.addItem) });
        return;
      }
      setPayee('');
      setCategory('');
      setSchedule(NEW_SCHEDULE);
      await onAdded();
      payeeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={formRef}
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
      <ScheduleFields
        draft={schedule}
        onChange={(next) => {
          setSchedule(next);
          if (invalid?.field !== 'payee') setInvalid(null);
        }}
        today={today}
        invalid={invalid?.field && invalid.field !== 'payee' ? invalid.field : null}
        messageId={messageId}
      />
      <button type="submit" className="hf-button hf-button--primary" disabled={busy}>
        Add {noun}
      </button>
      <ScheduleSummary draft={schedule} today={today} />
      {invalid && (
        <p id={messageId} role="alert" className="hf-status hf-status--error budget-add-form__message">
          {invalid.message}
        </p>
      )}
    </form>
  );
}
