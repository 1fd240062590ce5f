import { EventEmitter } from 'node:events';
import type pg from 'pg';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { TSchema } from 'typebox';
import type { Bus, EventEnvelope, HandlerOutcome, Subscription } from './bus';
import { describeError, stderrLogger, type MessagingLogger } from './logger';
import { withTransaction } from './transaction';

/**
 * Event data is checked like HTTP bodies in service-kit: Ajv over the TypeBox (JSON Schema)
 * value, no coercion, nothing removed or defaulted, so a consumer sees exactly what was sent.
 * (Ajv rather than typebox/compile: typebox is ES-module-only and this runs in every service's
 * CommonJS jest tests too.)
 */
const ajv = new Ajv({
  allErrors: false,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
  strict: false,
});

/** The envelope every event must have before its data is even looked at. */
export const EventEnvelopeSchema = {
  type: 'object',
  required: ['id', 'type', 'source', 'subject', 'time', 'household_id', 'sequence', 'data'],
  properties: {
    id: { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' },
    type: { type: 'string', minLength: 1 },
    source: { type: 'string', minLength: 1 },
    subject: { type: 'string' },
    time: { type: 'string', minLength: 1 },
    household_id: { type: 'integer' },
    sequence: { type: 'integer', minimum: 0 },
    data: {},
  },
} as const;
const envelopeValidator = ajv.compile(EventEnvelopeSchema);

function firstProblem(errors: ErrorObject[] | null | undefined, root: string): string {
  const error = errors?.[0];
  if (!error) return 'invalid';
  const extra = error.keyword === 'additionalProperties' ? ` (${String(error.params.additionalProperty)})` : '';
  return `${root}${error.instancePath} ${error.message ?? 'is invalid'}${extra}`;
}

export interface RunConsumerOptions {
  pool: pg.Pool;
  bus: Bus;
  /** Durable name, also the key of processed_events and consumer_positions (letters, digits, `_`, `-`). */
  consumer: string;
  /** Bus subjects (event types or `prefix.>`). */
  subjects: string[];
  /**
   * Data schema per event type. When given, events of a type with no schema are not handled,
   * only counted into the position (so subscribe to the producer's whole prefix, e.g.
   * `ledger.>`, and every one of its writes moves the position that reads wait for).
   */
  schemas?: Record<string, TSchema | object>;
  /** Applies one event inside the transaction that also records it as processed (with the other events of its batch). */
  handle: (client: pg.PoolClient, event: EventEnvelope, context: ConsumerContext) => Promise<void>;
  logger?: MessagingLogger;
  ackWaitMs?: number;
  maxDeliver?: number;
  /**
   * Most events applied in one transaction when a backlog is waiting (default 100, the bus's
   * `DEFAULT_MAX_BATCH`; 1: one transaction per event). A batch is all or none: when one of its
   * events fails, the bus hands them over again one at a time.
   */
  maxBatch?: number;
  /**
   * processed_events rows older than this are pruned (default 7 days; `Infinity`: never).
   * Safe at any value: see `pruneProcessedEvents`.
   */
  processedRetentionMs?: number;
  /** Prune after the first applied event and then after every this many (default 100). */
  pruneEvery?: number;
  /** Rows deleted at most per prune (default 1000). */
  pruneBatchSize?: number;
}

/** What `handle` gets to know besides the event. */
export interface ConsumerContext {
  /**
   * The highest sequence of the event's producer this consumer applied before the event (0:
   * none), also counting the events before it in the same transaction: a later sequence than
   * this + 1 means events of the producer were lost (or terminated).
   */
  previousSequence: number;
}

export const DEFAULT_PROCESSED_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
export const DEFAULT_PRUNE_EVERY = 100;
export const DEFAULT_PRUNE_BATCH_SIZE = 1000;

/** Wakes waitForPosition in this process as soon as a consumer commits (other processes are polled). */
const positions = new EventEmitter();
positions.setMaxListeners(0);

/**
 * Records events as processed, each unless it already is: its id is in processed_events, or its
 * row was pruned (its producer sequence and time are both within what was pruned for this
 * consumer and producer). Answers the ids inserted; an id not among them is a duplicate.
 */
const RECORD_PROCESSED = `INSERT INTO processed_events (consumer, event_id, processed_at, source, sequence, event_time)
  SELECT $1::text, e.id, now(), e.source, e.sequence, e.time
  FROM unnest($2::uuid[], $3::text[], $4::bigint[], $5::timestamptz[]) AS e(id, source, sequence, time)
  WHERE NOT EXISTS (
    SELECT 1 FROM consumer_positions p
    WHERE p.consumer = $1::text AND p.source = e.source AND p.pruned_sequence >= e.sequence
      AND (e.time IS NULL OR e.time <= coalesce(p.pruned_time, 'infinity'::timestamptz))
  )
  ON CONFLICT DO NOTHING
  RETURNING event_id::text, source, sequence`;

/**
 * RECORD_PROCESSED, then the consumer's position per producer raised to the highest sequence
 * among the new events, in one statement; answers the new event ids and the positions from
 * before these events (the final SELECT reads the statement's snapshot, which the CTEs' writes
 * are not in). The raise commits or rolls back with the events' handling.
 */
const RECORD_AND_ADVANCE = `WITH recorded AS (${RECORD_PROCESSED}),
  advanced AS (
    INSERT INTO consumer_positions AS p (consumer, source, sequence)
    SELECT $1::text, source, max(sequence) FROM recorded GROUP BY source
    ON CONFLICT (consumer, source) DO UPDATE SET sequence = greatest(p.sequence, excluded.sequence)
  )
  SELECT event_id, NULL::text AS source, NULL::text AS sequence FROM recorded
  UNION ALL SELECT NULL, source, sequence::text FROM consumer_positions WHERE consumer = $1::text`;

/**
 * Deletes up to $3 of the consumer's oldest rows processed before now() - $2 ms, and in the
 * same statement raises, per producer, the pruned marks to the highest sequence and event time
 * deleted (rows from before these columns existed have no sequence and are kept).
 */
const PRUNE_PROCESSED = `WITH doomed AS (
    SELECT event_id FROM processed_events
    WHERE consumer = $1::text AND sequence IS NOT NULL AND processed_at < now() - $2::double precision * interval '1 millisecond'
    ORDER BY processed_at
    LIMIT $3::int
  ), deleted AS (
    DELETE FROM processed_events e USING doomed d
    WHERE e.consumer = $1::text AND e.event_id = d.event_id
    RETURNING e.source, e.sequence, e.event_time
  ), marks AS (
    SELECT source, max(sequence) AS sequence, max(event_time) AS event_time, count(*) AS n FROM deleted GROUP BY source
  ), marked AS (
    INSERT INTO consumer_positions AS p (consumer, source, sequence, pruned_sequence, pruned_time)
    SELECT $1::text, source, sequence, sequence, event_time FROM marks
    ON CONFLICT (consumer, source) DO UPDATE
      SET pruned_sequence = greatest(p.pruned_sequence, excluded.pruned_sequence), pruned_time = greatest(p.pruned_time, excluded.pruned_time)
  )
  SELECT coalesce(sum(n), 0)::int AS pruned FROM marks`;

export interface PruneProcessedOptions {
  /** Rows processed longer ago than this are deleted (default 7 days). */
  retentionMs?: number;
  /** At most this many rows per call (default 1000). */
  batchSize?: number;
}

/**
 * Deletes `consumer`'s processed_events rows older than `retentionMs` (at most `batchSize`,
 * oldest first) and answers how many. Deduplication stays exact: for each producer it records
 * the highest sequence and the latest event time among the rows it deleted, and a later
 * delivery whose sequence and time are both at or below those marks counts as a duplicate.
 * A pruned event delivered again always is (its own sequence and time were among those
 * deleted). A new event never is: the relay publishes a producer's events in sequence order
 * and the bus delivers them to a durable in publish order, so a never-processed event with a
 * sequence below one already processed can only be one that was terminated as poison or
 * malformed and is published again, which is then dropped again; and a producer whose
 * sequence went back (a restored database) writes events with new times, which are applied.
 *
 * Run it where no other delivery of this consumer is being applied (runConsumer does, inside
 * the delivery, which the bus gives a durable one at a time), or right after a restart.
 */
export async function pruneProcessedEvents(
  pool: pg.Pool | pg.PoolClient,
  consumer: string,
  options: PruneProcessedOptions = {},
): Promise<number> {
  const retentionMs = options.retentionMs ?? DEFAULT_PROCESSED_RETENTION_MS;
  if (!Number.isFinite(retentionMs)) return 0;
  const result = await pool.query<{ pruned: number }>(PRUNE_PROCESSED, [
    consumer,
    Math.max(0, retentionMs),
    options.batchSize ?? DEFAULT_PRUNE_BATCH_SIZE,
  ]);
  return result.rows[0].pruned;
}

/** The event's time as an instant for processed_events, or null when it does not parse. */
function eventTime(time: string): string | null {
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/**
 * One consumer's deliveries: validated, recorded in processed_events, handled and counted into
 * consumer_positions in one transaction, and processed_events pruned now and then (runConsumer).
 */
class ConsumerDeliveries {
  private readonly consumer: string;
  private readonly logger: MessagingLogger;
  private readonly validators: Map<string, ValidateFunction>;
  private readonly pruneEvery: number;
  /** Applied events until the next prune; the first applied event prunes. */
  private untilPrune = 1;

  constructor(private readonly options: RunConsumerOptions) {
    this.consumer = options.consumer;
    this.logger = options.logger ?? stderrLogger;
    this.validators = new Map(
      Object.entries(options.schemas ?? {}).map(([type, schema]) => [type, ajv.compile(schema)]),
    );
    this.pruneEvery = Math.max(1, options.pruneEvery ?? DEFAULT_PRUNE_EVERY);
  }

  /** One event: terminated when malformed, retried when handling fails, else acked. */
  async handleOne(event: EventEnvelope, deliveryCount: number): Promise<HandlerOutcome> {
    const { consumer, logger } = this;
    const problem = this.malformed(event);
    if (problem !== null) {
      const eventId = (event as { id?: unknown })?.id;
      logger.error(
        { consumer, eventId, type: (event as { type?: unknown })?.type, problem },
        problem.startsWith('envelope') ? 'malformed event envelope terminated' : 'malformed event data terminated',
      );
      return 'terminate';
    }
    let applied: boolean[];
    try {
      applied = await withTransaction(this.options.pool, (client) => this.applyIn(client, [event]));
    } catch (err) {
      logger.warn(
        { consumer, eventId: event.id, type: event.type, deliveryCount, err: describeError(err) },
        'event handling failed; will retry',
      );
      return 'retry';
    }
    await this.afterCommit([event], applied);
    return 'ack';
  }

  /** A backlog in one transaction (one commit instead of one per event); all or none. */
  async handleBatch(events: EventEnvelope[]): Promise<void> {
    // A malformed event is terminated (and logged) one at a time: the bus hands them over again.
    if (events.some((event) => this.malformed(event) !== null)) throw new Error('a malformed event in the batch');
    const applied = await withTransaction(this.options.pool, (client) => this.applyIn(client, events));
    await this.afterCommit(events, applied);
  }

  /** The reason an event must be terminated (logged), or null when it is well-formed. */
  private malformed(event: EventEnvelope): string | null {
    if (!envelopeValidator(event)) return firstProblem(envelopeValidator.errors, 'envelope');
    const validator = this.validators.get(event.type);
    if (validator && !validator(event.data)) return firstProblem(validator.errors, 'data');
    return null;
  }

  /**
   * In the caller's transaction: records the events, raises the positions past the new ones and
   * reads the positions from before them (one statement), then handles the new ones in order.
   * Answers, per event, whether it was new (false: a duplicate).
   */
  private async applyIn(client: pg.PoolClient, events: readonly EventEnvelope[]): Promise<boolean[]> {
    const recorded = await client.query<{ event_id: string | null; source: string | null; sequence: string | null }>(
      RECORD_AND_ADVANCE,
      [
        this.consumer,
        events.map((e) => e.id),
        events.map((e) => e.source),
        events.map((e) => e.sequence),
        events.map((e) => eventTime(e.time)),
      ],
    );
    const fresh = new Set(recorded.rows.flatMap((r) => (r.event_id === null ? [] : [r.event_id])));
    if (fresh.size === 0) return events.map(() => false);
    const positions = new Map(
      recorded.rows.flatMap((r) => (r.source === null ? [] : [[r.source, Number(r.sequence)] as const])),
    );
    const applied: boolean[] = [];
    for (const event of events) {
      // An id twice in one batch is new once.
      const id = event.id.toLowerCase();
      applied.push(fresh.delete(id));
      if (!applied[applied.length - 1]) continue;
      const previousSequence = positions.get(event.source) ?? 0;
      // With schemas, a type without one is not handled, only counted into the position.
      if (this.options.schemas === undefined || this.validators.has(event.type))
        await this.options.handle(client, event, { previousSequence });
      positions.set(event.source, Math.max(previousSequence, event.sequence));
    }
    return applied;
  }

  /** After a commit: wakes waitForPosition, logs duplicates, prunes when due (runs inside the delivery). */
  private async afterCommit(events: readonly EventEnvelope[], applied: readonly boolean[]): Promise<void> {
    const sources = new Set<string>();
    events.forEach((event, i) => {
      if (applied[i]) sources.add(event.source);
      else
        this.logger.info({ consumer: this.consumer, eventId: event.id, type: event.type }, 'duplicate event skipped');
    });
    for (const source of sources) positions.emit(`${this.consumer}\u0000${source}`);
    const count = applied.filter(Boolean).length;
    if (count === 0) return;
    this.untilPrune -= count;
    if (this.untilPrune <= 0) {
      this.untilPrune = this.pruneEvery;
      await this.pruneNow();
    }
  }

  /**
   * Runs inside the delivery (before its ack), so no other delivery of this durable is applied
   * meanwhile. A failure is logged and does not fail the delivery.
   */
  private async pruneNow(): Promise<void> {
    const { consumer, logger, options } = this;
    try {
      const pruned = await pruneProcessedEvents(options.pool, consumer, {
        retentionMs: options.processedRetentionMs ?? DEFAULT_PROCESSED_RETENTION_MS,
        batchSize: options.pruneBatchSize,
      });
      if (pruned > 0) logger.info({ consumer, pruned }, 'processed events pruned');
    } catch (err) {
      logger.warn({ consumer, err: describeError(err) }, 'processed events could not be pruned; will try again later');
    }
  }
}

/**
 * Runs a durable, idempotent consumer: each delivery is validated (envelope, then data
 * against the schema of its type; invalid -> terminated and logged), then in one
 * transaction recorded in processed_events (a duplicate is acked without handling), handled,
 * and counted into consumer_positions. Any error rolls back and the event is redelivered.
 * After the first applied event and every `pruneEvery` after it, rows older than
 * `processedRetentionMs` are pruned (one bounded DELETE, see `pruneProcessedEvents`).
 */
export async function runConsumer(options: RunConsumerOptions): Promise<Subscription> {
  const deliveries = new ConsumerDeliveries(options);
  return options.bus.subscribe({
    durable: options.consumer,
    subjects: options.subjects,
    ackWaitMs: options.ackWaitMs,
    maxDeliver: options.maxDeliver,
    maxBatch: options.maxBatch,
    handler: (event, meta) => deliveries.handleOne(event, meta.deliveryCount),
    batchHandler: (events) => deliveries.handleBatch(events),
  });
}

async function currentPosition(pool: pg.Pool, consumer: string, source: string): Promise<number> {
  const result = await pool.query<{ sequence: string | number }>(
    'SELECT sequence FROM consumer_positions WHERE consumer = $1 AND source = $2',
    [consumer, source],
  );
  return result.rows.length === 0 ? 0 : Number(result.rows[0].sequence);
}

/**
 * Read-your-writes (`X-Min-Sequence`): resolves `true` once `consumer` has applied `source`'s
 * event `sequence`, or `false` after `timeoutMs` (the read then answers with what it has) or
 * once `signal` aborts.
 */
export async function waitForPosition(
  pool: pg.Pool,
  consumer: string,
  source: string,
  sequence: number,
  timeoutMs = 2000,
  signal?: AbortSignal,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  const key = `${consumer}\u0000${source}`;
  for (;;) {
    // Listening before the read: a commit of this process while the position is being read wakes
    // the wait at once instead of after the next poll.
    let woken = false;
    let wake = () => {
      woken = true;
    };
    const listener = () => wake();
    positions.on(key, listener);
    signal?.addEventListener('abort', listener);
    try {
      if ((await currentPosition(pool, consumer, source)) >= sequence) return true;
      const left = deadline - Date.now();
      if (left <= 0 || signal?.aborted) return false;
      if (!woken)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(50, left));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
    } finally {
      positions.off(key, listener);
      signal?.removeEventListener('abort', listener);
    }
    if (signal?.aborted) return false;
  }
}
