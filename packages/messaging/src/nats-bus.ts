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
import {
  DEFAULT_MAX_BATCH,
  type Bus,
  type EventEnvelope,
  type HandlerOutcome,
  type SubscribeOptions,
  type Subscription,
} from './bus';
import { DEFAULT_DUPLICATE_WINDOW_MS, DEFAULT_MAX_DELIVER } from './inprocess-bus';
import { resolveStreamLimits, type StreamLimits } from './limits';
import { describeError, stderrLogger, type MessagingLogger } from './logger';
import { retryDelayMs } from './redelivery';
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
 * A durable's ack wait on NATS (ms) unless the subscriber sets one: how long the server waits
 * for the ack of a message it sent before sending it again, and the longest delay before a
 * failed event is tried again (`retryDelayMs`: 1 s, doubling). The messages a subscriber holds
 * are kept from being redelivered with `working()` every half ack wait. (A message in flight
 * when the connection is lost no longer waits for it: the durable is re-created from its ack
 * floor once the server is back.)
 */
export const NATS_ACK_WAIT_MS = 5_000;

/**
 * Pull requests expire after this (ms; nats.js's default is 30 s). The server then sends idle
 * heartbeats every half of it, and two missed ones make the client pull again: a pull request
 * the server lost is noticed within 5 s instead of 30 s.
 */
const PULL_EXPIRES_MS = 5_000;

/** How long an ack waits for the server's confirmation (ms; nats.js's default is 5 s). */
const ACK_CONFIRM_TIMEOUT_MS = 2_000;

/** Wait between attempts to reach the server again (ms; nats.js's default is 2 s). */
const RECONNECT_WAIT_MS = 250;

/**
 * How long a publish waits for the server's PubAck (ms; nats.js's default is 5 s). A publish
 * sent as the connection went away is answered never; the outbox relay tries again sooner.
 */
const PUBLISH_TIMEOUT_MS = 2_000;

/** Routine notifications of a pull consumer; the others (missed heartbeats, consumer not found, ...) are logged. */
const QUIET_NOTIFICATIONS = new Set(['next', 'discard', 'debug', 'heartbeat', 'flow_control']);

const STREAM_NOT_FOUND = 10059;
const CONSUMER_NOT_FOUND = 10014;

