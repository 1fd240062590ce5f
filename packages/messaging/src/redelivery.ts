/**
 * When a failed event (a throw or 'retry') is delivered again, the same rule on every adapter:
 * `FIRST_RETRY_MS` after its first delivery, twice as long after each further delivery of the
 * same event, never longer than the ack wait. Counted per event: the next event starts again at
 * the first step. A transient failure (a dropped database connection) then holds a durable up
 * for about a second, not a whole ack wait (30 s in-process), while the waits before the last of
 * the default 5 deliveries still add up to more than 10 s (1 + 2 + 4 + 8 s in-process,
 * 1 + 2 + 4 + 5 s on NATS), longer than a PostgreSQL restart (the fault drills': down 3 s).
 */
export const FIRST_RETRY_MS = 1_000;

/** The wait before delivery `deliveryCount` + 1 of an event whose delivery `deliveryCount` failed. */
export function retryDelayMs(deliveryCount: number, ackWaitMs: number): number {
  return Math.min(ackWaitMs, FIRST_RETRY_MS * 2 ** Math.max(0, deliveryCount - 1));
}
