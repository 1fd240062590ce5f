import { ACCOUNT_KIND_LABELS, ACCOUNT_KINDS, isLiability } from '@hf/contracts/ledger-limits';
import type { KindDraft } from './kind-draft';

/**
 * The Kind select, then the field that fits the kind: a credit card's credit limit (blank: no
 * limit, no warning), an asset account's low-balance threshold (blank: warn below $0.00); a loan
 * has neither.
 */
export function AccountKindFields({ draft, onChange }: { draft: KindDraft; onChange: (draft: KindDraft) => void }) {
  return (
    <>
      <label className="hf-field">
        <span>Kind</span>
        <select value={draft.kind} onChange={(e) => onChange({ ...draft, kind: e.target.value as KindDraft['kind'] })}>
          {ACCOUNT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {ACCOUNT_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
      {draft.kind === 'credit_card' ? (
        <label className="hf-field">
          <span>Credit limit</span>
          <input
            type="number"
            step="0.01"
            placeholder="No limit"
            value={draft.creditLimit}
            onChange={(e) => onChange({ ...draft, creditLimit: e.target.value })}
          />
        </label>
      ) : (
        !isLiability(draft.kind) && (
          <label className="hf-field">
            <span>Low-balance threshold</span>
            <input
              type="number"
              step="0.01"
              placeholder="0.00"
              value={draft.threshold}
              onChange={(e) => onChange({ ...draft, threshold: e.target.value })}
            />
          </label>
        )
      )}
    </>
  );
}
