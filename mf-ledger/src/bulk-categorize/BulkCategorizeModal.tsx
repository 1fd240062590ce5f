import { useState, type FormEvent } from 'react';
import { ApiError, displayDate, formatDollars } from '@hf/app-kit';
import { findCategoryByText, useCategoryOptions } from '@hf/app-kit/editing';
import { Modal, StatusMessage, useTimedMessage } from '@hf/ui';
import { CategoryInput } from '@hf/ui/editing';
import { transactionsApi, type SearchResult } from '../register/api';
import { countOf } from '@hf/contracts/wording';
import { TRANSFER_CATEGORY_NAME } from '@hf/contracts/ledger-limits';

/** "a, b ,c" -> ['a', 'b', 'c'] (blank terms dropped). */
export function parseSearchTerms(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

export const BULK_SELECTION_MESSAGE = 'Please select a category and at least one transaction.';

const rows = (n: number) => countOf(n, 'transaction');

/**
 * What an apply did: "Update successful. 3 transactions selected, 2 changed." Rows already in the
 * category (and transfers, which take none) are selected but not changed.
 */
export function bulkResultMessage(selected: number, changed: number | undefined, skippedSplit = 0): string {
  if (changed === undefined) return `Update successful. ${rows(selected)} selected.${splitsLeft(skippedSplit)}`;
  const unchanged = selected - changed - skippedSplit;
  const why =
    unchanged > 0
      ? ` (${unchanged} already had this category or ${unchanged === 1 ? 'is a transfer' : 'are transfers'})`
      : '';
  return `Update successful. ${rows(selected)} selected, ${changed} changed${why}.${splitsLeft(skippedSplit)}`;
}

/** Split rows keep their lines (bulk categorize never changes them): " 2 split rows were left as they are." */
function splitsLeft(skipped: number): string {
  if (skipped <= 0) return '';
  return ` ${countOf(skipped, 'split row')} ${skipped === 1 ? 'was left as it is' : 'were left as they are'}.`;
}

const isSplit = (r: { splits?: readonly unknown[] }) => (r.splits?.length ?? 0) > 0;

export function bulkErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.serverMessage ?? 'Failed to apply category.';
  return 'An unknown error occurred during categorization.';
}

/** Search the account's transactions by payees, select results, apply a category (docs/rules/screens.md). */
export function BulkCategorizeModal({
  accountId,
  onClose,
  onApplied,
}: {
  accountId: number;
  onClose: () => void;
  /** `ids`: the rows sent (Undo takes back the change of each that changed). */
  onApplied: (ids?: number[]) => void;
}) {
  const { options } = useCategoryOptions();
  const [terms, setTerms] = useState('');
  const [uncategorizedOnly, setUncategorizedOnly] = useState(false);
  const [results, setResults] = useState<SearchResult[] | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [category, setCategory] = useState('');
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage();

  const search = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    try {
      const found = await transactionsApi.search(accountId, parseSearchTerms(terms), uncategorizedOnly);
      setResults(found);
      setSelected(new Set());
    } catch {
      show('Failed to fetch transactions.', 'error');
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    const chosen = findCategoryByText(category, options);
    if (!chosen || selected.size === 0) {
      show(BULK_SELECTION_MESSAGE, 'error');
      return;
    }
    setBusy(true);
    try {
      // The rows this changes (not those already in the category, nor transfers): what Undo takes back.
      const changing = (results ?? [])
        .filter(
          (r) =>
            selected.has(r.id) &&
            !isSplit(r) &&
            r.category_id !== chosen.id &&
            r.category_name !== TRANSFER_CATEGORY_NAME,
        )
        .map((r) => r.id);
      const result = await transactionsApi.bulkCategorize([...selected], chosen.id);
      show(bulkResultMessage(result?.selected ?? selected.size, result?.changed, result?.skipped_split));
      onApplied(changing.length > 0 && result?.changed !== 0 ? changing : undefined);
      setResults((list) =>
        list
          ? uncategorizedOnly
            ? list.filter((r) => !selected.has(r.id) || isSplit(r))
            : list.map((r) =>
                selected.has(r.id) && !isSplit(r) ? { ...r, category_id: chosen.id, category_name: chosen.text } : r,
              )
          : list,
      );
      setSelected(new Set());
    } catch (err) {
      show(bulkErrorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  const allSelected = results !== null && results.length > 0 && results.every((r) => selected.has(r.id));
  const toggleAll = () => setSelected(allSelected || !results ? new Set() : new Set(results.map((r) => r.id)));
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Modal
      title="Bulk Categorize"
      wide
      onClose={onClose}
      footer={
        <>
          <button type="button" className="hf-button" onClick={onClose}>
            Close
          </button>
          <button type="button" className="hf-button hf-button--primary" disabled={busy} onClick={() => void apply()}>
            Apply
          </button>
        </>
      }
    >
      <form className="ledger-bulk__search" onSubmit={search}>
        <label className="hf-field">
          <span>Payees (comma-separated)</span>
          <input
            type="text"
            value={terms}
            placeholder="e.g. Amazon, Target"
            onChange={(e) => setTerms(e.target.value)}
          />
        </label>
        <label className="ledger-checkbox">
          <input type="checkbox" checked={uncategorizedOnly} onChange={(e) => setUncategorizedOnly(e.target.checked)} />
          <span>Uncategorized only</span>
        </label>
        <button type="submit" className="hf-button" disabled={busy}>
          Search
        </button>
      </form>
      <StatusMessage message={message} />
      {results !== null && (
        <SearchResultsTable
          results={results}
          selected={selected}
          allSelected={allSelected}
          onToggleAll={toggleAll}
          onToggle={toggle}
        />
      )}
      <div className="ledger-bulk__apply">
        <span className="ledger-muted">{selected.size} selected</span>
        <label className="hf-stacked-field ledger-bulk__category">
          <span aria-hidden="true">Category</span>
          <CategoryInput value={category} onChange={setCategory} options={options} allowTransfer={false} />
        </label>
      </div>
    </Modal>
  );
}

/** The search's results, each with its checkbox, and one to select them all. */
function SearchResultsTable({
  results,
  selected,
  allSelected,
  onToggleAll,
  onToggle,
}: {
  results: SearchResult[];
  selected: ReadonlySet<number>;
  allSelected: boolean;
  onToggleAll: () => void;
  onToggle: (id: number) => void;
}) {
  return results.length === 0 ? (
    <p className="hf-empty">No transactions found.</p>
  ) : (
    <div className="ledger-bulk__results">
      <table className="ledger-simple-table">
        <thead>
          <tr>
            <th scope="col">
              <input type="checkbox" aria-label="Select all" checked={allSelected} onChange={onToggleAll} />
            </th>
            <th scope="col">Date</th>
            <th scope="col">Payee</th>
            <th scope="col" className="ledger-num">
              Amount
            </th>
            <th scope="col">Category</th>
          </tr>
        </thead>
        <tbody>
          {results.map((r) => (
            <tr key={r.id}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Select ${r.payee} ${displayDate(r.date)}`}
                  checked={selected.has(r.id)}
                  onChange={() => onToggle(r.id)}
                />
              </td>
              <td>{displayDate(r.date)}</td>
              <td>{r.payee}</td>
              <td className="ledger-num">{formatDollars(r.amount)}</td>
              <td>{isSplit(r) ? `Split (${r.splits!.length})` : (r.category_name ?? '')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
