import { useEffect, useState } from 'react';
import { displayDate, errorMessage, formatDollars } from '@hf/app-kit';
import { Modal, StatusMessage } from '@hf/ui';
import { previewApply, useApplyRule, type ApplyRuleResponse, type Rule } from './rules-api';

export interface ApplyRuleDialogProps {
  rule: Rule;
  onDone: (message: string) => void;
  onClose: () => void;
}

/** Rows listed in the preview; the count says how many there are in all. */
const PREVIEW_SHOWN = 200;

const change = (before: string, after: string) =>
  before === after ? before || '—' : `${before || '—'} → ${after || '—'}`;

/**
 * "Apply to existing": first the preview (the rows the rule would change, each with its payee,
 * category and notes before and after), then Apply changes them all in one go. Nothing changes
 * before Apply.
 */
export function ApplyRuleDialog({ rule, onDone, onClose }: ApplyRuleDialogProps) {
  const [preview, setPreview] = useState<ApplyRuleResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const apply = useApplyRule();

  useEffect(() => {
    let live = true;
    previewApply(rule.id).then(
      (answer) => live && setPreview(answer),
      (err) => live && setError(errorMessage(err, 'Could not preview the rule.')),
    );
    return () => {
      live = false;
    };
  }, [rule.id]);

  const confirm = () =>
    apply.mutate(rule.id, {
      onSuccess: (answer) => onDone(answer.message),
      onError: (err) => setError(errorMessage(err, 'Could not apply the rule.')),
    });

  return (
    <Modal
      title={`Apply "${rule.name}" to Existing Transactions`}
      onClose={onClose}
      wide
      footer={
        <div className="hf-settings__actions">
          <button type="button" className="hf-button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="hf-button hf-button--primary"
            data-autofocus
            disabled={!preview || preview.count === 0 || apply.isPending}
            onClick={confirm}
          >
            Apply
          </button>
        </div>
      }
    >
      {!preview && !error && <p className="hf-settings__loading">Finding the transactions this rule would change…</p>}
      <StatusMessage message={error ? { text: error, kind: 'error' } : null} />
      {preview && (
        <>
          <p className="hf-rules__preview-count">
            {preview.count === 0
              ? 'No transactions would change: every matching transaction already has what this rule sets.'
              : preview.message}
          </p>
          {preview.rows.length > 0 && (
            <div className="hf-rules__preview-scroll">
              <table className="hf-rules__preview" aria-label="Transactions that would change">
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Account</th>
                    <th scope="col" className="hf-rules__number">
                      Amount
                    </th>
                    <th scope="col">Payee</th>
                    <th scope="col">Category</th>
                    <th scope="col">Notes</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.slice(0, PREVIEW_SHOWN).map((r) => (
                    <tr key={r.id}>
                      <td>{displayDate(r.date)}</td>
                      <td>{r.account_name}</td>
                      <td className="hf-rules__number">{formatDollars(r.amount)}</td>
                      <td>{change(r.before.payee, r.after.payee)}</td>
                      <td>{change(r.before.category_name ?? '', r.after.category_name ?? '')}</td>
                      <td>{change(r.before.notes, r.after.notes)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {preview.count > Math.min(PREVIEW_SHOWN, preview.rows.length) && (
            <p className="hf-settings__hint">
              Showing the {Math.min(PREVIEW_SHOWN, preview.rows.length)} newest of{' '}
              {preview.count.toLocaleString('en-US')}.
            </p>
          )}
        </>
      )}
    </Modal>
  );
}
