import './import.css';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { ACCOUNTS_QUERY_KEY, ApiError, displayDate, formatDollars } from '@hf/app-kit';
import { BUDGET_QUERY_KEY, DASHBOARD_QUERY_KEY } from '@hf/app-kit/budget/envelopes';
import { PAYEES_QUERY_KEY, findCategoryByText, useCategoryOptions, useCategoryResolver } from '@hf/app-kit/editing';
import { IMPORT_MESSAGES } from '@hf/contracts/import-limits';
import type { ExistingRow, ImportedRow, ReconciliationData } from '@hf/contracts/import';
import { formatCurrency } from '@hf/money';
import { useIsMobile } from '@hf/ui';
import { CategoryInput, useDialogs } from '@hf/ui/editing';
import { importApi, newIdempotencyKey, type UploadProgress } from './api';
import { ImportProgress } from './ImportProgress';
import { isReconcileState, type ReconcileState } from './navigation';
import {
  allSet,
  countTicked,
  importNewTransactions,
  initialSelection,
  ticked,
  tickedTotalCents,
  toggled,
  updateMatchedBody,
  type ReconcileList,
  type Selection,
} from './reconcile';
import { SkippedRows } from './SkippedRows';
import { VirtualRows } from './VirtualRows';

/** The reports' query prefix (mf-reports): imported rows count in them. */
const REPORTS_QUERY_KEY = ['reports'] as const;

const LIST_MAX_HEIGHT = 360;

function Amount({ value }: { value: number }) {
  return (
    <span className={`ledger-import-row__amount ledger-num${value < 0 ? ' is-payment' : ' is-deposit'}`}>
      {formatDollars(value)}
    </span>
  );
}

function ImportedCells({ row }: { row: ImportedRow }) {
  return (
    <>
      <span className="ledger-import-row__date">{displayDate(row.date)}</span>
      <span className="ledger-import-row__payee ledger-ellipsis" title={row.payee}>
        {row.payee}
      </span>
      <Amount value={row.amount} />
    </>
  );
}

function ExistingCells({ row }: { row: ExistingRow }) {
  return (
    <span className="ledger-import-row__existing ledger-ellipsis">
      <span className="ledger-muted">In register: </span>
      {displayDate(row.date)} · {row.payee} · {formatDollars(row.amount)}
      {row.is_budgeted && <span className="ledger-import-row__tag">Budgeted</span>}
    </span>
  );
}

function Section({
  title,
  count,
  list,
  selection,
  onAll,
  children,
  note,
}: {
  title: string;
  count: number;
  list?: ReconcileList;
  selection?: Selection;
  onAll?: (list: ReconcileList, value: boolean) => void;
  children: ReactNode;
  note?: ReactNode;
}) {
  const ticks = list && selection ? countTicked(selection[list]) : 0;
  return (
    <section className="ledger-import-section" aria-label={title}>
      <header className="ledger-import-section__header">
        <h3>
          {title} <span className="ledger-muted">({count.toLocaleString('en-US')})</span>
        </h3>
        {list && onAll && count > 0 && (
          <label className="hf-check">
            <input
              type="checkbox"
              checked={ticks === count}
              ref={(el) => {
                if (el) el.indeterminate = ticks > 0 && ticks < count;
              }}
              onChange={(e) => onAll(list, e.target.checked)}
            />
            <span>Select all {title.toLowerCase()}</span>
          </label>
        )}
      </header>
      {note && <p className="ledger-muted ledger-import-section__note">{note}</p>}
      {count === 0 ? <p className="ledger-import-section__empty">None.</p> : children}
    </section>
  );
}

/** /accounts/{id}/reconcile: matched, new and possible duplicate rows, then commit (spec section 2). */
export function ReconcilePage({ accountId }: { accountId: number }) {
  const location = useLocation();
  const state: unknown = location.state;
  if (!isReconcileState(state)) return <Navigate to={`/accounts/${accountId}/register`} replace />;
  return <Reconcile accountId={accountId} state={state} />;
}

type Phase =
  | { kind: 'review' }
  | { kind: 'committing'; step: 'update' | 'import'; progress: UploadProgress | null }
  | { kind: 'done'; cleared: number; imported: number };

