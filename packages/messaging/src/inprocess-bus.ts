import {
  DEFAULT_MAX_BATCH,
  type Bus,
  type EventEnvelope,
  type HandlerOutcome,
  type SubscribeOptions,
  type Subscription,
} from './bus';
import { resolveStreamLimits, type StreamLimits } from './limits';
import { describeError, stderrLogger, type MessagingLogger } from './logger';
import { retryDelayMs } from './redelivery';
import { isPublishableSubject, isValidFilter, matchesAny } from './subjects';

export const DEFAULT_ACK_WAIT_MS = 30_000;
export const DEFAULT_MAX_DELIVER = 5;
/** JetStream's default duplicate window, which the NATS stream also uses. */
export const DEFAULT_DUPLICATE_WINDOW_MS = 120_000;

export interface InProcessBusOptions {
  logger?: MessagingLogger;
  /**
   * Ids seen within this window are dropped on publish (default 2 minutes, like JetStream;
   * never longer than `limits.maxAgeMs`, which JetStream also requires).
   */
  duplicateWindowMs?: number;
  /** Retention of the log (defaults: 24 h, 100,000 events, 64 MiB), as the NATS stream's limits. */
  limits?: Partial<StreamLimits>;
  /** Clock for the age limit and the duplicate window (tests inject one); default `Date.now`. */
  now?: () => number;
}

/** What the log holds now, like a JetStream stream's state. */
export interface InProcessBusStats {
  /** Events held. */
  messages: number;
  /** Their size as counted against `maxBytes`. */
  bytes: number;
  /** Events dropped so far by the limits (the log position of the oldest event held). */
  dropped: number;
}

/** The in-process bus: a `Bus` plus `stats()` of its log. */
export interface InProcessBus extends Bus {
  stats(): InProcessBusStats;
  /** The log's retention limits in force (the defaults with the options on top). */
  readonly limits: Readonly<StreamLimits>;
}

/** One stored event: the bus subject is the event type; the body is kept serialized, as on the wire. */
interface LogEntry {
  subject: string;
  body: string;
  /** subject + body in UTF-8 bytes, counted against maxBytes. */
  bytes: number;
  /** Acceptance time (clock ms), for maxAgeMs. */
  at: number;
}

/**
 * The event log with JetStream-like limits retention. Positions are absolute (the n-th event
 * ever accepted is position n - 1) and never reused, so durables' cursors stay valid when the
 * oldest entries are dropped: `first` is the position of the oldest entry held, `end` the one
 * the next accepted event gets. Dropping is O(1) (a head index); the array is compacted once
 * at least half of it, and at least 1,024 slots, are dropped entries.
 */
class RetainedLog {
  private entries: Array<LogEntry | undefined> = [];
  private head = 0;
  first = 0;
  bytes = 0;

  constructor(
    private readonly limits: StreamLimits,
    private readonly now: () => number,
  ) {}

  get end(): number {
    return this.first + this.entries.length - this.head;
  }

  get size(): number {
    return this.entries.length - this.head;
  }

  at(position: number): LogEntry | undefined {
    if (position < this.first || position >= this.end) return undefined;
    return this.entries[this.head + position - this.first];
  }

  append(subject: string, body: string): void {
    const entry: LogEntry = {
      subject,
      body,
      bytes: Buffer.byteLength(subject) + Buffer.byteLength(body),
      at: this.now(),
    };
    this.entries.push(entry);
    this.bytes += entry.bytes;
    this.enforce();
  }

  /** Drops what the limits no longer allow: too old, too many, too big (always keeping the newest). */
  enforce(): void {
    const { maxAgeMs, maxMessages, maxBytes } = this.limits;
    const oldestAllowed = this.now() - maxAgeMs;
    while (this.size > 0) {
      const oldest = this.entries[this.head]!;
      const tooOld = oldest.at < oldestAllowed;
      const overCount = this.size > maxMessages;
      const overBytes = this.bytes > maxBytes && this.size > 1;
      if (!tooOld && !overCount && !overBytes) break;
      this.dropOldest();
    }
  }

  private dropOldest(): void {
    const entry = this.entries[this.head]!;
    this.entries[this.head] = undefined;
    this.head++;
    this.first++;
    this.bytes -= entry.bytes;
    if (this.head >= 1024 && this.head * 2 >= this.entries.length) {
      this.entries.splice(0, this.head);
      this.head = 0;
    }
  }
}

/** One subscription of a durable: its handler, and its batch handler if it has one. */
interface Subscriber {
  handler: SubscribeOptions['handler'];
  batchHandler?: SubscribeOptions['batchHandler'];
  maxBatch: number;
}

/**
 * A durable consumer: a cursor into the log, shared by every subscription that uses its name.
 * It delivers one message at a time, in log order (or, to a subscription with a batch handler,
 * the matching events waiting from the cursor on as one batch), and does not move past a
 * message until that message is acked, terminated or has used up `maxDeliver` deliveries.
 */
