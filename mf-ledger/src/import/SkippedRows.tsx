import { useState } from 'react';
import type { SkippedRow } from '@hf/contracts/import';
import { SKIPPED_PREVIEW_ROWS, visibleSkippedRows } from './mapping';

/** The warning about rows that will not be imported: the first 10, then a toggle for all (spec section 4). */
export function SkippedRows({ rows }: { rows: readonly SkippedRow[] }) {
  const [showAll, setShowAll] = useState(false);
  if (rows.length === 0) return null;
  const visible = visibleSkippedRows(rows, showAll);
  return (
    <div className="ledger-import-skipped" role="region" aria-label="Skipped rows">
      <p className="ledger-import-skipped__title">
        {rows.length === 1 ? '1 row will be skipped' : `${rows.length.toLocaleString('en-US')} rows will be skipped`} (missing date or payee, or unreadable):
      </p>
      <ul className="ledger-import-skipped__list">
        {visible.map((row) => (
          <li key={row.row_number}>
            <strong>Row {row.row_number}:</strong> {row.reason}
            {row.data.length > 0 && <span className="ledger-muted"> — {row.data.join(', ')}</span>}
          </li>
        ))}
      </ul>
      {rows.length > SKIPPED_PREVIEW_ROWS && (
        <button type="button" className="ledger-link-button" aria-expanded={showAll} onClick={() => setShowAll((v) => !v)}>
          {showAll ? `Show the first ${SKIPPED_PREVIEW_ROWS} only` : `Show all ${rows.length.toLocaleString('en-US')} skipped rows`}
        </button>
      )}
    </div>
  );
}
