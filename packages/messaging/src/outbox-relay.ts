import type pg from 'pg';
import type { Bus, EventEnvelope } from './bus';
import { describeError, stderrLogger, type MessagingLogger } from './logger';
import { listenToOutbox } from './outbox-listener';
import { withTransaction } from './transaction';

/** Held by the relay for one batch: only one relay publishes at a time, so publish order = sequence order. */
const RELAY_LOCK = 7_272_803;

interface OutboxRow {
  sequence: string | number;
  id: string;
  type: string;
  source: string;
  subject: string;
  household_id: number;
  time: Date;
  /** JSON text. */
  data: string;
}

function toEnvelope(row: OutboxRow): EventEnvelope {
  return {
    id: row.id,
    type: row.type,
    source: row.source,
    subject: row.subject,
    time: row.time.toISOString(),
    household_id: row.household_id,
    sequence: Number(row.sequence),
    data: JSON.parse(row.data),
  };
}

export interface OutboxRelayOptions {
  pool: pg.Pool;
  bus: Bus;
  logger?: MessagingLogger;
  /** Fallback poll interval when no notification arrives (default 1000 ms). */
  pollIntervalMs?: number;
  /** Rows per publishing transaction (default 100). */
  batchSize?: number;
  /**
   * Published rows older than this (by `published_at`) are deleted, except the newest row of
   * the table, which keeps `max(sequence)` (default 7 days; `Infinity`: keep every row).
   */
  publishedRetentionMs?: number;
  /** How often the relay prunes, at most (default 60 s; the first run prunes at once). */
  pruneIntervalMs?: number;
  /** Rows per pruning DELETE (default 1000); a prune repeats while a DELETE is full, up to 10 times. */
  pruneBatchSize?: number;
}

export const DEFAULT_PUBLISHED_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export interface OutboxRelay {
  stop(): Promise<void>;
  /** Resolves once every row committed before the call is published (rejects after `timeoutMs`, default 10 s). */
  flush(timeoutMs?: number): Promise<void>;
  /** Deletes published rows past the retention now, as the relay does on its own (at most 10 DELETEs); answers how many. */
  prune(): Promise<number>;
}

/** DELETEs per prune run at most (10 x 1000 rows a minute by default, far above any write rate here). */
const PRUNE_BATCHES_PER_RUN = 10;

/**
 * One bounded prune: among the oldest $2 rows (by sequence, so the scan is $2 index entries
 * whatever the table's size), those published before now() - $1 ms, never the newest row of
 * the table (`max(sequence)` is what a write answers when it emitted nothing, and what
 * flush() waits for). Rows are published in sequence order, so published_at grows with it.
 */
const PRUNE_OUTBOX = `DELETE FROM outbox WHERE sequence IN (
    SELECT sequence FROM (SELECT sequence, published_at FROM outbox ORDER BY sequence LIMIT $2::int) oldest
    WHERE published_at < now() - $1::double precision * interval '1 millisecond'
      AND sequence < (SELECT max(sequence) FROM outbox)
  )`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One batch, in sequence order. Answers how many rows it published (0 also when another relay
 * holds the lock: that one publishes them). The batch is marked published as it is read (one
 * statement) and published before the commit; the rows a failure left unpublished are unmarked,
 * the ones before it committed, then the failure is thrown.
 */
async function publishBatch(pool: pg.Pool, bus: Bus, batchSize: number): Promise<number> {
  const { published, failure } = await withTransaction(pool, async (client) => {
    // The lock is tried once, before the scan (an uncorrelated subquery: an InitPlan); held, it stays until commit.
    // clock_timestamp(): when the batch was taken, not when its transaction began.
    const marked = await client.query<OutboxRow>(
      `UPDATE outbox o SET published_at = clock_timestamp() FROM (
         SELECT sequence FROM outbox
         WHERE published_at IS NULL AND (SELECT pg_try_advisory_xact_lock($2))
         ORDER BY sequence LIMIT $1 FOR UPDATE SKIP LOCKED
       ) batch
       WHERE o.sequence = batch.sequence
       RETURNING o.sequence, o.id, o.type, o.source, o.subject, o.household_id, o.time, o.data`,
      [batchSize, RELAY_LOCK],
    );
    const rows = marked.rows.sort((a, b) => compareSequences(a.sequence, b.sequence));
    let done = 0;
    let failed: unknown;
    for (const row of rows) {
      try {
        await bus.publish(toEnvelope(row));
        done++;
      } catch (err) {
        failed = err;
        break;
      }
    }
    if (done < rows.length)
      await client.query('UPDATE outbox SET published_at = NULL WHERE sequence = ANY($1::bigint[])', [
        rows.slice(done).map((r) => r.sequence),
      ]);
    return { published: done, failure: failed };
  });
  if (failure) throw failure;
  return published;
}

