import { useEffect, useId, useState, type FormEvent } from 'react';
import { errorMessage } from '@hf/app-kit';
import { localToday } from '@hf/calendar';
import { parseCurrencyInput, fromCents } from '@hf/money';
import { Modal } from '@hf/ui';
import { reconciliationsApi, type Reconciliation } from './api';

const AMOUNT_TEXT = /^-?\$?-?[0-9,]*(\.[0-9]{0,2})?$/;

/**
 * "Reconcile": asks the statement date and ending balance, then opens the reconciliation (or takes
 * up the open one, whose values it starts with). The register then works on it.
 */
export function ReconcileDialog({
  accountId,
  onOpened,
  onClose,
}: {
  accountId: number;
  onOpened: (reconciliation: Reconciliation) => void;
  onClose: () => void;
}) {
  const [date, setDate] = useState(() => localToday());
  const [balance, setBalance] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dateId = useId();
  const balanceId = useId();

  useEffect(() => {
    let live = true;
    reconciliationsApi.list(accountId).then(
      (list) => {
        if (!live || !list.open) return;
        setDate(list.open.statement_date);
        setBalance(list.open.statement_balance.toFixed(2));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [accountId]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = balance.trim();
    const cents = AMOUNT_TEXT.test(text) ? parseCurrencyInput(text) : null;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return setError('Please enter the statement date.');
    if (cents === null) return setError('Please enter the ending balance, with at most 2 decimals.');
    setBusy(true);
    setError(null);
    try {
      onOpened(await reconciliationsApi.open(accountId, date, fromCents(cents)));
    } catch (err) {
      setError(errorMessage(err, 'Failed to start the reconciliation.'));
      setBusy(false);
    }
  };

  return (
    <Modal
      title="Reconcile"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="hf-button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="hf-button hf-button--primary" disabled={busy} onClick={() => void submit()}>
            Start Reconciling
          </button>
        </>
      }
    >
      <form className="ledger-reconcile-form" onSubmit={(e) => void submit(e)}>
        <p className="ledger-muted">Enter the closing date and ending balance from your bank statement.</p>
        <label className="hf-field" htmlFor={dateId}>
          <span>Statement date</span>
          <input id={dateId} type="date" value={date} max={localToday()} onChange={(e) => setDate(e.target.value)} />
        </label>
        <label className="hf-field" htmlFor={balanceId}>
          <span>Ending balance</span>
          <input
            id={balanceId}
            inputMode="decimal"
            autoComplete="off"
            value={balance}
            onChange={(e) => setBalance(e.target.value)}
          />
        </label>
        {error && (
          <p role="alert" className="hf-status hf-status--error">
            {error}
          </p>
        )}
        {/* Enter in a field submits. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Modal>
  );
}
