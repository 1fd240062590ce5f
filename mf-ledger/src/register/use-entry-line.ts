import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { SESSION_KEYS, displayDate, errorMessage, type DialogRequests } from '@hf/app-kit';
import { TRANSFER_CATEGORY } from '@hf/app-kit/editing';
import type { CalendarDate } from '@hf/calendar';
import { fromCents } from '@hf/money';
import type { Account } from '../accounts/api';
import { transactionsApi, type TransactionRecord } from './api';
import { useCategorySuggestion } from './category-suggestion';
import {
  checkEntry,
  emptyDraft,
  findTransferAccount,
  transferLegs,
  TRANSFER_DESTINATION_MESSAGE,
  ZERO_AMOUNT_QUESTION,
  type EntryCheck,
  type EntryDraft,
} from './entry';
import type { RegisterWrites } from './register-writes';
import {
  linesBody,
  resolveLineCategories,
  saveBlockedReason,
  startLines,
  type SplitDraftLine,
} from '../splits/split-lines';
import type { SplitLineInput } from '@hf/contracts';
import { netAmountCents } from '@hf/app-kit/editing';

/** An entry that passed `checkEntry`. */
type CheckedEntry = Extract<EntryCheck, { ok: true }>;

export interface EntryLineOptions extends RegisterWrites {
  accountId: number;
  accounts: readonly Account[];
}

/**
 * The entry line: its draft (a payee naming another account makes it a transfer there), the
 * Date field's focus when the register opens (and a refused field's after Enter), and adding the transaction or transfer (the
 * zero-amount question, the category creation flow), after which the new row is shown.
 */
