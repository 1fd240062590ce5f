import type { TimedMessage } from './use-timed-message';

/** A success (green) or error (red) line, announced to screen readers. */
export function StatusMessage({ message }: { message: TimedMessage | null }) {
  if (!message) return null;
  return (
    <div role={message.kind === 'error' ? 'alert' : 'status'} className={`hf-status hf-status--${message.kind}`}>
      {message.text}
    </div>
  );
}
