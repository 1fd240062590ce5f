import { useEffect, useState } from 'react';
import { ApiError } from '@hf/app-kit';
import { isCleared } from '@hf/app-kit/editing';
import { Modal } from '@hf/ui';
import type { RegisterRow } from './api';
import { transactionsApi } from './api';

/** The move dialog closes itself this long after a completed move (docs/rules/screens.md). */
export const MOVE_AUTO_CLOSE_MS = 2000;

export function moveErrorMessage(err: unknown): string {
  return err instanceof ApiError && err.serverMessage ? `Error: ${err.serverMessage}` : 'Could not move transaction.';
}

/**
 * Move a transaction to another account (docs/rules/screens.md): extra confirmation when it is cleared,
 * a completion message, and auto-close after 2 s.
 */
export function MoveDialog({
  row,
  accounts,
  onMoved,
  onClose,
}: {
  row: RegisterRow;
  accounts: readonly { id: number; name: string }[];
  onMoved: (destinationId: number) => void;
  onClose: () => void;
}) {
  const others = accounts.filter((a) => a.id !== row.account_id);
  const [destination, setDestination] = useState<number | ''>(others[0]?.id ?? '');
  const [stage, setStage] = useState<'choose' | 'confirm-cleared' | 'moving' | 'done'>('choose');
  const [error, setError] = useState<string | null>(null);
  const destinationName = others.find((a) => a.id === destination)?.name ?? '';

  useEffect(() => {
    if (stage !== 'done') return;
    const timer = setTimeout(onClose, MOVE_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [stage, onClose]);

  const move = async () => {
    if (destination === '') return;
    setStage('moving');
    setError(null);
    try {
      await transactionsApi.move(row.id, destination);
      setStage('done');
      onMoved(destination);
    } catch (err) {
      setError(moveErrorMessage(err));
      setStage('choose');
    }
  };

  const submit = () => {
    if (destination === '') return;
    if (stage === 'choose' && isCleared(row.status)) setStage('confirm-cleared');
    else void move();
  };

  return (
    <Modal
      title="Move Transaction"
      onClose={onClose}
      footer={
        stage === 'done' ? (
          <button type="button" className="hf-button" onClick={onClose}>
            Close
          </button>
        ) : (
          <>
            <button
              type="button"
              className="hf-button"
              onClick={stage === 'confirm-cleared' ? () => setStage('choose') : onClose}
            >
              Cancel
            </button>
            <button
              type="button"
              className="hf-button hf-button--primary"
              disabled={destination === '' || stage === 'moving'}
              onClick={submit}
            >
              {stage === 'confirm-cleared' ? 'Yes, Move It' : 'Move'}
            </button>
          </>
        )
      }
    >
      {stage === 'done' ? (
        <p role="status" className="hf-status hf-status--success">
          Transaction moved to {destinationName}.
        </p>
      ) : stage === 'confirm-cleared' ? (
        <p>This transaction is cleared. Are you sure you want to move it to {destinationName}?</p>
      ) : (
        <>
          <p>Move &quot;{row.payee}&quot; to another account.</p>
          {others.length === 0 ? (
            <p className="ledger-muted">There is no other account to move it to.</p>
          ) : (
            <label className="hf-field">
              <span>Destination account</span>
              <select
                value={destination}
                onChange={(e) => setDestination(e.target.value ? Number(e.target.value) : '')}
              >
                {others.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </>
      )}
      {error && (
        <p role="alert" className="hf-status hf-status--error">
          {error}
        </p>
      )}
    </Modal>
  );
}
