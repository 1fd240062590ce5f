import './reading-notices.css';
import type { CsvAnalysis } from '@hf/contracts/import';

/**
 * What the server did while reading the file that changes what the person sees (docs/rules/import.md:
 * a QIF row without a payee takes its memo or category; a CAMT entry without a counterparty its
 * description).
 */
export function ReadingNotices({ analysis }: { analysis: Pick<CsvAnalysis, 'notices'> }) {
  if (!analysis.notices || analysis.notices.length === 0) return null;
  return (
    <div className="ledger-import-notices" role="note" aria-label="How the file was read">
      {analysis.notices.map((notice) => (
        <p key={notice}>{notice}</p>
      ))}
    </div>
  );
}
