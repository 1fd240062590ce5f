import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  RetentionPolicy,
  jetstream,
  ReplayPolicy,
  jetstreamManager,
  StorageType,
  type ConsumerConfig,
  type ConsumerInfo,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
  type StreamConfig,
} from '@nats-io/jetstream';
import type { Bus, EventEnvelope, HandlerOutcome, SubscribeOptions, Subscription } from './bus';
import { DEFAULT_DUPLICATE_WINDOW_MS, DEFAULT_MAX_DELIVER } from './inprocess-bus';
import { resolveStreamLimits, type StreamLimits } from './limits';
import { describeError, stderrLogger, type MessagingLogger } from './logger';
import { coveringFilter, isPublishableSubject, isValidFilter, matchesAny } from './subjects';

/** Every event type starts with its producer's area; the stream covers them all. */
export const EVENT_STREAM_SUBJECTS = ['auth.>', 'ledger.>', 'budget.>', 'import.>'];

export interface NatsBusOptions {
  /** e.g. `nats://127.0.0.1:4222` (or a list). */
  servers: string | string[];
  /** Connection name shown by the server, e.g. the service name. */
  name: string;
  streamName?: string;
  /** Subjects the stream must cover (default EVENT_STREAM_SUBJECTS; tests use their own). */
  subjects?: string[];
  duplicateWindowMs?: number;
  /**
   * The stream's retention limits (defaults: 24 h, 100,000 messages, 64 MiB, as the in-process
   * bus). Applied when the stream is created, and to an existing stream whose limits differ.
   */
  limits?: Partial<StreamLimits>;
  logger?: MessagingLogger;
}

/** nats-server < 2.10 has no `filter_subjects` (several filters on one consumer). */
function supportsMultipleFilters(version: string | undefined): boolean {
  const [major, minor] = (version ?? '0.0').split('.').map((n) => Number.parseInt(n, 10));
  return major > 2 || (major === 2 && minor >= 10);
}

function apiErrorCode(err: unknown): number | undefined {
  const apiError = (err as { apiError?: () => { err_code?: number } }).apiError?.();
  return apiError?.err_code ?? (err as { code?: number }).code;
}

/**
 * A durable's ack wait on NATS (ms) unless the subscriber sets one. Short, because a message in
 * flight when the server went away (its ack lost) blocks the durable (one message in flight)
 * until the ack wait runs out after the server is back: 30 s left consumers idle ~20 s after a
 * NATS restart (fault drills). A slow handler is not redelivered under it: `working()` is sent
 * every half ack wait while it runs. Also the delay before a failed event is tried again.
 */
export const NATS_ACK_WAIT_MS = 5_000;

const STREAM_NOT_FOUND = 10059;
const CONSUMER_NOT_FOUND = 10014;

/** The stream settings for `limits`, in JetStream's terms (`Infinity` = unlimited: -1, or 0 for the age). */
function limitsConfig(limits: StreamLimits, duplicateWindowMs: number): Pick<StreamConfig, 'max_age' | 'max_msgs' | 'max_bytes' | 'duplicate_window'> {
  return {
    max_age: Number.isFinite(limits.maxAgeMs) ? nanos(limits.maxAgeMs) : 0,
    max_msgs: Number.isFinite(limits.maxMessages) ? Math.floor(limits.maxMessages) : -1,
    max_bytes: Number.isFinite(limits.maxBytes) ? Math.floor(limits.maxBytes) : -1,
    // JetStream refuses a duplicate window longer than the maximum age.
    duplicate_window: nanos(Math.min(duplicateWindowMs, limits.maxAgeMs)),
  };
}

/**
 * Creates the stream, or widens an existing one to cover `subjects` and brings its limits to
 * `limits`. Safe when several processes start together (they all ask for the same settings).
 */
