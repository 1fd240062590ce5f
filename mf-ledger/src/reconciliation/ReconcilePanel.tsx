import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage, formatCurrency, formatDollars, longDate } from '@hf/app-kit';
import type { RegisterRow } from '@hf/contracts';
import { reconciliationsApi } from './api';
import { baselineOf, liveBalance, rowsToWorkOn, type Baseline } from './live-balance';
import { useReconcileSession } from './reconcile-context';

/**
 * The register's reconcile view: while a reconciliation is open, the register shows the rows not
 * yet cleared up to the statement date (in clearing mode) and this panel the cleared balance and
 * the difference, following every p / x / Delete at once.
 */
export function useReconcileView(rows: RegisterRow[]) {
  const session = useReconcileSession();
  const open = session?.open ?? null;
  const [baseline, setBaseline] = useState<Baseline | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  useEffect(() => {
    setBaseline(open ? baselineOf(rowsRef.current, open) : null);
  }, [open]);
  const shownRows = useMemo(() => (baseline ? rowsToWorkOn(baseline, rows) : rows), [baseline, rows]);
  const panel =
    session && open && baseline ? (
      <ReconcilePanel
        accountId={session.accountId}
        reconciliationId={open.id}
        baseline={baseline}
        rows={rows}
        onClose={session.close}
        onFinished={session.finished}
      />
    ) : null;
  return { active: baseline !== null, shownRows, panel };
}

function ReconcilePanel({
  accountId,
  reconciliationId,
  baseline,
  rows,
  onClose,
  onFinished,
}: {
  accountId: number;
  reconciliationId: number;
  baseline: Baseline;
  rows: RegisterRow[];
  onClose: () => void;
  onFinished: (message: string) => void;
}) {
  const { clearedCents, differenceCents } = liveBalance(baseline, rows);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const finishRef = useRef<HTMLButtonElement>(null);
  const balanced = differenceCents === 0;
  // Finish becomes the default (focused) button as soon as the difference is zero.
  useEffect(() => {
    if (balanced) finishRef.current?.focus();
  }, [balanced]);

  const finish = async (adjust: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const done = await reconciliationsApi.finish(accountId, reconciliationId, adjust);
      onFinished(
        done.adjustment_transaction_id === null
          ? 'Reconciliation finished.'
          : 'Reconciliation finished with an adjustment.',
      );
    } catch (err) {
      setError(errorMessage(err, 'Failed to finish the reconciliation.'));
      setBusy(false);
    }
  };

  return (
    <section className="ledger-statement-panel" aria-label="Reconciliation" data-clearing-toggle data-reconcile-actions>
      <div className="ledger-statement-panel__figures" aria-live="polite">
        <span>
          Statement {longDate(baseline.statementDate)}: <strong>{formatDollars(baseline.statementBalance)}</strong>
        </span>
        <span>
          Cleared balance <strong data-testid="reconcile-cleared">{formatCurrency(clearedCents)}</strong>
        </span>
        <span className={balanced ? 'ledger-statement-panel__balanced' : 'ledger-statement-panel__off'}>
          Difference <strong data-testid="reconcile-difference">{formatCurrency(differenceCents)}</strong>
        </span>
      </div>
      <div className="ledger-statement-panel__actions">
        {balanced ? (
          <button
            ref={finishRef}
            type="button"
            className="hf-button hf-button--primary"
            disabled={busy}
            onClick={() => void finish(false)}
          >
            Finish
          </button>
        ) : (
          <>
            <span className="ledger-muted">Clear rows until the difference is zero, or</span>
            <button type="button" className="hf-button" disabled={busy} onClick={() => void finish(true)}>
              Add adjustment of {formatCurrency(differenceCents)}
            </button>
          </>
        )}
        <button type="button" className="hf-button" onClick={onClose}>
          Cancel
        </button>
      </div>
      {error && (
        <p role="alert" className="hf-status hf-status--error">
          {error}
        </p>
      )}
    </section>
  );
}

/** Clearing mode follows the reconcile view: on when it opens, off when it closes. */
export function useClearingWhileReconciling(
  active: boolean,
  clearing: { clearingRef: { current: unknown }; toggle: () => void },
) {
  const clearingRef = useRef(clearing);
  clearingRef.current = clearing;
  useEffect(() => {
    const on = clearingRef.current.clearingRef.current !== null;
    if (active !== on) clearingRef.current.toggle();
  }, [active]);
}
