import { LedgerClient } from '@hf/ledger-client';
import { toCents } from '@hf/money';

/** A budgeted row as svc-ledger's `PUT /internal/budgeted-rows` takes it, the amount (signed) in dollars. */
export interface BudgetedRowInput {
  household_id: number;
  account_id: number;
  schedule_id: number;
  /** `YYYY-MM` */
  month: string;
  date: string;
  payee: string;
  amount: number;
  category_id: number | null;
}

/** svc-ledger's internal budgeted-row routes (through `@hf/ledger-client`), as The Predictables keep their rows in step. */
export class LedgerBudgetedRows {
  private readonly ledger: LedgerClient;

  constructor(ledgerUrl: string, internalToken: string) {
    this.ledger = new LedgerClient(ledgerUrl, internalToken);
  }

  /** Creates or updates the month's budgeted row (svc-ledger leaves a row that became actual alone); answers the event sequence. */
  upsert(row: BudgetedRowInput): Promise<number> {
    const { amount, ...rest } = row;
    return this.ledger.upsertBudgetedRow({ ...rest, amount_cents: toCents(amount) });
  }

  /** Removes the item's still-budgeted rows (of one month, or all of them); answers the event sequence. */
  remove(householdId: number, scheduleId: number, month?: string): Promise<number> {
    return this.ledger.deleteBudgetedRows({
      household_id: householdId,
      schedule_id: scheduleId,
      ...(month ? { month } : {}),
    });
  }
}