async function ensureStream(jsm: JetStreamManager, name: string, subjects: string[], limits: StreamLimits, duplicateWindowMs: number, logger: MessagingLogger): Promise<void> {
  const wanted = limitsConfig(limits, duplicateWindowMs);
  for (let attempt = 0; ; attempt++) {
    try {
      const info = await jsm.streams.info(name);
      const missing = subjects.filter((s) => !info.config.subjects?.includes(s));
      const limitsDiffer = info.config.max_age !== wanted.max_age || info.config.max_msgs !== wanted.max_msgs || info.config.max_bytes !== wanted.max_bytes;
      if (missing.length > 0 || limitsDiffer) {
        const update: StreamConfig = { ...info.config, subjects: [...(info.config.subjects ?? []), ...missing] };
        if (limitsDiffer) {
          logger.info({ stream: name, from: { max_age: info.config.max_age, max_msgs: info.config.max_msgs, max_bytes: info.config.max_bytes }, to: { max_age: wanted.max_age, max_msgs: wanted.max_msgs, max_bytes: wanted.max_bytes } }, 'stream limits changed');
          Object.assign(update, { max_age: wanted.max_age, max_msgs: wanted.max_msgs, max_bytes: wanted.max_bytes });
          // Kept as it was unless the new age limit is shorter (JetStream requires window <= age).
          if (wanted.max_age > 0 && info.config.duplicate_window > wanted.max_age) update.duplicate_window = wanted.max_age;
        }
        await jsm.streams.update(name, update);
      }
      return;
    } catch (err) {
      if (apiErrorCode(err) !== STREAM_NOT_FOUND || attempt > 2) throw err;
    }
    try {
      await jsm.streams.add({ name, subjects, storage: StorageType.File, retention: RetentionPolicy.Limits, discard: DiscardPolicy.Old, ...wanted });
      return;
    } catch (err) {
      // Another process created it meanwhile: loop to read and widen it.
      if (attempt > 2) throw err;
    }
  }
}

function consumerConfig(options: SubscribeOptions, multipleFilters: boolean): ConsumerConfig {
  const config: ConsumerConfig = {
    durable_name: options.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    replay_policy: ReplayPolicy.Instant,
    ack_wait: nanos(options.ackWaitMs ?? NATS_ACK_WAIT_MS),
    max_deliver: options.maxDeliver ?? DEFAULT_MAX_DELIVER,
    // One message in flight per durable: delivery in stream order, like the in-process bus.
    max_ack_pending: 1,
  };
  if (multipleFilters && options.subjects.length > 1) {
    config.filter_subjects = [...options.subjects];
  } else {
    // One covering filter on the server; the exact subjects are checked on delivery.
    const filter = coveringFilter(options.subjects);
    if (filter) config.filter_subject = filter;
  }
  return config;
}

/**
 * The scaled-mode bus on NATS JetStream. Events go to the subject named by their type, with
 * `msgID` = event id (the stream drops duplicates within its window). Each durable is a pull
 * consumer with explicit acks and one message in flight, consumed with `consume()`.
 */
