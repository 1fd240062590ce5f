import { EVENT_SEQUENCE_HEADER } from '@hf/contracts';
import type {
  BulkCreateBody,
  BulkCreateResponse,
  CandidateList,
  CandidatesBody,
  ClearTransactionsBody,
  ClearTransactionsResponse,
  DeleteBudgetedRowsBody,
  ReplayBody,
  ReplayHead,
  ReplayHouseholds,
  ReplayPage,
  SyncScheduleRowsBody,
  UpsertBudgetedRowBody,
} from '@hf/contracts/ledger-internal';
import type { EvaluateRulesBody, EvaluateRulesResponse, RuleCountBody, RuleCountResponse } from '@hf/contracts/rules';
import { callInternal } from '@hf/service-kit';

/** How long a call may take; imports are large (the ledger writes up to 200,000 rows in one call). */
const TIMEOUT_MS = { import: 110_000, budgetedRows: 10_000, replay: 30_000 } as const;

/**
 * svc-ledger's internal API (`/internal/*`, header `x-internal-token`), typed by the schemas of
 * `@hf/contracts/ledger-internal`: money in integer cents. A ledger that cannot be reached or
 * answers otherwise is a 503 for the caller's own client (service-kit's `callInternal`); the
 * import calls hand the ledger's 400/404/409 `{ message }` on (a row it refuses, an id of another
 * household).
 */
export class LedgerClient {
  constructor(
    private readonly ledgerUrl: string,
    private readonly internalToken: string,
  ) {}

  private call(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body: unknown,
    timeoutMs: number,
    passClientErrors = false,
  ): Promise<Response> {
    return callInternal(`${this.ledgerUrl}${path}`, this.internalToken, method, body, timeoutMs, passClientErrors);
  }

  private async json<T>(response: Promise<Response>): Promise<T> {
    return (await (await response).json()) as T;
  }

  /** A write's JSON answer with the ledger's event sequence after it (its `x-event-sequence`). */
  private async jsonAndSequence<T>(response: Promise<Response>): Promise<T & { sequence: number }> {
    const answer = await response;
    const body = (await answer.json()) as T;
    return { ...body, sequence: Number(answer.headers.get(EVENT_SEQUENCE_HEADER)) || 0 };
  }

  /** The ledger's event sequence after a write (its `x-event-sequence`); the body is read and dropped. */
  private async sequence(response: Promise<Response>): Promise<number> {
    const answer = await response;
    await answer.arrayBuffer();
    return Number(answer.headers.get(EVENT_SEQUENCE_HEADER)) || 0;
  }

  // --- Import (svc-import) ----------------------------------------------------------------------

  /** Non-deleted rows of the account dated from..to, in register order (a 404 when the account is not the household's). */
  candidates(body: CandidatesBody): Promise<CandidateList> {
    return this.json(this.call('POST', '/internal/candidates', body, TIMEOUT_MS.import, true));
  }

  /** Many rows in one ledger write, all or none; a repeated idempotency key answers the first result. With the write's event sequence. */
  bulkCreate(body: BulkCreateBody): Promise<BulkCreateResponse & { sequence: number }> {
    return this.jsonAndSequence(this.call('POST', '/internal/transactions/bulk', body, TIMEOUT_MS.import, true));
  }

  /** Matched rows become cleared (budgeted ones actual, with the imported values of their update). With the write's event sequence. */
  clear(body: ClearTransactionsBody): Promise<ClearTransactionsResponse & { sequence: number }> {
    return this.jsonAndSequence(this.call('POST', '/internal/transactions/clear', body, TIMEOUT_MS.import, true));
  }

  /** The household's rules applied to new rows (one result per row, null where no rule matched). */
  evaluateRules(body: EvaluateRulesBody): Promise<EvaluateRulesResponse> {
    return this.json(this.call('POST', '/internal/rules/evaluate', body, TIMEOUT_MS.import, true));
  }

  /** How many rules the household has (none: an import has nothing to evaluate). */
  ruleCount(body: RuleCountBody): Promise<RuleCountResponse> {
    return this.json(this.call('POST', '/internal/rules/count', body, TIMEOUT_MS.import, true));
  }

  // --- The Predictables' budgeted rows (svc-budget) ---------------------------------------------

  /**
   * Brings the month's budgeted rows in step with its occurrence dates (one row each; a row that
   * became actual is left alone, still-budgeted rows beyond the dates are removed); answers the
   * event sequence.
   */
  upsertBudgetedRows(body: UpsertBudgetedRowBody): Promise<number> {
    return this.sequence(this.call('PUT', '/internal/budgeted-rows', body, TIMEOUT_MS.budgetedRows));
  }

  /** Brings several months of one schedule in step in one ledger write (each as `upsertBudgetedRows`); answers the event sequence. */
  syncScheduleRows(body: SyncScheduleRowsBody): Promise<number> {
    return this.sequence(this.call('PUT', '/internal/budgeted-rows/schedule', body, TIMEOUT_MS.budgetedRows));
  }

  /** Removes a schedule's still-budgeted rows (every occurrence of one month, or all of them); answers the event sequence. */
  deleteBudgetedRows(body: DeleteBudgetedRowsBody): Promise<number> {
    return this.sequence(this.call('DELETE', '/internal/budgeted-rows', body, TIMEOUT_MS.budgetedRows));
  }

  // --- Replay (read models) ---------------------------------------------------------------------

  /** The ledger's latest event sequence (what no client's X-Min-Sequence may be beyond). */
  replayHead(): Promise<ReplayHead> {
    return this.json(this.call('POST', '/internal/replay/head', {}, TIMEOUT_MS.budgetedRows));
  }

  /** Every household that has (or had) an account, with the event sequence read with them. */
  replayHouseholds(): Promise<ReplayHouseholds> {
    return this.json(this.call('POST', '/internal/replay/households', {}, TIMEOUT_MS.replay));
  }

  /** One page of a household's current state (the first page, without `after_id`, carries the sequence, accounts and categories). */
  replayPage(body: ReplayBody): Promise<ReplayPage> {
    return this.json(this.call('POST', '/internal/replay', body, TIMEOUT_MS.replay));
  }
}
