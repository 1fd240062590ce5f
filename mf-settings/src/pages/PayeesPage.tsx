import { useMemo, useState } from 'react';
import { displayDate, errorMessage } from '@hf/app-kit';
import { StatusMessage, useTimedMessage } from '@hf/ui';
import { filterPayees, usePayees, type PayeeUsage } from '../payees/payees-api';
import { RenamePayeeDialog } from '../payees/RenamePayeeDialog';
import '../settings.css';
import '../payees/payees.css';

/** Rows drawn at once; a search finds the others. */
const SHOWN_AT_MOST = 500;

/**
 * /settings/payees: every payee of the household's transactions with its count and last date
 * (transfers' payees, which are account names, are not listed), a search, and Rename, which
 * merges onto an existing name, each with a preview before anything changes.
 */
export default function PayeesPage() {
  const payees = usePayees();
  const [search, setSearch] = useState('');
  const [renaming, setRenaming] = useState<PayeeUsage | null>(null);
  const status = useTimedMessage();
  const shown = useMemo(() => filterPayees(payees.data ?? [], search), [payees.data, search]);

  return (
    <div className="hf-settings hf-payees">
      <h1>Payees</h1>
      <p className="hf-settings__subtitle">
        Rename a payee on every transaction at once; renaming onto another payee&apos;s name merges them.
        Transfers&apos; payees are account names and are not listed.
      </p>
      <StatusMessage
        message={
          payees.error
            ? { text: errorMessage(payees.error, 'Could not load the payees.'), kind: 'error' }
            : status.message
        }
      />
      <div className="hf-payees__search">
        <label htmlFor="payees-search">Search payees</label>
        <input
          id="payees-search"
          type="search"
          className="hf-input"
          value={search}
          autoComplete="off"
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {payees.isPending && !payees.error && <p className="hf-settings__loading">Loading payees…</p>}
      {payees.data && shown.length === 0 && (
        <p className="hf-settings__empty">{search.trim() ? 'No payees match your search.' : 'No payees yet.'}</p>
      )}
      {shown.length > 0 && (
        <table className="hf-payees__table" aria-label="Payees">
          <thead>
            <tr>
              <th scope="col">Payee</th>
              <th scope="col" className="hf-payees__number">
                Transactions
              </th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="hf-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.slice(0, SHOWN_AT_MOST).map((p) => (
              <tr key={p.payee}>
                <th scope="row" className="hf-payees__name">
                  {p.payee}
                </th>
                <td className="hf-payees__number">{p.count.toLocaleString('en-US')}</td>
                <td>{displayDate(p.last_date)}</td>
                <td className="hf-payees__actions">
                  <button
                    type="button"
                    className="hf-button"
                    aria-label={`Rename ${p.payee}`}
                    onClick={() => setRenaming(p)}
                  >
                    Rename
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {shown.length > SHOWN_AT_MOST && (
        <p className="hf-settings__hint">
          Showing the {SHOWN_AT_MOST} most used of {shown.length.toLocaleString('en-US')} payees: search to find the
          others.
        </p>
      )}
      {renaming && (
        <RenamePayeeDialog
          payee={renaming}
          onClose={() => setRenaming(null)}
          onDone={(message) => {
            setRenaming(null);
            status.show(message, 'success');
          }}
        />
      )}
    </div>
  );
}