/** The stream settings for `limits`, in JetStream's terms (`Infinity` = unlimited: -1, or 0 for the age). */
function limitsConfig(
  limits: StreamLimits,
  duplicateWindowMs: number,
): Pick<StreamConfig, 'max_age' | 'max_msgs' | 'max_bytes' | 'duplicate_window'> {
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
async function ensureStream(
  jsm: JetStreamManager,
  name: string,
  subjects: string[],
  limits: StreamLimits,
  duplicateWindowMs: number,
  logger: MessagingLogger,
): Promise<void> {
  const wanted = limitsConfig(limits, duplicateWindowMs);
  for (let attempt = 0; ; attempt++) {
    try {
      const info = await jsm.streams.info(name);
      const missing = subjects.filter((s) => !info.config.subjects?.includes(s));
      const limitsDiffer =
        info.config.max_age !== wanted.max_age ||
        info.config.max_msgs !== wanted.max_msgs ||
        info.config.max_bytes !== wanted.max_bytes;
      if (missing.length > 0 || limitsDiffer) {
        const update: StreamConfig = { ...info.config, subjects: [...(info.config.subjects ?? []), ...missing] };
        if (limitsDiffer) {
          logger.info(
            {
              stream: name,
              from: { max_age: info.config.max_age, max_msgs: info.config.max_msgs, max_bytes: info.config.max_bytes },
              to: { max_age: wanted.max_age, max_msgs: wanted.max_msgs, max_bytes: wanted.max_bytes },
            },
            'stream limits changed',
          );
          Object.assign(update, { max_age: wanted.max_age, max_msgs: wanted.max_msgs, max_bytes: wanted.max_bytes });
          // Kept as it was unless the new age limit is shorter (JetStream requires window <= age).
          if (wanted.max_age > 0 && info.config.duplicate_window > wanted.max_age)
            update.duplicate_window = wanted.max_age;
        }
        await jsm.streams.update(name, update);
      }
      return;
    } catch (err) {
      if (apiErrorCode(err) !== STREAM_NOT_FOUND || attempt > 2) throw err;
    }
    try {
      await jsm.streams.add({
        name,
        subjects,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        discard: DiscardPolicy.Old,
        ...wanted,
      });
      return;
    } catch (err) {
      // Another process created it meanwhile: loop to read and widen it.
      if (attempt > 2) throw err;
    }
  }
}

/** Messages a durable may have in flight: a batch for a durable with a batch handler, else one. */
function maxAckPending(options: SubscribeOptions): number {
  return options.batchHandler ? Math.max(1, Math.floor(options.maxBatch ?? DEFAULT_MAX_BATCH)) : 1;
}

function consumerConfig(options: SubscribeOptions, multipleFilters: boolean): ConsumerConfig {
  const config: ConsumerConfig = {
    durable_name: options.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    replay_policy: ReplayPolicy.Instant,
    ack_wait: nanos(options.ackWaitMs ?? NATS_ACK_WAIT_MS),
    max_deliver: options.maxDeliver ?? DEFAULT_MAX_DELIVER,
    // The client handles them in stream order (see DurableSession); one at a time without a batch handler.
    max_ack_pending: maxAckPending(options),
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

/** The connection as the bus sees it: up or not, and who wants to know when that changes. */
interface ConnectionWatch {
  isUp(): boolean;
  onChange(listener: (up: boolean) => void): void;
  /** True once the connection is up (at once when it is), false after `timeoutMs`. */
  whenUp(timeoutMs: number): Promise<boolean>;
}

/**
 * Follows the connection: logs losing and regaining the server (warn: both are worth seeing at
 * the services' usual level, with how long it was gone; the fault drills read these lines) and
 * tells the durables.
 */
function watchConnection(nc: NatsConnection, name: string, logger: MessagingLogger): ConnectionWatch {
  let lostAt: number | undefined;
  const listeners: Array<(up: boolean) => void> = [];
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' && lostAt === undefined) {
        lostAt = Date.now();
        logger.warn({ connection: name }, 'NATS connection lost; reconnecting');
        for (const listener of listeners) listener(false);
      } else if (status.type === 'reconnect') {
        logger.warn(
          { connection: name, downMs: lostAt === undefined ? null : Date.now() - lostAt },
          'NATS connection back',
        );
        lostAt = undefined;
        for (const listener of listeners) listener(true);
      }
    }
  })().catch(() => undefined);
  const isUp = () => lostAt === undefined;
  /** Resolves true when the connection comes back, false after `timeoutMs`. */
  const back = (timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      const listener = (up: boolean) => {
        if (!up) return;
        clearTimeout(timer);
        listeners.splice(listeners.indexOf(listener), 1);
        resolve(true);
      };
      const timer = setTimeout(() => {
        listeners.splice(listeners.indexOf(listener), 1);
        resolve(false);
      }, timeoutMs);
      listeners.push(listener);
    });
  return {
    isUp,
    onChange: (listener) => void listeners.push(listener),
    whenUp: async (timeoutMs) => isUp() || back(timeoutMs),
  };
}

