import { StatusMessage, type TimedMessage } from '@hf/ui';
import type { EntryPosition } from './hooks';
import type { RegisterState } from './register-store';
import { countOf } from '@hf/contracts/wording';
import { formatCount } from '@hf/money';

export interface RegisterToolbarProps {
  state: RegisterState;
  clearing: boolean;
  onToggleClearing: () => void;
  onGoToToday: () => void;
  /** The entry line's position is chosen on the desktop only. */
  entryPosition: EntryPosition | null;
  onEntryPosition: (position: EntryPosition) => void;
}

/** Clearing Mode, Go to Today, the entry line's position and the count of transactions. */
export function RegisterToolbar(props: RegisterToolbarProps) {
  const { state, clearing, entryPosition } = props;
  return (
    <div className="ledger-register__toolbar">
      <button
        type="button"
        className={`hf-button${clearing ? ' hf-button--primary' : ''}`}
        aria-pressed={clearing}
        data-clearing-toggle
        onClick={props.onToggleClearing}
      >
        {clearing ? 'Exit Clearing Mode' : 'Clearing Mode'}
      </button>
      <button type="button" className="hf-button" onClick={props.onGoToToday}>
        Go to Today
      </button>
      {entryPosition !== null && (
        <label className="hf-field hf-field--inline ledger-register__position">
          <span>Entry line</span>
          <select value={entryPosition} onChange={(e) => props.onEntryPosition(e.target.value as EntryPosition)}>
            <option value="header">Header</option>
            <option value="inline">Inline</option>
            <option value="footer">Footer</option>
          </select>
        </label>
      )}
      <span className="ledger-muted ledger-register__count" aria-live="polite">
        {state.status === 'ready' &&
          (state.prevCursor
            ? `Loading ${formatCount(state.rows.length)} of ${formatCount(state.total)}...`
            : countOf(state.total, 'transaction'))}
      </span>
    </div>
  );
}

/** One reserved line: messages and the clearing-mode hint never push the register down. */
export function RegisterStatusLine({
  message,
  clearing,
  isMobile,
}: {
  message: TimedMessage | null;
  clearing: boolean;
  isMobile: boolean;
}) {
  return (
    <div className="ledger-register__status">
      {message ? (
        <StatusMessage message={message} />
      ) : (
        clearing && (
          <span className="ledger-muted ledger-register__hint" role="note">
            {isMobile
              ? 'Clearing mode: tap P (pending), X (cleared) or Clear (none) on a row.'
              : 'Clearing mode: p = pending, x = cleared, Delete = none, arrows or Enter move, Esc leaves.'}
          </span>
        )
      )}
    </div>
  );
}
