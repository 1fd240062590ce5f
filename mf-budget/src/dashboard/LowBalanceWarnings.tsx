import { useState } from 'react';
import type { AccountProjection } from './api';
import { dismiss, isDismissed, warningText, type Warning } from './low-balance-warnings';

type Warned = AccountProjection & { account_id: number; warning: Warning };

/**
 * The accounts' low-balance warnings that are not dismissed, each with its Dismiss button
 * (docs/rules/forecast.md, "Low-balance warnings"). Net worth never warns.
 */
export function LowBalanceWarnings({ projections }: { projections: readonly AccountProjection[] }) {
  const [, setDismissals] = useState(0);
  const shown = projections.filter(
    (p): p is Warned => p.account_id !== null && p.warning !== null && !isDismissed(p.account_id, p.warning),
  );
  if (shown.length === 0) return null;
  return (
    <ul className="dash-warnings" aria-label="Low balance warnings">
      {shown.map((p) => (
        <li key={p.account_id} className="dash-warning">
          <span className="dash-warning__text">{warningText(p.account_name, p.account_kind, p.warning)}</span>
          <button
            type="button"
            className="hf-button dash-warning__dismiss"
            aria-label={`Dismiss the warning for ${p.account_name}`}
            onClick={() => {
              dismiss(p.account_id, p.warning);
              setDismissals((n) => n + 1);
            }}
          >
            Dismiss
          </button>
        </li>
      ))}
    </ul>
  );
}
