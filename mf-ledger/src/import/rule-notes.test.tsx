import { render, screen } from '@testing-library/react';
import type { ImportedRow } from '@hf/contracts/import';
import { importNewTransactions } from './reconcile';
import { RuleNote } from './rule-notes';

const row = (fields: Partial<ImportedRow>): ImportedRow => ({
  row_number: 1,
  date: '2024-03-10',
  payee: 'Amazon',
  amount: -25.99,
  category: '',
  notes: '',
  fitid: null,
  ...fields,
});

describe('rules on the reconcile page', () => {
  it("sends the category a rule set, unless turned off; the file's own category wins", () => {
    const rows = [
      row({ row_number: 1, category_id: 5, rule_id: 9 }),
      row({ row_number: 2, category: 'Fun', category_id: 5, rule_id: 9 }),
      row({ row_number: 3, payee: 'Salary', amount: 100 }),
    ];
    const byText = (text: string) => (text === 'Fun' ? 3 : null);
    expect(importNewTransactions(rows, byText).map((t) => t.category_id)).toEqual([5, 3, undefined]);
    expect(importNewTransactions(rows, byText, undefined, () => null).map((t) => t.category_id)).toEqual([
      undefined,
      3,
      undefined,
    ]);
  });

  it('names the rule and the category it set, and offers Create rule with the row in the link', () => {
    render(
      <RuleNote
        row={row({ category_id: 5, rule_id: 9 })}
        categoryText={(id) => (id === 5 ? 'Shopping' : undefined)}
        ruleNames={new Map([[9, 'Amazon']])}
        useRuleCategories
      />,
    );
    expect(screen.getByText('Shopping · set by rule Amazon')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Create rule from this row: Amazon 3/10/2024' });
    expect(link.getAttribute('href')).toBe('/settings/rules?new=1&payee=Amazon&amount=-25.99&category=5');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
