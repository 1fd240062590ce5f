import { formatDollars } from '@hf/app-kit';
import { envelopeProgress, type Envelope } from '@hf/app-kit/budget/envelopes';
import { ProgressBar } from '@hf/ui/progress-bar';
import { formatCurrency } from '@hf/money';
import { longMonthLabel } from './months';

const AMOUNT_COLUMNS = ['Amount', 'Rollover', 'Spent', 'Left'] as const;

/** The envelopes of a month: amount, rollover, spent, left and the progress bar, each with Delete. */
export function EnvelopesTable({
  list,
  month,
  onDelete,
}: {
  list: readonly Envelope[];
  month: string;
  onDelete: (envelope: Envelope) => void;
}) {
  return (
    <div className="hf-table-wrap budget-envelopes-wrap">
      <table className="hf-table budget-envelopes" aria-label={`Envelopes of ${longMonthLabel(month)}`}>
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
          {list.map((envelope) => {
            const progress = envelopeProgress(envelope);
            return (
              <tr
                key={`${envelope.id}-${envelope.category_id}`}
                data-envelope={envelope.category_name}
                data-tone={progress.tone}
              >
                <th scope="row" className="budget-envelopes__name">
                  {envelope.category_name}
                </th>
                <td className="hf-num">{formatDollars(envelope.amount)}</td>
                <td
                  className="hf-num"
                  title={envelope.rollover_enabled ? 'Rolls over into next month' : 'Does not roll over'}
                >
                  {formatDollars(envelope.rollover)}
                  {!envelope.rollover_enabled && <span className="budget-badge">off</span>}
                </td>
                <td className="hf-num">{formatDollars(envelope.spent)}</td>
                <td className={`hf-num budget-left budget-left--${progress.tone}`}>
                  {formatCurrency(progress.leftCents)}
                </td>
                <td className="budget-envelopes__bar">
                  <ProgressBar
                    value={progress.share}
                    tone={progress.tone}
                    label={`${envelope.category_name} remaining`}
                  />
                </td>
                <td className="budget-actions">
                  <button
                    type="button"
                    className="hf-button hf-button--small"
                    aria-label={`Delete ${envelope.category_name} envelope`}
                    onClick={() => onDelete(envelope)}
                  >
                    Delete
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
