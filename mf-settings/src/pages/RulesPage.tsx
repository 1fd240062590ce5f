import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage, useAccounts } from '@hf/app-kit';
import { ConfirmDialog, StatusMessage, useTimedMessage } from '@hf/ui';
import { ApplyRuleDialog } from '../rules/ApplyRuleDialog';
import { RuleForm } from '../rules/RuleForm';
import { blankDraft, draftFromQuery, ruleDraft, ruleSentence, type RuleDraft } from '../rules/rule-words';
import { useCategoryOptions, useDeleteRule, useReorderRules, useRules, type Rule } from '../rules/rules-api';
import '../settings.css';
import '../rules/rules.css';

/** The ids in a new order: `id` moved to `to` (0-based). */
function moved(ids: readonly number[], id: number, to: number): number[] {
  const rest = ids.filter((x) => x !== id);
  return [...rest.slice(0, to), id, ...rest.slice(to)];
}

/**
 * /settings/rules: the household's rules in order (tried from the top; for each field the first
 * matching rule sets it), each said in words. Reorder by dragging, by Move Up / Move Down or with
 * Alt+Up / Alt+Down on a rule (the new place is announced); New Rule, Edit, Delete (confirmed) and
 * Apply to Existing (a preview of the rows first). `?new=1&payee=&amount=&category=` (Create rule
 * from this row, in the register) opens the form filled from that row.
 */
export default function RulesPage() {
  const rules = useRules();
  const categories = useCategoryOptions();
  const accounts = useAccounts();
  const reorder = useReorderRules();
  const remove = useDeleteRule();
  const status = useTimedMessage();
  const location = useLocation();
  const navigate = useNavigate();
  const fromRow = draftFromQuery(location.search);
  const [editing, setEditing] = useState<{ rule: Rule | null; draft: RuleDraft } | null>(
    fromRow ? { rule: null, draft: fromRow } : null,
  );
  const [deleting, setDeleting] = useState<Rule | null>(null);
  const [applying, setApplying] = useState<Rule | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const dragged = useRef<number | null>(null);
  const list = rules.data ?? [];
  const names = {
    category: (id: number) => categories.data?.find((c) => c.id === id)?.name,
    account: (id: number) => accounts.data?.find((a) => a.id === id)?.name,
  };

  const closeForm = () => {
    setEditing(null);
    // The row's query has done its work: a reload does not open the form again.
    if (fromRow) void navigate(location.pathname, { replace: true });
  };

  const move = (rule: Rule, to: number) => {
    const ids = list.map((r) => r.id);
    if (to < 0 || to >= ids.length || ids.indexOf(rule.id) === to) return;
    setAnnouncement(`Moved ${rule.name} to position ${to + 1} of ${ids.length}.`);
    reorder.mutate(moved(ids, rule.id, to), {
      onError: (err) => status.show(errorMessage(err, 'Could not save the new order.'), 'error'),
    });
  };

  const onKeyDown = (rule: Rule, index: number) => (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(rule, event.key === 'ArrowUp' ? index - 1 : index + 1);
  };

  const onDrop = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    const rule = list.find((r) => r.id === dragged.current);
    dragged.current = null;
    if (rule) move(rule, index);
  };

  return (
    <div className="hf-settings hf-rules">
      <h1>Rules</h1>
      <p className="hf-settings__subtitle">
        Rules fill in the category, payee and notes of imported transactions. They are tried from the top: for each of
        these, the first rule that matches sets it. Drag a rule, use Move Up and Move Down, or press Alt+Up and Alt+Down
        on a rule to change the order.
      </p>
      <StatusMessage
        message={
          rules.error ? { text: errorMessage(rules.error, 'Could not load the rules.'), kind: 'error' } : status.message
        }
      />
      <div className="hf-visually-hidden" aria-live="assertive" data-testid="rules-announcement">
        {announcement}
      </div>
      <div className="hf-rules__toolbar">
        <button
          type="button"
          className="hf-button hf-button--primary"
          onClick={() => setEditing({ rule: null, draft: blankDraft() })}
        >
          New Rule
        </button>
      </div>
      {rules.isPending && !rules.error && <p className="hf-settings__loading">Loading rules…</p>}
      {rules.data && list.length === 0 && (
        <p className="hf-settings__empty">
          No rules yet. Add one, or use &quot;Create rule from this row&quot; in a register&apos;s row menu.
        </p>
      )}
      {list.length > 0 && (
        <ol className="hf-rules__list" aria-label="Rules in order">
          {list.map((rule, index) => (
            <li
              key={rule.id}
              className="hf-rules__item"
              aria-label={`${index + 1}. ${rule.name}`}
              tabIndex={0}
              onKeyDown={onKeyDown(rule, index)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={onDrop(index)}
            >
              <span
                className="hf-rules__handle"
                draggable
                aria-hidden="true"
                title="Drag to reorder"
                onDragStart={(e) => {
                  dragged.current = rule.id;
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', String(rule.id));
                }}
              >
                ⠿
              </span>
              <span className="hf-rules__position">{index + 1}</span>
              <div className="hf-rules__text">
                <strong className="hf-rules__name">{rule.name}</strong>
                <span className="hf-rules__words">{ruleSentence(rule, names)}</span>
              </div>
              <div className="hf-rules__actions">
                <button
                  type="button"
                  className="hf-button"
                  aria-label={`Move ${rule.name} up`}
                  disabled={index === 0}
                  onClick={() => move(rule, index - 1)}
                >
                  Move Up
                </button>
                <button
                  type="button"
                  className="hf-button"
                  aria-label={`Move ${rule.name} down`}
                  disabled={index === list.length - 1}
                  onClick={() => move(rule, index + 1)}
                >
                  Move Down
                </button>
                <button
                  type="button"
                  className="hf-button"
                  aria-label={`Edit ${rule.name}`}
                  onClick={() => setEditing({ rule, draft: ruleDraft(rule) })}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="hf-button"
                  aria-label={`Apply ${rule.name} to existing transactions`}
                  onClick={() => setApplying(rule)}
                >
                  Apply to Existing
                </button>
                <button
                  type="button"
                  className="hf-button hf-button--danger"
                  aria-label={`Delete ${rule.name}`}
                  onClick={() => setDeleting(rule)}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {editing && (
        <RuleForm
          rule={editing.rule}
          initial={editing.draft}
          onClose={closeForm}
          onDone={(message) => {
            closeForm();
            status.show(message, 'success');
          }}
        />
      )}
      {applying && (
        <ApplyRuleDialog
          rule={applying}
          onClose={() => setApplying(null)}
          onDone={(message) => {
            setApplying(null);
            status.show(message, 'success');
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete Rule"
          message={`Delete the rule "${deleting.name}"? Transactions it already changed keep their values.`}
          destructive
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const rule = deleting;
            setDeleting(null);
            remove.mutate(rule.id, {
              onSuccess: () => status.show(`Rule "${rule.name}" deleted.`, 'success'),
              onError: (err) => status.show(errorMessage(err, 'Could not delete the rule.'), 'error'),
            });
          }}
        />
      )}
    </div>
  );
}
