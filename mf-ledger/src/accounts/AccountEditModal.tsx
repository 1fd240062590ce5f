import { useId, useState, type FormEvent } from 'react';
import { LEDGER_LIMITS } from '@hf/contracts/ledger-limits';
import { Modal } from '@hf/ui';
import type { Account } from './api';
import { AccountKindFields } from './AccountKindFields';
import { kindBody, kindDraft, type KindBody } from './kind-draft';

/**
 * "Edit Account Name" (the spec's title, Cancel and "Save Changes"): the name, and beyond the spec
 * the kind with its credit limit or threshold. Save is disabled while the name is blank.
 */
export function AccountEditModal({
  account,
  onSubmit,
  onCancel,
}: {
  account: Account;
  onSubmit: (name: string, kind: KindBody) => void;
  onCancel: () => void;
}) {
  const formId = useId();
  const [name, setName] = useState(account.name);
  const [kind, setKind] = useState(() => kindDraft(account));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    const fields = kindBody(kind);
    if ('error' in fields) return setProblem(fields.error);
    onSubmit(name.trim(), fields.body);
  };
  return (
    <Modal
      title="Edit Account Name"
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="hf-button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" form={formId} className="hf-button hf-button--primary" disabled={!name.trim()}>
            Save Changes
          </button>
        </>
      }
    >
      <form id={formId} className="ledger-account-edit" onSubmit={submit}>
        <label className="hf-field">
          <span>Account name</span>
          <input
            type="text"
            value={name}
            maxLength={LEDGER_LIMITS.accountName}
            required
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <AccountKindFields draft={kind} onChange={setKind} />
        {problem && (
          <p role="alert" className="hf-status hf-status--error">
            {problem}
          </p>
        )}
      </form>
    </Modal>
  );
}
