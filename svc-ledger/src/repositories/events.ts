import type { PoolClient } from './sql';

export interface PendingEvent {
  type: string;
  subject: string;
  data: unknown;
}

/**
 * One write's database transaction, the events it produces and the registers it changes.
 * Events are collected and written to the outbox at the end of the transaction (writeEvent
 * serialises event writers until commit, so it must come last). The write helpers that change
 * what a register shows record the accounts concerned (`touchAccounts`) or the whole household
 * (`touchHousehold`: category paths and account names appear in the rows of every account);
 * runWrite bumps their `register_version` in the same transaction.
 */
export class LedgerWrite {
  readonly events: PendingEvent[] = [];
  /** Accounts whose register changes in this write. */
  readonly touchedAccounts = new Set<number>();
  /** True when every account of the household may show something else. */
  householdTouched = false;

  constructor(
    readonly client: PoolClient,
    readonly householdId: number,
    /** The person behind the write; null for service-internal calls without one. */
    readonly userId: number | null,
  ) {}

  emit(type: string, subject: string, data: unknown): void {
    this.events.push({ type, subject, data });
  }

  touchAccounts(ids: Iterable<number>): void {
    for (const id of ids) this.touchedAccounts.add(id);
  }

  touchHousehold(): void {
    this.householdTouched = true;
  }
}
