import { ProgressBar } from '@hf/ui/progress-bar';
import { progressFraction, type UploadProgress } from '@hf/app-kit/upload';

/**
 * Progress of a call: a determinate bar while the body is sent (a large file), then "waiting"
 * while the server reads and matches it.
 */
export function ImportProgress({
  progress,
  sendingLabel,
  waitingLabel,
}: {
  progress: UploadProgress | null;
  sendingLabel: string;
  waitingLabel: string;
}) {
  const waiting = progress?.phase === 'waiting';
  const fraction = progressFraction(progress);
  return (
    <div className="ledger-import-progress" aria-live="polite">
      <ProgressBar value={fraction} tone="neutral" label={waiting ? waitingLabel : sendingLabel} />
      <span className="ledger-muted">{waiting ? waitingLabel : `${sendingLabel} ${Math.round(fraction * 100)}%`}</span>
    </div>
  );
}
