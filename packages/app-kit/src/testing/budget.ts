/** Budget records for the remotes' tests, as svc-budget answers them. Tests import it by path. */
import type { Envelope, Predictable } from '@hf/contracts/budget';

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

/** A Predictable of account 1: a monthly payment on the 1st with no amounts, no dates listed. */
export function aPredictable(fields: Partial<Predictable> & { id: number }): Predictable {
  return {
    account_id: 1,
    item_type: 'payment',
    payee: `Payee ${fields.id}`,
    category: null,
    category_id: null,
    day_of_month: 1,
    values: {},
    transfer_account_id: null,
    is_incoming_transfer: false,
    frequency: 'monthly',
    interval: null,
    days_of_month: null,
    start_date: null,
    end_date: null,
    weekend: 'keep',
    occurrences: {},
    next_dates: [],
    ...fields,
  };
}