/** The event in a message, or an error when it is not a JSON object. */
function parseEvent(msg: JsMsg): EventEnvelope | Error {
  try {
    const event = msg.json<EventEnvelope>();
    if (typeof event !== 'object' || event === null || Array.isArray(event)) return new Error('not a JSON object');
    return event;
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/**
 * The scaled-mode bus on NATS JetStream. Events go to the subject named by their type, with
 * `msgID` = event id (the stream drops duplicates within its window). Each durable is a pull
 * consumer with explicit acks, consumed by one `DurableSession` per bus (see there).
 */
export async function connectNatsBus(options: NatsBusOptions): Promise<Bus> {
  const streamName = options.streamName ?? 'HF_EVENTS';
  const logger = options.logger ?? stderrLogger;
  const nc: NatsConnection = await connect({
    servers: options.servers,
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: RECONNECT_WAIT_MS,
  });
  const connection = watchConnection(nc, options.name, logger);
  try {
    const jsm = await jetstreamManager(nc);
    await ensureStream(
      jsm,
      streamName,
      options.subjects ?? EVENT_STREAM_SUBJECTS,
      resolveStreamLimits(options.limits),
      options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS,
      logger,
    );
    const js = jetstream(nc);
    const multipleFilters = supportsMultipleFilters(nc.info?.version);
    const sessions = new Map<string, DurableSession>();
    connection.onChange((up) => {
      for (const session of sessions.values()) session.connectionChanged(up);
    });

    /**
     * Creates the durable, or brings an existing one to the requested settings. It is re-created
     * from its ack floor (the first message not acked, in stream order) when its filter changed
     * (nats-server 2.9 accepts a filter update but then does not wake the consumer for messages
     * on the new filter), when `reset` is 'always', or with 'if-pending' when it has messages
     * in flight or pull requests waiting: left by a subscriber that is gone (a process that
     * died, a connection lost with the server), they would otherwise wait for the ack wait, and
     * the messages behind them could pass them.
     */
    async function ensureConsumer(subscribeOptions: SubscribeOptions, reset: 'if-pending' | 'always'): Promise<void> {
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
      const leftOver = existing.num_ack_pending > 0 || existing.num_waiting > 0;
      if (sameFilter && reset === 'if-pending' && !leftOver) {
        const {
          durable_name: _name,
          ack_policy: _ack,
          deliver_policy: _deliver,
          replay_policy: _replay,
          ...updatable
        } = config;
        await jsm.consumers.update(streamName, subscribeOptions.durable, updatable);
        return;
      }
      const resumeAt = existing.ack_floor.stream_seq + 1;
      const why = !sameFilter
        ? 'filter changed'
        : reset === 'always'
          ? 'connection to the server lost'
          : 'messages in flight or pull requests left over';
      logger.warn(
        {
          durable: subscribeOptions.durable,
          why,
          inFlight: existing.num_ack_pending,
          waiting: existing.num_waiting,
          from: existing.config.filter_subject ?? existing.config.filter_subjects,
          to: config.filter_subject ?? config.filter_subjects,
          resumeAt,
        },
        're-creating the durable from its ack floor',
      );
      await jsm.consumers.delete(streamName, subscribeOptions.durable);
      await jsm.consumers.add(streamName, {
        ...config,
        deliver_policy: DeliverPolicy.StartSequence,
        opt_start_seq: resumeAt,
      });
    }

    /**
     * Acks and waits for the server to confirm (the next messages come after it anyway). Not
     * while the connection is lost: nats.js drops what it buffered when it connects again, so
     * the ack would never arrive; the durable is re-created from its ack floor instead. A
     * confirmation lost with the connection is given up after ACK_CONFIRM_TIMEOUT_MS.
     */
    async function confirmAck(msg: JsMsg, durable: string): Promise<void> {
      if (!connection.isUp()) return;
      await msg.ackAck({ timeout: ACK_CONFIRM_TIMEOUT_MS }).catch((err: unknown) => {
        logger.warn(
          { durable, streamSequence: msg.seq, err: describeError(err) },
          'ack not confirmed; the event may be delivered again',
        );
        return false;
      });
    }

    /**
     * The client side of one durable in this bus (its subscriptions take turns). Messages are
     * queued as they arrive and handled strictly in arrival order, which is stream order:
     * - a durable with a batch handler has up to `maxBatch` messages in flight, and two or more
     *   waiting go to the batch handler at once (one at a time again after a batch failed);
     * - a failed event is retried here, after `retryDelayMs` (1 s, doubling, at most the ack
     *   wait), not nak'ed: the messages behind it wait (with several in flight a nak would let
     *   them pass it); the messages held are kept from being redelivered with `working()`
     *   every half ack wait;
     * - when the connection drops, the session finishes what it is handling, forgets what it
     *   holds and, once the server is back, re-creates the durable from its ack floor and
     *   consumes again: what was in flight (an ack lost, a message lost on the way) comes again
     *   at once and in order instead of after the ack wait (consumers' processed_events make a
     *   second delivery harmless).
     */
    class DurableSession {
      readonly durable: string;
      readonly subscribers: SubscribeOptions[];
      private nextSubscriber = 0;
      /** Arrived, not yet handled, in arrival order. */
      private queue: JsMsg[] = [];
      /** Being handled now (acked at the end). */
      private current: JsMsg[] = [];
      private messages: ConsumerMessages | undefined;
      /** Bumped whenever a consume is given up: its late messages are ignored. */
      private generation = 0;
      private resetWanted = false;
      private stopped = false;
      private wakeUp: (() => void) | undefined;
      private endPause: (() => void) | undefined;
      private readonly keepAlive: NodeJS.Timeout;
      private loop: Promise<void> = Promise.resolve();

      constructor(first: SubscribeOptions) {
        this.durable = first.durable;
        this.subscribers = [first];
        this.keepAlive = setInterval(
          () => {
            for (const msg of [...this.current, ...this.queue]) msg.working();
          },
          Math.max(50, Math.floor(this.ackWaitMs / 2)),
        );
        this.keepAlive.unref();
      }

      private get ackWaitMs(): number {
        return this.subscribers[0]?.ackWaitMs ?? NATS_ACK_WAIT_MS;
      }

      async start(): Promise<void> {
        await this.consume('if-pending');
        this.loop = this.run();
      }

      connectionChanged(up: boolean): void {
        if (!up) {
          this.resetWanted = true;
          this.endPause?.();
        }
        this.wake();
      }

      async stop(): Promise<void> {
        this.stopped = true;
        this.generation++;
        this.messages?.stop();
        clearInterval(this.keepAlive);
        this.endPause?.();
        this.wake();
        await this.loop;
      }

      private wake(): void {
        const wakeUp = this.wakeUp;
        this.wakeUp = undefined;
        wakeUp?.();
      }

      /** Until wake() or, when given, `ms` have passed. */
      private sleep(ms?: number): Promise<void> {
        return new Promise((resolve) => {
          const timer = ms === undefined ? undefined : setTimeout(() => this.wake(), ms);
          this.wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }

      /** `ms`, ended early only by stop() or a lost connection. */
      private pause(ms: number): Promise<void> {
        return new Promise((resolve) => {
          const end = () => {
            clearTimeout(timer);
            this.endPause = undefined;
            resolve();
          };
          const timer = setTimeout(end, ms);
          this.endPause = end;
        });
      }

      private async consume(reset: 'if-pending' | 'always'): Promise<void> {
        const settings = this.subscribers[0];
        await ensureConsumer(settings, reset);
        const consumer = await js.consumers.get(streamName, settings.durable);
        const generation = ++this.generation;
        const messages = await consumer.consume({
          max_messages: Math.max(10, maxAckPending(settings)),
          expires: PULL_EXPIRES_MS,
          callback: (msg) => {
            if (generation !== this.generation) return;
            this.queue.push(msg);
            this.wake();
          },
        });
        this.messages = messages;
        void (async () => {
          for await (const note of messages.status()) {
            if (QUIET_NOTIFICATIONS.has(note.type)) continue;
            logger.warn({ durable: settings.durable, notification: note }, `consumer ${note.type}`);
          }
        })().catch(() => undefined);
      }

      /** After a lost connection: once the server is back, the durable from its ack floor, consumed again. */
      private async restart(): Promise<void> {
        this.generation++;
        this.queue = [];
        this.messages?.stop();
        this.messages = undefined;
        for (let attempt = 0; !this.stopped; attempt++) {
          if (!connection.isUp()) {
            await this.sleep(1000);
            continue;
          }
          this.resetWanted = false;
          try {
            await this.consume('always');
            return;
          } catch (err) {
            logger.warn(
              { durable: this.durable, attempt, err: describeError(err) },
              'could not consume again after the connection came back; will retry',
            );
            await this.pause(Math.min(2000, 100 * 2 ** attempt));
          }
        }
      }

      private async run(): Promise<void> {
        while (!this.stopped) {
          if (this.resetWanted) {
            await this.restart();
            continue;
          }
          if (this.queue.length === 0) {
            await this.sleep();
            continue;
          }
          const subscriber = this.subscribers[this.nextSubscriber++ % this.subscribers.length];
          try {
            const batch = subscriber.batchHandler ? this.takeBatch(subscriber) : undefined;
            if (batch) {
              await this.handleBatch(subscriber, batch);
            } else {
              const msg = this.queue.shift()!;
              this.current = [msg];
              await this.handleOne(subscriber, msg);
            }
          } catch (err) {
            logger.error({ durable: this.durable, err: describeError(err) }, 'event delivery failed');
          } finally {
            this.current = [];
          }
        }
      }

      /** Two or more well-formed messages from the front of the queue (at most `maxBatch` events), or nothing. */
      private takeBatch(subscriber: SubscribeOptions): { msgs: JsMsg[]; events: EventEnvelope[] } | undefined {
        if (this.queue.length < 2) return undefined;
        const max = Math.max(1, subscriber.maxBatch ?? DEFAULT_MAX_BATCH);
        const msgs: JsMsg[] = [];
        const events: EventEnvelope[] = [];
        for (const msg of this.queue) {
          if (events.length >= max) break;
          const event = parseEvent(msg);
          if (event instanceof Error) break;
          msgs.push(msg);
          if (matchesAny(subscriber.subjects, msg.subject)) events.push(event);
        }
        if (events.length < 2) return undefined;
        this.queue.splice(0, msgs.length);
        return { msgs, events };
      }

      private async handleBatch(
        subscriber: SubscribeOptions,
        batch: { msgs: JsMsg[]; events: EventEnvelope[] },
      ): Promise<void> {
        this.current = batch.msgs;
        try {
          await subscriber.batchHandler!(batch.events);
        } catch (err) {
          logger.warn(
            { durable: this.durable, events: batch.events.length, err: describeError(err) },
            'event batch failed; handling its events one at a time',
          );
          for (let i = 0; i < batch.msgs.length && !this.stopped && !this.resetWanted; i++) {
            this.current = batch.msgs.slice(i);
            await this.handleOne(subscriber, batch.msgs[i]);
          }
          return;
        }
        for (const msg of batch.msgs.slice(0, -1)) msg.ack();
        await confirmAck(batch.msgs[batch.msgs.length - 1], this.durable);
      }

      private async handleOne(subscriber: SubscribeOptions, msg: JsMsg): Promise<void> {
        const { durable } = this;
        const event = parseEvent(msg);
        if (event instanceof Error) {
          logger.error(
            { durable, subject: msg.subject, streamSequence: msg.seq, err: describeError(event) },
            'malformed event payload terminated',
          );
          msg.term();
          return;
        }
        if (!matchesAny(subscriber.subjects, msg.subject)) {
          msg.ack();
          return;
        }
        const maxDeliver = subscriber.maxDeliver ?? DEFAULT_MAX_DELIVER;
        for (let deliveryCount = msg.info.deliveryCount; ; deliveryCount++) {
          let outcome: HandlerOutcome;
          try {
            outcome = (await subscriber.handler(event, { deliveryCount })) ?? 'ack';
          } catch (err) {
            logger.warn(
              { durable, eventId: event.id, type: event.type, deliveryCount, err: describeError(err) },
              'event handler failed; will redeliver',
            );
            outcome = 'retry';
          }
          if (outcome === 'ack') {
            await confirmAck(msg, durable);
            return;
          }
          if (outcome === 'terminate') {
            logger.error(
              { durable, eventId: event.id, type: event.type, deliveryCount },
              'event terminated by its handler',
            );
            msg.term();
            return;
          }
          if (deliveryCount >= maxDeliver) {
            logger.error(
              { durable, eventId: event.id, type: event.type, deliveryCount },
              'poison event dropped after max deliveries',
            );
            msg.term();
            return;
          }
          await this.pause(retryDelayMs(deliveryCount, subscriber.ackWaitMs ?? NATS_ACK_WAIT_MS));
          // Not acked: it comes again after the restart, or to the next subscriber.
          if (this.stopped || this.resetWanted) return;
        }
      }
    }

    const bus: Bus = {
      kind: 'nats',

      async publish(event: EventEnvelope): Promise<void> {
        if (typeof event?.id !== 'string' || event.id.length === 0) throw new Error('An event needs an id.');
        if (typeof event.type !== 'string' || !isPublishableSubject(event.type))
          throw new Error(`Invalid event type "${String(event.type)}".`);
        // nats.js buffers a publish while the connection is lost but drops that buffer when it
        // connects again: wait for the connection instead, so the outbox relay's publish goes
        // out as soon as the server is back.
        if (!(await connection.whenUp(PUBLISH_TIMEOUT_MS))) throw new Error('Not connected to NATS.');
        await js.publish(event.type, JSON.stringify(event), { msgID: event.id, timeout: PUBLISH_TIMEOUT_MS });
      },

      async subscribe(subscribeOptions: SubscribeOptions): Promise<Subscription> {
        if (!subscribeOptions.durable || !/^[A-Za-z0-9_-]+$/.test(subscribeOptions.durable)) {
          throw new Error(`Invalid durable name "${subscribeOptions.durable}" (letters, digits, _ and - only).`);
        }
        if (subscribeOptions.subjects.length === 0 || !subscribeOptions.subjects.every(isValidFilter)) {
          throw new Error(`Invalid subjects ${JSON.stringify(subscribeOptions.subjects)}.`);
        }
        let session = sessions.get(subscribeOptions.durable);
        if (session) {
          session.subscribers.push(subscribeOptions);
        } else {
          session = new DurableSession(subscribeOptions);
          sessions.set(subscribeOptions.durable, session);
          try {
            await session.start();
          } catch (err) {
            sessions.delete(subscribeOptions.durable);
            await session.stop();
            throw err;
          }
        }
        const joined = session;
        let stopped = false;
        return {
          async stop(): Promise<void> {
            if (stopped) return;
            stopped = true;
            joined.subscribers.splice(joined.subscribers.indexOf(subscribeOptions), 1);
            if (joined.subscribers.length > 0) return;
            if (sessions.get(subscribeOptions.durable) === joined) sessions.delete(subscribeOptions.durable);
            await joined.stop();
          },
        };
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
        const open = [...sessions.values()];
        sessions.clear();
        await Promise.all(open.map((s) => s.stop()));
        if (!nc.isClosed()) await nc.drain();
      },
    };
    return bus;
  } catch (err) {
    await nc.close().catch(() => undefined);
    throw err;
  }
}