class Durable {
  /** Log position of the next event to deliver; starts at the oldest event held. */
  cursor: number;
  /** Deliveries so far of the message at `cursor`. */
  deliveries = 0;
  subscribers: Subscriber[] = [];
  private nextSubscriber = 0;
  /** Positions below this go one at a time: a batch of them failed. */
  private noBatchBefore = 0;
  private busy: Promise<void> | undefined;
  private redeliveryTimer: NodeJS.Timeout | undefined;
  subjects: string[] = [];
  ackWaitMs = DEFAULT_ACK_WAIT_MS;
  maxDeliver = DEFAULT_MAX_DELIVER;

  constructor(
    readonly name: string,
    private readonly log: RetainedLog,
    private readonly logger: MessagingLogger,
  ) {
    this.cursor = log.first;
  }

  configure(options: SubscribeOptions): void {
    this.subjects = [...options.subjects];
    this.ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
    this.maxDeliver = options.maxDeliver ?? DEFAULT_MAX_DELIVER;
  }

  /** Starts delivering if there is work, a handler, and no delivery or redelivery wait under way. */
  wake(): void {
    if (this.busy || this.redeliveryTimer || this.subscribers.length === 0) return;
    this.busy = this.drain().finally(() => {
      this.busy = undefined;
      // A publish or subscribe may have arrived while the last handler ran.
      if (!this.redeliveryTimer && this.cursor < this.log.end) setImmediate(() => this.wake());
    });
  }

  /** Resolves when no handler is running (used by stop and close). */
  async idle(): Promise<void> {
    while (this.busy) await this.busy;
  }

  cancelTimer(): void {
    if (this.redeliveryTimer) clearTimeout(this.redeliveryTimer);
    this.redeliveryTimer = undefined;
  }

  private async drain(): Promise<void> {
    while (this.subscribers.length > 0) {
      this.log.enforce();
      this.skipDropped();
      const entry = this.log.at(this.cursor);
      if (!entry) return;
      if (!matchesAny(this.subjects, entry.subject)) {
        this.advance();
        continue;
      }
      const subscriber = this.subscribers[this.nextSubscriber++ % this.subscribers.length];
      if (await this.deliverBatch(subscriber)) continue;
      if (!(await this.deliverOne(subscriber, JSON.parse(entry.body) as EventEnvelope))) return;
    }
  }

  /**
   * To a subscriber with a batch handler, two or more matching events waiting from the cursor on
   * as one batch. True when they were handled; a failed batch is logged and its events then go
   * one at a time.
   */
  private async deliverBatch(subscriber: Subscriber): Promise<boolean> {
    if (!subscriber.batchHandler || this.deliveries !== 0 || this.cursor < this.noBatchBefore) return false;
    const batch = this.waitingBatch(subscriber.maxBatch);
    if (batch.events.length < 2) return false;
    try {
      await subscriber.batchHandler(batch.events);
      this.cursor = batch.last + 1;
      return true;
    } catch (err) {
      this.logger.warn(
        { durable: this.name, events: batch.events.length, err: describeError(err) },
        'event batch failed; handling its events one at a time',
      );
      this.noBatchBefore = batch.last + 1;
      return false;
    }
  }

  /** The event at the cursor to one subscriber. False when it waits for a redelivery. */
  private async deliverOne(subscriber: Subscriber, event: EventEnvelope): Promise<boolean> {
    this.deliveries++;
    const fields = { durable: this.name, eventId: event.id, type: event.type, deliveryCount: this.deliveries };
    let outcome: HandlerOutcome;
    try {
      outcome = (await subscriber.handler(event, { deliveryCount: this.deliveries })) ?? 'ack';
    } catch (err) {
      this.logger.warn({ ...fields, err: describeError(err) }, 'event handler failed; will redeliver');
      outcome = 'retry';
    }
    if (outcome === 'ack') {
      this.advance();
    } else if (outcome === 'terminate') {
      this.logger.error(fields, 'event terminated by its handler');
      this.advance();
    } else if (this.deliveries >= this.maxDeliver) {
      this.logger.error(fields, 'poison event dropped after max deliveries');
      this.advance();
    } else {
      this.redeliveryTimer = setTimeout(
        () => {
          this.redeliveryTimer = undefined;
          this.wake();
        },
        retryDelayMs(this.deliveries, this.ackWaitMs),
      );
      return false;
    }
    return true;
  }

  /** The matching events from the cursor on, at most `max`, and the log position of the last one. */
  private waitingBatch(max: number): { events: EventEnvelope[]; last: number } {
    const events: EventEnvelope[] = [];
    let last = this.cursor;
    for (let position = this.cursor; position < this.log.end && events.length < max; position++) {
      const entry = this.log.at(position)!;
      if (!matchesAny(this.subjects, entry.subject)) continue;
      events.push(JSON.parse(entry.body) as EventEnvelope);
      last = position;
    }
    return { events, last };
  }

  private advance(): void {
    this.cursor++;
    this.deliveries = 0;
  }

