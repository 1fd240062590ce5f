import type { TimedMessage } from './use-timed-message';

/**
 * A success (green) or error (red) line in a live region that is always there (so screen readers
 * announce what appears in it). A success floats over the page's foot as a toast instead of
 * taking a line of the page: showing it, and its going 3 s later, never moves the content
 * (docs/rules/screens.md, Messages). An error stays in the flow, beside what it is about.
 */
export function StatusMessage({ message }: { message: TimedMessage | null }) {
  return (
    <div className="hf-status-slot" aria-live="polite">
      {message && (
        <div
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={`hf-status hf-status--${message.kind}${message.kind === 'success' ? ' hf-status--toast' : ''}`}
        >
          {message.text}
        </div>
      )}
    </div>
  );
}
