import type { ReplayPage } from '@hf/contracts/ledger-internal';
import { LedgerClient } from '@hf/ledger-client';

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

  /**
   * A household's whole current state, page by page: the first carries the sequence it was read
   * at, the accounts and categories. The next page is asked for before a page is handed over, so
   * the ledger answers it while the caller writes the page.
   */
  async *pages(householdId: number): AsyncGenerator<ReplayPage> {
    let next: Promise<ReplayPage> | null = this.ledger.replayPage({ household_id: householdId, limit: PAGE_ROWS });
    while (next) {
      // A caller that stops early leaves the page asked for: its failure is not left unhandled.
      next.catch(() => undefined);
      const page: ReplayPage = await next;
      next =
        page.next_after_id === null
          ? null
          : this.ledger.replayPage({ household_id: householdId, after_id: page.next_after_id, limit: PAGE_ROWS });
      yield page;
    }
  }
}
