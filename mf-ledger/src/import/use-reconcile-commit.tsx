import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ACCOUNTS_QUERY_KEY, ApiError, type DialogRequests } from '@hf/app-kit';
import { BUDGET_QUERY_KEY, DASHBOARD_QUERY_KEY } from '@hf/app-kit/budget/envelopes';
import { PAYEES_QUERY_KEY, findCategoryByText, useCategoryResolver, type CategoryOption } from '@hf/app-kit/editing';
import { IMPORT_MESSAGES } from '@hf/contracts/import-limits';
import type { ReconciliationData } from '@hf/contracts/import';
import { importApi, newIdempotencyKey, type UploadProgress } from './api';
import { importNewTransactions, ticked, updateMatchedBody, type Selection } from './reconcile';

/** The reports' query prefix (mf-reports): imported rows count in them. */
const REPORTS_QUERY_KEY = ['reports'] as const;

export type Phase =
  | { kind: 'review' }
  | { kind: 'committing'; step: 'update' | 'import'; progress: UploadProgress | null }
  | { kind: 'done'; cleared: number; imported: number };

export interface ReconcileCommitOptions {
  accountId: number;
  data: ReconciliationData;
  selection: Selection;
  /** The category text for the new rows (through the creation flow). */
  category: string;
  matchedTicked: number;
  options: readonly CategoryOption[];
  dialogs: DialogRequests;
}

/**
 * Completing the reconciliation: the category for the new rows, then `update_matched` (once: a
 * retry does not send it again) and `import_new` with one Idempotency-Key per visit of the page,
 * then the queries that show imported rows are read again.
 */
export function useReconcileCommit(input: ReconcileCommitOptions) {
  const { accountId, data, selection, category, matchedTicked, options, dialogs } = input;
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'review' });
  const [error, setError] = useState<ReactNode>(null);
  // One key per visit of this page: a retry after a failure sends the same key (nothing twice).
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [matchedDone, setMatchedDone] = useState(false);
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const categoryFailed = useRef(false);
  const onCategoryError = useCallback((message: string) => {
    categoryFailed.current = true;
    setCategoryError(message);
  }, []);
  // A stopped creation flow is the spec's 'Import cancelled.' (shown by commit), not the register's words.
  const onCategoryCancelled = useCallback(() => undefined, []);
  const resolveCategory = useCategoryResolver(dialogs, onCategoryError, onCategoryCancelled);

  const commit = async () => {
    if (phase.kind !== 'review') return;
    setError(null);
    setCategoryError(null);
    const rows = [
      ...ticked(data.new, selection.new),
      ...ticked(data.duplicates, selection.duplicates).map((d) => d.imported),
    ];
    let categoryId: number | null = null;
    if (rows.length > 0 && category.trim()) {
      categoryFailed.current = false;
      const resolved = await resolveCategory(category);
      if (!resolved) {
        // Null without an error: the person cancelled the category's creation flow (the
        // resolver has shown its own message when creating the category failed).
        if (!categoryFailed.current) setError(IMPORT_MESSAGES.importCancelled);
        return;
      }
      categoryId = resolved.id;
    }
    const matchedBody = matchedDone ? null : updateMatchedBody(data.matched, selection.matched);
    try {
      if (matchedBody) {
        setPhase({ kind: 'committing', step: 'update', progress: null });
        await importApi.updateMatched(matchedBody, (progress) =>
          setPhase({ kind: 'committing', step: 'update', progress }),
        );
        setMatchedDone(true);
      }
      if (rows.length > 0) {
        setPhase({ kind: 'committing', step: 'import', progress: null });
        const transactions = importNewTransactions(rows, (text) => findCategoryByText(text, options)?.id ?? null);
        await importApi.importNew(accountId, { transactions, category_id: categoryId }, idempotencyKey, (progress) =>
          setPhase({ kind: 'committing', step: 'import', progress }),
        );
      }
      for (const queryKey of [
        ACCOUNTS_QUERY_KEY,
        PAYEES_QUERY_KEY,
        BUDGET_QUERY_KEY,
        DASHBOARD_QUERY_KEY,
        REPORTS_QUERY_KEY,
      ])
        void queryClient.invalidateQueries({ queryKey });
      setPhase({
        kind: 'done',
        cleared: matchedBody?.transaction_ids.length ?? (matchedDone ? matchedTicked : 0),
        imported: rows.length,
      });
    } catch (err) {
      setPhase({ kind: 'review' });
      const detail = err instanceof ApiError && err.serverMessage ? err.serverMessage : null;
      setError(
        <>
          {IMPORT_MESSAGES.actionFailed}
          {detail && <span className="ledger-import__error-detail"> {detail}</span>}
        </>,
      );
    }
  };

  return { phase, error, categoryError, commit };
}
