import { useState } from 'react';
import type { SkippedRow } from '@hf/contracts/import';
import { SKIPPED_PREVIEW_ROWS, visibleSkippedRows } from './mapping';
import { VirtualRows } from './VirtualRows';

/** "Show all" may list up to the file's row limit: one line per row, only those on screen in the DOM. */
const ALL_ROW_HEIGHT = 26;
const ALL_MAX_HEIGHT = 300;

function skippedText(row: SkippedRow): { head: string; reason: string; data: string } {
  return {
    head: `Row ${row.row_number}:`,
    reason: ` ${row.reason}`,
    data: row.data.length > 0 ? ` — ${row.data.join(', ')}` : '',
  };
}

function SkippedLine({ row }: { row: SkippedRow }) {
  const { head, reason, data } = skippedText(row);
  return (
    <>
      <strong>{head}</strong>
      {reason}
      {data && <span className="ledger-muted">{data}</span>}
    </>
  );
}

/**
 * The warning about rows that will not be imported: the first 10, then a toggle for all
 * (docs/rules/import.md), which lists them virtualised (a wrong mapping can skip every row of a large file).
 */
export function SkippedRows({ rows, checking = false }: { rows: readonly SkippedRow[]; checking?: boolean }) {
  const [showAll, setShowAll] = useState(false);
  if (rows.length === 0) return null;
  const visible = visibleSkippedRows(rows, showAll);
  return (
    <div className="ledger-import-skipped" role="region" aria-label="Skipped rows" aria-busy={checking}>
      <p className="ledger-import-skipped__title">
        {rows.length === 1 ? '1 row will be skipped' : `${rows.length.toLocaleString('en-US')} rows will be skipped`}{' '}
        (missing date or payee, or unreadable):
      </p>
      {showAll ? (
        <VirtualRows
          count={visible.length}
          rowHeight={ALL_ROW_HEIGHT}
          maxHeight={ALL_MAX_HEIGHT}
          label="All skipped rows"
          renderRow={(index) => {
            const { head, reason, data } = skippedText(visible[index]);
            return (
              <span className="ledger-import-skipped__line" title={`${head}${reason}${data}`}>
                <SkippedLine row={visible[index]} />
              </span>
            );
          }}
        />
      ) : (
        <ul className="ledger-import-skipped__list">
          {visible.map((row) => (
            <li key={row.row_number}>
              <SkippedLine row={row} />
            </li>
          ))}
        </ul>
      )}
      {rows.length > SKIPPED_PREVIEW_ROWS && (
        <button
          type="button"
          className="ledger-link-button"
          aria-expanded={showAll}
          onClick={() => setShowAll((v) => !v)}
        >
          {showAll
            ? `Show the first ${SKIPPED_PREVIEW_ROWS} only`
            : `Show all ${rows.length.toLocaleString('en-US')} skipped rows`}
        </button>
      )}
    </div>
  );
}
