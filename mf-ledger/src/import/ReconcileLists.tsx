import type { ReactNode } from 'react';
import { displayDate, formatDollars } from '@hf/app-kit';
import type { ExistingRow, ImportedRow, ReconciliationData } from '@hf/contracts/import';
import { countTicked, type ReconcileList, type Selection } from './reconcile';
import type { SuggestedCategory } from './use-category-suggestions';
import { payeeKey } from './use-category-suggestions';
import { VirtualRows } from './VirtualRows';
import { RuleNote, type RuleNoteProps } from './rule-notes';
import { NewRowSplitEditor, SplitButton } from './NewRowSplit';
import type { NewRowSplits } from './use-new-row-splits';
import type { CategoryOption } from '@hf/app-kit/editing';
import '../register/category-suggestion.css';

const LIST_MAX_HEIGHT = 360;

/** Each list's title and the note under it. */
const LISTS: Record<ReconcileList, { title: string; note: string }> = {
  matched: {
    title: 'Matched transactions',
    note: "Rows already in your register that the file confirms: ticked rows are marked cleared (a budgeted row takes the bank's date and amount).",
  },
  new: {
    title: 'New transactions',
    note: 'Rows not in your register yet: ticked rows are added, cleared.',
  },
  duplicates: {
    title: 'Possible duplicates',
    note: 'These rows look already in your register (a cleared row with the same date, payee and amount). They are not imported unless you tick them, e.g. for a real second purchase.',
  },
};

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

interface TickListProps {
  list: ReconcileList;
  count: number;
  rowHeight: number;
  /** An imported row beside the register's row it was paired with. */
  pair?: boolean;
  /** The checkbox's accessible name for row `i`. */
  tickLabel: (i: number) => string;
  /** The imported row shown at `i`, after its checkbox... */
  imported: (i: number) => ImportedRow;
  /** ...and what follows it. */
  after: (i: number) => ReactNode;
  /** An action beside row `i` (outside its checkbox's label) and what opens under it (`tallRow`). */
  action?: (i: number) => ReactNode;
  below?: (i: number) => ReactNode;
  tallRow?: { index: number; height: number } | null;
  selection: Selection;
  busy: boolean;
  onToggle: (list: ReconcileList, index: number) => void;
  onAll: (list: ReconcileList, value: boolean) => void;
}

