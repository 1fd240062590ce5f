import { localToday } from '@hf/calendar';
import { Modal } from '@hf/ui';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  budgetApi,
  budgetErrorMessage,
  BUDGET_TEXT,
  scheduledItemsKey,
  useBudgetRefresh,
  type Predictable,
} from './api';
import { draftOf, parseScheduleDraft, updateScheduleBody, type DraftField } from './schedule-draft';
import { ScheduleFields, ScheduleSummary } from './ScheduleFields';

/**
 * Edits an item's schedule (its Schedule cell: click, Enter or F2): the add form's fields, opened
 * with the item's. Save sends the whole schedule when it changed; a refused change (400) shows
 * the server's message here and changes nothing. Escape or Cancel close it and focus the cell again.
 */
export function ScheduleDialog({ item, onClose }: { item: Predictable; onClose: () => void }) {
  const queryClient = useQueryClient();
  const refresh = useBudgetRefresh();
  const formId = useId();
  const messageId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(() => draftOf(item));
  const [invalid, setInvalid] = useState<{ field: DraftField | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const today = localToday();

  const submit = async (event: FormEvent | KeyboardEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = parseScheduleDraft(draft);
    if (!parsed.ok) {
      setInvalid({ field: parsed.field, message: parsed.message });
      formRef.current?.querySelector<HTMLElement>(`[data-field="${parsed.field}"]`)?.focus();
      return;
    }
    const body = updateScheduleBody(parsed.schedule, item);
    if (!body) return onClose();
    setInvalid(null);
    setBusy(true);
    try {
      const updated = await budgetApi.updateItem(item.id, body);
      // The row shows the new schedule at once; the refetch brings the other queries in step.
      queryClient.setQueryData<Predictable[]>(scheduledItemsKey(item.account_id), (old) =>
        old?.map((i) => (i.id === updated.id && !i.is_incoming_transfer ? updated : i)),
      );
      onClose();
      await refresh();
    } catch (err) {
      setInvalid({ field: null, message: budgetErrorMessage(err, BUDGET_TEXT.updateItem) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`Schedule of ${item.payee}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="hf-button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="hf-button hf-button--primary" disabled={busy}>
            Save Schedule
          </button>
        </>
      }
    >
      <form
        id={formId}
        ref={formRef}
        className="budget-schedule-form"
        aria-label={`Schedule of ${item.payee}`}
        noValidate
        onSubmit={(e) => void submit(e)}
        onKeyDown={(e) => {
          // Enter in a field saves, as in the add form (the Save button sits in the dialog's footer).
          const target = e.target as HTMLElement;
          if (e.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'checkbox') void submit(e);
        }}
      >
        <ScheduleFields
          draft={draft}
          onChange={(next) => {
            setDraft(next);
            setInvalid(null);
          }}
          today={today}
          invalid={invalid?.field ?? null}
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
