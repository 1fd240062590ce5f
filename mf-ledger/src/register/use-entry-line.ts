import { useCallback, useEffect, useRef, useState } from 'react';
import { SESSION_KEYS, displayDate, errorMessage } from '@hf/app-kit';
import { TRANSFER_CATEGORY } from '@hf/app-kit/editing';
import { fromCents } from '@hf/money';
import type { Account } from '../accounts/api';
import { transactionsApi, type TransactionRecord } from './api';
import {
  checkEntry,
  emptyDraft,
  findTransferAccount,
  transferLegs,
  TRANSFER_DESTINATION_MESSAGE,
  ZERO_AMOUNT_QUESTION,
  type EntryDraft,
} from './entry';
import type { RegisterWrites } from './register-writes';

export interface EntryLineOptions extends RegisterWrites {
  accountId: number;
  accounts: readonly Account[];
}

/**
 * The entry line: its draft (a payee naming another account makes it a transfer there), the
 * Date field's focus when the register opens, and adding the transaction or transfer (the
 * zero-amount question, the category creation flow), after which the new row is shown.
 */
export function useEntryLine(options: EntryLineOptions) {
  const { accountId, accounts, today } = options;
  const dateRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<EntryDraft>(() => emptyDraft(displayDate(today)));
  const [busy, setBusy] = useState(false);

  const dateFocused = useRef(false);
  useEffect(() => {
    if (dateFocused.current || !dateRef.current) return;
    dateFocused.current = true;
    dateRef.current.focus({ preventScroll: true });
  });

  const changeDraft = useCallback(
    (patch: Partial<EntryDraft>) =>
      setDraft((current) => {
        const next = { ...current, ...patch };
        if (patch.payee !== undefined) {
          const match = findTransferAccount(next.payee, accounts, accountId);
          if (match) next.destinationAccountId = match.id;
          else if (findTransferAccount(current.payee, accounts, accountId)) next.destinationAccountId = null;
        }
        return next;
      }),
    [accounts, accountId],
  );

  const submit = async () => {
    if (busy) return;
    const { dialogs, showError, resolveCategory, store, refreshFrom, flash, scrollTo, afterWrite } = options;
    const check = checkEntry(draft, today);
    if (!check.ok) {
      showError(check.message);
      return;
    }
    const match = findTransferAccount(draft.payee, accounts, accountId);
    const isTransfer = match !== null || draft.category.trim() === TRANSFER_CATEGORY;
    let destination: number | null = null;
    if (isTransfer) {
      destination = match?.id ?? draft.destinationAccountId;
      if (!destination || destination === accountId || !accounts.some((a) => a.id === destination)) {
        await dialogs.alert('Transfer', TRANSFER_DESTINATION_MESSAGE);
        return;
      }
    }
    if (check.amountCents === 0 && sessionStorage.getItem(SESSION_KEYS.suppressZeroAmountWarning) !== '1') {
      const answer = await dialogs.confirm({
        title: 'Zero Amount',
        message: ZERO_AMOUNT_QUESTION,
        checkboxLabel: "Don't ask again during this session",
      });
      if (!answer.ok) return;
      if (answer.checked) sessionStorage.setItem(SESSION_KEYS.suppressZeroAmountWarning, '1');
    }
    let categoryId: number | null = null;
    if (!isTransfer) {
      const resolved = await resolveCategory(draft.category);
      if (!resolved) return;
      categoryId = resolved.id;
    }
    setBusy(true);
    try {
      let created: TransactionRecord;
      if (isTransfer) {
        try {
          const legs = transferLegs(check.amountCents, accountId, destination!);
          const result = await transactionsApi.transfer({
            ...legs,
            date: check.date,
            notes: check.notes,
            status: check.status,
          });
          created = result.from_transaction.account_id === accountId ? result.from_transaction : result.to_transaction;
        } catch (err) {
          await dialogs.alert('Transfer Failed', errorMessage(err, 'Transfer failed.'));
          return;
        }
      } else {
        try {
          created = await transactionsApi.create(accountId, {
            date: check.date,
            payee: check.payee,
            amount: fromCents(check.amountCents),
            status: check.status,
            notes: check.notes,
            category_id: categoryId,
          });
        } catch (err) {
          showError(errorMessage(err, 'Could not add the transaction.'));
          return;
        }
      }
      setDraft(emptyDraft(displayDate(check.date)));
      requestAnimationFrame(() => dateRef.current?.focus());
      // Shown at once from the answer; the register is re-read behind it for the server's balances.
      if (store.insertRecord(created)) void refreshFrom(created.date);
      else await refreshFrom(created.date);
      flash(created.id, 'new');
      scrollTo(created.id);
      afterWrite();
    } finally {
      setBusy(false);
    }
  };

  return {
    draft,
    changeDraft,
    submit,
    busy,
    dateRef,
    payeeIsAccount: findTransferAccount(draft.payee, accounts, accountId) !== null,
  };
}
