import { formatDollars } from '@hf/app-kit';
import { envelopeProgress, type Envelope } from '@hf/app-kit/budget/envelopes';
import { EditIcon, TrashIcon } from '@hf/ui/icons';
import { ProgressBar } from '@hf/ui/progress-bar';
import { formatCurrency } from '@hf/money';
import type { KeyboardEvent } from 'react';
import { longMonthLabel } from './months';
import type { Cell } from './PlannedItemRow';
import { ENVELOPE_COLUMNS, useEnvelopeGrid, type EnvelopeColumn } from './use-envelope-grid';

const AMOUNT_COLUMNS = ['Amount', 'Rollover', 'Spent', 'Left'] as const;

type Grid = ReturnType<typeof useEnvelopeGrid>;

/** The editor of an Amount (a text field) or Rollover (a checkbox) cell; leaving it saves. */
function EnvelopeCellEditor({ envelope, column, grid }: { envelope: Envelope; column: EnvelopeColumn; grid: Grid }) {
  const common = {
    ref: focusOnMount,
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => grid.onEditorKey(e),
    onBlur: () => void grid.commit(),
  };
  if (column === 'rollover')
    return (
      <label className="hf-check budget-editor">
        <input
          type="checkbox"
          checked={grid.editing?.text === 'true'}
          onChange={(e) => grid.setEditingText(String(e.target.checked))}
          {...common}
        />
        <span>Rolls over</span>
      </label>
    );
  return (
    <input
      type="text"
      inputMode="decimal"
      aria-label={`${envelope.category_name} amount`}
      className="hf-input budget-editor__input"
      value={grid.editing?.text ?? ''}
      onChange={(e) => grid.setEditingText(e.target.value)}
      {...common}
    />
  );
}

/** Focuses an editor when it opens; an amount opened by typing keeps its first character, else its text is selected. */
function focusOnMount(el: HTMLInputElement | null) {
  if (!el || document.activeElement === el) return;
  el.focus();
  if (el.type !== 'text') return;
  if (el.value.length === 1) el.setSelectionRange(1, 1);
  else el.select();
}

/**
 * The envelopes of a month: amount, rollover, spent, left and the progress bar. Amount and
 * Rollover are edited in place with The Predictables' keys (use-envelope-grid); each row has Edit
 * and Delete buttons named by its category.
 */
export function EnvelopesTable({
  list,
  month,
  onDelete,
  onError,
  refresh,
}: {
  list: readonly Envelope[];
  month: string;
  onDelete: (envelope: Envelope) => void;
  onError: (message: string | null) => void;
  refresh: () => Promise<void>;
}) {
  const grid = useEnvelopeGrid({ list, month, onError, refresh });
  const { activeCell, editing } = grid;

  /** An editable cell: the active one takes Tab focus (the first one while none is). */
  const cellProps = (envelope: Envelope, cell: Cell) => {
    const isActive = activeCell
      ? activeCell.row === cell.row && activeCell.col === cell.col
      : cell.row === 0 && cell.col === 0;
    const isEditing = editing !== null && editing.itemId === envelope.id && editing.col === cell.col;
    return {
      isEditing,
      props: {
        role: 'gridcell',
        'data-cell': `${cell.row}-${cell.col}`,
        tabIndex: isEditing ? -1 : isActive ? 0 : -1,
        className: ['hf-num', isEditing ? 'is-editing' : '', isActive && activeCell ? 'is-active' : '']
          .filter(Boolean)
          .join(' '),
        onClick: () => {
          if (!isEditing) grid.startEdit(cell);
        },
        onFocus: () => {
          if (!isEditing && (!activeCell || activeCell.row !== cell.row || activeCell.col !== cell.col))
            grid.setActive(cell);
        },
        onKeyDown: (e: KeyboardEvent<HTMLElement>) => grid.onCellKey(e, cell),
      },
    };
  };

  return (
    <div className="hf-table-wrap budget-envelopes-wrap">
      <table
        ref={grid.tableRef}
        role="grid"
        className="hf-table budget-envelopes"
        aria-label={`Envelopes of ${longMonthLabel(month)}`}
      >
        <thead>
          <tr>
            <th scope="col">Category</th>
            {AMOUNT_COLUMNS.map((name) => (
              <th key={name} scope="col" className="hf-num">
                {name}
              </th>
            ))}
            <th scope="col">Progress</th>
            <th scope="col">
              <span className="hf-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((envelope, row) => {
            const progress = envelopeProgress(envelope);
            const [amount, rollover] = ENVELOPE_COLUMNS.map((_, col) => cellProps(envelope, { row, col }));
            const name = envelope.category_name;
            return (
              // Keyed by category: a carried month made its own gets new ids, and its cells keep their focus.
              <tr key={envelope.category_id} data-envelope={name} data-tone={progress.tone}>
                <th scope="row" className="budget-envelopes__name">
                  {name}
                </th>
                <td {...amount.props}>
                  {amount.isEditing ? (
                    <EnvelopeCellEditor envelope={envelope} column="amount" grid={grid} />
                  ) : (
                    formatDollars(envelope.amount)
                  )}
                </td>
                <td
                  {...rollover.props}
                  title={envelope.rollover_enabled ? 'Rolls over into next month' : 'Does not roll over'}
                >
                  {rollover.isEditing ? (
                    <EnvelopeCellEditor envelope={envelope} column="rollover" grid={grid} />
                  ) : (
                    <>
                      {formatDollars(envelope.rollover)}
                      {!envelope.rollover_enabled && <span className="budget-badge">off</span>}
                    </>
                  )}
                </td>
                <td className="hf-num">{formatDollars(envelope.spent)}</td>
                <td className={`hf-num budget-left budget-left--${progress.tone}`}>
                  {formatCurrency(progress.leftCents)}
                </td>
                <td className="budget-envelopes__bar">
                  <ProgressBar value={progress.share} tone={progress.tone} label={`${name} remaining`} />
                </td>
                <td className="budget-actions">
                  <button
                    type="button"
                    className="hf-icon-button"
                    aria-label={`Edit ${name}`}
                    title="Edit"
                    onClick={() => grid.startEdit({ row, col: 0 })}
                  >
                    <EditIcon />
                  </button>
                  <button
                    type="button"
                    className="hf-icon-button"
                    aria-label={`Delete ${name}`}
                    title="Delete"
                    onClick={() => onDelete(envelope)}
                  >
                    <TrashIcon />
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
