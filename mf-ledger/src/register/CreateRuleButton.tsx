import { createRulePath } from '@hf/contracts/rule-limits';
import { useNavigate } from 'react-router';
import type { RegisterRow } from './api';

/**
 * "Create rule from this row" (docs/rules/rules.md): opens the Rules screen with its form filled
 * from the row (payee, the side of zero of its amount, its category). Transfers take no rules.
 */
export function CreateRuleButton({ row, className }: { row: RegisterRow; className?: string }) {
  const navigate = useNavigate();
  if (row.transfer_id !== null) return null;
  return (
    <button
      type="button"
      className={className ?? 'hf-button'}
      onClick={() =>
        void navigate(createRulePath({ payee: row.payee, amount: row.amount, categoryId: row.category_id }))
      }
    >
      Create rule from this row
    </button>
  );
}
