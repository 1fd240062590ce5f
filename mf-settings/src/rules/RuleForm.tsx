import { useState, type FormEvent } from 'react';
import { errorMessage, useAccounts } from '@hf/app-kit';
import { RULE_LIMITS } from '@hf/contracts/rule-limits';
import { Modal, StatusMessage } from '@hf/ui';
import { useCategoryOptions, useSaveRule, type Rule } from './rules-api';
import {
  blankCondition,
  draftAsRule,
  draftBody,
  FIELD_LABELS,
  FIELD_OPS,
  ruleSentence,
  type ConditionDraft,
  type ConditionField,
  type FormOp,
  type RuleDraft,
} from './rule-words';

export interface RuleFormProps {
  /** The rule being edited; null for a new one. */
  rule: Rule | null;
  initial: RuleDraft;
  onDone: (message: string) => void;
  onClose: () => void;
}

/**
 * New / Edit rule: a name, the conditions (all must hold) and what the rule does, with the rule
 * said in words below as it is typed. Enter saves.
 */
export function RuleForm({ rule, initial, onDone, onClose }: RuleFormProps) {
  const [draft, setDraft] = useState<RuleDraft>(initial);
  const [error, setError] = useState<string | null>(null);
  const categories = useCategoryOptions();
  const accounts = useAccounts();
  const save = useSaveRule();
  const categoryName = (id: number) => categories.data?.find((c) => c.id === id)?.name;
  const accountName = (id: number) => accounts.data?.find((a) => a.id === id)?.name;
  const asRule = draftAsRule(draft);

  const setCondition = (index: number, change: Partial<ConditionDraft>) =>
    setDraft((d) => ({ ...d, conditions: d.conditions.map((c, i) => (i === index ? { ...c, ...change } : c)) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const made = draftBody(draft);
    if ('message' in made) {
      setError(made.message);
      return;
    }
    setError(null);
    save.mutate(
      { id: rule?.id ?? null, body: made.body },
      {
        onSuccess: (saved) => onDone(rule ? `Rule "${saved.name}" saved.` : `Rule "${saved.name}" created.`),
        onError: (err) => setError(errorMessage(err, 'Could not save the rule.')),
      },
    );
  };

  return (
    <Modal
      title={rule ? 'Edit Rule' : 'New Rule'}
      onClose={onClose}
      wide
      footer={
        <div className="hf-settings__actions">
          <button type="button" className="hf-button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="rule-form" className="hf-button hf-button--primary" disabled={save.isPending}>
            Save Rule
          </button>
        </div>
      }
    >
      <form id="rule-form" className="hf-form hf-rules__form" onSubmit={submit} noValidate>
        <label className="hf-field">
          <span>Name</span>
          <input
            className="hf-input"
            value={draft.name}
            maxLength={RULE_LIMITS.name}
            autoComplete="off"
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
        </label>
        <fieldset className="hf-rules__group">
          <legend>When all of these hold</legend>
          {draft.conditions.map((c, i) => (
            <div className="hf-rules__condition" key={i}>
              <select
                aria-label={`Condition ${i + 1} field`}
                value={c.field}
                onChange={(e) => setCondition(i, blankCondition(e.target.value as ConditionField))}
              >
                {(Object.keys(FIELD_LABELS) as ConditionField[]).map((f) => (
                  <option key={f} value={f}>
                    {FIELD_LABELS[f]}
                  </option>
                ))}
              </select>
              <select
                aria-label={`Condition ${i + 1} test`}
                value={c.op}
                onChange={(e) => setCondition(i, { op: e.target.value as FormOp })}
              >
                {FIELD_OPS[c.field].map((o) => (
                  <option key={o.op} value={o.op}>
                    {o.label}
                  </option>
                ))}
              </select>
              {c.field === 'account' ? (
                <select
                  aria-label={`Condition ${i + 1} account`}
                  value={c.accountId}
                  onChange={(e) => setCondition(i, { accountId: e.target.value })}
                >
                  <option value="">Choose an account</option>
                  {(accounts.data ?? []).map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  aria-label={`Condition ${i + 1} ${c.field === 'amount' ? 'amount' : 'text'}`}
                  inputMode={c.field === 'amount' ? 'decimal' : undefined}
                  value={c.text}
                  maxLength={c.field === 'amount' ? 20 : RULE_LIMITS.pattern}
                  autoComplete="off"
                  onChange={(e) => setCondition(i, { text: e.target.value })}
                />
              )}
              {c.field === 'amount' && c.op === 'between' && (
                <>
                  <span>and</span>
                  <input
                    aria-label={`Condition ${i + 1} second amount`}
                    inputMode="decimal"
                    value={c.high}
                    maxLength={20}
                    autoComplete="off"
                    onChange={(e) => setCondition(i, { high: e.target.value })}
                  />
                </>
              )}
              <button
                type="button"
                className="hf-button"
                aria-label={`Remove condition ${i + 1}`}
                disabled={draft.conditions.length === 1}
                onClick={() => setDraft({ ...draft, conditions: draft.conditions.filter((_, k) => k !== i) })}
              >
                Remove
              </button>
            </div>
          ))}
          <button
            type="button"
            className="hf-button"
            disabled={draft.conditions.length >= RULE_LIMITS.conditions}
            onClick={() => setDraft({ ...draft, conditions: [...draft.conditions, blankCondition()] })}
          >
            Add Condition
          </button>
        </fieldset>
        <fieldset className="hf-rules__group">
          <legend>Then</legend>
          <label className="hf-field">
            <span>Set category</span>
            <select value={draft.categoryId} onChange={(e) => setDraft({ ...draft, categoryId: e.target.value })}>
              <option value="">Leave as it is</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className="hf-field">
            <span>Set payee</span>
            <input
              value={draft.payee}
              maxLength={RULE_LIMITS.pattern}
              autoComplete="off"
              onChange={(e) => setDraft({ ...draft, payee: e.target.value })}
            />
          </label>
          <label className="hf-field">
            <span>Add notes</span>
            <input
              value={draft.notes}
              maxLength={RULE_LIMITS.notes}
              autoComplete="off"
              onChange={(e) => setDraft({ ...draft, notes: e.target.value })}
            />
          </label>
        </fieldset>
        <p className="hf-rules__sentence" aria-live="polite" data-testid="rule-sentence">
          {asRule
            ? ruleSentence(asRule, { category: categoryName, account: accountName })
            : 'Fill in each condition to see the rule in words.'}
        </p>
        <StatusMessage message={error ? { text: error, kind: 'error' } : null} />
      </form>
    </Modal>
  );
}
