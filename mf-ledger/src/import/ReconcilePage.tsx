import './import.css';
import { useCallback, useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useCategoryOptions } from '@hf/app-kit/editing';
import { IMPORT_MESSAGES } from '@hf/contracts/import-limits';
import type { ReconciliationData } from '@hf/contracts/import';
import { formatCurrency } from '@hf/money';
import { useIsMobile } from '@hf/ui';
import { CategoryInput, useDialogs } from '@hf/ui/editing';
import { ImportProgress } from './ImportProgress';
import { isReconcileState, type ReconcileState } from './navigation';
import {
  allSet,
  countTicked,
  initialSelection,
  tickedTotalCents,
  toggled,
  type ReconcileList,
  type Selection,
} from './reconcile';
import { SkippedRows } from './SkippedRows';
import { ReconcileLists } from './ReconcileLists';
import { RecurringOffer } from './RecurringOffer';
import { useReconcileCommit } from './use-reconcile-commit';
import { useTopOnOpen } from './use-top-on-open';
import { payeeKey, useCategorySuggestions } from './use-category-suggestions';
import { useRuleNames } from './rule-notes';
import { useNewRowSplits } from './use-new-row-splits';

/** Why "Complete Reconciliation" waits while a row's split lines are open. */
export const SPLIT_OPEN_NOTE = 'Finish the split first: Done keeps its lines, Cancel leaves them as they were.';

/** /accounts/{id}/reconcile: matched, new and possible duplicate rows, then commit (docs/rules/import.md). */
export function ReconcilePage({ accountId }: { accountId: number }) {
  const location = useLocation();
  const state: unknown = location.state;
  if (!isReconcileState(state)) return <Navigate to={`/accounts/${accountId}/register`} replace />;
  return <Reconcile accountId={accountId} state={state} />;
}

