import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { accountsApi } from '../accounts/api';
import { hasLaterDatedRows } from '../accounts/balances';
import { BulkCategorizeModal } from '../bulk-categorize/BulkCategorizeModal';
import { EnvelopesPanel } from '../envelopes/EnvelopesPanel';
import { FileImportModal } from '../import/FileImportModal';
import { ReconciledStatus, useAccountReconciliation } from '../reconciliation/AccountReconciliation';
import { ACCOUNTS_QUERY_KEY, formatDollars } from '@hf/app-kit';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { UndoProvider, useUndo } from '../history/undo';

export const accountQueryKey = (id: number) => ['accounts', id] as const;

/**
 * The frame around an account's pages (docs/rules/screens.md, "Other screens"): the account name, the
 * collapsible Envelopes panel, "Bulk Categorize" and "Import Transactions".
 */
export function AccountShell({
  accountId,
  children,
}: {
  accountId: number;
  children: (context: { refreshToken: number }) => ReactNode;
}) {
  const validId = Number.isInteger(accountId) && accountId > 0;
  const account = useQuery({
    queryKey: accountQueryKey(accountId),
    queryFn: () => accountsApi.get(accountId),
    enabled: validId,
  });
  const [dialog, setDialog] = useState<'bulk' | 'import' | null>(null);
  const [refreshToken, setRefreshToken] = useState(0);
  const queryClient = useQueryClient();
  /** After an undo: every row and the balances are read again. */
  const afterUndo = () => {
    setRefreshToken((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY });
  };
  const reconciliation = useAccountReconciliation(accountId, account.data?.last_reconciliation, () =>
    setRefreshToken((n) => n + 1),
  );

  return (
    <UndoProvider onUndone={afterUndo}>
      <section className="hf-page ledger-page ledger-account-shell">
        <header className="ledger-account-shell__header">
          <div>
            <h1 className="hf-page__title">{account.data?.name ?? (account.isPending ? 'Loading...' : 'Account')}</h1>
            {account.data && (
              <p className="ledger-muted ledger-account-shell__balances">
                {hasLaterDatedRows(account.data) ? (
                  <>
                    Balance today {formatDollars(account.data.balance_today)} · After later-dated rows{' '}
                    {formatDollars(account.data.balance)}
                  </>
                ) : (
                  <>Balance {formatDollars(account.data.balance)}</>
                )}{' '}
                · Pending {formatDollars(account.data.pending_balance)} · Cleared{' '}
                {formatDollars(account.data.cleared_balance)}
              </p>
            )}
            <ReconciledStatus last={account.data?.last_reconciliation} />
          </div>
          <div className="ledger-account-shell__actions">
            {reconciliation.actions}
            <button type="button" className="hf-button" onClick={() => setDialog('bulk')}>
              Bulk Categorize
            </button>
            <button type="button" className="hf-button" onClick={() => setDialog('import')}>
              Import Transactions
            </button>
            <Link className="hf-button" to={`/accounts/${accountId}/deleted`}>
              Recently deleted
            </Link>
            <Link className="hf-button" to="/activity">
              Activity
            </Link>
          </div>
        </header>
        {(account.isError || !validId) && (
          <p role="alert" className="hf-status hf-status--error">
            Failed to fetch account details.
          </p>
        )}
        <EnvelopesPanel accountId={accountId} refreshSignal={`${account.dataUpdatedAt}-${refreshToken}`} />
        {reconciliation.provide(children({ refreshToken }))}
        {reconciliation.dialogs}
        {dialog === 'bulk' && (
          <BulkCategorizeWithUndo
            accountId={accountId}
            onClose={() => setDialog(null)}
            onApplied={() => setRefreshToken((n) => n + 1)}
          />
        )}
        {dialog === 'import' && <FileImportModal accountId={accountId} onClose={() => setDialog(null)} />}
      </section>
    </UndoProvider>
  );
}

/** Bulk categorize whose change the Undo toast (and Ctrl+Z) can take back. */
function BulkCategorizeWithUndo({ onApplied, ...props }: Parameters<typeof BulkCategorizeModal>[0]) {
  const { record } = useUndo();
  return (
    <BulkCategorizeModal
      {...props}
      onApplied={(ids) => {
        onApplied(ids);
        if (ids)
          record({ ids, label: `${ids.length === 1 ? '1 transaction' : `${ids.length} transactions`} categorized.` });
      }}
    />
  );
}
