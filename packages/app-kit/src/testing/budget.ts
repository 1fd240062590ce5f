/** Budget records for the remotes' tests, as svc-budget answers them. Tests import it by path. */
import type { Envelope } from '@hf/contracts/budget';

/** An envelope of November 2026: 100.00 for Groceries in account 1, nothing spent or carried. */
export function anEnvelope(fields: Partial<Envelope> & { id: number }): Envelope {
  return {
    account_id: 1,
    category_id: 1,
    category_name: 'Groceries',
    month: '2026-11',
    amount: 100,
    rollover_enabled: true,
    rollover: 0,
    spent: 0,
    carried_from: null,
    ...fields,
  };
}