export async function connectNatsBus(options: NatsBusOptions): Promise<Bus> {
  const streamName = options.streamName ?? 'HF_EVENTS';
  const logger = options.logger ?? stderrLogger;
  const nc: NatsConnection = await connect({ servers: options.servers, name: options.name, maxReconnectAttempts: -1, reconnectTimeWait: 1000 });
  try {
    const jsm = await jetstreamManager(nc);
    await ensureStream(jsm, streamName, options.subjects ?? EVENT_STREAM_SUBJECTS, resolveStreamLimits(options.limits), options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS, logger);
    const js = jetstream(nc);
    const multipleFilters = supportsMultipleFilters(nc.info?.version);
    const subscriptions = new Set<Subscription>();

    /**
     * Creates the durable, or brings an existing one to the requested settings. A changed
     * filter is applied by re-creating the consumer from its ack floor: nats-server 2.9
     * accepts a filter update but then does not wake the consumer for messages on the new
     * filter (they sit pending until the next pull request), so the update is not usable.
     */
    async function ensureConsumer(subscribeOptions: SubscribeOptions): Promise<void> {
      const config = consumerConfig(subscribeOptions, multipleFilters);
      let existing: ConsumerInfo;
      try {
        existing = await jsm.consumers.info(streamName, subscribeOptions.durable);
      } catch (err) {
        if (apiErrorCode(err) !== CONSUMER_NOT_FOUND) throw err;
        await jsm.consumers.add(streamName, config);
        return;
      }
      const sameFilter =
        (existing.config.filter_subject ?? '') === (config.filter_subject ?? '') &&
        JSON.stringify(existing.config.filter_subjects ?? []) === JSON.stringify(config.filter_subjects ?? []);
      if (sameFilter) {
        const { durable_name: _name, ack_policy: _ack, deliver_policy: _deliver, replay_policy: _replay, ...updatable } = config;
        await jsm.consumers.update(streamName, subscribeOptions.durable, updatable);
        return;
      }
      const resumeAt = existing.ack_floor.stream_seq + 1;
      logger.info({ durable: subscribeOptions.durable, from: existing.config.filter_subject ?? existing.config.filter_subjects, to: config.filter_subject ?? config.filter_subjects, resumeAt }, 'consumer filter changed; re-creating it from its ack floor');
      await jsm.consumers.delete(streamName, subscribeOptions.durable);
      await jsm.consumers.add(streamName, { ...config, deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: resumeAt });
    }

    async function deliver(msg: JsMsg, subscribeOptions: SubscribeOptions): Promise<void> {
      const { durable } = subscribeOptions;
      let event: EventEnvelope;
      try {
        event = msg.json<EventEnvelope>();
        if (typeof event !== 'object' || event === null || Array.isArray(event)) throw new Error('not a JSON object');
      } catch (err) {
        logger.error({ durable, subject: msg.subject, streamSequence: msg.seq, err: describeError(err) }, 'malformed event payload terminated');
        msg.term();
        return;
      }
      if (!matchesAny(subscribeOptions.subjects, msg.subject)) {
        msg.ack();
        return;
      }
      const deliveryCount = msg.info.deliveryCount;
      const maxDeliver = subscribeOptions.maxDeliver ?? DEFAULT_MAX_DELIVER;
      const ackWaitMs = subscribeOptions.ackWaitMs ?? NATS_ACK_WAIT_MS;
      // A slow handler is still working, not failed: keep the server from redelivering under it.
      const keepAlive = setInterval(() => msg.working(), Math.max(50, Math.floor(ackWaitMs / 2)));
      let outcome: HandlerOutcome;
      try {
        outcome = (await subscribeOptions.handler(event, { deliveryCount })) ?? 'ack';
      } catch (err) {
        logger.warn({ durable, eventId: event.id, type: event.type, deliveryCount, err: describeError(err) }, 'event handler failed; will redeliver');
        outcome = 'retry';
      } finally {
        clearInterval(keepAlive);
      }
      if (outcome === 'ack') {
        // Wait for the server to confirm: a durable re-created right after (filter change)
        // starts from its ack floor, and the next message is not sent before this ack anyway.
        const confirmed = await msg.ackAck().catch((err: unknown) => {
          logger.warn({ durable, eventId: event.id, type: event.type, err: describeError(err) }, 'ack not confirmed; the event may be redelivered');
          return false;
        });
        void confirmed;
      } else if (outcome === 'terminate') {
        logger.error({ durable, eventId: event.id, type: event.type, deliveryCount }, 'event terminated by its handler');
        msg.term();
      } else if (deliveryCount >= maxDeliver) {
        logger.error({ durable, eventId: event.id, type: event.type, deliveryCount }, 'poison event dropped after max deliveries');
        msg.term();
      } else {
        msg.nak(ackWaitMs);
      }
    }

    const bus: Bus = {
      kind: 'nats',

      async publish(event: EventEnvelope): Promise<void> {
        if (typeof event?.id !== 'string' || event.id.length === 0) throw new Error('An event needs an id.');
        if (typeof event.type !== 'string' || !isPublishableSubject(event.type)) throw new Error(`Invalid event type "${String(event.type)}".`);
        await js.publish(event.type, JSON.stringify(event), { msgID: event.id });
      },

      async subscribe(subscribeOptions: SubscribeOptions): Promise<Subscription> {
        if (!subscribeOptions.durable || !/^[A-Za-z0-9_-]+$/.test(subscribeOptions.durable)) {
          throw new Error(`Invalid durable name "${subscribeOptions.durable}" (letters, digits, _ and - only).`);
        }
        if (subscribeOptions.subjects.length === 0 || !subscribeOptions.subjects.every(isValidFilter)) {
          throw new Error(`Invalid subjects ${JSON.stringify(subscribeOptions.subjects)}.`);
        }
        await ensureConsumer(subscribeOptions);
        const consumer = await js.consumers.get(streamName, subscribeOptions.durable);
        const messages: ConsumerMessages = await consumer.consume({ max_messages: 10 });
        const loop = (async () => {
          for await (const msg of messages) {
            try {
              await deliver(msg, subscribeOptions);
            } catch (err) {
              logger.error({ durable: subscribeOptions.durable, err: describeError(err) }, 'event delivery failed');
            }
          }
        })();
        let stopped = false;
        const subscription: Subscription = {
          async stop(): Promise<void> {
            if (stopped) return;
            stopped = true;
            subscriptions.delete(subscription);
            await messages.close().catch(() => undefined);
            await loop;
          },
        };
        subscriptions.add(subscription);
        return subscription;
      },

      async isReady(): Promise<boolean> {
        if (nc.isClosed()) return false;
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), 1000);
        });
        const roundTrip = nc.flush().then(
          () => true,
          () => false,
        );
        const ready = await Promise.race([roundTrip, timeout]);
        clearTimeout(timer);
        return ready;
      },

      async close(): Promise<void> {
        await Promise.all([...subscriptions].map((s) => s.stop()));
        if (!nc.isClosed()) await nc.drain();
      },
    };
    return bus;
  } catch (err) {
    await nc.close().catch(() => undefined);
    throw err;
  }
}