/** Orders outbox sequences (bigint: a number or its decimal text). */
function compareSequences(a: string | number, b: string | number): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Up to PRUNE_BATCHES_PER_RUN DELETEs, while they come back full (and `stopped()` is false): a
 * large backlog goes over several runs instead of
 * holding up publishing. Answers how many rows it deleted.
 */
async function pruneOutbox(
  pool: pg.Pool,
  retentionMs: number,
  batchSize: number,
  stopped: () => boolean,
): Promise<number> {
  if (!Number.isFinite(retentionMs)) return 0;
  let total = 0;
  for (let batch = 0; batch < PRUNE_BATCHES_PER_RUN; batch++) {
    const result = await pool.query(PRUNE_OUTBOX, [Math.max(0, retentionMs), batchSize]);
    const deleted = result.rowCount ?? 0;
    total += deleted;
    if (deleted < batchSize || stopped()) break;
  }
  return total;
}

/** Runs `kick` until every row committed before the call is published; see OutboxRelay.flush. */
async function waitUntilPublished(
  pool: pg.Pool,
  kick: () => Promise<void>,
  stopped: () => boolean,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const target = await pool.query<{ max: string | null }>('SELECT max(sequence) AS max FROM outbox');
  const upTo = target.rows[0].max;
  if (upTo === null) return;
  for (;;) {
    await kick();
    const left = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL AND sequence <= $1',
      [upTo],
    );
    if (left.rows[0].n === 0) return;
    if (stopped()) throw new Error('The outbox relay is stopped.');
    if (Date.now() > deadline)
      throw new Error(`Outbox not drained after ${timeoutMs} ms (${left.rows[0].n} rows left).`);
    await sleep(20);
  }
}

/**
 * Publishes committed outbox rows in sequence order and marks them published. Wakes on
 * `pg_notify('outbox')` from writeEvent (outbox-listener.ts) and polls as a fallback. Several
 * relays may run on one database: each batch runs under a transaction-level advisory lock with
 * `FOR UPDATE SKIP LOCKED`, so one relay publishes at a time and order is kept; a crash
 * between publish and mark republishes the same ids, which the bus drops as duplicates
 * (and consumers' processed_events absorbs after the duplicate window).
 */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { pool, bus } = options;
  const logger = options.logger ?? stderrLogger;
  const batchSize = options.batchSize ?? 100;
  const retentionMs = options.publishedRetentionMs ?? DEFAULT_PUBLISHED_RETENTION_MS;
  const pruneIntervalMs = options.pruneIntervalMs ?? 60_000;
  const pruneBatchSize = options.pruneBatchSize ?? 1000;
  /** When the relay last pruned (Date.now()); 0: prune on the first run. */
  let prunedAt = 0;
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  const isStopped = () => stopped;
  const prune = () => pruneOutbox(pool, retentionMs, pruneBatchSize, isStopped);

  /** Prunes when the interval has passed since the last prune; failures are logged, not thrown. */
  async function pruneWhenDue(): Promise<void> {
    if (stopped || !Number.isFinite(retentionMs) || Date.now() - prunedAt < pruneIntervalMs) return;
    prunedAt = Date.now();
    try {
      const pruned = await prune();
      if (pruned > 0) logger.info({ pruned }, 'published outbox rows pruned');
    } catch (err) {
      logger.warn({ err: describeError(err) }, 'outbox relay could not prune published rows; will try again later');
    }
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      try {
        let count: number;
        do count = await publishBatch(pool, bus, batchSize);
        while (count === batchSize && !stopped);
      } catch (err) {
        logger.error({ err: describeError(err) }, 'outbox relay could not publish; will retry');
        return;
      }
      await pruneWhenDue();
    } while (again && !stopped);
  }

  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = undefined;
    });
    return running;
  }

  const poll = setInterval(() => void kick(), options.pollIntervalMs ?? 1000);
  const listener = listenToOutbox(pool, logger, () => void kick());
  void kick();

  return {
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(poll);
      await running;
      await listener.stop();
    },
    flush: (timeoutMs = 10_000) => waitUntilPublished(pool, kick, isStopped, timeoutMs),
    prune,
  };
}
