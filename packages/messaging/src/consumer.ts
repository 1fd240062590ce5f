import { EventEmitter } from 'node:events';
import type pg from 'pg';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { TSchema } from 'typebox';
import type { Bus, EventEnvelope, HandlerOutcome, Subscription } from './bus';
import { describeError, stderrLogger, type MessagingLogger } from './logger';

/**
 * Event data is checked like HTTP bodies in service-kit: Ajv over the TypeBox (JSON Schema)
 * value, no coercion, nothing removed or defaulted, so a consumer sees exactly what was sent.
 * (Ajv rather than typebox/compile: typebox is ES-module-only and this runs in every service's
 * CommonJS jest tests too.)
 */
const ajv = new Ajv({ allErrors: false, coerceTypes: false, removeAdditional: false, useDefaults: false, strict: false });

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
  /** Applies one event inside the transaction that also records it as processed. */
  handle: (client: pg.PoolClient, event: EventEnvelope) => Promise<void>;
  logger?: MessagingLogger;
  ackWaitMs?: number;
  maxDeliver?: number;
}

/** Wakes waitForPosition in this process as soon as a consumer commits (other processes are polled). */
const positions = new EventEmitter();
positions.setMaxListeners(0);

const RECORD_PROCESSED = `INSERT INTO processed_events (consumer, event_id, processed_at) VALUES ($1, $2, now())
  ON CONFLICT DO NOTHING`;
const ADVANCE_POSITION = `INSERT INTO consumer_positions (consumer, source, sequence) VALUES ($1, $2, $3)
  ON CONFLICT (consumer, source) DO UPDATE SET sequence = greatest(consumer_positions.sequence, excluded.sequence)`;

/**
 * Runs a durable, idempotent consumer: each delivery is validated (envelope, then data
 * against the schema of its type; invalid -> terminated and logged), then in one
 * transaction recorded in processed_events (a duplicate is acked without handling), handled,
 * and counted into consumer_positions. Any error rolls back and the event is redelivered.
 */
export async function runConsumer(options: RunConsumerOptions): Promise<Subscription> {
  const { pool, consumer } = options;
  const logger = options.logger ?? stderrLogger;
  const validators = new Map<string, ValidateFunction>(Object.entries(options.schemas ?? {}).map(([type, schema]) => [type, ajv.compile(schema)]));

  async function apply(event: EventEnvelope, handled: boolean): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const recorded = await client.query(RECORD_PROCESSED, [consumer, event.id]);
      if (recorded.rowCount === 0) {
        await client.query('COMMIT');
        logger.info({ consumer, eventId: event.id, type: event.type }, 'duplicate event skipped');
        return;
      }
      if (handled) await options.handle(client, event);
      await client.query(ADVANCE_POSITION, [consumer, event.source, event.sequence]);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    positions.emit(`${consumer}\u0000${event.source}`);
  }

  return options.bus.subscribe({
    durable: consumer,
    subjects: options.subjects,
    ackWaitMs: options.ackWaitMs,
    maxDeliver: options.maxDeliver,
    handler: async (event, meta): Promise<HandlerOutcome> => {
      if (!envelopeValidator(event)) {
        logger.error({ consumer, eventId: (event as { id?: unknown })?.id, problem: firstProblem(envelopeValidator.errors, 'envelope') }, 'malformed event envelope terminated');
        return 'terminate';
      }
      const validator = validators.get(event.type);
      if (validator && !validator(event.data)) {
        logger.error({ consumer, eventId: event.id, type: event.type, problem: firstProblem(validator.errors, 'data') }, 'malformed event data terminated');
        return 'terminate';
      }
      const handled = options.schemas === undefined || validator !== undefined;
      try {
        await apply(event, handled);
        return 'ack';
      } catch (err) {
        logger.warn({ consumer, eventId: event.id, type: event.type, deliveryCount: meta.deliveryCount, err: describeError(err) }, 'event handling failed; will retry');
        return 'retry';
      }
    },
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
 * event `sequence`, or `false` after `timeoutMs` (the read then answers with what it has).
 */
export async function waitForPosition(pool: pg.Pool, consumer: string, source: string, sequence: number, timeoutMs = 2000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  const key = `${consumer}\u0000${source}`;
  for (;;) {
    if ((await currentPosition(pool, consumer, source)) >= sequence) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        positions.off(key, done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(50, left));
      positions.on(key, done);
    });
  }
}
