import { LedgerClient } from '@hf/ledger-client';
import type { HouseholdState } from './mirror-store';

/** Rows per replay page: megabytes of JSON, read as one answer. */
const PAGE_ROWS = 20_000;

/** svc-ledger's replay (internal routes, through `@hf/ledger-client`), as the read models call it. */
export class LedgerReplay {
  private readonly ledger: LedgerClient;

  constructor(ledgerUrl: string, internalToken: string) {
    this.ledger = new LedgerClient(ledgerUrl, internalToken);
  }

  /** The ledger's latest event sequence. */
  async head(): Promise<number> {
    return (await this.ledger.replayHead()).sequence;
  }

  /** Every household that has (or had) an account in the ledger. */
  async households(): Promise<number[]> {
    return (await this.ledger.replayHouseholds()).household_ids;
  }

  /** A household's whole current state, page by page, with the sequence the first page was read at. */
  async household(householdId: number): Promise<HouseholdState> {
    const first = await this.ledger.replayPage({ household_id: householdId, limit: PAGE_ROWS });
    const state: HouseholdState = {
      sequence: first.sequence ?? 0,
      accounts: first.accounts,
      categories: first.categories,
      transactions: first.transactions,
    };
    for (let after = first.next_after_id; after !== null;) {
      const page = await this.ledger.replayPage({ household_id: householdId, after_id: after, limit: PAGE_ROWS });
      for (const t of page.transactions) state.transactions.push(t);
      after = page.next_after_id;
    }
    return state;
  }
}
