/** A row's change history in a dialog (register row menu, reports drill-down): `@hf/ui/history`. */
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { errorMessage, useAccounts } from '@hf/app-kit';
import { useCategoryOptions } from '@hf/app-kit/editing';
import { changeLines, fetchRowHistory, headline, rowHistoryKey, whenOf, type NameLookups } from '@hf/app-kit/history';
import type { HistoryEntry } from '@hf/contracts/history';
import { Modal } from './Modal';

/** Account and category names for the words of a change (deleted ones are not in the lists). */
export function useNameLookups(): NameLookups {
  const accounts = useAccounts().data;
  const { options } = useCategoryOptions();
  return useMemo(() => {
    const accountNames = new Map((accounts ?? []).map((a) => [a.id, a.name]));
    const categoryNames = new Map(options.map((c) => [c.id, c.text]));
    return { accountName: (id) => accountNames.get(id), categoryName: (id) => categoryNames.get(id) };
  }, [accounts, options]);
}

/** One change: who and what in words, when, and each field from and to. */
export function HistoryItem({ entry, names, extra }: { entry: HistoryEntry; names: NameLookups; extra?: ReactNode }) {
  const lines = changeLines(entry, names);
  return (
    <li className="hf-history__item">
      <div className="hf-history__head">
        <strong>{headline(entry)}</strong>
        <time dateTime={entry.changed_at} className="hf-muted">
          {whenOf(entry.changed_at)}
        </time>
      </div>
      {extra}
      {lines.length > 0 && (
        <ul className="hf-history__fields">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** A row's history (register row menu, drill-down): who, when, what changed from what to what, newest first. */
export function HistoryDialog({
  transactionId,
  payee,
  onClose,
}: {
  transactionId: number;
  payee: string;
  onClose: () => void;
}) {
  const names = useNameLookups();
  const history = useQuery({
    queryKey: rowHistoryKey(transactionId),
    queryFn: () => fetchRowHistory(transactionId),
    staleTime: 0,
  });
  return (
    <Modal
      title={`History of “${payee}”`}
      onClose={onClose}
      wide
      footer={
        <button type="button" className="hf-button" onClick={onClose}>
          Close
        </button>
      }
    >
      {history.isPending && <p className="hf-muted">Loading history...</p>}
      {history.isError && (
        <p role="alert" className="hf-status hf-status--error">
          {errorMessage(history.error, 'Could not fetch the history.')}
        </p>
      )}
      {history.data && history.data.length === 0 && <p className="hf-muted">No changes recorded.</p>}
      {history.data && history.data.length > 0 && (
        <ol className="hf-history" aria-label="Changes, newest first">
          {history.data.map((entry) => (
            <HistoryItem key={entry.id} entry={entry} names={names} />
          ))}
        </ol>
      )}
    </Modal>
  );
}