/** One list of the reconcile page: a title with its count and "Select all", a note, and the ticked rows, virtualised. */
function TickList(props: TickListProps) {
  const { list, count, rowHeight, pair, tickLabel, imported, after, action, below, selection, busy, onToggle, onAll } =
    props;
  const { title, note } = LISTS[list];
  const ticks = countTicked(selection[list]);
  return (
    <section className="ledger-import-section" aria-label={title}>
      <header className="ledger-import-section__header">
        <h3>
          {title} <span className="ledger-muted">({count.toLocaleString('en-US')})</span>
        </h3>
        {count > 0 && (
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
      <p className="ledger-muted ledger-import-section__note">{note}</p>
      {count === 0 ? (
        <p className="ledger-import-section__empty">None.</p>
      ) : (
        <VirtualRows
          count={count}
          rowHeight={rowHeight}
          maxHeight={LIST_MAX_HEIGHT}
          label={title}
          tallRow={props.tallRow}
          renderRow={(i) => {
            const ticked = (
              <label className={pair ? 'ledger-import-row ledger-import-row--pair' : 'ledger-import-row'}>
                <input
                  type="checkbox"
                  checked={selection[list][i]}
                  disabled={busy}
                  onChange={() => onToggle(list, i)}
                  aria-label={tickLabel(i)}
                />
                <ImportedCells row={imported(i)} />
                {after(i)}
              </label>
            );
            if (!action) return ticked;
            return (
              <div className="ledger-import-item">
                <div className="ledger-import-item__line" style={{ height: rowHeight }}>
                  {ticked}
                  {action(i)}
                </div>
                {below?.(i)}
              </div>
            );
          }}
        />
      )}
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
  /** Suggested categories of rows without one, by payeeKey (null: not shown). */
  suggestions?: ReadonlyMap<string, SuggestedCategory> | null;
  /** What the new rows' rule notes need (docs/rules/rules.md); none: no notes. */
  rules?: Omit<RuleNoteProps, 'row'>;
  /** The new rows' split lines (docs/decisions/0139); none: no "Split" action. */
  splits?: { state: NewRowSplits; categoryOptions: readonly CategoryOption[] };
}

/** The three lists of the reconcile page: matched pairs, new rows and possible duplicates, each virtualised. */
export function ReconcileLists({
  data,
  selection,
  busy,
  isMobile,
  onToggle,
  onAll,
  suggestions,
  rules,
  splits,
}: ReconcileListsProps) {
  const rowHeight = isMobile ? 64 : 40;
  const pairHeight = isMobile ? 84 : 40;
  const ticking = { selection, busy, onToggle, onAll };
  const open = splits?.state.open ?? null;
  const suggestedOf = (row: ImportedRow) => {
    const own = row.category.trim() || row.category_id;
    return own ? undefined : suggestions?.get(payeeKey(row.payee));
  };
  /** The category a split's first line starts with: the one the row would take unsplit. */
  const startCategory = (row: ImportedRow) => {
    if (row.category.trim()) return row.category.trim();
    if (row.category_id !== undefined && rules?.useRuleCategories) return rules.categoryText(row.category_id) ?? '';
    return suggestedOf(row)?.name ?? '';
  };
  return (
    <>
      <TickList
        {...ticking}
        list="matched"
        count={data.matched.length}
        rowHeight={pairHeight}
        pair
        tickLabel={(i) => `Update ${data.matched[i].existing.payee} ${displayDate(data.matched[i].existing.date)}`}
        imported={(i) => data.matched[i].imported}
        after={(i) => (
          <>
            <span className="ledger-import-row__arrow" aria-hidden="true">
              ↔
            </span>
            <ExistingCells row={data.matched[i].existing} />
          </>
        )}
      />

      <TickList
        {...ticking}
        list="new"
        count={data.new.length}
        rowHeight={rowHeight}
        tickLabel={(i) => `Import ${data.new[i].payee} ${displayDate(data.new[i].date)}`}
        imported={(i) => data.new[i]}
        after={(i) => {
          const row = data.new[i];
          // A split row's categories are its lines': the file's, a rule's or a suggested one do not apply.
          const split = splits?.state.kept.has(i) ?? false;
          const suggested = split ? undefined : suggestedOf(row);
          return (
            <span className="ledger-import-row__extra ledger-ellipsis ledger-muted">
              {suggested && <span className="ledger-import-row__suggested">Suggested: {suggested.name}</span>}
              {[suggested || split ? '' : row.category, row.notes].filter(Boolean).join(' · ')}
              {rules && <RuleNote row={row} {...rules} useRuleCategories={rules.useRuleCategories && !split} />}
            </span>
          );
        }}
        action={
          splits &&
          ((i) => (
            <SplitButton
              index={i}
              row={data.new[i]}
              splits={splits.state}
              startCategory={startCategory(data.new[i])}
              disabled={busy}
            />
          ))
        }
        below={
          splits &&
          ((i) =>
            open?.index === i ? (
              <NewRowSplitEditor row={data.new[i]} splits={splits.state} categoryOptions={splits.categoryOptions} />
            ) : null)
        }
        tallRow={open && splits ? { index: open.index, height: splits.state.openHeight(rowHeight) } : null}
      />

      {data.duplicates.length > 0 && (
        <TickList
          {...ticking}
          list="duplicates"
          count={data.duplicates.length}
          rowHeight={pairHeight}
          pair
          tickLabel={(i) =>
            `Import ${data.duplicates[i].imported.payee} ${displayDate(data.duplicates[i].imported.date)} anyway`
          }
          imported={(i) => data.duplicates[i].imported}
          after={(i) => (
            <span className="ledger-import-row__existing ledger-ellipsis ledger-muted">
              already in your register ({data.duplicates[i].existing.payee},{' '}
              {displayDate(data.duplicates[i].existing.date)})
            </span>
          )}
        />
      )}
    </>
  );
}
