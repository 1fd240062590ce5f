import type {
  BulkCreateBody,
  BulkCreateResponse,
  Candidate,
  ClearTransactionsBody,
  ClearTransactionsResponse,
} from '@hf/contracts';
import { callInternal } from '@hf/service-kit';
import { toCents } from '@hf/money';
import type { ExistingTransaction } from './domain/matching';

/** Imports are large; the ledger writes up to 200,000 rows in one call. */
const TIMEOUT_MS = 110_000;

/**
 * svc-ledger's internal import routes: one candidates read per reconciliation, one bulk create
 * per import_new, one clear per update_matched. The ledger's 400/404 answers (a row it refuses,
 * an id of another household) reach the client with their message.
 */
export class LedgerImportClient {
  constructor(
    private readonly ledgerUrl: string,
    private readonly internalToken: string,
  ) {}

  private async post<T>(path: string, body: unknown): Promise<T> {
    const response = await callInternal(`${this.ledgerUrl}${path}`, this.internalToken, 'POST', body, TIMEOUT_MS, true);
    return (await response.json()) as T;
  }

  /** Non-deleted rows of the account dated from..to (a 404 when the account is not the household's). */
  async candidates(householdId: number, accountId: number, from: string, to: string): Promise<ExistingTransaction[]> {
    const rows = await this.post<Candidate[]>('/internal/candidates', {
      household_id: householdId,
      account_id: accountId,
      from,
      to,
    });
    return rows.map((r) => ({
      id: r.id,
      date: r.date,
      payee: r.payee,
      amountCents: toCents(r.amount),
      status: r.status,
      isBudgeted: r.is_budgeted,
    }));
  }

  bulkCreate(body: BulkCreateBody): Promise<BulkCreateResponse> {
    return this.post<BulkCreateResponse>('/internal/transactions/bulk', body);
  }

  clear(body: ClearTransactionsBody): Promise<ClearTransactionsResponse> {
    return this.post<ClearTransactionsResponse>('/internal/transactions/clear', body);
  }
}