  /**
   * A durable that was behind when its next events went past the limits resumes at the oldest
   * event held (as a JetStream consumer does); it is logged, since those events are lost to it.
   */
  private skipDropped(): void {
    if (this.cursor >= this.log.first) return;
    this.logger.warn(
      { durable: this.name, skipped: this.log.first - this.cursor, resumeAt: this.log.first },
      'durable fell behind the bus retention limits; events no longer held were skipped',
    );
    this.cursor = this.log.first;
    this.deliveries = 0;
  }
}

/** Event ids accepted within the duplicate window. */
class RecentIds {
  /** Event id -> time it was accepted; Map order is acceptance order, so pruning reads from the front. */
  private readonly acceptedAt = new Map<string, number>();

  constructor(private readonly windowMs: number) {}

  /** False when `id` was accepted within the window (a duplicate); else true, and it is recorded. */
  accept(id: string, now: number): boolean {
    for (const [seen, at] of this.acceptedAt) {
      if (now - at < this.windowMs) break;
      this.acceptedAt.delete(seen);
    }
    if (this.acceptedAt.has(id)) return false;
    this.acceptedAt.set(id, now);
    return true;
  }
}

/** A subscription joins its durable (configured by the latest one) until stopped. */
function joinDurable(durable: Durable, subscribeOptions: SubscribeOptions): Subscription {
  durable.configure(subscribeOptions);
  const subscriber: Subscriber = {
    handler: (event, meta) => subscribeOptions.handler(event, meta),
    batchHandler: subscribeOptions.batchHandler,
    maxBatch: Math.max(1, subscribeOptions.maxBatch ?? DEFAULT_MAX_BATCH),
  };
  durable.subscribers.push(subscriber);
  setImmediate(() => durable.wake());
  let stopped = false;
  return {
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      durable.subscribers = durable.subscribers.filter((s) => s !== subscriber);
      if (durable.subscribers.length === 0) durable.cancelTimer();
      await durable.idle();
    },
  };
}

/**
 * The single-process bus. It keeps the same contract as the JetStream adapter: publish
 * resolves once the event is in the (in-memory) log; ids already seen within the duplicate
 * window are dropped; each durable gets every matching event since the bus started, in
 * publish order, once acked; failures are redelivered with a growing `deliveryCount` after a
 * growing wait (`retryDelayMs`: 1 s, doubling, at most `ackWaitMs`) until `maxDeliver`, then
 * dropped and logged as poison.
 *
 * The log is bounded like a JetStream stream with limits retention (see `StreamLimits`):
 * events older than `maxAgeMs` (24 h) or beyond `maxMessages` / `maxBytes` (oldest first) are
 * dropped whether or not every durable has read them. Within those limits a durable that
 * subscribes late still sees the events published before it.
 */
export function createInProcessBus(options: InProcessBusOptions = {}): InProcessBus {
  const logger = options.logger ?? stderrLogger;
  const limits = resolveStreamLimits(options.limits);
  const clock = options.now ?? Date.now;
  const duplicateWindowMs = Math.min(options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS, limits.maxAgeMs);
  const log = new RetainedLog(limits, clock);
  const recentIds = new RecentIds(duplicateWindowMs);
  const durables = new Map<string, Durable>();
  let closed = false;

  return {
    kind: 'inprocess',
    limits,

    async publish(event: EventEnvelope): Promise<void> {
      if (closed) throw new Error('The bus is closed.');
      if (typeof event?.id !== 'string' || event.id.length === 0) throw new Error('An event needs an id.');
      if (typeof event.type !== 'string' || !isPublishableSubject(event.type))
        throw new Error(`Invalid event type "${String(event.type)}".`);
      if (!recentIds.accept(event.id, clock())) return;
      log.append(event.type, JSON.stringify(event));
      // Deliver after publish resolves, as a network bus would.
      setImmediate(() => {
        for (const durable of durables.values()) durable.wake();
      });
    },

    async subscribe(subscribeOptions: SubscribeOptions): Promise<Subscription> {
      if (closed) throw new Error('The bus is closed.');
      if (!subscribeOptions.durable) throw new Error('A subscription needs a durable name.');
      if (subscribeOptions.subjects.length === 0 || !subscribeOptions.subjects.every(isValidFilter)) {
        throw new Error(`Invalid subjects ${JSON.stringify(subscribeOptions.subjects)}.`);
      }
      log.enforce();
      let durable = durables.get(subscribeOptions.durable);
      if (!durable) {
        durable = new Durable(subscribeOptions.durable, log, logger);
        durables.set(subscribeOptions.durable, durable);
      }
      return joinDurable(durable, subscribeOptions);
    },

    async isReady(): Promise<boolean> {
      return !closed;
    },

    stats(): InProcessBusStats {
      log.enforce();
      return { messages: log.size, bytes: log.bytes, dropped: log.first };
    },

    async close(): Promise<void> {
      closed = true;
      for (const durable of durables.values()) {
        durable.subscribers = [];
        durable.cancelTimer();
      }
      await Promise.all([...durables.values()].map((d) => d.idle()));
    },
  };
}