export function useEntryLine(options: EntryLineOptions) {
  const { accountId, accounts, today } = options;
  const dateRef = useRef<HTMLInputElement>(null);
  const payeeRef = useRef<HTMLInputElement>(null);
  const paymentRef = useRef<HTMLInputElement>(null);
  const depositRef = useRef<HTMLInputElement>(null);
  const { draft, setDraft, changeDraft } = useEntryDraft(accounts, accountId, today);
  const [busy, setBusy] = useState(false);
  /** The new row's split lines as typed; null while it is not split. */
  const [splits, setSplits] = useState<SplitDraftLine[] | null>(null);
  useFocusOnOpen(dateRef);
  const payeeIsAccount = findTransferAccount(draft.payee, accounts, accountId) !== null;
  // An empty category takes the payee's suggestion, shown marked "Suggested" (never saved unseen).
  const suggestedCategory = useCategorySuggestion({
    payee: draft.payee,
    category: draft.category,
    accountId,
    disabled: payeeIsAccount || draft.category.trim() === TRANSFER_CATEGORY,
    setCategory: (category) => changeDraft({ category }),
  });

  const submit = async () => {
    if (busy) return;
    const { dialogs, showError, resolveCategory } = options;
    const check = checkEntry(draft, today);
    if (!check.ok) {
      showError(check.message);
      // The keyboard goes where the fix is typed.
      ({ date: dateRef, payee: payeeRef, payment: paymentRef, deposit: depositRef })[check.field].current?.focus();
      return;
    }
    const match = findTransferAccount(draft.payee, accounts, accountId);
    const isTransfer = match !== null || draft.category.trim() === TRANSFER_CATEGORY;
    let destination: number | null = null;
    if (isTransfer) {
      destination = transferDestination(match?.id ?? draft.destinationAccountId, accountId, accounts);
      if (destination === null) {
        await dialogs.alert('Transfer', TRANSFER_DESTINATION_MESSAGE);
        return;
      }
    }
    if (splits !== null && isTransfer) {
      showError('A transfer cannot be split.');
      return;
    }
    const lines = splits === null ? null : await checkedLines(check.amountCents, splits, options);
    if (splits !== null && lines === null) return;
    if (check.amountCents === 0 && !(await zeroAmountAccepted(dialogs))) return;
    let categoryId: number | null = null;
    if (!isTransfer && lines === null) {
      const resolved = await resolveCategory(draft.category);
      if (!resolved) return;
      categoryId = resolved.id;
    }
    setBusy(true);
    try {
      const created =
        destination !== null
          ? await addTransfer(check, accountId, destination, dialogs)
          : await addTransaction(check, accountId, categoryId, showError, lines);
      if (!created) return;
      setDraft(emptyDraft(displayDate(check.date)));
      setSplits(null);
      requestAnimationFrame(() => dateRef.current?.focus());
      await showAdded(created, options);
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
    fieldRefs: { payee: payeeRef, payment: paymentRef, deposit: depositRef },
    payeeIsAccount,
    suggestedCategory,
    splits,
    changeSplits: setSplits,
    startSplit: () => setSplits(startLines(netAmountCents(draft.payment, draft.deposit) ?? 0, draft.category)),
  };
}

/** The new row's lines for the request, or null after saying why they cannot be saved (or the category flow stopped). */
async function checkedLines(
  totalCents: number,
  splits: readonly SplitDraftLine[],
  options: Pick<RegisterWrites, 'showError' | 'resolveCategory'>,
): Promise<SplitLineInput[] | null> {
  const reason = saveBlockedReason(totalCents, splits);
  if (reason) {
    options.showError(reason);
    return null;
  }
  const ids = await resolveLineCategories(splits, options.resolveCategory);
  return ids && linesBody(totalCents, splits, ids);
}

/** The draft; a payee naming another account makes that account the transfer's destination. */
function useEntryDraft(accounts: readonly Account[], accountId: number, today: CalendarDate) {
  const [draft, setDraft] = useState<EntryDraft>(() => emptyDraft(displayDate(today)));
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
  return { draft, setDraft, changeDraft };
}

/** The Date field takes the focus once, when the register opens. */
function useFocusOnOpen(dateRef: RefObject<HTMLInputElement | null>) {
  const dateFocused = useRef(false);
  useEffect(() => {
    if (dateFocused.current || !dateRef.current) return;
    dateFocused.current = true;
    dateRef.current.focus({ preventScroll: true });
  });
}

/** The transfer's other account, or null when it is missing, this account or unknown. */
function transferDestination(candidate: number | null, accountId: number, accounts: readonly Account[]) {
  if (!candidate || candidate === accountId || !accounts.some((a) => a.id === candidate)) return null;
  return candidate;
}

/** A zero amount goes ahead when the person says so (or said not to ask again this session). */
async function zeroAmountAccepted(dialogs: DialogRequests) {
  if (sessionStorage.getItem(SESSION_KEYS.suppressZeroAmountWarning) === '1') return true;
  const answer = await dialogs.confirm({
    title: 'Zero Amount',
    message: ZERO_AMOUNT_QUESTION,
    checkboxLabel: "Don't ask again during this session",
  });
  if (!answer.ok) return false;
  if (answer.checked) sessionStorage.setItem(SESSION_KEYS.suppressZeroAmountWarning, '1');
  return true;
}

/** Both legs of the transfer; this account's leg, or null after the failure is shown. */
async function addTransfer(check: CheckedEntry, accountId: number, destination: number, dialogs: DialogRequests) {
  try {
    const legs = transferLegs(check.amountCents, accountId, destination);
    const result = await transactionsApi.transfer({
      ...legs,
      date: check.date,
      notes: check.notes,
      status: check.status,
    });
    return result.from_transaction.account_id === accountId ? result.from_transaction : result.to_transaction;
  } catch (err) {
    await dialogs.alert('Transfer Failed', errorMessage(err, 'Transfer failed.'));
    return null;
  }
}

/** A plain row in this account; the new record, or null after the failure is shown. */
async function addTransaction(
  check: CheckedEntry,
  accountId: number,
  categoryId: number | null,
  showError: (text: string) => void,
  splits: SplitLineInput[] | null = null,
): Promise<TransactionRecord | null> {
  try {
    return await transactionsApi.create(accountId, {
      date: check.date,
      payee: check.payee,
      amount: fromCents(check.amountCents),
      status: check.status,
      notes: check.notes,
      category_id: categoryId,
      ...(splits ? { splits } : {}),
    });
  } catch (err) {
    showError(errorMessage(err, 'Could not add the transaction.'));
    return null;
  }
}

/** The new row, shown at once from the answer; the register is re-read behind it for the server's balances. */
async function showAdded(created: TransactionRecord, writes: RegisterWrites) {
  const { store, refreshFrom, flash, scrollTo, afterWrite } = writes;
  if (store.insertRecord(created)) void refreshFrom(created.date);
  else await refreshFrom(created.date);
  flash(created.id, 'new');
  scrollTo(created.id);
  afterWrite();
}
