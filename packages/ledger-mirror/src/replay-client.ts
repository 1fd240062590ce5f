import type { ReplayPage } from '@hf/contracts';
import { callInternal } from '@hf/service-kit';
import type { HouseholdState } from './mirror-store';

/** Rows per replay page: about 10 MB of JSON. */
const PAGE_ROWS = 20_000;
const TIMEOUT_MS = 30_000;

/** svc-ledger's replay (internal routes), as the read models call it. */
export class LedgerReplay {
  constructor(
    private readonly ledgerUrl: string,
    private readonly internalToken: string,
  ) {}

  private async post<T>(path: string, body: unknown): Promise<T> {
    return (await (
      await callInternal(`${this.ledgerUrl}${path}`, this.internalToken, 'POST', body, TIMEOUT_MS)
    ).json()) as T;
  }

  /** Every household that has (or had) an account in the ledger. */
  async households(): Promise<number[]> {
    return (await this.post<{ household_ids: number[] }>('/internal/replay/households', {})).household_ids;
  }

  /** A household's whole current state, page by page, with the sequence the first page was read at. */
  async household(householdId: number): Promise<HouseholdState> {
    const first = await this.post<ReplayPage>('/internal/replay', { household_id: householdId, limit: PAGE_ROWS });
    const state: HouseholdState = {
      sequence: first.sequence ?? 0,
      accounts: first.accounts,
      categories: first.categories,
      transactions: first.transactions,
    };
    for (let after = first.next_after_id; after !== null;) {
      const page = await this.post<ReplayPage>('/internal/replay', {
        household_id: householdId,
        after_id: after,
        limit: PAGE_ROWS,
      });
      for (const t of page.transactions) state.transactions.push(t);
      after = page.next_after_id;
    }
    return state;
  }
}
