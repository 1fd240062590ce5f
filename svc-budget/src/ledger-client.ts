import { EVENT_SEQUENCE_HEADER } from '@hf/contracts';
import { callInternal } from '@hf/service-kit';

const TIMEOUT_MS = 10_000;

/** A budgeted row as svc-ledger's `PUT /internal/budgeted-rows` takes it (amount signed, dollars). */
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

/** svc-ledger's internal budgeted-row routes, as The Predictables keep their rows in step. */
export class LedgerBudgetedRows {
  constructor(
    private readonly ledgerUrl: string,
    private readonly internalToken: string,
  ) {}

  /** Answers the ledger's event sequence after the write (its `x-event-sequence`). */
  private async call(method: 'PUT' | 'DELETE', body: unknown): Promise<number> {
    const response = await callInternal(
      `${this.ledgerUrl}/internal/budgeted-rows`,
      this.internalToken,
      method,
      body,
      TIMEOUT_MS,
    );
    await response.arrayBuffer();
    return Number(response.headers.get(EVENT_SEQUENCE_HEADER)) || 0;
  }

  /** Creates or updates the month's budgeted row (svc-ledger leaves a row that became actual alone). */
  upsert(row: BudgetedRowInput): Promise<number> {
    return this.call('PUT', row);
  }

  /** Removes the item's still-budgeted rows (of one month, or all of them). */
  remove(householdId: number, scheduleId: number, month?: string): Promise<number> {
    return this.call('DELETE', { household_id: householdId, schedule_id: scheduleId, ...(month ? { month } : {}) });
  }
}
