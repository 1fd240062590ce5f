import { useQuery } from '@tanstack/react-query';
import { api, displayDate } from '@hf/app-kit';
import { createRulePath } from '@hf/contracts/rule-limits';
import type { ImportedRow } from '@hf/contracts/import';

/** The household's rule names by id (the reconcile page names the rule that set a row). */
export function useRuleNames(enabled: boolean): ReadonlyMap<number, string> {
  const rules = useQuery({
    queryKey: ['rules'],
    queryFn: () => api.get<Array<{ id: number; name: string }>>('/rules'),
    enabled,
  });
  return new Map((rules.data ?? []).map((r) => [r.id, r.name]));
}

export interface RuleNoteProps {
  row: ImportedRow;
  /** The category's text ("Parent: Child") by id. */
  categoryText: (id: number) => string | undefined;
  ruleNames: ReadonlyMap<number, string>;
  /** False when the person turned the rules' categories off. */
  useRuleCategories: boolean;
}

/**
 * A new row's rule note (docs/rules/rules.md): the category a rule set and which rule, then
 * "Create rule" (the Rules screen in a new tab, its form filled from the row; this page keeps its state).
 */
export function RuleNote({ row, categoryText, ruleNames, useRuleCategories }: RuleNoteProps) {
  const rule = row.rule_id === undefined ? undefined : (ruleNames.get(row.rule_id) ?? 'a rule');
  const category = row.category_id === undefined ? undefined : categoryText(row.category_id);
  return (
    <>
      {rule && (
        <span className="ledger-import-row__rule">
          {category && useRuleCategories ? `${category} · ` : ''}set by rule {rule}
        </span>
      )}
      <a
        className="ledger-import-row__create-rule"
        href={createRulePath({ payee: row.payee, amount: row.amount, categoryId: row.category_id })}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Create rule from this row: ${row.payee} ${displayDate(row.date)}`}
      >
        Create rule
      </a>
    </>
  );
}
