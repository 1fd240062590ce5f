import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNTS_QUERY_KEY, displayDate, errorMessage, formatDollars } from '@hf/app-kit';
import { StatusMessage, useTimedMessage } from '@hf/ui';
import { historyApi } from './api';
import { whenOf } from '@hf/app-kit/history';
import './history.css';

export const deletedRowsKey = (accountId: number) => ['deleted-rows', accountId] as const;

/**
 * /accounts/:accountId/deleted: the account's deleted rows, latest deleted first, each with
 * Restore (a transfer comes back with both legs; the server's message says why one cannot).
 */
export function RecentlyDeleted({ accountId }: { accountId: number }) {
  const queryClient = useQueryClient();
  const deleted = useQuery({ queryKey: deletedRowsKey(accountId), queryFn: () => historyApi.deleted(accountId) });
  const { message, show } = useTimedMessage();
  const [busy, setBusy] = useState<number | null>(null);

  const restore = async (id: number) => {
    setBusy(id);
    try {
      await historyApi.restore(id);
      show('Transaction restored.');
      void queryClient.invalidateQueries({ queryKey: deletedRowsKey(accountId) });
      void queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY });
    } catch (err) {
      show(errorMessage(err, 'Could not restore the transaction.'), 'error');
    } finally {
      setBusy(null);
    }
  };

  const rows = deleted.data?.rows ?? [];
  return (
    <section className="ledger-deleted" aria-labelledby="ledger-deleted-title">
      <div className="ledger-activity__heading">
        <h2 id="ledger-deleted-title">Recently deleted</h2>
        <Link to={`/accounts/${accountId}/register`}>Back to the register</Link>
      </div>
      <StatusMessage message={message} />
      {deleted.isPending && <p className="ledger-muted">Loading deleted transactions...</p>}
      {deleted.isError && (
        <p role="alert" className="hf-status hf-status--error">
          Could not fetch the deleted transactions.
        </p>
      )}
      {deleted.data && rows.length === 0 && <p className="ledger-muted">No deleted transactions in this account.</p>}
      {rows.length > 0 && (
        <table className="ledger-deleted__table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Payee</th>
              <th scope="col">Amount</th>
              <th scope="col">Deleted</th>
              <th scope="col">
                <span className="hf-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} aria-label={`Deleted: ${row.payee}`}>
                <td>{displayDate(row.date)}</td>
                <td>{row.payee}</td>
                <td className="ledger-num">{formatDollars(row.amount)}</td>
                <td className="ledger-muted">
                  {whenOf(row.deleted_at)}
                  {row.deleted_by ? ` by ${row.deleted_by}` : ''}
                </td>
                <td>
                  <button
                    type="button"
                    className="hf-button ledger-button--small"
                    disabled={busy !== null}
                    onClick={() => void restore(row.id)}
                    aria-label={`Restore ${row.payee}`}
                  >
                    Restore
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
