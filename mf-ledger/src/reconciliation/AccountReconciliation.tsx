import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { errorMessage, formatDollars, longDate } from '@hf/app-kit';
import { ConfirmDialog, StatusMessage, useTimedMessage } from '@hf/ui';
import type { Account } from '@hf/contracts';
import { reconciliationsApi, type Reconciliation } from './api';
import { ReconcileContext, type ReconcileSession } from './reconcile-context';
import { ReconcileDialog } from './ReconcileDialog';
import './reconciliation.css';

type Last = NonNullable<Account['last_reconciliation']>;

/** "Reconciled to Nov 30, 2026: $1,234.56", and a warning when a later change broke it. */
export function ReconciledStatus({ last }: { last: Last | null | undefined }) {
  if (!last) return null;
  return (
    <>
      <p className="ledger-muted ledger-reconciled">
        Reconciled to {longDate(last.statement_date)}: {formatDollars(last.statement_balance)}
      </p>
      {last.broken && (
        <p role="alert" className="hf-status hf-status--error ledger-reconciled__broken">
          A change after this reconciliation altered reconciled rows: the cleared balance on{' '}
          {longDate(last.statement_date)} no longer equals {formatDollars(last.statement_balance)}.
        </p>
      )}
    </>
  );
}

/**
 * The account's reconciliation actions ("Reconcile", "Undo last reconciliation") and the session
 * its register works on. `reload` reads the register again after a finish or an undo.
 */
export function useAccountReconciliation(accountId: number, last: Last | null | undefined, reload: () => void) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const [open, setOpen] = useState<Reconciliation | null>(null);
  const { message, show } = useTimedMessage();

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['accounts'] });
    reload();
  };

  const session: ReconcileSession = useMemo(
    () => ({
      accountId,
      open,
      close: () => setOpen(null),
      finished: (text: string) => {
        setOpen(null);
        show(text, 'success');
        refresh();
      },
    }),
    [accountId, open, show],
  );

  const undo = async () => {
    setUndoing(false);
    if (!last) return;
    try {
      await reconciliationsApi.undo(accountId, last.id);
      show('Reconciliation undone.', 'success');
      refresh();
    } catch (err) {
      show(errorMessage(err, 'Failed to undo the reconciliation.'), 'error');
    }
  };

  const actions = (
    <>
      <button type="button" className="hf-button" onClick={() => setAsking(true)}>
        Reconcile
      </button>
      {last && (
        <button type="button" className="hf-button" onClick={() => setUndoing(true)}>
          Undo last reconciliation
        </button>
      )}
    </>
  );

  const dialogs = (
    <>
      <StatusMessage message={message} />
      {asking && (
        <ReconcileDialog
          accountId={accountId}
          onClose={() => setAsking(false)}
          onOpened={(r) => {
            setAsking(false);
            setOpen(r);
          }}
        />
      )}
      {undoing && last && (
        <ConfirmDialog
          title="Undo Reconciliation"
          message={`Undo the reconciliation to ${longDate(last.statement_date)}? Its rows stay cleared; an adjustment it added is deleted.`}
          confirmLabel="Undo"
          cancelLabel="Keep"
          destructive
          onConfirm={() => void undo()}
          onCancel={() => setUndoing(false)}
        />
      )}
    </>
  );

  const provide = (children: ReactNode) => (
    <ReconcileContext.Provider value={session}>{children}</ReconcileContext.Provider>
  );
  return { actions, dialogs, provide };
}