function Reconcile({ accountId, state }: { accountId: number; state: ReconcileState }) {
  const data: ReconciliationData = state.result;
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const dialogs = useDialogs();
  const { options } = useCategoryOptions();
  const [selection, setSelection] = useState<Selection>(() => initialSelection(data));
  const [category, setCategory] = useState('');
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
        <Link to={register} className="hf-button hf-button--primary">
          Back to Register
        </Link>
      </section>
    );
  }

  const busy = phase.kind === 'committing';
  const rowHeight = isMobile ? 64 : 40;
  const pairHeight = isMobile ? 84 : 40;

  return (
    <section className="ledger-import ledger-reconcile" aria-labelledby="reconcile-title">
      <h2 id="reconcile-title" className="ledger-subtitle">
        Reconcile <span className="ledger-muted">· {state.fileName}</span>
      </h2>

      <Section
        title="Matched transactions"
        count={data.matched.length}
        list="matched"
        selection={selection}
        onAll={setAll}
        note="Rows already in your register that the file confirms: ticked rows are marked cleared (a budgeted row takes the bank's date and amount)."
      >
        {data.matched.length > 0 && (
          <VirtualRows
            count={data.matched.length}
            rowHeight={pairHeight}
            maxHeight={LIST_MAX_HEIGHT}
            label="Matched transactions"
            renderRow={(i) => {
              const pair = data.matched[i];
              return (
                <label className="ledger-import-row ledger-import-row--pair">
                  <input
                    type="checkbox"
                    checked={selection.matched[i]}
                    disabled={busy}
                    onChange={() => toggle('matched', i)}
                    aria-label={`Update ${pair.existing.payee} ${displayDate(pair.existing.date)}`}
                  />
                  <ImportedCells row={pair.imported} />
                  <span className="ledger-import-row__arrow" aria-hidden="true">
                    ↔
                  </span>
                  <ExistingCells row={pair.existing} />
                </label>
              );
            }}
          />
        )}
      </Section>

      <Section
        title="New transactions"
        count={data.new.length}
        list="new"
        selection={selection}
        onAll={setAll}
        note="Rows not in your register yet: ticked rows are added, cleared."
      >
        {data.new.length > 0 && (
          <VirtualRows
            count={data.new.length}
            rowHeight={rowHeight}
            maxHeight={LIST_MAX_HEIGHT}
            label="New transactions"
            renderRow={(i) => {
              const row = data.new[i];
              return (
                <label className="ledger-import-row">
                  <input
                    type="checkbox"
                    checked={selection.new[i]}
                    disabled={busy}
                    onChange={() => toggle('new', i)}
                    aria-label={`Import ${row.payee} ${displayDate(row.date)}`}
                  />
                  <ImportedCells row={row} />
                  <span className="ledger-import-row__extra ledger-ellipsis ledger-muted">
                    {[row.category, row.notes].filter(Boolean).join(' · ')}
                  </span>
                </label>
              );
            }}
          />
        )}
      </Section>

      {data.duplicates.length > 0 && (
        <Section
          title="Possible duplicates"
          count={data.duplicates.length}
          list="duplicates"
          selection={selection}
          onAll={setAll}
          note="These rows look already in your register (a cleared row with the same date, payee and amount). They are not imported unless you tick them, e.g. for a real second purchase."
        >
          <VirtualRows
            count={data.duplicates.length}
            rowHeight={pairHeight}
            maxHeight={LIST_MAX_HEIGHT}
            label="Possible duplicates"
            renderRow={(i) => {
              const pair = data.duplicates[i];
              return (
                <label className="ledger-import-row ledger-import-row--pair">
                  <input
                    type="checkbox"
                    checked={selection.duplicates[i]}
                    disabled={busy}
                    onChange={() => toggle('duplicates', i)}
                    aria-label={`Import ${pair.imported.payee} ${displayDate(pair.imported.date)} anyway`}
                  />
                  <ImportedCells row={pair.imported} />
                  <span className="ledger-import-row__existing ledger-ellipsis ledger-muted">
                    already in your register ({pair.existing.payee}, {displayDate(pair.existing.date)})
                  </span>
                </label>
              );
            }}
          />
        </Section>
      )}

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
          <button type="button" className="hf-button hf-button--primary" disabled={busy} onClick={() => void commit()}>
            {busy ? 'Working...' : 'Complete Reconciliation'}
          </button>
        </div>
      </div>
      {dialogs.element}
    </section>
  );
}