function Reconcile({ accountId, state }: { accountId: number; state: ReconcileState }) {
  const data: ReconciliationData = state.result;
  const navigate = useNavigate();
  useTopOnOpen();
  const isMobile = useIsMobile();
  const dialogs = useDialogs();
  const { options } = useCategoryOptions();
  const [selection, setSelection] = useState<Selection>(() => initialSelection(data));
  const [category, setCategory] = useState('');
  // New rows without a category show their payee's suggested one; the person can turn them off.
  const suggestRows = useMemo(() => [...data.new, ...data.duplicates.map((d) => d.imported)], [data]);
  const suggestions = useCategorySuggestions(suggestRows, accountId);
  const [useSuggested, setUseSuggested] = useState(true);
  const shownSuggestions = useSuggested ? suggestions : null;
  const suggestedIdOf = (payee: string) => shownSuggestions?.get(payeeKey(payee))?.id ?? null;
  // New rows a rule set a category on keep it unless the person turns the rules' categories off.
  const ruleSetCategories = useMemo(() => data.new.some((r) => r.category_id !== undefined), [data]);
  const [useRuleCategories, setUseRuleCategories] = useState(true);
  const ruleNames = useRuleNames(data.new.some((r) => r.rule_id !== undefined));
  const splits = useNewRowSplits(data.new);
  const toggle = useCallback((list: ReconcileList, index: number) => setSelection((s) => toggled(s, list, index)), []);
  const setAll = useCallback((list: ReconcileList, value: boolean) => setSelection((s) => allSet(s, list, value)), []);

  const newTicked = countTicked(selection.new) + countTicked(selection.duplicates);
  const matchedTicked = countTicked(selection.matched);
  const importCents =
    tickedTotalCents(data.new, selection.new) +
    tickedTotalCents(
      data.duplicates.map((d) => d.imported),
      selection.duplicates,
    );
  const register = `/accounts/${accountId}/register`;
  const reconcile = {
    accountId,
    data,
    selection,
    category,
    matchedTicked,
    options,
    dialogs,
    suggestedIdOf,
    useRuleCategories,
    splitLinesOf: splits.linesOf,
  };
  const { phase, error, categoryError, commit } = useReconcileCommit(reconcile);

  if (phase.kind === 'done') {
    return (
      <section className="ledger-import ledger-import-done" aria-labelledby="reconcile-done" aria-live="polite">
        <h2 id="reconcile-done" className="ledger-subtitle">
          {IMPORT_MESSAGES.complete}
        </h2>
        <p role="status">
          {phase.cleared.toLocaleString('en-US')} matched transaction{phase.cleared === 1 ? '' : 's'} cleared,{' '}
          {phase.imported.toLocaleString('en-US')} new transaction
          {phase.imported === 1 ? '' : 's'} imported.
        </p>
        <RecurringOffer accountId={accountId} rows={phase.importedRows} />
        <Link to={register} className="hf-button hf-button--primary">
          Back to Register
        </Link>
      </section>
    );
  }

  const busy = phase.kind === 'committing';
  const splitOpen = splits.open !== null;

  return (
    <section className="ledger-import ledger-reconcile" aria-labelledby="reconcile-title">
      <h2 id="reconcile-title" className="ledger-subtitle">
        Reconcile <span className="ledger-muted">· {state.fileName}</span>
      </h2>

      <ReconcileLists
        data={data}
        selection={selection}
        busy={busy}
        isMobile={isMobile}
        onToggle={toggle}
        onAll={setAll}
        suggestions={shownSuggestions}
        rules={{
          categoryText: (id) => options.find((o) => o.id === id)?.text,
          ruleNames,
          useRuleCategories,
        }}
        splits={{ state: splits, categoryOptions: options }}
      />

      <SkippedRows rows={data.skipped_rows} />

      <div className="ledger-reconcile__commit">
        <label className="hf-stacked-field ledger-reconcile__category">
          <span aria-hidden="true">Category for new transactions</span>
          <CategoryInput
            value={category}
            onChange={setCategory}
            options={options}
            allowTransfer={false}
            label="Category for new transactions"
            disabled={busy}
          />
        </label>
        {ruleSetCategories && (
          <label className="ledger-reconcile__suggested">
            <input
              type="checkbox"
              checked={useRuleCategories}
              disabled={busy}
              onChange={(e) => setUseRuleCategories(e.target.checked)}
            />{' '}
            Use the categories your rules set; the category above is for the other rows
          </label>
        )}
        {suggestions.size > 0 && (
          <label className="ledger-reconcile__suggested">
            <input
              type="checkbox"
              checked={useSuggested}
              disabled={busy}
              onChange={(e) => setUseSuggested(e.target.checked)}
            />{' '}
            Use suggested categories (from your earlier transactions with the same payee); the category above is for the
            other rows
          </label>
        )}
        <p className="ledger-muted ledger-reconcile__summary">
          {matchedTicked.toLocaleString('en-US')} to clear · {newTicked.toLocaleString('en-US')} to import (
          {formatCurrency(importCents)})
        </p>
        {phase.kind === 'committing' && (
          <ImportProgress
            progress={phase.progress}
            sendingLabel={phase.step === 'update' ? 'Clearing matched transactions' : 'Sending new transactions'}
            waitingLabel={
              phase.step === 'update' ? 'Clearing matched transactions...' : 'Importing new transactions...'
            }
          />
        )}
        {(error || categoryError) && (
          <p role="alert" className="hf-status hf-status--error">
            {error ?? categoryError}
          </p>
        )}
        <div className="ledger-import__actions">
          <Link to={register} className="hf-button" aria-disabled={busy}>
            Cancel
          </Link>
          {state.back && (
            <button
              type="button"
              className="hf-button"
              disabled={busy}
              // The same file and mapping: the person changes a column and processes again.
              onClick={() => navigate(`/accounts/${accountId}/import/map`, { state: state.back })}
            >
              Back to mapping
            </button>
          )}
          <button
            type="button"
            className="hf-button hf-button--primary"
            disabled={busy || splitOpen}
            aria-describedby={splitOpen ? 'reconcile-split-open' : undefined}
            onClick={() => void commit()}
          >
            {busy ? 'Working...' : 'Complete Reconciliation'}
          </button>
        </div>
        {splitOpen && (
          <p id="reconcile-split-open" className="ledger-muted">
            {SPLIT_OPEN_NOTE}
          </p>
        )}
      </div>
      {dialogs.element}
    </section>
  );
}
