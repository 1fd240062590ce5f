import type { CsvAnalysis } from '@hf/contracts/import';
import { unsureReasons } from './mapping';

/**
 * Why the columns were chosen, where another reading was close (docs/rules/import.md, Detection):
 * the person checks these before processing.
 */
export function DetectionNotes({ analysis }: { analysis: Pick<CsvAnalysis, 'reasons'> }) {
  const reasons = unsureReasons(analysis);
  if (reasons.length === 0) return null;
  return (
    <div className="ledger-import-reasons" role="note" aria-label="How the columns were chosen">
      <p className="ledger-import-reasons__title">Please check these columns:</p>
      <ul>
        {reasons.map((r, i) => (
          <li key={i}>{r.reason}</li>
        ))}
      </ul>
    </div>
  );
}
