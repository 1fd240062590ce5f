import type { PoolClient } from './sql';

export interface PendingEvent {
  type: string;
  subject: string;
  data: unknown;
}

/**
 * One write's database transaction and the events it produces. Events are collected and
 * written to the outbox at the end of the transaction (writeEvent serialises event writers
 * until commit, so it must come last).
 */
export class LedgerWrite {
  readonly events: PendingEvent[] = [];

  constructor(
    readonly client: PoolClient,
    readonly householdId: number,
    /** The person behind the write; null for service-internal calls without one. */
    readonly userId: number | null,
  ) {}

  emit(type: string, subject: string, data: unknown): void {
    this.events.push({ type, subject, data });
  }
}
