import type { ReactNode } from 'react';
import { displayDate, formatDollars } from '@hf/app-kit';
import type { ExistingRow, ImportedRow, ReconciliationData } from '@hf/contracts/import';
import { countTicked, type ReconcileList, type Selection } from './reconcile';
import { VirtualRows } from './VirtualRows';

const LIST_MAX_HEIGHT = 360;

function Amount({ value }: { value: number }) {
  return (
    <span className={`ledger-import-row__amount ledger-num${value < 0 ? ' is-payment' : ' is-deposit'}`}>
      {formatDollars(value)}
    </span>
  );
}

function ImportedCells({ row }: { row: ImportedRow }) {
  return (
    <>
      <span className="ledger-import-row__date">{displayDate(row.date)}</span>
      <span className="ledger-import-row__payee ledger-ellipsis" title={row.payee}>
        {row.payee}
      </span>
      <Amount value={row.amount} />
    </>
  );
}

function ExistingCells({ row }: { row: ExistingRow }) {
  return (
    <span className="ledger-import-row__existing ledger-ellipsis">
      <span className="ledger-muted">In register: </span>
      {displayDate(row.date)} · {row.payee} · {formatDollars(row.amount)}
      {row.is_budgeted && <span className="ledger-import-row__tag">Budgeted</span>}
    </span>
  );
}

function Section({
  title,
  count,
  list,
  selection,
  onAll,
  children,
  note,
}: {
  title: string;
  count: number;
  list?: ReconcileList;
  selection?: Selection;
  onAll?: (list: ReconcileList, value: boolean) => void;
  children: ReactNode;
  note?: ReactNode;
}) {
  const ticks = list && selection ? countTicked(selection[list]) : 0;
  return (
    <section className="ledger-import-section" aria-label={title}>
      <header className="ledger-import-section__header">
        <h3>
          {title} <span className="ledger-muted">({count.toLocaleString('en-US')})</span>
        </h3>
        {list && onAll && count > 0 && (
          <label className="hf-check">
            <input
              type="checkbox"
              checked={ticks === count}
              ref={(el) => {
                if (el) el.indeterminate = ticks > 0 && ticks < count;
              }}
              onChange={(e) => onAll(list, e.target.checked)}
            />
            <span>Select all {title.toLowerCase()}</span>
          </label>
        )}
      </header>
      {note && <p className="ledger-muted ledger-import-section__note">{note}</p>}
      {count === 0 ? <p className="ledger-import-section__empty">None.</p> : children}
    </section>
  );
}

export interface ReconcileListsProps {
  data: ReconciliationData;
  selection: Selection;
  busy: boolean;
  /** Taller rows at 768 px or less. */
  isMobile: boolean;
  onToggle: (list: ReconcileList, index: number) => void;
  onAll: (list: ReconcileList, value: boolean) => void;
}

/** The three lists of the reconcile page: matched pairs, new rows and possible duplicates, each virtualised. */
export function ReconcileLists({
  data,
  selection,
  busy,
  isMobile,
  onToggle: toggle,
  onAll: setAll,
}: ReconcileListsProps) {
  const rowHeight = isMobile ? 64 : 40;
  const pairHeight = isMobile ? 84 : 40;
  return (
    <>
      <Section
        title="Matched transactions"
        count={data.matched.length}
        list="matched"
        selection={selection}
        onAll={setAll}
        note="Rows already in your register that the file confirms: ticked rows are marked cleared (a budgeted row takes the bank's date and amount)."
      >
        {data.matched.length > 0 && (
          <VirtualRows
            count={data.matched.length}
            rowHeight={pairHeight}
            maxHeight={LIST_MAX_HEIGHT}
            label="Matched transactions"
            renderRow={(i) => {
              const pair = data.matched[i];
              return (
                <label className="ledger-import-row ledger-import-row--pair">
                  <input
                    type="checkbox"
                    checked={selection.matched[i]}
                    disabled={busy}
                    onChange={() => toggle('matched', i)}
                    aria-label={`Update ${pair.existing.payee} ${displayDate(pair.existing.date)}`}
                  />
                  <ImportedCells row={pair.imported} />
                  <span className="ledger-import-row__arrow" aria-hidden="true">
                    ↔
                  </span>
                  <ExistingCells row={pair.existing} />
                </label>
              );
            }}
          />
        )}
      </Section>

      <Section
        title="New transactions"
        count={data.new.length}
        list="new"
        selection={selection}
        onAll={setAll}
        note="Rows not in your register yet: ticked rows are added, cleared."
      >
        {data.new.length > 0 && (
          <VirtualRows
            count={data.new.length}
            rowHeight={rowHeight}
            maxHeight={LIST_MAX_HEIGHT}
            label="New transactions"
            renderRow={(i) => {
              const row = data.new[i];
              return (
                <label className="ledger-import-row">
                  <input
                    type="checkbox"
                    checked={selection.new[i]}
                    disabled={busy}
                    onChange={() => toggle('new', i)}
                    aria-label={`Import ${row.payee} ${displayDate(row.date)}`}
                  />
                  <ImportedCells row={row} />
                  <span className="ledger-import-row__extra ledger-ellipsis ledger-muted">
                    {[row.category, row.notes].filter(Boolean).join(' · ')}
                  </span>
                </label>
              );
            }}
          />
        )}
      </Section>

      {data.duplicates.length > 0 && (
        <Section
          title="Possible duplicates"
          count={data.duplicates.length}
          list="duplicates"
          selection={selection}
          onAll={setAll}
          note="These rows look already in your register (a cleared row with the same date, payee and amount). They are not imported unless you tick them, e.g. for a real second purchase."
        >
          <VirtualRows
            count={data.duplicates.length}
            rowHeight={pairHeight}
            maxHeight={LIST_MAX_HEIGHT}
            label="Possible duplicates"
            renderRow={(i) => {
              const pair = data.duplicates[i];
              return (
                <label className="ledger-import-row ledger-import-row--pair">
                  <input
                    type="checkbox"
                    checked={selection.duplicates[i]}
                    disabled={busy}
                    onChange={() => toggle('duplicates', i)}
                    aria-label={`Import ${pair.imported.payee} ${displayDate(pair.imported.date)} anyway`}
                  />
                  <ImportedCells row={pair.imported} />
                  <span className="ledger-import-row__existing ledger-ellipsis ledger-muted">
                    already in your register ({pair.existing.payee}, {displayDate(pair.existing.date)})
                  </span>
                </label>
              );
            }}
          />
        </Section>
      )}
    </>
  );
}
