import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ACCOUNTS_QUERY_KEY, ApiError, type DialogRequests } from '@hf/app-kit';
import { BUDGET_QUERY_KEY, DASHBOARD_QUERY_KEY } from '@hf/app-kit/budget/envelopes';
import { PAYEES_QUERY_KEY, findCategoryByText, useCategoryResolver, type CategoryOption } from '@hf/app-kit/editing';
import { IMPORT_MESSAGES } from '@hf/contracts/import-limits';
import type { ImportedRow, ReconciliationData } from '@hf/contracts/import';
import type { SplitLineInput } from '@hf/contracts';
import { toCents } from '@hf/money';
import { linesBody, type SplitDraftLine } from '../splits/split-lines';
import { importApi, newIdempotencyKey, type UploadProgress } from './api';
import { importNewTransactions, ticked, updateMatchedBody, type Selection } from './reconcile';

/** The reports' query prefix (mf-reports): imported rows count in them. */
const REPORTS_QUERY_KEY = ['reports'] as const;

export type Phase =
  | { kind: 'review' }
  | { kind: 'committing'; step: 'update' | 'import'; progress: UploadProgress | null }
  | {
      kind: 'done';
      cleared: number;
      imported: number;
      /** The new rows as sent (date, payee, amount): the recurring offer looks for them. */
      importedRows: ReadonlyArray<{ date: string; payee: string; amount: number }>;
    };

export interface ReconcileCommitOptions {
  accountId: number;
  data: ReconciliationData;
  selection: Selection;
  /** The category text for the new rows (through the creation flow). */
  category: string;
  matchedTicked: number;
  options: readonly CategoryOption[];
  dialogs: DialogRequests;
  /** The suggested category of a row without one, by payee (shown on the page); none when not used. */
  suggestedIdOf?: (payee: string) => number | null;
  /** False when the person turned the rules' categories off (the rows then take the page's category). */
  useRuleCategories?: boolean;
  /** The split new rows' lines as typed (their categories go through the creation flow at commit). */
  splitLinesOf?: ReadonlyMap<ImportedRow, readonly SplitDraftLine[]>;
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
  const { categoryError, setCategoryError, newRowsCategory } = useNewRowsCategory(dialogs);

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
      const resolved = await newRowsCategory(category);
      if (!resolved.ok) {
        if (resolved.cancelled) setError(IMPORT_MESSAGES.importCancelled);
        return;
      }
      categoryId = resolved.id;
    }
    const lines = await splitLinesBodies(rows, input.splitLinesOf, newRowsCategory);
    if (!lines.ok) {
      if (lines.cancelled) setError(IMPORT_MESSAGES.importCancelled);
      return;
    }
    const matchedBody = matchedDone ? null : updateMatchedBody(data.matched, selection.matched);
    let importedRows: Array<{ date: string; payee: string; amount: number }> = [];
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
        const transactions = importNewTransactions(
          rows,
          (text) => findCategoryByText(text, options)?.id ?? null,
          input.suggestedIdOf,
          input.useRuleCategories === false ? () => null : undefined,
          (row) => lines.byRow.get(row) ?? null,
        );
        importedRows = transactions.map(({ date, payee, amount }) => ({ date, payee, amount }));
        await importApi.importNew(accountId, { transactions, category_id: categoryId }, idempotencyKey, (progress) =>
          setPhase({ kind: 'committing', step: 'import', progress }),
        );
      }
      readImportedQueriesAgain(queryClient);
      setPhase({
        kind: 'done',
        cleared: matchedBody?.transaction_ids.length ?? (matchedDone ? matchedTicked : 0),
        imported: rows.length,
        importedRows,
      });
    } catch (err) {
      setPhase({ kind: 'review' });
      setError(actionFailed(err));
    }
  };

  return { phase, error, categoryError, commit };
}

type CategoryFlow = (text: string) => Promise<{ ok: true; id: number | null } | { ok: false; cancelled: boolean }>;

/**
 * The ticked split rows' lines as import_new sends them, each line's category through the creation
 * flow (in row order, then line order); not ok when the person stopped it or a creation failed.
 */
async function splitLinesBodies(
  rows: readonly ImportedRow[],
  linesOf: ReadonlyMap<ImportedRow, readonly SplitDraftLine[]> | undefined,
  categoryFlow: CategoryFlow,
): Promise<{ ok: true; byRow: Map<ImportedRow, SplitLineInput[]> } | { ok: false; cancelled: boolean }> {
  const byRow = new Map<ImportedRow, SplitLineInput[]>();
  if (!linesOf || linesOf.size === 0) return { ok: true, byRow };
  for (const row of [...rows].sort((a, b) => a.row_number - b.row_number)) {
    const lines = linesOf.get(row);
    if (!lines) continue;
    const ids: (number | null)[] = [];
    for (const line of lines) {
      const resolved = line.category.trim() ? await categoryFlow(line.category) : { ok: true as const, id: null };
      if (!resolved.ok) return resolved;
      ids.push(resolved.id);
    }
    byRow.set(row, linesBody(toCents(row.amount), lines, ids));
  }
  return { ok: true, byRow };
}

/**
 * The new rows' category through the creation flow. Not ok and cancelled: the person stopped the
 * flow (the spec's 'Import cancelled.', shown by commit, not the register's words); not ok and not
 * cancelled: creating the category failed and `categoryError` says so.
 */
function useNewRowsCategory(dialogs: DialogRequests) {
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const categoryFailed = useRef(false);
  const onCategoryError = useCallback((message: string) => {
    categoryFailed.current = true;
    setCategoryError(message);
  }, []);
  const onCategoryCancelled = useCallback(() => undefined, []);
  const resolveCategory = useCategoryResolver(dialogs, onCategoryError, onCategoryCancelled);
  const newRowsCategory = async (
    text: string,
  ): Promise<{ ok: true; id: number | null } | { ok: false; cancelled: boolean }> => {
    categoryFailed.current = false;
    const resolved = await resolveCategory(text);
    if (!resolved) return { ok: false, cancelled: !categoryFailed.current };
    return { ok: true, id: resolved.id };
  };
  return { categoryError, setCategoryError, newRowsCategory };
}

/** The queries that show imported rows: accounts, payees, budget, dashboard and reports. */
function readImportedQueriesAgain(queryClient: QueryClient) {
  for (const queryKey of [
    ACCOUNTS_QUERY_KEY,
    PAYEES_QUERY_KEY,
    BUDGET_QUERY_KEY,
    DASHBOARD_QUERY_KEY,
    REPORTS_QUERY_KEY,
  ])
    void queryClient.invalidateQueries({ queryKey });
}

/** The spec's failure words, with the server's own message beside them when it sent one. */
function actionFailed(err: unknown): ReactNode {
  const detail = err instanceof ApiError && err.serverMessage ? err.serverMessage : null;
  return (
    <>
      {IMPORT_MESSAGES.actionFailed}
      {detail && <span className="ledger-import__error-detail"> {detail}</span>}
    </>
  );
}
