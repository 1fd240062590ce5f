import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Bus, EventEnvelope } from './bus';
import { describeError, stderrLogger, type MessagingLogger } from './logger';
import { withTransaction } from './transaction';

/** Arbitrary keys for the advisory locks that messaging takes (one database per service). */
const TABLES_LOCK = 7_272_801;
/** Held by an event-writing transaction from writeEvent to commit: commit order = sequence order. */
const WRITER_LOCK = 7_272_802;
/** Held by the relay for one batch: only one relay publishes at a time, so publish order = sequence order. */
const RELAY_LOCK = 7_272_803;

export const OUTBOX_CHANNEL = 'outbox';

/**
 * Creates the outbox, the processed-events record and the consumer positions (idempotent;
 * safe when two instances start together). Call it once at start, after migrations.
 */
export async function ensureMessagingTables(pool: pg.Pool): Promise<void> {
  await withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [TABLES_LOCK]);
    await client.query(`
      CREATE TABLE IF NOT EXISTS outbox (
        sequence bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        type text NOT NULL,
        source text NOT NULL,
        subject text NOT NULL,
        household_id int NOT NULL,
        time timestamptz NOT NULL DEFAULT now(),
        -- The event's data as JSON text, stored as written (text, not json or jsonb, and not
        -- compressed): only JSON.stringify writes it, and the relay only hands it on. A 50,000-row
        -- import writes ~20 MB of events inside its transaction; json's validation and TOAST's
        -- compression of that cost ~200 ms there.
        -- (STORAGE EXTERNAL is set below: CREATE TABLE takes it only from PostgreSQL 16 on.)
        data text NOT NULL,
        published_at timestamptz NULL
      );
      CREATE INDEX IF NOT EXISTS outbox_unpublished ON outbox (sequence) WHERE published_at IS NULL;
      -- source, sequence, event_time: which producer event a row is, so that pruning can
      -- remember what it deleted (consumer.ts, pruneProcessedEvents).
      CREATE TABLE IF NOT EXISTS processed_events (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        source text NULL,
        sequence bigint NULL,
        event_time timestamptz NULL,
        PRIMARY KEY (consumer, event_id)
      );
      -- pruned_sequence, pruned_time: the highest producer sequence and event time among the
      -- processed_events rows pruned for this consumer and producer (NULL: none yet).
      CREATE TABLE IF NOT EXISTS consumer_positions (
        consumer text NOT NULL,
        source text NOT NULL,
        sequence bigint NOT NULL,
        pruned_sequence bigint NULL,
        pruned_time timestamptz NULL,
        PRIMARY KEY (consumer, source)
      );
    `);
    // Tables of earlier versions get the pruning columns and index. Checked first, so that a
    // start takes no ALTER TABLE / CREATE INDEX lock (which would queue the consumers behind
    // it) when there is nothing to add.
    const present = await client.query<{
      processed: boolean;
      positions: boolean;
      indexed: boolean;
      dataToConvert: boolean;
    }>(`
      SELECT
        EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'processed_events' AND column_name = 'event_time') AS processed,
        EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'consumer_positions' AND column_name = 'pruned_time') AS positions,
        to_regclass('processed_events_prunable') IS NOT NULL AS indexed,
        EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('outbox') AND attname = 'data'
          AND (atttypid <> 'text'::regtype OR attstorage <> 'e')) AS "dataToConvert"`);
    if (present.rows[0].dataToConvert) {
      // A new table, or one of an earlier version (json or jsonb; published rows are pruned, so it is small).
      await client.query(
        'ALTER TABLE outbox ALTER COLUMN data TYPE text USING data::text, ALTER COLUMN data SET STORAGE EXTERNAL',
      );
    }
    if (!present.rows[0].processed) {
      await client.query(`
        ALTER TABLE processed_events
          ADD COLUMN IF NOT EXISTS source text NULL,
          ADD COLUMN IF NOT EXISTS sequence bigint NULL,
          ADD COLUMN IF NOT EXISTS event_time timestamptz NULL
      `);
    }
    if (!present.rows[0].indexed) {
      await client.query(
        'CREATE INDEX IF NOT EXISTS processed_events_prunable ON processed_events (consumer, processed_at) WHERE sequence IS NOT NULL',
      );
    }
    if (!present.rows[0].positions) {
      await client.query(`
        ALTER TABLE consumer_positions
          ADD COLUMN IF NOT EXISTS pruned_sequence bigint NULL,
          ADD COLUMN IF NOT EXISTS pruned_time timestamptz NULL;
      `);
    }
  });
}

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
 * Publishes committed outbox rows in sequence order and marks them published. Wakes on
 * `pg_notify('outbox')` from writeEvent and polls as a fallback. Several relays may run on
 * one database: each batch runs under a transaction-level advisory lock with
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
  let listener: pg.PoolClient | undefined;
  let listenRetry: NodeJS.Timeout | undefined;

  /** One batch. Returns how many rows it published (0 also when another relay holds the lock: that one publishes them). */
  async function publishBatch(): Promise<number> {
    const { published, failure } = await withTransaction(pool, async (client) => {
      // The lock is tried once, before the scan (an uncorrelated subquery: an InitPlan); held, it stays until commit.
      const rows = await client.query<OutboxRow>(
        `SELECT sequence, id, type, source, subject, household_id, time, data FROM outbox
         WHERE published_at IS NULL AND (SELECT pg_try_advisory_xact_lock($2))
         ORDER BY sequence LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batchSize, RELAY_LOCK],
      );
      const done: Array<string | number> = [];
      let failed: unknown;
      for (const row of rows.rows) {
        try {
          await bus.publish(toEnvelope(row));
          done.push(row.sequence);
        } catch (err) {
          failed = err;
          break;
        }
      }
      // clock_timestamp(): when they were published, not when the batch's transaction began.
      if (done.length > 0)
        await client.query('UPDATE outbox SET published_at = clock_timestamp() WHERE sequence = ANY($1::bigint[])', [
          done,
        ]);
      return { published: done.length, failure: failed };
    });
    // The rows published before a failure are marked (committed) first.
    if (failure) throw failure;
    return published;
  }

  /**
   * Up to PRUNE_BATCHES_PER_RUN DELETEs, while they come back full: a large backlog (a database
   * of a version that never pruned) goes over several runs instead of holding up publishing.
   */
  async function prune(): Promise<number> {
    if (!Number.isFinite(retentionMs)) return 0;
    let total = 0;
    for (let batch = 0; batch < PRUNE_BATCHES_PER_RUN; batch++) {
      const result = await pool.query(PRUNE_OUTBOX, [Math.max(0, retentionMs), pruneBatchSize]);
      const deleted = result.rowCount ?? 0;
      total += deleted;
      if (deleted < pruneBatchSize || stopped) break;
    }
    return total;
  }

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
        do count = await publishBatch();
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

  /** Clients handed back to the pool; a late 'error' event must not release them twice. */
  const released = new WeakSet<pg.PoolClient>();
  /** The 'error' listener put on each listening client, removed when it goes back to the pool. */
  const errorListeners = new WeakMap<pg.PoolClient, (err: Error) => void>();
  function releaseListener(client: pg.PoolClient, err?: Error): void {
    if (released.has(client)) return;
    released.add(client);
    client.removeAllListeners('notification');
    // Back in the pool, the pool's own idle listener handles its errors; ours would pile up on
    // the pooled client with every relay started on this pool.
    const onError = errorListeners.get(client);
    if (onError) client.off('error', onError);
    client.release(err);
  }

  async function listen(): Promise<void> {
    if (stopped) return;
    let client: pg.PoolClient | undefined;
    try {
      client = await pool.connect();
      const connected = client;
      connected.on('notification', (msg) => {
        if (msg.channel === OUTBOX_CHANNEL) void kick();
      });
      const onError = (err: Error) => {
        // After stop() this client is already back in the pool (or the pool is ending): ignore.
        if (released.has(connected)) return;
        logger.warn({ err: describeError(err) }, 'outbox listener lost its connection; polling until it is back');
        if (listener === connected) listener = undefined;
        releaseListener(connected, err);
        scheduleListen();
      };
      errorListeners.set(connected, onError);
      connected.on('error', onError);
      await connected.query(`LISTEN ${OUTBOX_CHANNEL}`);
      if (stopped) {
        releaseListener(connected);
        return;
      }
      listener = connected;
      void kick();
    } catch (err) {
      if (client) releaseListener(client, err instanceof Error ? err : new Error(String(err)));
      logger.warn({ err: describeError(err) }, 'outbox listener could not start; polling until it can');
      scheduleListen();
    }
  }

  function scheduleListen(): void {
    if (stopped || listenRetry) return;
    listenRetry = setTimeout(() => {
      listenRetry = undefined;
      void listen();
    }, 1000);
  }

  const poll = setInterval(() => void kick(), options.pollIntervalMs ?? 1000);
  void listen();
  void kick();

  return {
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(poll);
      if (listenRetry) clearTimeout(listenRetry);
      await running;
      const current = listener;
      listener = undefined;
      if (current) {
        await current.query(`UNLISTEN ${OUTBOX_CHANNEL}`).catch(() => undefined);
        releaseListener(current);
      }
    },

    async flush(timeoutMs = 10_000): Promise<void> {
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
        if (stopped) throw new Error('The outbox relay is stopped.');
        if (Date.now() > deadline)
          throw new Error(`Outbox not drained after ${timeoutMs} ms (${left.rows[0].n} rows left).`);
        await sleep(20);
      }
    },

    prune,
  };
}
