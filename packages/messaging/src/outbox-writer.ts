import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/** Held by an event-writing transaction from writeEvent to commit: commit order = sequence order. */
const WRITER_LOCK = 7_272_802;

/** Notified by every event-writing transaction (the payload: its highest sequence); the relay listens. */
export const OUTBOX_CHANNEL = 'outbox';

export interface NewEvent<T = unknown> {
  /** Versioned past-tense fact, e.g. `ledger.transaction.recorded.v1` (also the bus subject). */
  type: string;
  /** Producing service, e.g. `svc-ledger`. */
  source: string;
  /** What the event is about, e.g. `transaction/42`. */
  subject: string;
  household_id: number;
  data: T;
  /** `data` as JSON text, when the caller has it already (then `data` is not read). */
  dataJson?: string;
  /** Defaults to a new uuid. */
  id?: string;
  /** Defaults to the transaction's now(). */
  time?: string;
}

/**
 * Records an event in the outbox inside the caller's transaction (`client` is in BEGIN). The
 * relay publishes it after commit; a rollback publishes nothing. The answer's `sequence` is
 * what a write returns to the client for read-your-writes.
 *
 * It takes a transaction-level lock so that event-writing transactions commit in sequence
 * order (otherwise a later sequence could be published, and read as "applied", before an
 * earlier one commits). Call it near the end of the transaction.
 */
export async function writeEvent<T>(
  client: pg.PoolClient | pg.Client,
  event: NewEvent<T>,
): Promise<{ id: string; sequence: number }> {
  const [written] = await writeEvents(client, [event]);
  return written;
}

/**
 * Several events of one transaction, in this order, in one statement (one lock, one
 * notification): what writeEvent does for each. Answers their ids and sequences, in order.
 */
export async function writeEvents(
  client: pg.PoolClient | pg.Client,
  events: ReadonlyArray<NewEvent>,
): Promise<Array<{ id: string; sequence: number }>> {
  if (events.length === 0) return [];
  const ids = events.map((e) => e.id ?? randomUUID());
  const params: unknown[] = [WRITER_LOCK];
  const rows = events.map((event, i) => {
    params.push(
      ids[i],
      event.type,
      event.source,
      event.subject,
      event.household_id,
      event.time ?? null,
      event.dataJson ?? JSON.stringify(event.data),
    );
    const p = (n: number) => `$${i * 7 + n + 1}`;
    return `(${i}, ${p(1)}::uuid, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}::int, coalesce(${p(6)}::timestamptz, now()), ${p(7)}::text)`;
  });
  // The rows get their sequences in the order of the VALUES list (ORDER BY ord). The writer lock
  // ($1) is taken before any of them: every row the INSERT gets is joined to it.
  const result = await client.query<{ sequence: string | number }>(
    `WITH input (ord, id, type, source, subject, household_id, time, data) AS (VALUES ${rows.join(', ')}),
     held AS MATERIALIZED (SELECT pg_advisory_xact_lock($1::bigint)),
     written AS (
       INSERT INTO outbox (id, type, source, subject, household_id, time, data)
       SELECT i.id, i.type, i.source, i.subject, i.household_id, i.time, i.data FROM input i CROSS JOIN held ORDER BY i.ord
       RETURNING id, sequence
     )
     SELECT w.sequence FROM written w JOIN input i ON i.id = w.id
       CROSS JOIN (SELECT pg_notify('${OUTBOX_CHANNEL}', max(sequence)::text) FROM written) notified
     ORDER BY i.ord`,
    params,
  );
  return result.rows.map((r, i) => ({ id: ids[i], sequence: Number(r.sequence) }));
}
